"""A `may_plant` rule that opens fields a bean would not fit (a field of another bean) and
reads no field: the plants listed are every field it opens, as the rule's inputs stand
when asked (engine/game/fieldwork.py ``FieldWork._fitting_by_inputs``, the path for rules
that may turn a "no" into a "yes").

Why: the shipped `may_plant` rules only ever close fields (their "no" stays "no"), so the
listing's loop over fields whose base answer is "no" was run with no rule opening one; a
mutant listing such a field as `None` went unseen (seed 46)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from tests.houses import house_rules

RULES = ['modify may_plant if phase() == "plant" = true',
         "modify may_plant if count(cards(hand)) > 1 = true",
         "modify may_plant = value or count(cards(hand)) > 1"]


def _plants(game: Game, seat: int) -> list[int]:
    return [a.field for a in game.legal_actions(seat) if a.kind == "plant"]


@pytest.mark.parametrize("rule", RULES)
def test_a_rule_opening_every_field_lists_a_plant_on_each(tmp_path: Path, rule: str) -> None:
    game = Game(house_rules(tmp_path, {"open": rule}), 3, seed=4)
    arrange(game, {"hands": {0: ["soy", "red", "blue"]}, "fields": {0: [["chili"], ["wax"], ["soy"]]}})
    assert _plants(game, 0) == [0, 1, 2] and game.fitting_fields(0, game.state.hands[0][0]) == [0, 1, 2]
    game.apply(next(a for a in game.legal_actions(0) if a.kind == "plant" and a.field == 0))
    assert [game.bean_name(c) for c in game.state.fields[0][0]] == ["chili", "soy"]
    assert _plants(game, 0) == [0, 1, 2]  # the red: two cards in hand still


def test_a_rule_opening_fields_while_the_hand_holds_two_cards_stops_with_the_last(tmp_path: Path) -> None:
    game = Game(house_rules(tmp_path, {"open": RULES[1]}), 3, seed=4)
    arrange(game, {"hands": {0: ["red"]}, "fields": {0: [["chili"], ["wax"], ["red"]]}})
    assert _plants(game, 0) == [2]  # one card: only the red field
    arrange(game, {"hands": {0: ["blue"]}, "fields": {0: [["chili"], ["wax"], ["red"]]}})
    assert _plants(game, 0) == []
