"""A `may_plant` rule that reads no field answers every field of one planting alike
(``CompiledModifier.field_free``): ``Game.fitting_fields`` asks it once per base answer
and a filter ``[f in fields(p) if may_plant(p, c, f)]`` asks the world once for the
whole list (``may_plant_all``). The flag must be found only where it is sound, and the
shortcut must never change an answer nor a game."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.lang import CheckEnv, compile_effect
from engine.lang.world import FieldRef
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"})


@pytest.mark.parametrize(("rule", "free"), [
    ("modify may_plant if value and bean == red = false", True),
    ("modify may_plant = false", True),
    ("modify may_plant if value and field.size > 0 = false", False),
    ("modify may_plant if value and bean == red = field.size == 0", False),
    ("modify may_plant if value and count([field in fields(player) if field.size > 2]) > 0 = false", False),
    ("modify may_plant if value and ask(player, \"plant here?\") = false", False),
])
def test_field_free_only_where_no_field_is_read_and_no_one_asked(rule: str, free: bool) -> None:
    compiled = compile_effect(rule, env=ENV)
    assert [m.field_free for m in compiled.modifiers] == [free]


def _not_free(fx: Any) -> dict[str, Any]:
    return {q: [(dataclasses.replace(m, field_free=False), o) for m, o in mods] for q, mods in fx.modifiers.items()}


def _counting(fx: Any, calls: list[int]) -> dict[str, Any]:
    """The modifiers with each `may_plant` condition counting its evaluations."""
    def wrap(cond: Any) -> Any:
        def counted(ctx: Any) -> Any:
            calls[0] += 1
            return cond(ctx)
        return counted
    return {q: [(dataclasses.replace(m, condition=wrap(m.condition)) if q == "may_plant" else m, o) for m, o in mods]
            for q, mods in fx.modifiers.items()}


@pytest.mark.parametrize("variant", [None, "trading"])
def test_the_shortcut_never_changes_an_answer(variant: str | None) -> None:
    """Along a played Bohn Camillo game (its role rule reads no field): where each card in
    hand may be planted, by `fitting_fields` and by `may_plant_all` over every field of
    both players, is the same as with the rule asked field by field; and it is asked
    fewer times."""
    rules = load_ruleset("bohn_camillo", variant)
    checked = 0
    asked = [0, 0]

    def answers(game: Any, calls: list[int], i: int) -> list[Any]:
        fx = game.fx
        st = game.state
        refs = [FieldRef(s, i) for s in range(game.players) for i in range(len(st.fields[s]))] + [FieldRef(0, 9)]
        before = calls[0]
        out = [(game.fitting_fields(s, c), fx.may_plant_all(s, c, refs)) for s in range(game.players) for c in st.hands[s]]
        asked[i] += calls[0] - before
        return out

    def compare(game: Any, action: Any) -> None:
        nonlocal checked
        fx = game.fx
        saved = fx.modifiers
        calls = [0]
        try:
            fx.modifiers = _counting(fx, calls)
            fast = answers(game, calls, 0)
            fx.modifiers = _not_free(fx)
            slow = answers(game, calls, 1)
        finally:
            fx.modifiers = saved
        assert fast == slow
        assert fast == [([i for i in range(len(game.state.fields[s]))
                          if game.fits_field(s, c, i)],
                         [r.player == s and game.fits_field(s, c, r.slot) if r.slot < 9 else False
                          for r in [FieldRef(t, i) for t in range(game.players) for i in range(len(game.state.fields[t]))]
                          + [FieldRef(0, 9)]])
                        for s in range(game.players) for c in game.state.hands[s]]
        checked += 1

    game = play_game(rules, 2, 4, make_agents(["greedy"], 2, 4), after_action=compare).game
    assert game.over and checked > 100
    assert 0 < asked[0] < asked[1]


@pytest.mark.parametrize("variant", [None, "trading"])
def test_the_same_games_asked_field_by_field(variant: str | None) -> None:
    """Bohn Camillo played with every rule marked as reading a field (so asked field by
    field, as before the shortcut) gives the same actions, events and scores."""
    rules = load_ruleset("bohn_camillo", variant)

    def slow(game: Any) -> None:
        game.fx.modifiers = _not_free(game.fx)

    for seed in (1, 2):
        fast = play_game(rules, 2, seed, make_agents(["greedy"], 2, seed))
        ref = play_game(rules, 2, seed, make_agents(["greedy"], 2, seed), on_start=slow)
        assert not any(m.field_free for mods in ref.game.fx.modifiers.values() for m, _ in mods)
        assert fast.actions == ref.actions
        assert fast.game.events == ref.game.events
        assert fast.game.scores == ref.game.scores


def test_the_filters_ask_the_world_once_per_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bohn Camillo's planting procedures filter fields by `may_plant`: compiled (inlined
    or not), each filter asks the world once for its list, never field by field."""
    from engine.game.effects import GameEffects

    counts = {"all": 0, "one": 0}
    whole, single, listed = GameEffects.may_plant_all, GameEffects.may_plant, GameEffects.plantable

    def may_plant_all(self: Any, *args: Any) -> Any:
        counts["all"] += 1
        return whole(self, *args)

    def plantable(self: Any, *args: Any) -> Any:  # the list filtered by the world itself
        counts["all"] += 1
        return listed(self, *args)

    def may_plant(self: Any, *args: Any) -> Any:
        counts["one"] += 1
        return single(self, *args)

    monkeypatch.setattr(GameEffects, "may_plant_all", may_plant_all)
    monkeypatch.setattr(GameEffects, "may_plant", may_plant)
    monkeypatch.setattr(GameEffects, "plantable", plantable)
    rules = load_ruleset("bohn_camillo", None)
    play_game(rules, 2, 5, make_agents(["greedy"], 2, 5), record=False)
    assert counts["all"] > 20 and counts["one"] == 0
