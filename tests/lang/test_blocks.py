"""The generated blocks of ``engine.lang.blocks`` do what ``Compiler.closures`` does: the
same world afterwards, the same budget spent, the same coded error.

Why: a block written as one function spends the budget, binds, branches, loops and
performs statements in its own lines; each must keep the closures' order and limits, a
rule's guard (L813 naming the rule) and ``this`` bound to a card."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

import engine.lang as lang
import engine.lang.compiler as compiler
from engine.errors import BohnError
from engine.lang import CheckEnv, FieldRef, TableWorld, ZoneRef, compile_effect
from engine.lang.blocks import MAX_BLOCK_DEPTH
from engine.lang.parts import bind_this, is_guarded
from engine.lang.limits import MAX_STEPS
from engine.scenario.model import Scenario, load_scenarios
from engine.scenario.run import run_scenario

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "shown": "player"},
                  names={"this": "card"})

PROGRAMS = [
    "let n = count(cards(hand))\nset_counter(owner, \"n\", n)",
    "if count(cards(hand)) > 1 { move(first(cards(hand), 1), shown) } else { add_counter(owner, \"none\", 1) }",
    "if count(cards(hand)) > 9 { move(cards(hand), shown) }",
    "repeat 2 { move(first(cards(hand), 1), shown) }\nadd_counter(owner, \"left\", count(cards(hand)))",
    "repeat 0 - 3 { add_counter(owner, \"never\", 1) }",
    "for c in cards(hand) { if c.bean == red { move([c], discard) } else { move([c], shown) } }",
    "for c in cards(hand) { let b = c.bean\nfor d in cards(hand) { if d.bean == b { add_counter(owner, \"same\", 1) } } }",
    "let k = 0\nrepeat 3 { let k = k + 1\nadd_counter(owner, \"k\", k) }",
    "choose c from cards(hand) { move([c], shown)\nadd_counter(owner, \"chose\", 1) }",
    "move([this], discard)\nadd_counter(owner, \"this\", 1)",
    "choose c from cards(hand) by opponent worth c.bean.count + count(cards(hand)) { move([c], shown) }",
    "choose c from [c in cards(hand) if c.bean == red] optional { discard([c]) }\nadd_counter(owner, \"c\", count(cards(shown)))",
    "proc put(c: card, n: int) { move([c], zone(shown, owner))\nadd_counter(owner, \"put\", n) }\n"
    "for c in cards(hand) { put(c, count(cards(hand)) + count(cards(hand))) }",
    "let n = if count(cards(hand)) > 1 then item(cards(hand), 1).bean.count else count(cards(hand))\n"
    "set_counter(owner, \"n\", n + n)",
    # a variable holding a zone (read by the closures' `name` as a variable, not as a zone)
    "let z = if count(cards(hand)) > 1 then zone(shown) else discard\nmove(first(cards(hand), 1), z)\n"
    "for y in [zone(shown, opponent), z] { move(first(cards(hand), 1), y) }",
    "repeat 100000 { add_counter(owner, \"runaway\", 1) }",  # L808: the budget runs out
    # L808 inside a `for`: with four cards a round spends 19 (the round 1, each `for`
    # statement 1, each card 1 and its statement 1), and the budget runs out at a card
    "repeat 100000 { for c in cards(hand) { add_counter(owner, \"seen\", 1) }\nfor c in cards(hand) { add_counter(owner, \"again\", 1) } }",
    "add_counter(owner, \"x\", item(cards(hand), 0).bean.count)",  # fine, or L813 when the hand is empty
    # an ordering with a constant on the right, each of the four (the closures' own
    # `_compare_constant`: a fresh seed-45 sample's `<=` read as `>=` survived)
    "if count(cards(hand)) <= 1 { add_counter(owner, \"le\", 1) }\nif count(cards(hand)) >= 4 { add_counter(owner, \"ge\", 1) }\n"
    "if count(cards(hand)) < 1 { add_counter(owner, \"lt\", 1) }\nif count(cards(hand)) > 1 { add_counter(owner, \"gt\", 1) }",
    "action a on own_turn { if count(cards(hand)) > 0 { cancel }\nadd_counter(owner, \"after\", 1) }",
    # deeper than one function writes out: the inner blocks compiled apart
    "let d = 0\n" + "if true { " * (MAX_BLOCK_DEPTH + 3) + "add_counter(owner, \"deep\", 1)" + " }" * (MAX_BLOCK_DEPTH + 3),
]


def _world(in_hand: int) -> tuple[TableWorld, int]:
    world = TableWorld(beans={"blue": (20, [4, 6, 8, 10]), "red": (8, [2, 3, 4, 5]), "soy": (12, [3, 5, 6, 7])})
    this = world.card("soy")
    world.zones[ZoneRef("discard", None)] = []
    world.put(ZoneRef("hand", 0), *["red", "blue", "soy", "red"][:in_hand])
    world.zones[ZoneRef("shown", 0)] = [this]
    return world, this


def _run(text: str, in_hand: int) -> tuple[object, ...]:
    world, this = _world(in_hand)
    program = compile_effect(text, env=ENV, name="blocks")
    ctx = compiler.new_ctx(world, 0, "blocks", {"this": this}, budget=[MAX_STEPS])
    try:
        body = program.body if program.body is not None else program.actions[0].body
        body(ctx)
        outcome: object = "ran"
    except BohnError as exc:
        outcome = (exc.diagnostics[0].code, "blocks" in exc.diagnostics[0].message)
    except compiler.CancelAction:
        outcome = "cancelled"
    return outcome, ctx.budget[0], sorted(world.counters.items()), sorted((str(z), c) for z, c in world.zones.items())


@pytest.mark.parametrize("text", PROGRAMS)
@pytest.mark.parametrize("in_hand", [0, 1, 4])
def test_blocks_and_closures_agree(text: str, in_hand: int, monkeypatch: pytest.MonkeyPatch) -> None:
    generated = _run(text, in_hand)
    monkeypatch.setattr(compiler, "compile_block", lambda *a, **k: None)  # every statement a closure
    # compiled again, not the generated program the compile cache keeps under the same text
    # (a fresh mutation sample's survivor: without this the closures were never run)
    monkeypatch.setattr(lang, "_COMPILED", {})
    closures = _run(text, in_hand)
    assert generated == closures
    # and every expression a closure too (``Compiler.closure``, not ``inline``)
    monkeypatch.setattr(compiler, "inline", lambda *a, **k: None)
    monkeypatch.setattr(lang, "_COMPILED", {})
    assert _run(text, in_hand) == generated


def test_a_rule_part_carries_its_guard_and_binds_this() -> None:
    """A trigger's body and condition are one generated function each, with the guard;
    binding ``this`` gives the same code another default (no wrapper to call)."""
    compiled = compile_effect("when drew if this in cards(shown) { move([this], discard) }", env=ENV, name="bound")
    trigger = compiled.triggers[0]
    assert is_guarded(trigger.body) and is_guarded(trigger.condition)
    world, this = _world(2)
    body, condition = bind_this(trigger.body, this), bind_this(trigger.condition, this)
    assert body is not None and condition is not None and body.__code__ is trigger.body.__code__
    ctx = compiler.new_ctx(world, 0, "bound")
    assert condition(ctx) is True
    body(ctx)
    assert world.zones[ZoneRef("discard", None)] == [this] and bind_this(len, this) is None


def test_an_unforeseen_failure_names_the_rule() -> None:
    """What ``guarded`` answers for a part: a failure the checker could not foresee is
    L813 naming the rule, at the rule's place."""
    compiled = compile_effect("when drew { add_counter(owner, \"x\", item(cards(hand), 0).bean.count) }", env=ENV,
                              name="failing")
    world, _ = _world(1)

    def broken(bean: str) -> int:
        raise ValueError("no count")
    world.bean_count = broken  # type: ignore[method-assign]
    with pytest.raises(BohnError) as caught:
        compiled.triggers[0].body(compiler.new_ctx(world, 0, "failing"))
    assert caught.value.diagnostics[0].code == "L813" and "failing" in caught.value.diagnostics[0].message


