"""A declared action whose condition starts with ``step() == "x"`` is skipped by the
listing in every other step before its context is built (``CompiledAction.only_step``):
the guard must be found only where it is sound, and must never change what is listed."""

from __future__ import annotations

import dataclasses

import pytest

from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.lang.listing import listings_agree

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"})


@pytest.mark.parametrize(("condition", "step"), [
    ('step() == "sell"', "sell"),
    ('"sell" == step()', "sell"),
    ('step() == "sell" and coins(owner) > 1', "sell"),
    ('step() == "sell" and coins(owner) > 1 and count(cards(hand)) > 0', "sell"),
    ('coins(owner) > 1 and step() == "sell"', None),  # the first conjunct would be skipped too
    ('step() == "sell" or coins(owner) > 1', None),
    ('step() != "sell"', None),
    ('phase() == "sell"', None),
    ('not step() == "sell"', None),
])
def test_the_guard_is_the_leading_step_test_only(condition: str, step: str | None) -> None:
    compiled = compile_effect(f"action sell on own_turn if {condition} {{ gain(owner, 1) }}", env=ENV)
    assert [a.only_step for a in compiled.actions] == [step]


def test_an_action_without_condition_has_no_guard() -> None:
    compiled = compile_effect("action sell on own_turn { gain(owner, 1) }", env=ENV)
    assert compiled.actions[0].only_step is None


@pytest.mark.parametrize("variant", [None, "trading"])
def test_the_guard_never_changes_the_listing(variant: str | None) -> None:
    """Along a played game, every decision's declared actions are the same with the guards
    as with them removed (each rule's condition asked again in full)."""
    rules = load_ruleset("bohn_camillo", variant)
    checked = guarded = 0

    def compare(game, action) -> None:  # type: ignore[no-untyped-def]
        nonlocal checked, guarded
        fx = game.fx
        guarded += sum(a.only_step is not None for a, _ in fx.actions)
        listings_agree(fx, game.players, lambda a: dataclasses.replace(a, only_step=None))
        checked += 1

    game = play_game(rules, 2, 5, make_agents(["greedy"], 2, 5), after_action=compare).game
    assert game.over and checked > 100 and guarded > 0
