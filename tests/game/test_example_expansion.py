"""The example fan expansion (rulesets/examples/bean_market.yaml) validates, plays 2-5
players with the invariants holding after every action, greedy bots use its market step,
and the three action cards are bought at the market and played from the hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.invariants import InvariantWatch
from engine.rules.loader import check_path, load_ruleset
from engine.sim.play import make_agents, play_game
from tests.soak import games

PATH = Path(__file__).resolve().parents[2] / "rulesets" / "examples" / "bean_market.yaml"
#: seeds per player count: 3 in the quick pass, 50 in the soak (CI), 200 in the full soak
#: (tests/soak.py). A watched game takes 0.5-0.6 s, so the full soak's 800 games are some
#: 8 CPU minutes: too much for CI's 15-minute budget beside the rest.
SEEDS = games(quick=3, soak=50, full=200)
#: seeds per test item, so that pytest-xdist spreads the soak over its workers
CHUNK = 50
ACTION_CARDS = {"windfall", "good_rain", "compost"}


def test_the_example_validates_without_a_warning() -> None:
    assert [d.format() for d in check_path(PATH)] == []


CASES = [(players, start) for players in (2, 3, 4, 5) for start in range(0, SEEDS, CHUNK)]


@pytest.mark.parametrize(("players", "start"), CASES)
def test_games_keep_the_invariants(players: int, start: int) -> None:
    """Every card in one zone of its kind, the count constant, hands in order, coins never
    negative: checked after every action (G680 stops the game otherwise)."""
    rules = load_ruleset(str(PATH))
    for seed in range(start, min(start + CHUNK, SEEDS)):
        watch = InvariantWatch()
        bots = (["greedy", "random"] * players)[:players] if seed % 2 else ["greedy"]
        game = play_game(rules, players, seed, make_agents(bots, players, seed), record=False,
                         on_start=watch.start, after_action=watch).game
        assert game.over and watch.actions > 0, f"{players} players, seed {seed}"
        st = game.state
        held = [c for zone in [*st.hands, st.shared["action_deck"], st.shared["action_offer"], st.shared["action_discard"]]
                for c in zone if game.bean_name(c) in ACTION_CARDS]
        assert len(held) == 3, f"{players} players, seed {seed}: the action cards are where they may be"


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


def test_the_action_cards_are_bought_and_played() -> None:
    rules = load_ruleset(str(PATH))
    cards = ACTION_CARDS
    played = 0
    share = games(quick=3, soak=20)  # a share, not a soak
    for seed in range(share):
        game = play_game(rules, 3, seed, make_agents(["random"], 3, seed)).game
        acted = {e.get("action") for e in game.events if e["type"] == "acted"}
        played += bool(acted & cards)
        assert len(game.state.shared["action_deck"]) + len(game.state.shared["action_offer"]) + len(
            game.state.shared["action_discard"]
        ) + sum(len([c for c in h if game.bean_name(c) in cards]) for h in game.state.hands) == 3
    assert played > share / 2, f"action cards were played in {played} of {share} games"


def test_greedy_bots_play_the_action_cards_in_most_games() -> None:
    """The cards' `worth` hints make a greedy bot buy them at the market (the look-ahead
    alone sees a coin paid for one hand card) and play them from the hand."""
    rules = load_ruleset(str(PATH))
    cards = ACTION_CARDS
    with_a_card = total = 0
    for players in (2, 3, 4, 5):
        for seed in range(games(quick=2, soak=20)):
            events = play_game(rules, players, seed, make_agents(["greedy"], players, seed)).game.events
            with_a_card += any(e["type"] == "acted" and e.get("action") in cards for e in events)
            total += 1
    assert with_a_card > total * 3 / 4, f"greedy bots played an action card in {with_a_card} of {total} games"
