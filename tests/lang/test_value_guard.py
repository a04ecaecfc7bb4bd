"""A modifier whose condition starts with ``value and`` changes no falsy answer, so it is
passed over for one before its context is made (``CompiledModifier.needs_value``): the
guard must be found only where it is sound, and must never change an answer."""

from __future__ import annotations

import dataclasses

import pytest

from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"})


@pytest.mark.parametrize(("condition", "guarded"), [
    ("value", True),
    ("value and bean == red", True),
    ("value and bean == red and field.size > 0", True),
    ("bean == red and value", False),  # the first conjunct is read before `value`
    ("value or bean == red", False),
    ("not value", False),
    ("bean == red", False),
])
def test_the_guard_is_a_leading_value_only(condition: str, guarded: bool) -> None:
    compiled = compile_effect(f"modify may_plant if {condition} = false", env=ENV)
    assert [m.needs_value for m in compiled.modifiers] == [guarded]


def test_a_modifier_without_condition_has_no_guard() -> None:
    compiled = compile_effect("modify may_plant = false", env=ENV)
    assert compiled.modifiers[0].needs_value is False


@pytest.mark.parametrize("variant", [None, "trading"])
def test_the_guard_never_changes_an_answer(variant: str | None) -> None:
    """Along a played Bohn Camillo game (its role rules start with `value and`), where each
    card in hand may be planted and whether it may be traded are the same with the guards
    as with them removed."""
    rules = load_ruleset("bohn_camillo", variant)
    checked = guarded = 0

    def answers(game):  # type: ignore[no-untyped-def]
        st = game.state
        return [(game.fitting_fields(s, c), game.tradable(s, c)) for s in range(game.players) for c in st.hands[s]]

    def compare(game, action) -> None:  # type: ignore[no-untyped-def]
        nonlocal checked, guarded
        fx = game.fx
        with_guard = answers(game)
        saved = fx.modifiers
        guarded += sum(m.needs_value for mods in saved.values() for m, _ in mods)
        fx.modifiers = {q: [(dataclasses.replace(m, needs_value=False), o) for m, o in mods] for q, mods in saved.items()}
        try:
            without = answers(game)
        finally:
            fx.modifiers = saved
        assert with_guard == without
        checked += 1

    game = play_game(rules, 2, 6, make_agents(["greedy"], 2, 6), after_action=compare).game
    assert game.over and checked > 100 and guarded > 0
