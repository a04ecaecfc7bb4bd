"""Every effect-language error code, with the line and column it reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.lang import CheckEnv, TableWorld, compile_effect, fire
from engine.lang.limits import MAX_TRIGGER_DEPTH
from engine.rules.yamlload import load_file

ENV = CheckEnv.of(["blue", "red", "garden"], {"discard": "shared", "hand": "player", "coins": "player"})


def error_of(text: str) -> tuple[str, int, int]:
    with pytest.raises(BohnError) as info:
        compile_effect(text, env=ENV)
    d = info.value.diagnostics[0]
    assert d.span is not None
    return d.code, d.span.line, d.span.col


@pytest.mark.parametrize(
    ("text", "code", "line", "col"),
    [
        ("when harvested {\n  gain(owner 1)\n}", "L800", 2, 14),
        ("gain(owner, 1) $", "L800", 1, 16),
        ("when harvested if event.coins >= 1 {", "L800", 1, 37),
        ("", "L800", 1, 1),
        ("gain(ownr, 1)", "L801", 1, 6),
        ("when harvested by nobody { gain(owner, 1) }", "L801", 1, 6),
        ("gain(owner)", "L802", 1, 1),
        ("let x = min(1, 2, 3)", "L802", 1, 9),
        ("gain(owner, true)", "L803", 1, 13),
        ("let x = 1 + red", "L803", 1, 13),
        ("let x = 1 == red", "L803", 1, 11),  # a comparison that is always false (a seed-41 survivor dropped the code)
        ("let x = 1\n" + " " * 20_001, "L800", 1, 1),  # longer than MAX_SNIPPET: the whole effect, at its start
        ("when harvestd { gain(owner, 1) }", "L804", 1, 6),
        ("modify beanometr = [1]", "L805", 1, 8),
        ("when harvested if event.bena == blue { gain(owner, 1) }", "L806", 1, 25),
        ("let x = owner.colour", "L806", 1, 15),
        # `if … else []`: the empty list takes the other branch's type, so the parameter is a field
        ("action a(f in (if true then fields(owner) else [])) on own_turn if f.colour > 0 { gain(owner, 1) }", "L806", 1, 70),
        ("let x = [c.size for c in (if true then [] else cards(hand))]", "L806", 1, 12),
        ("frobnicate(owner)", "L807", 1, 1),
        ("count(cards(hand))", "L807", 1, 1),
        ("let x = event.coins", "L810", 1, 9),
        ("gain(owner, value)", "L810", 1, 13),
        ("gain(owner, 1, form: discard)", "L811", 1, 22),
        ("let x = gain(owner, 1)", "L812", 1, 9),
    ],
)
def test_error_codes_and_positions(text: str, code: str, line: int, col: int) -> None:
    assert error_of(text) == (code, line, col)


def test_all_problems_of_a_snippet_are_reported() -> None:
    with pytest.raises(BohnError) as info:
        compile_effect("gain(ownr, 1)\nlet y = 1 + true\nfrobnicate()", env=ENV)
    assert [d.code for d in info.value.diagnostics] == ["L801", "L803", "L807"]


def test_runaway_repeat_stops_with_the_rule_named() -> None:
    effect = compile_effect("repeat 100000 { add_counter(owner, \"x\", 1) }", env=ENV, name="loopy card")
    with pytest.raises(BohnError) as info:
        effect.run(TableWorld(beans={"red": (8, [2, 3, 4, 5])}), 0)
    d = info.value.diagnostics[0]
    assert d.code == "L808" and "loopy card" in d.message and (d.span.line, d.span.col) == (1, 17)


class _EchoWorld(TableWorld):
    """A world whose statements raise the events they cause, as the engine's will."""

    rules: list = []  # type: ignore[type-arg]

    def do(self, statement, args, rule=None):  # type: ignore[no-untyped-def]
        super().do(statement, args, rule)
        if statement == "gain":
            fire(self.rules, "drew", {"player": args["player"], "cards": 1}, self)


