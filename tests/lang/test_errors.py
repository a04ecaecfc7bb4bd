"""Every effect-language error code, with the line and column it reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.lang import CheckEnv, TableWorld, compile_effect, fire
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
    assert info.value.code == "L809" and "echo" in info.value.diagnostics[0].message


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
