"""The example fan expansion (rulesets/examples/bean_market.yaml) validates, plays 2-5
players with the invariants holding after every action, and greedy bots use its market."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.core import Game
from engine.game.invariants import check_cards, check_hand_order
from engine.rules.loader import check_path, load_ruleset
from engine.sim.play import make_agents, play_game
from tests.soak import games

PATH = Path(__file__).resolve().parents[2] / "rulesets" / "examples" / "bean_market.yaml"
SEEDS = games(quick=3, soak=60)  # greedy look-ahead makes a game ~0.4 s: 240 games keep CI in minutes


def test_the_example_validates_without_a_warning() -> None:
    assert [d.format() for d in check_path(PATH)] == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_keep_the_invariants(players: int) -> None:
    rules = load_ruleset(str(PATH))
    for seed in range(SEEDS):
        hands: list[list[int]] = []
        problems: list[str] = []

        def after(game: Game, action) -> None:  # type: ignore[no-untyped-def]
            nonlocal hands
            problems.extend(check_cards(game))
            if hands:
                problems.extend(check_hand_order(hands, game.state.hands))
            hands = [list(h) for h in game.state.hands]

        bots = (["greedy", "random"] * players)[:players] if seed % 2 else ["greedy"]
        played = play_game(rules, players, seed, make_agents(bots, players, seed), record=False, after_action=after)
        assert played.game.over and not problems, f"seed {seed}: {problems[:3]}"
        assert all(len(c) >= 0 for c in played.game.state.coins)


def test_greedy_bots_use_the_market_in_most_games() -> None:
    rules = load_ruleset(str(PATH))
    used = 0
    total = 0
    for players in (3, 4):
        for seed in range(games(quick=3, soak=20)):  # a share, not a soak: 40 greedy games say it
            played = play_game(rules, players, seed, make_agents(["greedy"], players, seed))
            used += any(e["type"] == "acted" and e.get("action") == "market" for e in played.game.events)
            total += 1
    assert used > total / 2, f"the market was used in {used} of {total} games"