def test_trigger_loop_stops_with_the_rule_named() -> None:
    effect = compile_effect("when drew { gain(owner, 1) }", env=ENV, name="echo")
    world = _EchoWorld(beans={"red": (8, [2, 3, 4, 5])})
    world.rules = [(t, 0) for t in effect.triggers]
    with pytest.raises(BohnError) as info:
        fire(world.rules, "drew", {"player": 0, "cards": 1}, world)
    d = info.value.diagnostics[0]
    assert d.code == "L809" and "echo" in d.message
    assert d.message == f"triggers on `drew` fired each other more than {MAX_TRIGGER_DEPTH} deep (rule `echo`)"
    # placed at the event of the rule that kept the chain going, as every coded error is (a 2026-12-02
    # mutant compiled the triggers without their spans, and L809 had no place)
    assert d.span is not None and (d.span.file, d.span.line, d.span.col) == ("echo", 1, 6)  # at `drew`


def test_an_event_at_the_trigger_depth_with_no_rule_hearing_it_is_l809_without_a_rule() -> None:
    """At the depth limit an event is refused whoever hears it; with no trigger of that
    event among the rules the message names none and has no place (a 2026-12-02 mutant
    read the rule's name off nothing: an AttributeError, not L809)."""
    effect = compile_effect("when drew { gain(owner, 1) }", env=ENV, name="echo")
    world = _EchoWorld(beans={"red": (8, [2, 3, 4, 5])})
    world.trigger_depth = MAX_TRIGGER_DEPTH
    with pytest.raises(BohnError) as info:
        fire([(t, 0) for t in effect.triggers], "planted", {"player": 0}, world)
    d = info.value.diagnostics[0]
    assert (d.code, d.message, d.span) == (
        "L809", f"triggers on `planted` fired each other more than {MAX_TRIGGER_DEPTH} deep", None)


def test_runtime_failure_is_coded_not_a_traceback() -> None:
    effect = compile_effect("let f = item(cards(hand), 0)\nmove([f], discard)", env=ENV, name="fragile")

    class Broken(TableWorld):
        def do(self, statement, args, rule=None):  # type: ignore[no-untyped-def]
            raise ValueError("no such card")

    with pytest.raises(BohnError) as info:
        effect.run(Broken(beans={}), 0)
    d = info.value.diagnostics[0]
    assert d.code == "L813" and "fragile" in d.message and (d.span.line, d.span.col) == (1, 1)


