"""A third field bought in a game without rules (the base game at four): listed to every
seat with the price in coins and fewer fields than the row allows, at any time, and to no
other; bought, it takes the price off the top of the seat's coins to the row's zone and
tells it (engine/game/freelist.py ``free_actions``, the path of a game without rules).

Why: the golden games buy fields through ``Game.decision``'s own listing, so the free
actions' listing of a game without rules was never asked with a field to buy."""

from __future__ import annotations

import pytest

from engine.game.actions import Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


@pytest.mark.parametrize(("coins", "fields", "listed"), [(3, 2, True), (5, 2, True), (2, 2, False), (4, 3, False)])
def test_a_field_is_listed_to_each_seat_that_may_buy_one(coins: int, fields: int, listed: bool) -> None:
    game = Game(load_ruleset("base"), 4, seed=2)
    assert game.fx is None and game.row.field_price == 3 and game.row.max_fields == 3
    arrange(game, {"hands": {0: ["soy"], 2: ["red"]}, "coins": {0: coins, 2: coins}, "fields": {0: [[]] * fields, 2: [[]] * fields}})
    for seat in (0, 2):  # the active seat and another, who may buy at any time
        assert (Action("buy_field", seat) in game.legal_actions(seat)) == listed, seat
    assert Action("buy_field", 1) not in game.legal_actions(1)  # no coins


def test_a_field_bought_takes_the_price_off_the_top_of_the_coins() -> None:
    game = Game(load_ruleset("base"), 4, seed=2)
    arrange(game, {"hands": {2: ["red"]}, "coins": {2: 4}, "fields": {2: [["soy"], []]}})
    coins = list(game.state.coins[2])
    zone = game.row.field_payment_to
    before = len(game.state.shared[zone])
    game.apply(Action("buy_field", 2))
    assert game.state.coins[2] == coins[:1] and game.state.shared[zone][before:] == coins[1:]
    assert [len(f) for f in game.state.fields[2]] == [1, 0, 0]
    e = game.events[-1]
    assert (e["type"], e["seat"], e["price"], e["paid_to"], e["fields"]) == ("field_bought", 2, 3, zone, 3)
    assert Action("buy_field", 2) not in game.legal_actions(2)
