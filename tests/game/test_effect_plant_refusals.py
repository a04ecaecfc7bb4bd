"""Where an effect may plant a card (engine/game/statements.py `plant`, `Game.fits`, the
`may_plant` query answered by `Game.fits_field`): a field that is no longer there (removed
by the same action) or that the card does not fit is L813 naming the card, the field and
the seat; a card whose kind is never planted fits no field.

Why: the query `may_plant(p, c, f)` is answered by `fits_field` directly, and no test asked
it about a card of a kind that is not planted (a fresh seed-47 sample of engine/game drew
that answer turned to yes, which no test saw); nor was the statement refused for a field
that is gone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset

ORDERS = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml"
SOW = """\
extends: base
id: sow
name: Sow
effects:
  +gone: {effect: "action gone on own_turn { let f = item(fields(owner), 2) remove_field(f) plant(item(cards(hand), 0), f) }"}
  +sow: {effect: "action sow on own_turn { plant(item(cards(hand), 0), item(fields(owner), 0)) }"}
"""


@pytest.mark.parametrize(("name", "fields", "message"), [
    ("gone", [[], [], []], "a chili cannot be planted on field 2 of seat 0"),
    ("sow", [["soy"], [], []], "a chili cannot be planted on field 0 of seat 0"),
])
def test_a_plant_statement_on_a_field_the_card_cannot_go_to_is_l813(tmp_path: Path, name: str, fields: list[list[str]],
                                                                      message: str) -> None:
    path = tmp_path / "sow.yaml"
    path.write_text(SOW, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1)
    arrange(game, {"hands": {0: ["chili", "soy"]}, "fields": {0: fields}})
    action = next(a for a in game.legal_actions(0) if a.kind == "act" and a.want == (name,))
    with pytest.raises(BohnError) as caught:
        game.apply(action)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("L813", message)
    assert [game.bean_name(c) for c in game.state.hands[0]] == ["chili", "soy"]  # the card stays in the hand


def test_a_card_of_a_kind_never_planted_fits_no_field(tmp_path: Path) -> None:
    """The card model's order cards say `plant: false`: `may_plant` answers no for each field
    (an empty one, one of the bean the order wants, another), and yes for a bean's fields."""
    (tmp_path / "orders.yaml").write_text(ORDERS.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: orders.yaml\nid: house\nname: House orders\neffects:\n  +fits: {effect: \"action fits on "
                    "own_turn { set_counter(owner, \\\"fits\\\", count([f in fields(owner) if may_plant(owner, "
                    "item(cards(hand), 0), f)])) }\"}\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1)
    fitting = []
    for hand in (["order_red", "chili"], ["chili", "order_red"]):
        arrange(game, {"hands": {0: hand}, "fields": {0: [[], ["red"], ["chili"]]}})
        game.apply(next(a for a in game.legal_actions(0) if a.kind == "act" and a.want == ("fits",)))
        assert game.fx is not None
        fitting.append(game.fx.counters[(0, "fits")])
    assert fitting == [0, 2]
