"""A remembered listing of free actions is given again only while nothing it read changed.

Two caches sit between a decision and the rules: the seat's whole listing, kept with the
position's ``version`` (``FreeListing.free_listing``, spelt out in ``Game.decision``), and
each declared action's answer, kept by the inputs it read (``ListingMemo``). A house rule
here declares `any_time` actions whose tests read a counter that another action sets, a
counter of another seat, and the shared discard pile that a harvest fills: after every
action the listing the game loop is given must be the one a fresh evaluation gives (the
memo stripped of its inputs), and the actions that became legal or illegal must show.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Sequence

import yaml

from engine.game.actions import ACT, HARVEST, Action
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from tests.lang.listing import listings_agree

HOUSE = {
    "extends": "base",
    "id": "armed_house",
    "name": "Armed (a house rule of the tests)",
    "description": "Declared actions that read counters and the discard pile, at any time.",
    "effects": {
        "+arming": {"effect": (
            'action arm on any_time if counter(owner, "armed") == 0 worth 0 { set_counter(owner, "armed", 1) }\n'
            'action disarm on any_time if counter(owner, "armed") > 0 worth 0 {\n'
            '  set_counter(owner, "armed", 0)\n'
            '  add_counter(owner, "shots", 1)\n'
            '}\n'
            'action salute(p in others(owner)) on any_time if counter(p, "armed") > 0 worth 0 { add_counter(owner, "salutes", 1) }\n'
            "action sweep on any_time if count(cards(discard)) > 0 worth 0 { add_counter(owner, \"sweeps\", 1) }\n")},
    },
}


def _game(tmp_path: Path) -> Game:
    path = tmp_path / "armed.yaml"
    path.write_text(yaml.safe_dump(HOUSE), encoding="utf-8")
    return Game(load_ruleset(str(path)), 3, 5, trading=False, record=False)


def _names(game: Game, actions: Sequence[Action]) -> list[str]:
    """The declared actions among ``actions``, by name (with the seat a salute names)."""
    fx = game.fx
    assert fx is not None
    out = []
    for a in actions:
        if a.kind == ACT:
            action = fx.actions[a.card][0]
            out.append(action.name if action.values is None else f"{action.name}:{a.field}")
    return out


def _listed(game: Game) -> tuple[int, list[str]]:
    """What the game loop is told now (``decision``), the declared actions by name, after
    checking that it is what every action evaluated afresh lists."""
    seat, actions = game.decision((False,) * game.players)
    fx = game.fx
    assert fx is not None
    listings_agree(fx, game.players, lambda a: dataclasses.replace(a, reads=None))
    # the listing given is the seat's fresh one: the declared actions as they stand now
    assert sorted(_names(game, actions)) == sorted(_names(game, fx.game.free_actions(seat)))
    return seat, _names(game, actions)


def _take(game: Game, name: str) -> None:
    """Apply the declared action ``name`` of the seat that decides now."""
    _, actions = game.decision((False,) * game.players)
    game.apply(next(a for a in actions if a.kind == ACT and _names(game, [a]) == [name]))


def test_a_counter_set_by_another_action_changes_the_listing_at_once(tmp_path: Path) -> None:
    """`arm` is listed while the seat's counter is 0; taking it sets the counter, so the
    next decision lists `disarm` instead (the listing of the same seat, asked again, is not
    the one remembered from before), and disarming lists `arm` again: each answer is read
    again when the counter it reads changed, and the remembered ones come back when the
    counter does."""
    game = _game(tmp_path)
    seat, names = _listed(game)
    assert "arm" in names and "disarm" not in names
    _take(game, "arm")
    assert game.decider == seat
    _, names = _listed(game)
    assert "disarm" in names and "arm" not in names
    _take(game, "disarm")
    _, names = _listed(game)
    assert "arm" in names and "disarm" not in names
    assert game.fx is not None and game.fx.counters[(seat, "shots")] == 1


def test_another_seats_counter_changes_what_a_seat_may_take(tmp_path: Path) -> None:
    """`salute` names another seat whose counter is set: when the active seat arms, every
    other seat's listing (remembered from before, at an older position) lists a salute of
    it, and when it disarms the salute is gone again."""
    game = _game(tmp_path)
    active = game.state.active
    others = [s for s in range(game.players) if s != active]
    before = {s: _names(game, game.free_listing(s)) for s in others}
    assert all(not any(n.startswith("salute") for n in names) for names in before.values())
    _take(game, "arm")
    for s in others:
        listed = _names(game, game.free_listing(s))
        # (one salute: of the seat that armed, the only seat whose counter is set)
        assert len([n for n in listed if n.startswith("salute")]) == 1
    _listed(game)
    _take(game, "disarm")
    assert all(not any(n.startswith("salute") for n in _names(game, game.free_listing(s))) for s in others)


def test_a_zone_filled_by_a_harvest_lists_an_action_reading_it(tmp_path: Path) -> None:
    """`sweep` reads the shared discard pile: it is not listed while the pile is empty,
    and is listed to every seat, at once, after a harvest that pays nothing puts a card
    there (the harvest is another action, by one seat; the other seats' listings were
    remembered before it)."""
    game = _game(tmp_path)
    assert not game.state.shared["discard"]
    early = {s: "sweep" in _names(game, game.free_listing(s)) for s in range(game.players)}
    assert not any(early.values())
    # play on, checking the listing after every action, until a harvest fills the pile
    for _ in range(400):
        seat, names = _listed(game)
        actions = game.decision((False,) * game.players)[1]
        lone = [a for a in actions if a.kind == HARVEST and len(game.state.fields[a.seat][a.field]) == 1]
        if lone:
            game.apply(lone[0])
            break
        game.apply(next((a for a in actions if a.kind != ACT), actions[0]))
    else:  # pragma: no cover - a base game harvests a lone bean early
        raise AssertionError("no lone bean was harvested")
    assert game.state.shared["discard"]
    for s in range(game.players):
        assert "sweep" in _names(game, game.free_listing(s))
    _listed(game)


def test_every_listing_of_a_played_game_is_the_fresh_one(tmp_path: Path) -> None:
    """Along a game of random bots with the house rule, the listing each decision is
    given is after every action the one read afresh."""
    from engine.sim.play import make_agents, play_game

    path = tmp_path / "armed.yaml"
    path.write_text(yaml.safe_dump(HOUSE), encoding="utf-8")
    checked = 0

    def compare(game: Any, action: Any) -> None:
        nonlocal checked
        if game.over or checked >= 300:
            return
        _listed(game)
        checked += 1

    played = play_game(load_ruleset(str(path)), 3, 2, make_agents(["random"], 3, 2), after_action=compare)
    assert played.game.over and checked >= 100
    assert any(a.kind == ACT for a in played.actions)
