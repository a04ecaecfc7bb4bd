"""Every game of a ruleset and player count starts with the same rules, bound once
(``engine.game.effects._Start``): the ruleset's effects owned by each seat, each card's
rules bound to its card, and the index of whom they apply to.

A game given them must hold what binding them afresh gives, in lists of its own (a
purchase adds rules to its lists and to no other game's), and play the same.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine.game.effects as effects
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


def _held(fx: Any) -> dict[str, Any]:
    """What a game's effects start with, by value (the rules and their owners, in order)."""
    return {
        "triggers": {k: [(t.rule, t.event, t.by, o) for t, o in v] for k, v in fx.triggers.items()},
        "modifiers": {k: [(m.rule, m.query, m.by, m.pure, o) for m, o in v] for k, v in fx.modifiers.items()},
        "keys": (fx._trigger_keys, fx._modifier_keys),
        "actions": [(a.name, a.rule, a.guard, o) for a, o in fx.actions],
        "cards": (fx._card_events, fx._card_queries, fx._action_cards, fx._rule_cards, sorted(fx.card_worths)),
    }


@pytest.mark.parametrize(("ruleset", "variant", "players"), [
    ("high_bohn", None, 4), ("high_bohn", "cognac", 3), ("high_bohn_plus", None, 4), ("la_isla_bohnita", None, 4),
    ("bohn_camillo", None, 2)])
def test_a_game_given_the_start_holds_what_binding_afresh_gives(ruleset: str, variant: str | None, players: int,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_ruleset(ruleset, variant)
    monkeypatch.setattr(effects, "_STARTS", [])
    fresh = Game(rules, players, 1, record=False)  # binds afresh, and keeps the start
    assert effects._STARTS and effects._start_of(fresh) is effects._STARTS[0]
    given = Game(rules, players, 2, record=False)
    assert fresh.fx is not None and given.fx is not None
    assert _held(given.fx) == _held(fresh.fx)
    for query, mods in given.fx.modifiers.items():  # the same rule objects, in lists of its own
        assert mods is not fresh.fx.modifiers[query]
        assert all(a is b for (a, _), (b, _) in zip(mods, fresh.fx.modifiers[query]))
    assert given.fx.actions is not fresh.fx.actions
    assert given.fx._applies is None or given.fx._applies == given.fx._applies_index()


def test_a_purchase_changes_only_its_own_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules a seat buys join its game's lists alone: the next game starts as the first."""
    rules = load_ruleset("high_bohn")
    monkeypatch.setattr(effects, "_STARTS", [])
    first = Game(rules, 4, 1, record=False)
    assert first.fx is not None
    start = _held(first.fx)
    played = play_game(rules, 4, 3, make_agents(["greedy"], 4, 3), trading=True, record=False).game
    assert played.fx is not None and played.items is not None and played.items.owner  # buildings were bought
    assert _held(Game(rules, 4, 4, record=False).fx) == start == _held(first.fx)


def test_games_play_as_with_rules_bound_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seeds give the same games whether the start is given or bound afresh."""
    rules = load_ruleset("high_bohn", "cognac")

    def actions(seed: int) -> list[Any]:
        return list(play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), trading=True, record=False).actions)

    given = [actions(seed) for seed in range(2)]
    monkeypatch.setattr(effects, "_start_of", lambda game: None)
    monkeypatch.setattr(effects, "_remember_start", lambda fx: None)
    assert [actions(seed) for seed in range(2)] == given


def test_rules_changed_in_place_are_bound_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset's rules changed in place (a test does) are not given from a start bound
    before: the next game binds them afresh."""
    import dataclasses

    rules = load_ruleset("high_bohn")
    monkeypatch.setattr(effects, "_STARTS", [])
    Game(rules, 4, 1, record=False)
    ctype = next(c for k in rules.kinds for c in k.cards if c.effect is not None and c.effect.actions)
    assert ctype.effect is not None
    actions = ctype.effect.actions
    before = actions[0]
    actions[0] = dataclasses.replace(before, reads=None)
    try:
        game = Game(rules, 4, 2, record=False)
        assert game.fx is not None and any(a.reads is None and a.name == before.name for a, _ in game.fx.actions)
    finally:
        actions[0] = before
    again = Game(rules, 4, 3, record=False)
    assert again.fx is not None and all(a.reads is not None for a, _ in again.fx.actions if a.name == before.name)
