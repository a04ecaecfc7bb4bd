"""The game loop's one question, `Game.decision` (engine/game/core.py): in a game without
rules it reads the harvests off a grid by the fields' sizes, and a field longer than the grid
is read field by field (issue 20: a mutant reading no fields there, a TypeError, survived;
no shipped bean has the 40 cards such a field needs)."""

from __future__ import annotations

from pathlib import Path

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


def test_a_field_longer_than_the_harvest_grid_is_listed_for_harvest(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\nbeans:\n  coffee: {count: 60}\ntotal_cards: 190\n",
                    encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    assert game.fx is None
    arrange(game, {"fields": {0: [["coffee"] * 41, ["red"], []]}})
    seat, actions = game.decision((True, True, True))
    assert seat == 0
    # the rulebook's protection: a field of one bean is kept while another holds more
    assert [(a.kind, a.field) for a in actions if a.kind == "harvest"] == [("harvest", 0)]
    assert [(a.kind, a.field) for a in game.legal_actions(0) if a.kind == "harvest"] == [("harvest", 0)]
