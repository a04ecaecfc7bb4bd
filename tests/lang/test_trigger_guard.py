"""A trigger whose condition starts with ``event.NAME == "text"`` (or a bean written out),
``step() == "text"`` or ``phase() == "text"`` is passed over on other events before its context is made
(``CompiledTrigger.guard``): found only where sound, and never changing a game."""

from __future__ import annotations

import dataclasses

import pytest

from engine.game.core import Game
from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"})


@pytest.mark.parametrize(("rule", "guard"), [
    ('when phase_began if event.phase == "plant" { gain(owner, 1) }', ("event", "phase", "plant")),
    ('when phase_began if "plant" == event.phase and coins(owner) > 1 { gain(owner, 1) }', ("event", "phase", "plant")),
    ('when planted if step() == "gifts" { gain(owner, 1) }', ("step", "", "gifts")),
    ('when planted if phase() == "plant" and event.bean == red { gain(owner, 1) }', ("phase", "", "plant")),
    # a bean written out is the text an event names it by (its id)
    ('when planted if event.bean == red { gain(owner, 1) }', ("event", "bean", "red")),
    ('when harvested if soy == event.bean and event.beans == 2 { gain(owner, 1) }', ("event", "bean", "soy")),
    # a name that is no bean (a seat) is no text
    ('when planted if event.player == owner { gain(owner, 1) }', None),
    ('when phase_began if coins(owner) > 1 and event.phase == "plant" { gain(owner, 1) }', None),
    ('when phase_began if event.phase == "plant" or coins(owner) > 1 { gain(owner, 1) }', None),
    ('when phase_began if event.phase != "plant" { gain(owner, 1) }', None),
    ('when phase_began { gain(owner, 1) }', None),
])
def test_the_guard_is_the_leading_text_test_only(rule: str, guard: tuple[str, str, str] | None) -> None:
    compiled = compile_effect(rule, env=ENV)
    assert [t.guard for t in compiled.triggers] == [guard]


def _played(ruleset: str, variant: str | None, players: int, strip: bool):  # type: ignore[no-untyped-def]
    rules = load_ruleset(ruleset, variant)

    def start(game: Game) -> None:
        if strip:
            fx = game.fx
            assert fx is not None
            assert any(t.guard is not None for ts in fx.triggers.values() for t, _ in ts)
            fx.triggers = {e: [(dataclasses.replace(t, guard=None), o) for t, o in ts] for e, ts in fx.triggers.items()}

    played = play_game(rules, players, 2, make_agents(["greedy", "random"] + ["greedy"] * (players - 2), players, 2), on_start=start)
    return [tuple(a) for a in played.actions], played.game.events, played.game.scores


@pytest.mark.parametrize(("ruleset", "variant", "players"), [
    ("bohn_camillo", None, 2),
    ("bohn_camillo", "trading", 2),
    ("high_bohn_plus", None, 3),  # (its rule on harvesting two of its own bean: a bean's guard)
])
def test_the_guard_never_changes_a_game(ruleset: str, variant: str | None, players: int) -> None:
    assert _played(ruleset, variant, players, strip=False) == _played(ruleset, variant, players, strip=True)
