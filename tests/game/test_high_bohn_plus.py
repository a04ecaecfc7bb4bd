"""High Bohn Plus (rulesets/high_bohn_plus.yaml, issue 12) validates, and games of 3 to 7
players, with and without each variant, finish with the invariants holding after every
action; greedy bots fill orders. The quick pass plays a few seeds, the soak 200 per
player count and variant (tests/soak.py)."""

from __future__ import annotations

import pytest

from engine.game.core import Game
from engine.game.invariants import InvariantWatch
from engine.rules.loader import check_path, load_ruleset
from engine.paths import rulesets_dir
from engine.sim.play import make_agents, play_game
from tests.soak import games

VARIANTS: list[str | None] = [None, "sell_hands", "active_retrades"]
#: a greedy High Bohn Plus game takes about 0.5 s on the shared machine: 1 seed per count
#: and variant in the quick pass, 200 in the soak
SEEDS = games(quick=1, soak=200)


def test_the_ruleset_validates_without_errors() -> None:
    found = check_path(rulesets_dir() / "high_bohn_plus.yaml")
    assert [d.format() for d in found if d.severity == "error"] == []


def _play(players: int, seed: int, variant: str | None) -> Game:
    """One game with the invariants checked after every action (G680 if one breaks)."""
    rules = load_ruleset("high_bohn_plus", variant)
    watch = InvariantWatch()
    bots = ["greedy"] if seed % 2 == 0 else (["greedy", "random"] * players)[:players]
    return play_game(rules, players, seed, make_agents(bots, players, seed), record=False,
                     on_start=watch.start, after_action=watch).game


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_games_finish_with_the_invariants_holding(players: int, variant: str | None) -> None:
    for seed in range(SEEDS):
        game = _play(players, seed, variant)
        assert game.over, f"{players} players, seed {seed}"
        # every order card is accounted for: in the order deck, a hand, face up or a coin
        orders = [c for c in range(len(game.state.bean_of)) if game.state.type_kinds[game.state.bean_of[c]] == "order"]
        assert len(orders) == 39


def test_greedy_bots_fill_orders_in_most_games() -> None:
    rules = load_ruleset("high_bohn_plus")
    filled = 0
    total = 0
    for players in (3, 4, 6):
        for seed in range(games(quick=2, soak=20)):
            game = play_game(rules, players, seed, make_agents(["greedy"], players, seed)).game
            filled += any(e["type"] == "acted" and e.get("action") == "fill_order" for e in game.events)
            total += 1
    assert filled > total / 2, f"orders were filled in {filled} of {total} games"
