"""High Bohn Plus (rulesets/high_bohn_plus.yaml, issue 12) validates, and games of 3 to 7
players, with and without each variant, finish with the invariants holding after every
action; greedy bots fill orders. The quick pass plays a few seeds, the soak 50 or 20 per
player count and variant, the full soak 200 (tests/soak.py)."""

from __future__ import annotations

import pytest

from engine.game.core import Game
from engine.game.invariants import InvariantWatch, check_cards
from engine.rules.loader import check_path, load_ruleset
from engine.paths import rulesets_dir
from engine.sim.play import make_agents, play_game
from tests.soak import games

VARIANTS: list[str | None] = [None, "sell_hands", "active_retrades"]
#: seeds per player count: a game with the invariant watch takes 0.25-0.5 s of CPU on the shared
#: machine, so the quick pass plays one per count and variant; the soak (CI) 50 per count of
#: the rules as printed and 20 per count of each variant; the full soak (BOHN_SOAK=full) the
#: issue's 200 per count and variant (3,000 games).
SEEDS = {None: games(quick=1, soak=50, full=200), "sell_hands": games(quick=1, soak=20, full=200),
         "active_retrades": games(quick=1, soak=20, full=200)}
#: seeds per test item, so that pytest-xdist spreads a soak over its workers
CHUNK = 50

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


CASES = [(players, variant, start) for variant in VARIANTS for players in range(3, 8)
         for start in range(0, SEEDS[variant], CHUNK)]


@pytest.mark.parametrize(("players", "variant", "start"), CASES)
def test_games_finish_with_the_invariants_holding(players: int, variant: str | None, start: int) -> None:
    for seed in range(start, min(start + CHUNK, SEEDS[variant])):
        game = _play(players, seed, variant)
        assert game.over, f"{players} players, seed {seed}"
        st = game.state
        orders = [c for zone in st.per_player["coins"] + st.hands + st.per_player["face_up_orders"] + [st.shared["order_deck"]]
                  for c in zone if st.type_kinds[st.bean_of[c]] == "order"]
        assert len(orders) == 39, "every order card is in the order deck, a hand, face up or a coin"


def test_the_watch_sees_an_order_card_out_of_its_zones() -> None:
    game = Game(load_ruleset("high_bohn_plus"), 4, 0)
    order = game.state.hands[0].pop()
    game.state.discard.append(order)
    assert check_cards(game) == [f"a `{game.bean_name(order)}` is in `discard`, where its kind may not be"]


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