@pytest.mark.parametrize("closures", [False, True], ids=["generated", "closures"])
@pytest.mark.parametrize("part", ["condition", "action body", "action cost", "action worth"])
def test_an_unforeseen_failure_points_at_its_rule(part: str, closures: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The L813 of a rule's condition or of an action's body is placed at that rule (the
    second of two here), so `bohn` prints its file:line:col (a fresh lang sample's two
    survivors compiled both without a place), generated or made of closures (``guarded``
    places those: a 2026-12-03 sample's survivor dropped its place); an action's cost and
    worth too (two survivors of the 2026-12-04 sample)."""
    if closures:
        monkeypatch.setattr(compiler, "compile_block", lambda *a, **k: None)
        monkeypatch.setattr(compiler, "inline", lambda *a, **k: None)
        monkeypatch.setattr(lang, "_COMPILED", {})
    text = {"condition": "when drew { gain(owner, 1) }\n  when drew if item(cards(hand), 0).bean.count > 0 { gain(owner, 1) }",
            "action body": "when drew { gain(owner, 1) }\n  action a on own_turn { add_counter(owner, \"x\", item(cards(hand), 0).bean.count) }",
            "action cost": "when drew { gain(owner, 1) }\n  action a on own_turn cost item(cards(hand), 0).bean.count { gain(owner, 1) }",
            "action worth": "when drew { gain(owner, 1) }\n  action a on own_turn worth item(cards(hand), 0).bean.count { gain(owner, 1) }",
            }[part]
    compiled = compile_effect(text, env=ENV, name="failing")
    world, _ = _world(1)

    def broken(bean: str) -> int:
        raise ValueError("no count")
    world.bean_count = broken  # type: ignore[method-assign]
    ctx = compiler.new_ctx(world, 0, "failing")
    action = compiled.actions[0] if part != "condition" else None
    run = (compiled.triggers[1].condition if action is None else
           {"action body": action.body, "action cost": action.cost, "action worth": action.worth}[part])  # type: ignore[union-attr]
    assert run is not None
    with pytest.raises(BohnError) as caught:
        run(ctx)
    d = caught.value.diagnostics[0]
    # (a rule's place is its event's or action's name: `drew` at 2:8, `a` at 2:10)
    assert d.code == "L813" and d.span is not None and (d.span.line, d.span.col) == ((2, 8) if part == "condition" else (2, 10))


def test_a_long_else_chain_is_still_one_generated_block() -> None:
    """Each ``else`` block is one level deeper, like the ``then`` block: a chain of 120
    compiles its inner parts apart past ``MAX_BLOCK_DEPTH`` and stays a generated block.
    Counted any shallower, the chain would be written 120 levels deep, past what Python
    compiles (100 levels of indentation), and the whole body would fall back to closures
    (a fresh mutation sample's survivor: ``depth - 1`` for the ``else`` block)."""
    text = "if false { add_counter(owner, \"no\", 1) } else { " * 120 + "add_counter(owner, \"deep\", 1)" + " }" * 120
    program = compile_effect(text, env=ENV, name="chain")
    assert program.body is not None and program.body.__code__.co_filename.startswith("<effect block")
    world, this = _world(1)
    program.body(compiler.new_ctx(world, 0, "chain", {"this": this}, budget=[MAX_STEPS]))
    assert world.counters == {(0, "deep"): 1}


SUITE = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios"


@lru_cache(maxsize=1)
def _shipped() -> list[Scenario]:
    return [sc for path in sorted(SUITE.rglob("*.scenario.yaml")) for sc in load_scenarios(path)]


@pytest.mark.parametrize("index", range(len(_shipped())),
                         ids=[f"{sc.file.parent.name}/{sc.file.name}: {sc.name}" for sc in _shipped()])
def test_every_shipped_scenario_passes_with_the_closures_alone(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The closures (``Compiler.closure``, ``Compiler._stmt``, ``call_procedure``) run where
    a block or an expression cannot be generated, and the comparisons above try them on
    a few programs of a table world only; here every shipped scenario is played by the
    engine with every part of every effect compiled to closures (a fresh seed-44 sample
    of engine/lang: a procedure's scope without `active` survived, no program above read
    it in a procedure)."""
    import engine.rules.loader as loader

    monkeypatch.setattr(compiler, "compile_block", lambda *a, **k: None)
    monkeypatch.setattr(compiler, "inline", lambda *a, **k: None)
    # compiled again: neither the compile cache nor a loaded ruleset keeps generated parts
    monkeypatch.setattr(lang, "_COMPILED", {})
    monkeypatch.setattr(loader, "_CACHE", {})
    monkeypatch.setattr(loader, "_CHAINS", {})
    sc = _shipped()[index]
    outcome = run_scenario(sc)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""


# ------------------------------------------------------------------ every function, attribute and operator

#: the table the values below are read on: three seats, the owner seat 1 (so `players()`
#: starts in the middle), the active seat 2; a card kind with a declared attribute
VALUE_ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"},
                        options=["tie_break"], card_attrs={"power": "int"}, names={"this": "card"})


def _value_world() -> tuple[TableWorld, int]:
    world = TableWorld(beans={"blue": (20, [4, 6, 8, 10]), "red": (8, [2, 3, 4, 5]), "soy": (12, [2, None, 5, 7])},
                       n_players=3, active_player=2, phase_id="trade", step_id="plant_from_hand", columns={"draw": 3},
                       options={"tie_break": "most"})
    world.put(ZoneRef("discard", None), "blue", "red", "soy")  # bottom to top
    red, _, this = world.put(ZoneRef("hand", 1), "red", "red", "blue")
    world.put(ZoneRef("hand", 2), "soy")
    world.give_coins(1, "red", "red")
    world.plant_beans(1, 0, "blue", "blue", "blue")
    world.plant_beans(1, 1)
    world.plant_beans(1, 2, "soy", "red")
    world.field_limits[FieldRef(1, 1)] = ["red"]
    world.plant_beans(2, 0, "red")
    world.counters[(1, "ships")] = 3
    world.card_kinds[this] = ("tool", {"power": 4})
    return world, this


F = FieldRef
#: (expression, its value on ``_value_world`` with the owner seat 1): the edges of each
#: function (an empty list, an index past the end or below 0, a count of 0 or less, none)
VALUES: list[tuple[str, object]] = [
    # names
    ("blue", "blue"), ("discard", ZoneRef("discard", None)), ("hand", ZoneRef("hand", 1)),
    ("owner", 1), ("opponent", 2), ("active", 2),
    # counting and lists of numbers
    ("count(cards(hand))", 3), ("count(cards(zone(hand, opponent)))", 1), ("count(cards(zone(hand, item(players(), 2))))", 0),
    ("count([1, 2, 3])", 3), ("count([])", 0), ("count(fields(owner))", 3), ("count(fields(item(players(), 2)))", 0),
    ("sum([1, 2, 3])", 6), ("sum([])", 0),
    ("min(3, 2)", 2), ("max(3, 2)", 3), ("min(-1, 0)", -1), ("min([4, 2, 9])", 2), ("max([4, 2, 9])", 9),
    ("min([])", 0), ("max([])", 0), ("max(a: [1, 5])", 5), ("min(a: 4, b: 6)", 4),
    ("any([false, true])", True), ("any([])", False), ("all([])", True), ("all([true, false])", False),
    ("distinct(beans(cards(hand)))", 2), ("distinct([])", 0),
    # cards of zones
    ("beans(cards(discard))", ["blue", "red", "soy"]), ("beans(top(discard))", ["soy"]),
    ("beans(top(discard, 2))", ["soy", "red"]), ("beans(top(discard, 5))", ["soy", "red", "blue"]),
    ("top(discard, 0)", []), ("top(discard, -1)", []),
    ("beans(front(discard))", ["blue"]), ("beans(front(discard, 2))", ["blue", "red"]), ("front(discard, 0)", []),
    ("beans(of_bean(cards(hand), blue))", ["blue"]), ("of_bean(cards(hand), soy)", []),
    ("beans(field_cards(owner))", ["blue", "blue", "blue", "soy", "red"]), ("field_cards(item(players(), 2))", []),
    ("item(cards(hand), 0).bean", "red"), ("item(cards(hand), 2).bean", "blue"), ("item(cards(hand), 3)", None),
    ("item(cards(zone(hand, opponent)), 0).bean", "soy"), ("item(cards(discard), 2).bean", "soy"),
    ("item(cards(discard), count([1])).bean", "red"),
    # items of lists
    ("item([5, 6], 0)", 5), ("item([5, 6], 1)", 6), ("item([5, 6], 2)", None), ("item([5, 6], -1)", None),
    ("item([5, 6], count([1]))", 6), ("item([5, 6], 0 - count([1]))", None),
    ("first([1, 2, 3], 2)", [1, 2]), ("first([1, 2, 3], 5)", [1, 2, 3]), ("first([1, 2, 3], -1)", []),
    # fields
    ("fields(owner)", [F(1, 0), F(1, 1), F(1, 2)]), ("fields(item(players(), 2))", []),
    ("item(fields(owner), 2)", F(1, 2)), ("item(fields(owner), 3)", None), ("item(fields(owner), -1)", None),
    ("item(fields(owner), count([1]))", F(1, 1)),
    ("may_plant(owner, this, item(fields(owner), 0))", True), ("may_plant(owner, this, item(fields(owner), 1))", False),
    ("may_plant(owner, this, item(fields(owner), 2))", False), ("may_plant(opponent, this, item(fields(owner), 0))", False),
    ("[f in fields(owner) if may_plant(owner, this, f)]", [F(1, 0)]),
    ("[f in fields(owner) if may_plant(owner, item(cards(hand), 0), f)]", [F(1, 1)]),
    ("may_harvest(owner, item(fields(owner), 0))", True), ("may_harvest(owner, item(fields(owner), 1))", False),
    ("may_harvest(opponent, item(fields(owner), 0))", False),
    ("growing(owner)", ["blue", "soy", "red"]), ("growing(item(players(), 2))", []),
    # coins and beanometers
    ("coins(owner)", 2), ("coins(opponent)", 0),
    ("beanometer(owner, soy)", [2, None, 5, 7]), ("coins_for(owner, soy, 1)", 0), ("coins_for(owner, soy, 2)", 1),
    ("coins_for(owner, soy, 4)", 1), ("coins_for(owner, soy, 5)", 3), ("coins_for(owner, soy, 7)", 4),
    ("coins_for(owner, blue, 10)", 4), ("coins_for(owner, blue, 9)", 3),
    # soy 2/-/5/7 on as many fields as needed: 2 + 2 beans pay 1 + 1, 5 + 5 pay 3 + 3
    ("most_coins_for(owner, soy, 1)", 0), ("most_coins_for(owner, soy, 4)", 2), ("most_coins_for(owner, soy, 10)", 6),
    # seats
    ("players()", [1, 2, 0]), ("others(owner)", [2, 0]), ("others(item(players(), 2))", [1, 2]),
    ("next(owner)", 2), ("next(opponent)", 0),
    # counters, questions and the game's state
    ("counter(owner, \"ships\")", 3), ("counter(owner, \"none\")", 0), ("counter(opponent, \"ships\")", 0),
    ("counter(owner, if true then \"ships\" else \"x\")", 3),
    ("ask(owner, \"q\")", True), ("bean_types()", ["blue", "red", "soy"]),
    ("column(\"draw\")", 3), ("column(\"none\")", 0), ("step()", "plant_from_hand"), ("phase()", "trade"),
    ("option(\"tie_break\")", "most"),
    ("zone(hand)", ZoneRef("hand", 1)), ("zone(hand, opponent)", ZoneRef("hand", 2)),
    ("zone(discard, opponent)", ZoneRef("discard", None)),
    # attributes of each type, and none for none
    ("item(fields(owner), 0).bean", "blue"), ("item(fields(owner), 1).bean", None), ("item(fields(owner), 0).size", 3),
    ("beans(item(fields(owner), 2).cards)", ["soy", "red"]), ("item(fields(owner), 2).owner", 1),
    ("item(fields(owner), 2).index", 2), ("item(fields(owner), 2).beans", ["soy", "red"]),
    ("item(fields(owner), 0).beans", ["blue"]), ("item(fields(owner), 1).only", ["red"]), ("item(fields(owner), 0).only", []),
    ("item(fields(owner), 5).size", None), ("item(fields(owner), 5).bean", None), ("item(fields(owner), 5).owner", None),
    ("this.bean", "blue"), ("this.kind", "tool"), ("this.id", "blue"), ("this.power", 4),
    ("item(cards(hand), 0).power", None), ("item(cards(hand), 0).kind", "bean"), ("item(cards(hand), 9).bean", None),
    ("item(cards(hand), 9).power", None),
    ("red.count", 8), ("soy.count", 12), ("red.id", "red"), ("item(beans(cards(hand)), 5).id", None),
    ("owner.coins", 2), ("beans(owner.hand)", ["red", "red", "blue"]), ("owner.hand_size", 3), ("opponent.hand_size", 1),
    ("count(owner.fields)", 3), ("owner.seat", 1), ("opponent.seat", 2), ("item(players(), 7).coins", None),
    ("item(players(), 7).seat", None),
    # attributes of a value of no known type: told apart by the value
    ("item([owner, 1], 0).coins", 2), ("item([this, 1], 0).bean", "blue"), ("item([this, 1], 0).power", 4),
    ("item([red, 1], 0).count", 8), ("item([item(fields(owner), 0), 1], 0).size", 3), ("item([owner, 1], 0).colour", None),
    ("item([[1], 1], 0).size", None), ("item([owner, 1], 2).coins", None),
    # operators
    ("7 // 2", 3), ("7 // 0", 0), ("0 - 7 // 2", -3), ("(0 - 7) // 2", -4), ("7 % 3", 1), ("7 % 0", 0), ("2 - 5", -3),
    ("2 * 3", 6), ("-(3)", -3), ("[1] + [2]", [1, 2]),
    ("1 < 2", True), ("2 < 2", False), ("2 <= 2", True), ("3 <= 2", False), ("3 >= 4", False), ("4 >= 4", True),
    ("3 > 2", True), ("2 > 2", False),
    ("count([1]) < count([1, 2])", True), ("count([1, 2]) < count([1])", False), ("count([1]) <= count([1])", True),
    ("count([1, 2]) <= count([1])", False), ("count([1]) >= count([1, 2])", False), ("count([1]) >= count([1])", True),
    ("count([1, 2]) > count([1])", True), ("count([1]) > count([1])", False),
    ("item([1], 5) < 2", False), ("item([1], 5) >= 0", False), ("2 > item([1], 5)", False), ("0 <= item([1], 5)", False),
    ("item([1], 5) == none", True), ("item([1], 5) != none", False), ("1 != 2", True), ("1 != 1", False),
    ("\"a\" == \"a\"", True), ("red == item(beans(cards(hand)), 0)", True), ("red != item(beans(cards(hand)), 0)", False),
    ("count([1]) == count([2])", True), ("count([1]) != count([2])", False),
    ("red in beans(cards(hand))", True), ("soy in beans(cards(hand))", False), ("this in cards(hand)", True),
    ("this in cards(discard)", False), ("this not in cards(discard)", True), ("this not in cards(hand)", False),
    ("3 in [1, 2]", False), ("3 not in [1, 2]", True), ("soy in growing(owner)", True),
    # precedence and grouping, as the grammar reads them
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 3 - 2", 5), ("20 // 2 // 5", 2), ("2 * 3 % 4", 2), ("-2 * 3", -6),
    ("1 + 2 > 2 and 1 < 2", True), ("not false and false", False), ("true or false and false", True),
    ("if false then 1 else if true then 2 else 3", 2), ("count([1] + [2] + [3])", 3),
    ("true and false", False), ("true and true", True), ("false or true", True), ("false or false", False),
    ("not true", False), ("not false", True), ("if false then 1 else 2", 2), ("if true then 1 else 2", 1),
    # list filters and maps
    ("[c.bean for c in cards(hand) if c.bean != blue]", ["red", "red"]), ("beans([c in cards(hand) if c.bean == blue])", ["blue"]),
    ("[x * 2 for x in [1, 2, 3]]", [2, 4, 6]), ("[x for x in []]", []), ("[x in [3, 1, 2] if x > 1]", [3, 2]),
]


def _value_of(text: str) -> tuple[object, int]:
    world, this = _value_world()
    program = compile_effect(f"let v = {text}", env=VALUE_ENV, name="values")
    ctx = compiler.new_ctx(world, 1, "values", {"this": this}, budget=[MAX_STEPS])
    assert program.body is not None
    program.body(ctx)
    return ctx.vars["v"], MAX_STEPS - ctx.budget[0]


@pytest.mark.parametrize(("text", "expected"), VALUES, ids=[t for t, _ in VALUES])
def test_every_function_attribute_and_operator_has_its_value_each_way(
        text: str, expected: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each way of compiling an expression (a generated block's line, a generated
    expression under a statement's closure, closures alone) gives the value the language
    promises (docs/effect-language.md), and spends the same budget: the comparisons above
    only say the ways agree, and a mistake in ``builtins`` or the table world is made by
    every way alike (a family test, issue 20)."""
    found = [_value_of(text)]
    monkeypatch.setattr(compiler, "compile_block", lambda *a, **k: None)
    monkeypatch.setattr(lang, "_COMPILED", {})
    found.append(_value_of(text))
    monkeypatch.setattr(compiler, "inline", lambda *a, **k: None)
    monkeypatch.setattr(lang, "_COMPILED", {})
    found.append(_value_of(text))
    assert [v for v, _ in found] == [expected] * 3
    assert len({spent for _, spent in found}) == 1, found


def test_the_value_table_names_every_function_attribute_and_operator() -> None:
    """A function, attribute or operator added to the language fails here until the
    table above gives its value."""
    import re

    from engine.lang import vocab as V
    from engine.lang.builtins import _BINOPS, _COMPARE

    written = "\n".join(t for t, _ in VALUES)
    missing = [f for f in V.FUNCTIONS if not re.search(rf"\b{f}\(", written)]
    missing += [f".{a}" for table in V.ATTRIBUTES.values() for a in table if not re.search(rf"\.{a}\b", written)]
    missing += [op for op in [*_BINOPS, *_COMPARE] if f" {op} " not in written]
    assert not missing, missing


class _Asked(TableWorld):
    """A table that records what each choice was asked with."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.asked: list[tuple[object, ...]] = []

    def choose(self, player, options, prompt, optional, worths=None):  # type: ignore[no-untyped-def]
        self.asked.append(("choose", player, list(options), prompt, optional, None if worths is None else list(worths)))
        return super().choose(player, options, prompt, optional, worths)

    def choose_secretly(self, choosers, count, prompt, worths=None):  # type: ignore[no-untyped-def]
        self.asked.append(("secretly", [(p, list(o)) for p, o in choosers], count, prompt,
                           None if worths is None else [list(w) for w in worths]))
        return super().choose_secretly(choosers, count, prompt, worths)


#: (a snippet, the statements it performs as the world is told them, what it asks): the
#: arguments each statement is given, defaults left out, keywords in the signature's
#: order; and each kind of choice's options, prompt, optionality and worths
STATEMENT_CALLS: list[tuple[str, list[tuple[str, dict[str, object]]], list[tuple[object, ...]]]] = [
    ("move(first(cards(hand), 1), discard)", [("move", {"cards": [1], "to": ZoneRef("discard", None)})], []),
    ("move(to: zone(hand, opponent), at: \"bottom\", cards: cards(discard))",
     [("move", {"cards": [0], "to": ZoneRef("hand", 2), "at": "bottom"})], []),
    ("gain(owner, 2)", [("gain", {"player": 1, "amount": 2})], []),
    ("gain(opponent, 1, from: discard)", [("gain", {"player": 2, "amount": 1, "from": ZoneRef("discard", None)})], []),
    ("pay(owner, 1, to: zone(hand))", [("pay", {"player": 1, "amount": 1, "to": ZoneRef("hand", 1)})], []),
    ("give(first(cards(hand), 1), opponent)", [("give", {"cards": [1], "to": 2})], []),
    ("harvest(item(fields(owner), 0))", [("harvest", {"field": FieldRef(1, 0)})], []),
    ("plant(this, item(fields(owner), 1))", [("plant", {"card": 2, "field": FieldRef(1, 1)})], []),
    ("discard([this])", [("discard", {"cards": [2]})], []),
    ("draw(owner, 3)", [("draw", {"player": 1, "count": 3})], []),
    ("draw(owner, 1, from: discard)", [("draw", {"player": 1, "count": 1, "from": ZoneRef("discard", None)})], []),
    ("reveal(2, discard)", [("reveal", {"count": 2, "to": ZoneRef("discard", None)})], []),
    ("reveal(2, hand, from: discard)", [("reveal", {"count": 2, "to": ZoneRef("hand", 1), "from": ZoneRef("discard", None)})], []),
    ("add_field(owner)", [("add_field", {"player": 1})], []),
    ("add_field(opponent, only: [red, soy])", [("add_field", {"player": 2, "only": ["red", "soy"]})], []),
    ("remove_field(item(fields(owner), 1))", [("remove_field", {"field": FieldRef(1, 1)})], []),
    ("shuffle(discard)", [("shuffle", {"zone": ZoneRef("discard", None)})], []),
    ("add_counter(owner, \"n\", -2)", [("add_counter", {"player": 1, "name": "n", "amount": -2})], []),
    ("set_counter(opponent, \"n\", 5)", [("set_counter", {"player": 2, "name": "n", "value": 5})], []),
    ("show(cards(hand), opponent)", [("show", {"cards": [1, 2], "to": 2})], []),
    ("note(\"hello\")", [("note", {"text": "hello"})], []),
    ("next_phase(\"plant\")", [("next_phase", {"id": "plant"})], []),
    ("next_phase(\"plant\", step: \"harvest\")", [("next_phase", {"id": "plant", "step": "harvest"})], []),
    # choices: the chooser, the options, the prompt (the rule's name and the variable), optional, the worths
    ("choose c from cards(hand) { note(\"chose\") }", [("note", {"text": "chose"})],
     [("choose", 1, [1, 2], "calls: choose c", False, None)]),
    ("choose c from cards(hand) by opponent optional worth c.bean.count { discard([c]) }", [("discard", {"cards": [1]})],
     [("choose", 2, [1, 2], "calls: choose c", True, [8.0, 20.0])]),
    ("choose c from [] { note(\"never\") }", [], []),
    ("secretly for p in [owner, opponent, owner] choose picks from cards(zone(hand, p)) count 1 worth 3 { note(\"x\") }",
     [("note", {"text": "x"}), ("note", {"text": "x"})],
     [("secretly", [(1, [1, 2]), (2, [3])], 1, "calls: secretly choose picks", [[3.0, 3.0], [3.0]])]),
    ("secretly for p in [opponent] choose picks from cards(zone(hand, p)) count 0 - 1 { discard(picks) }",
     [("discard", {"cards": []})], [("secretly", [(2, [3])], 0, "calls: secretly choose picks", None)]),
    # a procedure: its parameters bound, the caller's seats seen
    ("proc put(c: card, who: player) { give([c], who)\nset_counter(active, \"a\", 1) }\nput(this, opponent)",
     [("give", {"cards": [2], "to": 2}), ("set_counter", {"player": 2, "name": "a", "value": 1})], []),
]


def _calls(text: str) -> tuple[list[tuple[str, dict[str, object]]], list[tuple[object, ...]], int]:
    world = _Asked(beans={"blue": (20, [4, 6, 8, 10]), "red": (8, [2, 3, 4, 5]), "soy": (12, [3, 5, 6, 7])},
                   n_players=3, active_player=2)
    world.put(ZoneRef("discard", None), "blue")          # card 0
    _, this = world.put(ZoneRef("hand", 1), "red", "blue")  # cards 1, 2
    world.put(ZoneRef("hand", 2), "soy")                 # card 3
    world.plant_beans(1, 1)
    world.plant_beans(1, 0, "blue")
    world.log.clear()
    program = compile_effect(text, env=VALUE_ENV, name="calls")
    ctx = compiler.new_ctx(world, 1, "calls", {"this": this}, budget=[MAX_STEPS])
    assert program.body is not None
    program.body(ctx)
    return world.log, world.asked, ctx.budget[0]


@pytest.mark.parametrize(("text", "performed", "asked"), STATEMENT_CALLS, ids=[t[:40] for t, _, _ in STATEMENT_CALLS])
def test_every_statement_is_told_its_arguments_each_way(text: str, performed: list[tuple[str, dict[str, object]]],
                                                        asked: list[tuple[object, ...]],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The world is told each statement with exactly the arguments written (by position
    or keyword, defaults left out) and each choice with its options, prompt and worths,
    by the generated block and by the closures alike (a family test, issue 20)."""
    generated = _calls(text)
    assert (generated[0], generated[1]) == (performed, asked)
    monkeypatch.setattr(compiler, "compile_block", lambda *a, **k: None)
    monkeypatch.setattr(compiler, "inline", lambda *a, **k: None)
    monkeypatch.setattr(lang, "_COMPILED", {})
    assert _calls(text) == generated


def test_the_statement_table_performs_every_statement() -> None:
    from engine.lang import vocab as V

    performed = {name for _, calls, _ in STATEMENT_CALLS for name, _ in calls}
    assert performed == set(V.STATEMENTS)


class _AnswersAll(TableWorld):
    """A table that answers `may_plant` for a list of fields at once, as a game may."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.asked: list[tuple[object, ...]] = []

    def may_plant_all(self, player: int, card: int, fields: list[FieldRef]) -> list[bool]:
        self.asked.append(("may_plant_all", player, card, list(fields)))
        return [self.may_plant(player, card, f) for f in fields]


class _ListsPlantable(_AnswersAll):
    """A table that lists the fields a card may be planted on itself."""

    def plantable(self, player: int, card: int, fields: list[FieldRef]) -> list[FieldRef]:
        self.asked.append(("plantable", player, card, list(fields)))
        return [f for f in fields if self.may_plant(player, card, f)]


def _three_fields(kind: type[TableWorld], closures: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[TableWorld, Any]:
    """A table of ``kind`` whose seat 1 grows blue, nothing and red, with a red card in
    hand; with ``closures`` the snippets compiled without generated code."""
    if closures:
        monkeypatch.setattr(compiler, "compile_block", lambda *a, **k: None)
        monkeypatch.setattr(compiler, "inline", lambda *a, **k: None)
        monkeypatch.setattr(lang, "_COMPILED", {})
    world = kind(beans={"blue": (20, [4, 6, 8, 10]), "red": (8, [2, 3, 4, 5])}, n_players=2)
    [card] = world.put(ZoneRef("hand", 1), "red")
    world.plant_beans(1, 0, "blue")
    world.plant_beans(1, 1)
    world.plant_beans(1, 2, "red")
    return world, card


@pytest.mark.parametrize("closures", [False, True], ids=["generated", "closures"])
@pytest.mark.parametrize("kind", [TableWorld, _AnswersAll, _ListsPlantable], ids=["plain", "may_plant_all", "plantable"])
def test_a_filter_of_plantable_fields_asks_the_world_for_the_whole_list(
        kind: type[TableWorld], closures: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """`[f in FIELDS if may_plant(P, C, f)]` is asked of a world that lists the fields
    itself (`plantable`) or answers for a list (`may_plant_all`), once, with the player,
    the card and every field, else field by field: the same fields either way
    (`Compiler.plantable_filter`, which the engine's world always answers by `plantable`)."""
    world, card = _three_fields(kind, closures, monkeypatch)
    program = compile_effect("let v = [f in fields(owner) if may_plant(owner, this, f)]", env=VALUE_ENV, name="fits")
    ctx = compiler.new_ctx(world, 1, "fits", {"this": card}, budget=[MAX_STEPS])
    assert program.body is not None
    program.body(ctx)
    assert ctx.vars["v"] == [FieldRef(1, 1), FieldRef(1, 2)] and ctx.budget[0] == MAX_STEPS - 1 - 3
    every = [FieldRef(1, 0), FieldRef(1, 1), FieldRef(1, 2)]
    expected = {TableWorld: None, _AnswersAll: [("may_plant_all", 1, card, every)], _ListsPlantable: [("plantable", 1, card, every)]}
    assert getattr(world, "asked", None) == expected[kind]


@pytest.mark.parametrize("closures", [False, True], ids=["generated", "closures"])
@pytest.mark.parametrize("kind", [TableWorld, _AnswersAll], ids=["plain", "may_plant_all"])
def test_a_map_of_may_plant_over_fields_asks_the_world_for_the_whole_list(
        kind: type[TableWorld], closures: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """`[may_plant(P, C, f) for f in FIELDS]` is asked of a world that answers for a list
    (`may_plant_all`) once, with the player, the card and every field, else field by
    field: the same answers in the same order, the items paid for as a map pays
    (`Compiler.plantable_filter`, a map)."""
    world, card = _three_fields(kind, closures, monkeypatch)
    program = compile_effect("let v = [may_plant(owner, this, f) for f in fields(owner)]", env=VALUE_ENV, name="fits")
    ctx = compiler.new_ctx(world, 1, "fits", {"this": card}, budget=[MAX_STEPS])
    assert program.body is not None
    program.body(ctx)
    assert ctx.vars["v"] == [False, True, True] and ctx.budget[0] == MAX_STEPS - 1 - 3
    assert "f" not in ctx.vars
    every = [FieldRef(1, 0), FieldRef(1, 1), FieldRef(1, 2)]
    expected = {TableWorld: None, _AnswersAll: [("may_plant_all", 1, card, every)]}
    assert getattr(world, "asked", None) == expected[kind]


class _TakesLone(_Asked):
    """A table that takes a lone option of a required choice unasked, as the engine does for bots."""

    def takes_lone(self, player: int) -> bool:
        return True


@pytest.mark.parametrize(("text", "worths"), [
    ("choose c from first(cards(hand), 1) worth if c.kind == \"bean\" then 1 else 0 { discard([c]) }", None),  # quiet
    ("choose c from cards(hand) worth if c.kind == \"bean\" then 1 else 0 { discard([c]) }", [1.0, 1.0]),  # two options
    ("choose c from first(cards(hand), 1) optional worth if c.kind == \"bean\" then 1 else 0 { discard([c]) }", [1.0]),
    ("choose c from first(cards(hand), 1) worth c.bean.count { discard([c]) }", [8.0]),  # not quiet: a bean's count
    ("choose c from first(cards(hand), 1) worth count(cards(hand)) { discard([c]) }", [2.0]),  # not quiet: a list read
    *[(f"choose c from first(cards(hand), 1) worth {worth} {{ discard([c]) }}", worths) for worth, worths in [
        ("1", None), ("if owner.seat == 1 and active.seat == 2 then 2 else 0", None),
        ("if c.bean in growing(owner) then 1 else 0", None), ("if not (c.id == \"red\") or false then 1 else 0", None),
        ("if c.bean in growing(item(players(), 0)) then 1 else 0", [0.0]), ("0 - 1", [-1.0]),
        ("if item(cards(hand), 0).kind == \"x\" then 1 else 0", [0.0]), ("if opponent.coins > 0 then 1 else 0", [0.0]),
        ("if c == this then 1 else 0", [0.0]), ("if c.bean == red then 1 else 0", [1.0])]],
])
def test_a_lone_required_option_taken_unasked_is_not_weighed(text: str, worths: list[float] | None) -> None:
    """The generated block leaves the worth of a choice's one option unread when the world
    takes that option unasked and the worth reads the game quietly (`blocks._quiet`);
    every other choice is shown its worths (what the bots weigh)."""
    world = _TakesLone(beans={"blue": (20, [4, 6, 8, 10]), "red": (8, [2, 3, 4, 5])}, n_players=3, active_player=2)
    _, this = world.put(ZoneRef("hand", 1), "red", "blue")
    program = compile_effect(text, env=VALUE_ENV, name="lone")
    assert program.body is not None
    program.body(compiler.new_ctx(world, 1, "lone", {"this": this}, budget=[MAX_STEPS]))
    [asked] = world.asked
    assert asked[-1] == worths and world.log == [("discard", {"cards": [world.zones[ZoneRef("discard", None)][0]]})]
