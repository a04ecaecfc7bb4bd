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


def _stalls(tmp_path: Path, record: bool = True) -> Game:
    path = tmp_path / "stalls.yaml"
    path.write_text(STALLS, encoding="utf-8")
    return Game(load_ruleset(str(path)), 3, 1, record=record)


def _buys(game: Game, seat: int) -> list[str]:
    return [a.want[0] for a in game.legal_actions(seat) if a.kind == BUY_ITEM]


@pytest.mark.parametrize("record", [True, False])
def test_a_card_bought_with_any_coins_is_paid_from_the_top_into_the_buyers_zone(tmp_path: Path, record: bool) -> None:
    game = _stalls(tmp_path, record)
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


def test_a_refused_purchase_says_what_it_lacked(tmp_path: Path) -> None:
    """G600's hint for a card's purchase (it told of harvesting before, whatever the free
    action): the card's price (and its bean), the buyer's coins that pay it and its room in
    the group, the own-turn sale; a card not for sale, owned, or named wrongly."""
    game = _stalls(tmp_path)
    arrange(game, {"active": 1, "hands": {1: ["blue"]}, "coins": {1: ["red", "soy", "wax", "chili"], 0: ["red", "red"]}})
    game.apply(Action(BUY_ITEM, 1, want=("stall_b",)))
    refused = []
    for action in [Action(BUY_ITEM, 1, want=("stall_a",)), Action(BUY_ITEM, 0, want=("stall_c",)),
                   Action(BUY_ITEM, 1, want=("stall_b",)), Action(BUY_ITEM, 1, want=("stall_x",)),
                   Action(BUY_ITEM, 1), Action(BUY_ITEM, 1, want=("stall_a", "stall_c"))]:
        with pytest.raises(BohnError) as caught:
            game.apply(action)
        d = caught.value.diagnostics[0]
        refused.append((d.code, d.message, d.hint))
    assert refused == [
        ("G600", "illegal: seat 1 buy for stall_a", "`stall_a`: price 2, coins 1, group `a` 1/1 owned"),
        ("G600", "illegal: seat 0 buy for stall_c",
         "`stall_c`: price 1, coins 2, group `c` 0/1 owned, sold on the buyer's own turn only"),
        ("G600", "illegal: seat 1 buy for stall_b", "`stall_b` is owned or out of the game"),
        ("G600", "illegal: seat 1 buy for stall_x", "no card `stall_x` is for sale (did you mean `stall_c`?)"),
        ("G600", "illegal: seat 1 buy", "a purchase names one card (`want`: its id)"),
        ("G600", "illegal: seat 1 buy for stall_a, stall_c", "a purchase names one card (`want`: its id)"),
    ]


@pytest.mark.parametrize(("ruleset", "action", "hint"), [
    ("high_bohn", Action(BUY_ITEM, 0, want=("gold_mine_2",)), "`gold_mine_2`: price 2 in `garden`, coins 0, group `gold_mine` 0/1 owned"),
    ("base", Action(BUY_ITEM, 0, want=("gold_mine_2",)), "nothing is for sale in this ruleset"),
    ("base", Action("act", 0, 0, 0, want=("fill",)),
     "a declared action is taken when its timing (`on`) and its condition (`if`) allow it and its cost is paid"),
])
def test_a_refused_free_action_is_hinted_by_its_kind(ruleset: str, action: Action, hint: str) -> None:
    game = Game(load_ruleset(ruleset), 3, 1)
    with pytest.raises(BohnError) as caught:
        game.apply(action)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message, d.hint) == ("G600", f"illegal: {action}", hint)
