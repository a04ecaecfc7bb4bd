"""``Game.release``: a finished game leaves nothing for the cyclic collector, keeps its
outcome readable and cannot be played on; ``simulate`` and ``sweep`` release every game."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from engine.errors import BohnError
from engine.game.actions import PASS, Action
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, many_games, play_game
from engine.sim.simulate import simulate

#: every shipped ruleset and variant, at a player count it plays
CASES = [("base", None, 4), ("base", None, 2), ("high_bohn", None, 4), ("high_bohn", "cognac", 3),
         ("high_bohn_plus", None, 4), ("la_isla_bohnita", None, 3), ("la_isla_bohnita_duel", None, 2),
         ("bohn_camillo", None, 2), ("bohn_camillo", "trading", 2)]


def _ids(case: tuple[str, str | None, int]) -> str:
    return f"{case[0]}-{case[1] or 'plain'}-{case[2]}"


@contextmanager
def _kept_garbage() -> Iterator[list[object]]:
    """What the cyclic collector finds inside, kept instead of freed."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


@pytest.fixture
def saved_garbage() -> Iterator[list[object]]:
    """What the cyclic collector finds from here on, kept instead of freed."""
    with _kept_garbage() as garbage:
        yield garbage


@pytest.mark.parametrize("case", CASES, ids=_ids)
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_released_game_leaves_no_garbage(case: tuple[str, str | None, int], bot: str) -> None:
    ruleset, variant, players = case
    rules = load_ruleset(ruleset, variant)

    def one(seed: int, record: bool) -> None:
        played = play_game(rules, players, seed, make_agents([bot], players, seed), record=record)
        played.game.release()

    for record in (False, True):  # (what a ruleset compiles at its first use is made once, not per game)
        one(2, record)
    with _kept_garbage() as garbage:
        for seed in (3, 4):
            for record in (False, True):
                one(seed, record)
                gc.collect()
        assert garbage == []


def test_without_release_the_collector_has_work(saved_garbage: list[object]) -> None:
    """(the test above can fail: a game with rules is in reference cycles until released)"""
    rules = load_ruleset("high_bohn_plus")
    played = play_game(rules, 4, 3, make_agents(["greedy"], 4, 3), record=False)
    del played
    gc.collect()
    assert len(saved_garbage) > 100


def test_the_outcome_stays_readable_and_the_game_is_over() -> None:
    rules = load_ruleset("high_bohn")
    game = play_game(rules, 4, 5, make_agents(["greedy"], 4, 5), record=True).game
    scores, winners, turn, events = list(game.scores), list(game.winners), game.state.turn, list(game.events)
    game.release()
    assert (list(game.scores), list(game.winners), game.state.turn, list(game.events)) == (scores, winners, turn, events)
    assert game.fx is None and game.items is None
    with pytest.raises(BohnError) as caught:
        game.apply(Action(PASS, 0))
    assert caught.value.code == "G602"


def test_a_game_released_midway_refuses_to_go_on() -> None:
    from engine.game.core import Game

    game = Game(load_ruleset("la_isla_bohnita"), 3, 1, trading=True, record=False)
    assert not game.state.over
    game.release()
    with pytest.raises(BohnError) as caught:
        game.apply(Action(PASS, game.state.active))
    assert caught.value.code == "G602"


def test_simulate_releases_every_game(saved_garbage: list[object]) -> None:
    rules = load_ruleset("high_bohn_plus")
    with many_games():
        stats = simulate(rules, 4, 4, seed=11, stats=True)
        gc.collect()
    assert stats.games == 4
    assert saved_garbage == []
