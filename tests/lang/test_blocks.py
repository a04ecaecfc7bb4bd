"""The generated blocks of ``engine.lang.blocks`` do what ``Compiler.closures`` does: the
same world afterwards, the same budget spent, the same coded error.

Why: a block written as one function spends the budget, binds, branches, loops and
performs statements in its own lines; each must keep the closures' order and limits, a
rule's guard (L813 naming the rule) and ``this`` bound to a card."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

import engine.lang as lang
import engine.lang.compiler as compiler
from engine.errors import BohnError
from engine.lang import CheckEnv, TableWorld, ZoneRef, compile_effect
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


@pytest.mark.parametrize("part", ["condition", "action body"])
def test_an_unforeseen_failure_points_at_its_rule(part: str) -> None:
    """The L813 of a rule's condition or of an action's body is placed at that rule (the
    second of two here), so `bohn` prints its file:line:col (a fresh lang sample's two
    survivors compiled both without a place)."""
    text = {"condition": "when drew { gain(owner, 1) }\n  when drew if item(cards(hand), 0).bean.count > 0 { gain(owner, 1) }",
            "action body": "when drew { gain(owner, 1) }\n  action a on own_turn { add_counter(owner, \"x\", item(cards(hand), 0).bean.count) }"}[part]
    compiled = compile_effect(text, env=ENV, name="failing")
    world, _ = _world(1)

    def broken(bean: str) -> int:
        raise ValueError("no count")
    world.bean_count = broken  # type: ignore[method-assign]
    ctx = compiler.new_ctx(world, 0, "failing")
    run = compiled.triggers[1].condition if part == "condition" else compiled.actions[0].body
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