def test_positions_inside_yaml_block_scalars(tmp_path: Path) -> None:
    f = tmp_path / "cards.yaml"
    f.write_text(
        "cards:\n"
        "  jail:\n"
        "    effect: |\n"
        "      when harvested by anyone\n"
        "        if event.bean == blue and event.coinz >= 1 {\n"
        "        gain(owner, 1)\n"
        "      }\n"
        "  mine:\n"
        "    effect: \"modify beanometr = [1]\"\n"
        "  farm:\n"
        "    effect: modify harvest_coins if value == 4 = tru\n"
    )
    doc = load_file(f)
    spans = {k: doc["cards"][k].value_spans["effect"] for k in ("jail", "mine", "farm")}
    expected = {"jail": ("L806", 5, 41), "mine": ("L805", 9, 21), "farm": ("L801", 11, 50)}
    for key, (code, line, col) in expected.items():
        with pytest.raises(BohnError) as info:
            compile_effect(doc["cards"][key]["effect"], env=ENV, origin=spans[key])
        d = info.value.diagnostics[0]
        assert (d.code, d.span.file, d.span.line, d.span.col) == (code, str(f), line, col), d.format()


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("let x = blue in [1, 2]", ("L803", 1, 9, "a bean is never in a list of int")),
        ("let x = [b for b in bean_types() if 1]", ("L803", 1, 37, "a list filter's condition must be bool, not int")),
        ("when harvested if 1 { gain(owner, 1) }", ("L803", 1, 19, "a trigger's condition must be bool, not int")),
        # the whole message of checks the table of codes above reaches by code alone, or not at all
        ("when harvested by others_too { gain(owner, 1) }",
         ("L801", 1, 6, "`by others_too`: say owner, others, anyone or active (did you mean `others`?)")),
        ("when harvested by foo { gain(owner, 1) }", ("L801", 1, 6, "`by foo`: say owner, others, anyone or active")),
        ("action a on own_trn { gain(owner, 1) }",
         ("L801", 1, 8, "`on own_trn`: say own_turn, any_time, others_turn (did you mean `own_turn`?)")),
        ("proc count(p: player) { gain(p, 1) }",
         ("T734", 1, 6, "procedure `count` would hide the language's own `count`; choose another name")),
        ("when harvested { cancel }", ("T730", 1, 18, "`cancel` stops a declared action: use it in an `action` or in "
                                                      "`when action_played`; here nothing would be cancelled")),
        ("for c in 3 { gain(owner, 1) }", ("L803", 1, 10, "`for` needs a list, not int")),
        ("action a(x in 3) on own_turn { gain(owner, 1) }", ("L803", 1, 15, "an action's values needs a list, not int")),
        ('let x = [1] + "a"', ("L803", 1, 13, "cannot add str to list[int]")),
        ('let x = "a" < 3', ("L803", 1, 9, "`<` compares numbers, not str")),
        ("let x = value", ("L810", 1, 9, "`value` exists only in modifiers")),
        ("proc p(q: player) { gain(q, 1) }\nlet x = p(owner)",
         ("L812", 2, 9, "procedure `p` changes the game and has no value; call it as a statement")),
        ("gain(owner, 1, 2, 3)", ("L802", 1, 1, "`gain` takes at most 3 argument(s), 4 given")),
        ("gain(owner, 1, player: owner)", ("L802", 1, 24, "`gain`: `player` given twice")),
        ("let x = option(3)", ("T731", 1, 16, "`option` names an option with a string literal, as in `option(\"tie_break\")`")),
        ("let x = zone(3)", ("L803", 1, 14, "`zone` takes a zone id as its first argument")),
        # the arguments after `zone`'s zone id are checked too (a fresh seed-44 survivor stopped there)
        ("let x = zone(hand, 5)", ("L803", 1, 20, "argument `player` of `zone` must be player, not int")),
        # a secret choice's name holds the list of picks, its worth one pick (two seed-44 survivors:
        # the picks typed list[any], the worth's place recased in the message)
        ("secretly for p in [owner] choose picks from cards(zone(hand, p)) count 1 { gain(owner, picks) }",
         ("L803", 1, 88, "argument `amount` of `gain` must be int, not list[card]")),
        ("secretly for p in [owner] choose picks from cards(zone(hand, p)) count 1 worth true { discard(picks) }",
         ("L803", 1, 80, "a choice's worth must be int, not bool")),
        # the parser's: what it expected, at most eight of it, and `=` where `==` was meant
        ("gain(owner, 1", ("L800", 1, 14, "the effect ends too early (expected `)`, `,`)")),
        ("let x = [", ("L800", 1, 10, "the effect ends too early (expected `(`, `-`, `[`, `]`, `false`, `if`, `none`, `not` …)")),
        ("gain(owner, 1) }", ("L800", 1, 16, "unexpected `}` (expected `action`, `cancel`, `choose`, `for`, `if`, `let`, `modify`, `proc` …)")),
        ("when harvested if event.coins = 1 { gain(owner, 1) }",
         ("L800", 1, 31, "unexpected `=` (expected `{`) (did you mean `==`?)")),
    ],
)
def test_type_errors_say_what_was_wrong_where(text: str, found: tuple[str, int, int, str]) -> None:
    """Found by mutation testing (issue 20): the message a rule author reads, not only the code
    (and for `=` written for `==`, the hint)."""
    with pytest.raises(BohnError) as info:
        compile_effect(text, env=ENV)
    d = info.value.diagnostics[0]
    assert d.span is not None and (d.code, d.span.line, d.span.col, d.message) == found
    if "did you mean `==`" in d.message:
        assert d.hint == "`==` compares two values; a single `=` only gives a modifier its value (`modify QUERY = VALUE`)."


# ------------------------------------------------------------------ every message, once

#: a ruleset's environment with options and a card's `this` (T731's names, T755)
CARD_ENV = CheckEnv.of(["blue", "red"], {"discard": "shared", "hand": "player"}, options=["tie_break", "cheap"],
                       names={"this": "card"}, columns=["draw", "ship_price"])
_BY_HINT = ("`by` says whose events a trigger hears (or whose queries a modifier changes): owner (the default), "
            "others, anyone or active.")

