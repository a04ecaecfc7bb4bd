"""Hundreds of seeded games per player count, with the invariants checked after every action."""

from __future__ import annotations

import pytest

from engine.game.core import Game
from engine.game.invariants import check_cards, check_hand_order, check_observation_hides_hands
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

GAMES_PER_COUNT = 300


def _run(players: int, seed: int, bots: list[str]) -> Game:
    rules = load_ruleset("base")
    hands: list[list[int]] = []
    problems: list[str] = []

    def after(game: Game, action) -> None:  # type: ignore[no-untyped-def]
        nonlocal hands
        problems.extend(check_cards(game))
        problems.extend(check_hand_order(hands, game.state.hands))
        hands = [list(h) for h in game.state.hands]
        if game.actions_taken % 97 == 0:
            problems.extend(check_observation_hides_hands(game))
        assert not problems, f"seed {seed}, after {action}: {problems}"

    game = Game(rules, players, seed)
    hands = [list(h) for h in game.state.hands]
    played = play_game(rules, players, seed, make_agents(bots, players, seed), record=False, after_action=after)
    return played.game


@pytest.mark.parametrize("players", range(2, 8))
def test_many_games_keep_the_invariants(players: int) -> None:
    turns = []
    for seed in range(GAMES_PER_COUNT):
        bots = ["random"] if seed % 3 == 0 else ["greedy"] if seed % 3 == 1 else ["greedy", "random"] * 4
        game = _run(players, seed, bots[:players] if len(bots) > 1 else bots)
        assert game.over
        assert sum(game.scores) == sum(len(c) for c in game.state.coins)
        assert game.state.runouts >= game.row.end_after_runouts
        turns.append(game.state.turn)
    assert min(turns) > players, "every game lasts more than one round"
