"""Which fields a card may go on (engine/game/fieldwork.py `FieldWork.fitting_fields`): a
`may_plant` rule is told the bean wherever it is asked from (issue 20: a mutant asking a
rule that hears the active seat without the bean, an L813 KeyError, survived)."""

from __future__ import annotations

from pathlib import Path

from engine.game.arrange import arrange
from engine.game.core import Game
from tests.houses import house_rules


def test_a_may_plant_rule_hearing_the_active_seat_reads_the_bean(tmp_path: Path) -> None:
    """A rule that hears the seat to move (so the seat's rules are read afresh every time)
    and reads the field: soy may not start a field; another bean may."""
    rules = house_rules(tmp_path, {"no_new_soy": "modify may_plant by active if bean == soy and field.size == 0 = false"})
    game = Game(rules, 3, seed=4)
    assert game.fx is not None and not game.fx.field_free("may_plant")
    arrange(game, {"hands": {0: ["soy", "red"]}, "fields": {0: [[], ["soy"]]}})
    soy, red = game.state.hands[0]
    assert game.hearing(0, "may_plant") is None  # the path that asks `modified` itself
    assert game.fitting_fields(0, soy) == [1]
    assert game.fitting_fields(0, red) == [0]
    assert [(a.kind, a.field) for a in game.legal_actions(0) if a.kind == "plant"] == [("plant", 1)]
