"""A card kind bought with any coins and paid into the buyer's own zone
(engine/game/items.py): the coins paid are the top ones of the seat's pile, they land in
the buyer's zone named by `paid_to`, the `bought` event tells it, and the group's limit and
the kind's `when: own_turn` decide what is listed next.

Why: the only shipped cards for sale (High Bohn's buildings) are each paid with coins of
one bean, into the shared discard pile; a price in any coin and a per-player `paid_to`
were played by no test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.actions import BUY_ITEM, Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset

STALLS = """\
extends: base
id: stalls
name: Stalls
description: Stalls bought with any coins, paid into the buyer's own till.
zones:
  +stall_supply: {kind: display, owner: shared, visibility: public, description: "Stalls for sale."}
  +stalls: {kind: display, owner: player, visibility: public, description: "Stalls owned."}
  +till: {kind: pile, owner: player, visibility: public, description: "What a seat paid for its stalls."}
+cards:
  - id: stall
    name: Stall
    description: A stall.
    attributes: {group: text, price: number}
    starts_in: stall_supply
    zones: [stall_supply, stalls]
    trade: false
    buy: {to: stalls, paid_to: till, limit_per_group: 1, when: own_turn}
    cards:
      - {id: stall_a, name: Stall A, count: 1, values: {group: a, price: 2}}
      - {id: stall_b, name: Stall B, count: 1, values: {group: a, price: 3}}
      - {id: stall_c, name: Stall C, count: 1, values: {group: c, price: 1}}
"""


def _buys(game: Game, seat: int) -> list[str]:
    return [a.want[0] for a in game.legal_actions(seat) if a.kind == BUY_ITEM]


@pytest.mark.parametrize("record", [True, False])
def test_a_card_bought_with_any_coins_is_paid_from_the_top_into_the_buyers_zone(tmp_path: Path, record: bool) -> None:
    path = tmp_path / "stalls.yaml"
    path.write_text(STALLS, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1, record=record)
    arrange(game, {"active": 1, "hands": {1: ["blue"]}, "coins": {1: ["red", "soy", "wax", "chili"], 0: ["red", "red", "red"]}})
    st = game.state
    assert _buys(game, 1) == ["stall_a", "stall_b", "stall_c"]
    assert _buys(game, 0) == []  # sold on the buyer's own turn only
    start = len(game.events)
    game.apply(Action(BUY_ITEM, 1, want=("stall_b",)))
    assert [game.bean_name(c) for c in st.per_player["till"][1]] == ["soy", "wax", "chili"]
    assert st.per_player["till"][0] == [] == st.per_player["till"][2]
    assert [game.bean_name(c) for c in st.coins[1]] == ["red"]
    assert [game.bean_name(c) for c in st.per_player["stalls"][1]] == ["stall_b"]
    assert [game.bean_name(c) for c in st.shared["stall_supply"]] == ["stall_a", "stall_c"]
    if record:
        bought = [{k: v for k, v in e.items() if k not in ("n", "turn", "rule")} for e in game.events[start:]]
        assert bought == [{"phase": "plant", "seat": 1, "type": "bought", "item": "stall_b", "group": "a", "price": 3,
                           "paid": ["soy", "wax", "chili"]}]
    # one card of a group: the group's other card is not listed; one coin buys the cheap one
    assert _buys(game, 1) == ["stall_c"]
    with pytest.raises(BohnError) as caught:
        game.apply(Action(BUY_ITEM, 1, want=("stall_a",)))
    assert (caught.value.diagnostics[0].code, caught.value.diagnostics[0].message) == ("G600", "illegal: seat 1 buy for stall_a")
    game.apply(Action(BUY_ITEM, 1, want=("stall_c",)))
    assert st.coins[1] == [] and [game.bean_name(c) for c in st.per_player["till"][1]] == ["soy", "wax", "chili", "red"]
    assert _buys(game, 1) == [] and game.items is not None and game.items.owner == {"stall_b": 1, "stall_c": 1}
    assert game.fx is not None and game.fx.counters[(1, "items")] == 2 and game.fx.counters[(1, "item_value")] == 4
