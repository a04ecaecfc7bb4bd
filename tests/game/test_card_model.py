"""The card model: kinds numbered after beans, several decks, set-up, conservation per kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.core import Game
from engine.game.invariants import InvariantWatch, check_cards
from engine.lang import ZoneRef
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

ORDERS = str(Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml")


def test_a_ruleset_without_kinds_deals_as_before() -> None:
    game = Game(load_ruleset("base"), 4, 7)
    st = game.state
    assert st.card_types == st.bean_ids and st.n_beans == len(st.bean_ids)
    assert set(st.type_kinds) == {"bean"}


def test_kinds_are_numbered_after_the_beans_and_start_in_their_zone() -> None:
    rules = load_ruleset(ORDERS)
    game = Game(rules, 4, 3)
    st = game.state
    orders = [c for c, t in enumerate(st.bean_of) if st.type_kinds[t] == "order"]
    assert len(orders) == 8 and min(orders) > max(c for c, t in enumerate(st.bean_of) if t < st.n_beans)
    deck_kinds = {st.type_kinds[st.bean_of[c]] for c in st.deck}
    assert deck_kinds == {"bean"}
    assert {st.type_kinds[st.bean_of[c]] for c in st.shared["order_deck"]} <= {"order"}


def test_card_attributes_and_kind_are_readable_by_effects() -> None:
    game = Game(load_ruleset(ORDERS), 4, 3)
    fx = game.fx
    assert fx is not None
    card = game.state.hands[1][-1]
    assert fx.card_kind(card) == "order"
    assert fx.card_attr(card, "wants") in {"red", "soy", "blue", "stink"}
    assert fx.card_attr(card, "reward") in {1, 2}
    bean = game.state.hands[1][0]
    assert fx.card_kind(bean) == "bean" and fx.card_attr(bean, "reward") is None


def test_conservation_is_checked_per_card_type_and_zone_limits() -> None:
    game = Game(load_ruleset(ORDERS), 4, 3)
    st = game.state
    assert check_cards(game) == []
    order = st.hands[0].pop()
    st.deck.append(order)  # an order in the draw pile: its kind may not be there
    assert any("may not be" in p for p in check_cards(game))
    st.deck.pop()
    assert any("order" in p for p in check_cards(game))  # and one order is missing
    st.hands[0].append(order)
    assert check_cards(game) == []


def test_a_rule_cannot_move_a_card_where_its_kind_may_not_go() -> None:
    game = Game(load_ruleset(ORDERS), 4, 3)
    fx = game.fx
    assert fx is not None
    order = game.state.hands[0][-1]
    with pytest.raises(BohnError) as caught:
        fx.do("move", {"cards": [order], "to": ZoneRef("discard", None)})
    assert caught.value.diagnostics[0].code == "G625"
    assert order in game.state.hands[0]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_games_with_kinds_and_decks_keep_the_invariants(players: int) -> None:
    rules = load_ruleset(ORDERS)
    acted = 0
    for seed in range(12):
        watch = InvariantWatch()
        bots = ["random"] if seed % 2 else ["greedy"]
        played = play_game(rules, players, seed, make_agents(bots, players, seed), record=True,
                           on_start=watch.start, after_action=watch)
        assert played.game.over
        acted += sum(1 for e in played.game.events if e["type"] == "acted")
    assert acted > 0, "orders are filled or swapped in some games"
