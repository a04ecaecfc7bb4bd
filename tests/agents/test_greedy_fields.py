"""The greedy bot buys a field when it pays, also at two players (one pass of the deck).

Before, it bought only before the deck's last pass, which never comes at two players: a
sweep over the two-player field price showed the same games for every price.
"""

from __future__ import annotations

from engine.agents.greedy import FIELD_PAYBACK_CARDS
from engine.game.actions import BUY_FIELD, Action
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from engine.sim.sweep import combinations, parse_set


def test_two_player_greedy_buys_a_third_field_early_enough() -> None:
    rules = load_ruleset("base")
    price = rules.row(2).field_price
    deck_when_bought: list[int] = []

    def watch(game: Game, action: Action) -> None:
        if action.kind == BUY_FIELD:  # buying moves no card of the deck
            deck_when_bought.append(len(game.state.deck))

    games_with_a_purchase = 0
    for seed in range(8):
        before = len(deck_when_bought)
        played = play_game(rules, 2, seed, make_agents(["greedy"], 2, seed), record=False, after_action=watch)
        games_with_a_purchase += len(deck_when_bought) > before
        assert all(len(fields) <= rules.row(2).max_fields for fields in played.game.state.fields)
    assert games_with_a_purchase >= 4
    assert min(deck_when_bought) >= FIELD_PAYBACK_CARDS * price


def test_the_field_price_changes_two_player_games() -> None:
    """What the sweep over `player_counts.2.field_price` needs: cheaper fields, more of them."""
    _, variations = combinations("base", None, 2, [parse_set("player_counts.2.field_price=1,4")])
    counts = [sum(1 for seed in range(6)
                  for a in play_game(v.rules, 2, seed, make_agents(["greedy"], 2, seed), record=False).actions
                  if a.kind == BUY_FIELD)
              for v in variations]
    assert [v.rules.player_counts[2].field_price for v in variations] == [1, 4]
    assert counts[0] > counts[1]