#: each message the checker and the parser can give, provoked once: the snippet, the
#: environment, and the one diagnostic it gets (code, line, col, whole message, hint).
#: A family test (issue 20): fresh samples of engine/lang kept finding one message, name,
#: place or code of the checker that no test read whole; `test_every_message_site_is_provoked`
#: below fails when a message is added to the checker or the parser without a row here.
EVERY_MESSAGE: list[tuple[str, CheckEnv, tuple[str, int, int, str, str | None]]] = [
    # whose events or queries: a synonym, a misspelling, in a trigger and in a modifier
    ("when harvested by everyone { gain(owner, 1) }", ENV,
     ("L801", 1, 6, "`by everyone`: say owner, others, anyone or active (did you mean `anyone`?)", _BY_HINT)),
    ("when harvested by ownr { gain(owner, 1) }", ENV,
     ("L801", 1, 6, "`by ownr`: say owner, others, anyone or active (did you mean `owner`?)", _BY_HINT)),
    ("modify draw_count by me = 1", ENV,
     ("L801", 1, 8, "`by me`: say owner, others, anyone or active (did you mean `owner`?)", _BY_HINT)),
    ("when harvestd { gain(owner, 1) }", ENV, ("L804", 1, 6, "no event `harvestd` (did you mean `harvested`?)", None)),
    ("when zzzz { gain(owner, 1) }", ENV, ("L804", 1, 6, "no event `zzzz`", None)),
    ("modify beanometr = [1]", ENV, ("L805", 1, 8, "no query `beanometr` (did you mean `beanometer`?)", None)),
    ("modify draw_count if 2 = 1", ENV, ("L803", 1, 22, "a modifier's condition must be bool, not int", None)),
    ("modify draw_count = true", ENV, ("L803", 1, 21, "the value of `draw_count` must be int, not bool", None)),
    # procedures, worths, actions
    ("proc p(q: plyer) { gain(owner, 1) }", ENV,
     ("T734", 1, 6, "procedure `p`: parameter `q` has unknown type `plyer` (say int, bool, str, bean, card, field, "
                    "player, zone or list[…] of one) (did you mean `player`?)", None)),
    ("proc gain(q: player) { note(\"x\") }", ENV,
     ("T734", 1, 6, "procedure `gain` would hide the language's own `gain`; choose another name", None)),
    ("worth if ask(owner, \"q\") then 1 else 0", CARD_ENV,
     ("T756", 1, 10, "a card's worth may not `ask`: bots read it while they weigh their choices", None)),
    ("action a on own_turn worth if ask(owner, \"q\") then 1 else 0 { gain(owner, 1) }", ENV,
     ("T756", 1, 31, "an action's worth may not `ask`: bots read it while they weigh their choices", None)),
    ("worth true", CARD_ENV, ("L803", 1, 7, "a card's worth must be int, not bool", None)),
    ("worth 1\nworth 2", CARD_ENV, ("T755", 2, 1, "a card's rules say its `worth` once", None)),
    ("worth 2", ENV, ("T755", 1, 1, "`worth` on its own says what holding a card is worth: it belongs in a card's rules "
                                    "(an action's worth is written `action NAME … worth EXPR { … }`)", None)),
    ("action a on own_turn cost true { gain(owner, 1) }", ENV, ("L803", 1, 27, "an action's cost must be int, not bool", None)),
    ("action a on own_turn worth true { gain(owner, 1) }", ENV, ("L803", 1, 28, "an action's worth must be int, not bool", None)),
    ("action a on own_turn if 3 { gain(owner, 1) }", ENV, ("L803", 1, 25, "an action's condition must be bool, not int", None)),
    ("action a on zzz { gain(owner, 1) }", ENV, ("L801", 1, 8, "`on zzz`: say own_turn, any_time, others_turn", None)),
    # statements
    ("if 1 { gain(owner, 1) }", ENV, ("L803", 1, 4, "an `if` condition must be bool, not int", None)),
    ("repeat true { gain(owner, 1) }", ENV, ("L803", 1, 8, "a `repeat` count must be int, not bool", None)),
    ("choose c from 3 { gain(owner, 1) }", ENV, ("L803", 1, 15, "`choose` needs a list, not int", None)),
    ("choose c from cards(hand) by 2 { gain(owner, 1) }", ENV, ("L803", 1, 30, "who chooses must be player, not int", None)),
    ("choose c from cards(hand) worth true { gain(owner, 1) }", ENV, ("L803", 1, 33, "a choice's worth must be int, not bool", None)),
    ("secretly for p in owner choose picks from cards(zone(hand, p)) count 1 { gain(owner, 1) }", ENV,
     ("L803", 1, 19, "who chooses in secret must be list[player], not player", None)),
    ("secretly for p in [owner] choose picks from 3 count 1 { gain(owner, 1) }", ENV,
     ("L803", 1, 45, "`secretly … choose` needs a list, not int", None)),
    ("secretly for p in [owner] choose picks from cards(zone(hand, p)) count true { gain(owner, 1) }", ENV,
     ("L803", 1, 72, "a secret choice's count must be int, not bool", None)),
    ("count(cards(hand))", ENV, ("L807", 1, 1, "`count` computes a value and changes nothing; use it inside an expression", None)),
    ("for c in cards(hand) { cancel }", ENV,
     ("T730", 1, 24, "`cancel` stops a declared action: use it in an `action` or in `when action_played`; here nothing "
                     "would be cancelled", None)),
    # expressions
    ("let x = true + 1", ENV, ("L803", 1, 9, "`+` needs numbers, not bool", None)),
    ("let x = 1 - true", ENV, ("L803", 1, 13, "`-` needs numbers, not bool", None)),
    ("let x = 2 * \"a\"", ENV, ("L803", 1, 13, "`*` needs numbers, not str", None)),
    ("let x = [1] + [true]", ENV, ("L803", 1, 13, "cannot add list[bool] to list[int]", None)),
    ("let x = 1 > true", ENV, ("L803", 1, 13, "`>` compares numbers, not bool", None)),
    ("let x = 1 == red", ENV, ("L803", 1, 11, "comparing int with bean is always false", None)),
    ("let x = 1 != red", ENV, ("L803", 1, 11, "comparing int with bean is always true", None)),
    ("let x = 1 in 3", ENV, ("L803", 1, 14, "`in` needs a list, not int", None)),
    ("let x = blue in [1, 2]", ENV, ("L803", 1, 9, "a bean is never in a list of int", None)),
    ("let x = 1 and true", ENV, ("L803", 1, 9, "`and` must be bool, not int", None)),
    ("let x = true or 1", ENV, ("L803", 1, 17, "`or` must be bool, not int", None)),
    ("let x = not 1", ENV, ("L803", 1, 13, "`not` must be bool, not int", None)),
    ("let x = -true", ENV, ("L803", 1, 10, "`-` must be int, not bool", None)),
    ("let x = [c for c in 3]", ENV, ("L803", 1, 21, "a list filter needs a list, not int", None)),
    ("let x = 1000000000000001", ENV, ("L821", 1, 9, "the number 1000000000000001… is beyond ±1,000,000,000,000,000", None)),
    # names and attributes
    ("let x = event", ENV, ("L810", 1, 9, "`event` exists only in triggers", None)),
    ("let x = value", ENV, ("L810", 1, 9, "`value` exists only in modifiers", None)),
    ("let x = bean", ENV, ("L810", 1, 9, "`bean` is bound only in modifiers of queries that have it", None)),
    ("let x = ownr", ENV, ("L801", 1, 9, "unknown name `ownr` (did you mean `owner`?)", None)),
    ("let x = fals", ENV, ("L801", 1, 9, "unknown name `fals` (did you mean `false`?)", None)),
    ("when harvested if event.bena == blue { gain(owner, 1) }", ENV,
     ("L806", 1, 25, "event `harvested` has no `bena` (did you mean `bean`?) (it has player, field, bean, beans, coins, "
                     "cards, final)", None)),
    ("let x = owner.colour", ENV, ("L806", 1, 15, "a player has no `colour` (it has coins, hand, hand_size, fields, seat)", None)),
    ("let x = owner.coin", ENV,
     ("L806", 1, 15, "a player has no `coin` (did you mean `coins`?) (it has coins, hand, hand_size, fields, seat)", None)),
    ("let x = true.size", ENV, ("L806", 1, 14, "a bool has no attributes", None)),
    # calls and their arguments
    ("proc p(q: player) { gain(q, 1) }\nlet x = p(owner)", ENV,
     ("L812", 2, 9, "procedure `p` changes the game and has no value; call it as a statement", None)),
    ("let x = note(\"a\")", ENV, ("L812", 1, 9, "`note` changes the game and has no value; use it as a statement", None)),
    ("gan(owner, 1)", ENV, ("L807", 1, 1, "no statement, function or procedure `gan` (did you mean `gain`?)", None)),
    # a word another rules engine uses: ours, not the nearest spelling (`coins`)
    ("add_coins(owner, 1)", ENV, ("L807", 1, 1, "no statement, function or procedure `add_coins` (did you mean `gain`?)", None)),
    ("let n = len(cards(hand))", ENV, ("L807", 1, 9, "no statement, function or procedure `len` (did you mean `count`?)", None)),
    ("gain(owner, 1, discard, 3)", ENV, ("L802", 1, 1, "`gain` takes at most 3 argument(s), 4 given", None)),
    ("gain(owner, 1, playr: owner)", ENV, ("L811", 1, 23, "`gain` has no argument `playr` (did you mean `player`?)", None)),
    ("gain(owner, 1, player: owner)", ENV, ("L802", 1, 24, "`gain`: `player` given twice", None)),
    ("move()", ENV, ("L802", 1, 1, "`move` needs `cards`, `to`", None)),
    ("let x = option(if true then \"a\" else \"b\")", ENV,
     ("T731", 1, 16, "`option` names an option with a string literal, as in `option(\"tie_break\")`", None)),
    ("let x = option(\"tie_brake\")", CARD_ENV,
     ("T731", 1, 16, "no option `tie_brake` in this ruleset (did you mean `tie_break`?)", None)),
    ("let x = option(\"zzz\")", CARD_ENV, ("T731", 1, 16, "no option `zzz` in this ruleset", None)),
    ("let x = column(\"ship_prise\")", CARD_ENV,
     ("T733", 1, 16, "no numeric column `ship_prise` in `player_counts` (did you mean `ship_price`?)", None)),
    ("let x = column(\"zzz\")", CARD_ENV, ("T733", 1, 16, "no numeric column `zzz` in `player_counts`", None)),
    ("let x = zone(3)", ENV, ("L803", 1, 14, "`zone` takes a zone id as its first argument", None)),
    ("gain(owner, true)", ENV, ("L803", 1, 13, "argument `amount` of `gain` must be int, not bool", None)),
    ("let x = min(true)", ENV, ("L803", 1, 13, "the list of `min` must be list[int], not bool", None)),
    ("let x = max(1, true)", ENV, ("L803", 1, 16, "an argument of `max` must be int, not bool", None)),
    ("let x = min()", ENV, ("L802", 1, 9, "`min` takes two numbers or one list of numbers, not 0 argument(s)", None)),
    # the parser's
    ("   ", ENV, ("L800", 1, 1, "the effect is empty", None)),
    ("let x = 1\n" + " " * 20_001, ENV, ("L800", 1, 1, "the effect is longer than 20000 characters", None)),
    ("let x = 1 §", ENV, ("L800", 1, 11, "unexpected character `§`", None)),
    ("gain(owner, 1", ENV, ("L800", 1, 14, "the effect ends too early (expected `)`, `,`)", None)),
    ("gain(owner, 1) }", ENV,
     ("L800", 1, 16, "unexpected `}` (expected `action`, `cancel`, `choose`, `for`, `if`, `let`, `modify`, `proc` …)", None)),
    ("when harvested if event.coins = 1 { gain(owner, 1) }", ENV,
     ("L800", 1, 31, "unexpected `=` (expected `{`) (did you mean `==`?)",
      "`==` compares two values; a single `=` only gives a modifier its value (`modify QUERY = VALUE`).")),
    # the words for what was expected instead (the parser's names of the grammar's terminals)
    ("let x = 1 * * 2", ENV, ("L800", 1, 13, "unexpected `*` (expected `(`, `-`, `[`, a name, a number, a string)", None)),
    ("let x = 1 1", ENV,
     ("L800", 1, 11, "unexpected `1` (expected `)`, `*`, `//` or `%`, `+`, `,`, `-`, `.`, `;`, `=` …)", None)),
    ("proc p(q player) { }", ENV, ("L800", 1, 10, "unexpected `player` (expected `:`)", None)),
    ("modify draw_count 1", ENV, ("L800", 1, 19, "unexpected `1` (expected `=`, `by`, `if`)", None)),
    ("when drew {", ENV,
     ("L800", 1, 12, "the effect ends too early (expected `cancel`, `choose`, `for`, `if`, `let`, `repeat`, `secretly`, `}` …)",
      None)),
    ("let x = 1 not 2", ENV, ("L800", 1, 15, "unexpected `2` (expected `in`)", None)),
    ("let x = " + "-" * 9000 + "1", ENV, ("L800", 1, 1, "the effect is nested too deeply", None)),
    ("let n = " + "9" * 4400, ENV, ("L821", 1, 9, f"the number {'9' * 20}… is beyond ±1,000,000,000,000,000", None)),
    ("let xs = [red if count(cards(hand)) > 0]", ENV,
     ("T732", 1, 11, "a list filter reads `[NAME in LIST if CONDITION]` (or `[EXPR for NAME in LIST if CONDITION]`)", None)),
]


