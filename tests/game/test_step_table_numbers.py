"""A planting step's `min` and `max` read from the player-count table (`{table: COLUMN}`),
as the draw and reveal counts are: each player count plants as its row says (engine/game/
steps.py ``_FromHand``).

Why: every shipped planting and discarding step writes its bounds as numbers, so a step
that read a bound without the row (or with another row) changed no shipped game."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset

HOUSE = """\
extends: base
id: house
name: House
player_counts:
  3: {+columns: {plant_most: 3, plant_least: 0}}
  4: {+columns: {plant_most: 1, plant_least: 1}}
turns:
  standard:
    plant: {steps: [{kind: plant_from_hand, min: {table: plant_least}, max: {table: plant_most}}]}
"""


@pytest.mark.parametrize(("players", "least", "most"), [(3, 0, 3), (4, 1, 1)])
def test_a_planting_step_plants_as_many_cards_as_its_row_says(tmp_path: Path, players: int, least: int, most: int) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    game = Game(load_ruleset(str(path)), players, seed=2)
    arrange(game, {"hands": {0: ["soy"] * 5}})
    planted = 0
    while game.phase.id == "plant":
        kinds = [a.kind for a in game.legal_actions(0) if a.kind in ("plant", "pass")]
        assert ("pass" in kinds) == (planted >= least), planted
        game.apply(next(a for a in game.legal_actions(0) if a.kind == "plant"))
        planted += 1
    assert planted == most and game.phase.id == "trade"
    assert len(game.state.hands[0]) == 5 - most
