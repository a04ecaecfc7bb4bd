"""Where a scenario's set-up (engine/game/arrange.py) puts what it names and what it
displaces: every per-player key checks its seats, and a card of a kind that may not lie on
the draw pile, displaced from a hand, goes back under the zone its kind starts in.

Why: the seat check was asserted for `hands` only, and the cards displaced to their own
start zone were checked by no test (a fresh seed-47 sample of engine/game drew mutants of
both: `fields`' seat check misspelt, the start zones dropped).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


@pytest.mark.parametrize(("key", "value"), [
    ("hands", {3: ["red"]}), ("coins", {3: 2}), ("fields", {5: [[]]}), ("fields", {-1: [[]]}), ("items", {4: []}),
    ("counters", {7: {}}), ("set_aside", {3: ["red"]}), ("buildings", {9: []}),
])
def test_every_per_player_key_of_a_set_up_checks_its_seats(key: str, value: dict[int, object]) -> None:
    game = Game(load_ruleset("high_bohn"), 3, 1)
    with pytest.raises(BohnError) as caught:
        arrange(game, {key: value})
    d = caught.value.diagnostics[0]
    seat = next(iter(value))
    assert (d.code, d.message) == ("G607", f"set-up: `{key}` names seat {seat}; seats are 0-2")


def test_cards_displaced_from_a_hand_go_under_the_zone_their_kind_starts_in() -> None:
    """The card model's order cards may lie in their deck, their discard pile and hands,
    not on the draw pile: those a set-up takes out of a hand go to the bottom of the order
    deck, in their order; the beans go to the draw pile."""
    game = Game(load_ruleset("rulesets/scenarios/cards/orders.yaml"), 3, 1)
    st = game.state
    hand = list(st.hands[0])
    orders = [c for c in hand if game.bean_name(c).startswith("order_")]
    beans = [c for c in hand if c not in orders]
    assert len(orders) == 2 and len(beans) == 5
    deck = list(st.shared["order_deck"])
    arrange(game, {"hands": {0: ["chili"]}})
    assert [game.bean_name(c) for c in st.hands[0]] == ["chili"]
    assert st.shared["order_deck"] == orders + deck
    assert not any(game.bean_name(c).startswith("order_") for c in st.deck)
    assert set(beans) <= set(st.deck)


@pytest.mark.parametrize(("ruleset", "spec", "message"), [
    ("base", {"phase": "tarde"}, "no phase `tarde` in this turn (plant, trade, plant_traded, draw) (did you mean `trade`?)"),
    ("base", {"phase": "trade", "step": "draw"}, "phase `trade` has no step `draw` (reveal, trade)"),
    ("base", {"step": "trade"}, "phase `plant` has no step `trade` (plant_from_hand)"),
    ("high_bohn", {"items_removed": ["gold_mine_"]}, "`items_removed`: no item `gold_mine_` (did you mean `gold_mine_4`?)"),
    ("high_bohn", {"items": {0: ["gold_mine_1"]}, "items_removed": ["gold_mine_1"]},
     "`items_removed`: item `gold_mine_1` is owned or removed already"),
    # (it was silently ignored before: a set-up line that does nothing)
    ("base", {"items_removed": ["gold_mine_1"]}, "`items_removed`: this ruleset has no items"),
])
def test_a_position_the_turn_or_the_items_cannot_take_is_g607(ruleset: str, spec: dict[str, object], message: str) -> None:
    game = Game(load_ruleset(ruleset), 3, 1)
    with pytest.raises(BohnError) as caught:
        arrange(game, spec)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G607", message)


def test_the_draw_pile_key_names_the_deck_whatever_its_id(tmp_path: Path) -> None:
    """`draw_pile` (top card first) fixes the game's deck in a ruleset whose deck has
    another id, as the deck's own id does (every shipped deck is `draw_pile`, so a fresh
    seed-47 sample's survivor, the key misspelt and read as a zone id, went unseen)."""
    text = (Path(__file__).parents[2] / "rulesets" / "base.yaml").read_text(encoding="utf-8")
    path = tmp_path / "stock.yaml"
    path.write_text(text.replace("{id: draw_pile, kind: deck", "{id: stock, kind: deck"), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1)
    assert "draw_pile" not in game.state.shared
    for key in ("draw_pile", "stock"):
        arrange(game, {key: ["soy", "blue", "red"]})
        assert [game.bean_name(c) for c in reversed(game.state.deck[-3:])] == ["soy", "blue", "red"], key