@pytest.mark.parametrize(("text", "env", "found"), EVERY_MESSAGE, ids=[f"{row[2][0]}-{i}" for i, row in enumerate(EVERY_MESSAGE)])
def test_every_message_with_its_code_place_and_hint(text: str, env: CheckEnv,
                                                    found: tuple[str, int, int, str, str | None]) -> None:
    """The one problem a snippet has, as `bohn check` prints it: code, place, the whole
    message (the name it cites, the suggestion) and the hint."""
    with pytest.raises(BohnError) as info:
        compile_effect(text, env=env)
    [d] = info.value.diagnostics
    assert d.span is not None and (d.code, d.span.line, d.span.col, d.message, d.hint) == found
    assert d.severity == "error"


#: messages no snippet can provoke: the checker's and the parser's fallbacks for a node or a
#: failure the grammar never produces (each marked `pragma: no cover` in its source)
_UNREACHABLE = {"unknown expression", "cannot parse the effect: ", "cannot read the effect: "}


def _message_sites(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, code, the literal pieces of the message) of each coded error the module raises."""
    import ast

    sites = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef) and "__mutmut_" in child.name and not child.name.endswith("_orig"):
                continue  # mutation testing's copy of the module: its mutants, beside the original
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr in ("error", "one")
                    and len(child.args) >= 2 and isinstance(child.args[0], ast.Constant)):
                message = child.args[1]
                if isinstance(message, ast.JoinedStr):
                    sites.append((child.lineno, child.args[0].value,
                                  [v.value for v in message.values if isinstance(v, ast.Constant)]))
                elif isinstance(message, ast.Constant):
                    sites.append((child.lineno, child.args[0].value, [message.value]))
                # (else a message built beforehand, the parser's syntax errors: the rows above hold each kind)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return sites


def test_every_message_site_is_provoked() -> None:
    """Each coded error of the checker and the parser has a row above (or in the table of
    `test_type_errors_say_what_was_wrong_where`) whose message it can have written: its
    code, and its literal pieces in order."""
    import re

    lang_dir = Path(__file__).resolve().parents[2] / "engine" / "lang"
    rows = [(found[0], found[3]) for _, _, found in EVERY_MESSAGE]
    missing = []
    for module in ("checker.py", "parser.py"):
        for line, code, pieces in _message_sites(lang_dir / module):
            if "".join(pieces) in _UNREACHABLE:
                continue
            pattern = re.compile(".*?".join(re.escape(p) for p in pieces), re.S)
            if not any(c == code and pattern.search(m) for c, m in rows):
                missing.append(f"{module}:{line} {code} {pieces}")
    assert not missing, missing


def test_other_engines_words_name_ours_and_none_of_them_is_ours() -> None:
    """``OTHER_NAMES`` is suggested before the spelling: each must name a statement or
    function of ours, and none may shadow one (the name would then never be unknown)."""
    from engine.lang import vocab as V

    ours = {*V.STATEMENTS, *V.FUNCTIONS}
    assert not ours & set(V.OTHER_NAMES)
    assert set(V.OTHER_NAMES.values()) <= ours
