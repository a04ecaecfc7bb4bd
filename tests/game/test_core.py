"""The game loop's one question, `Game.decision` (engine/game/core.py): in a game without
rules it reads the harvests off a grid by the fields' sizes, and a field longer than the grid
is read field by field (issue 20: a mutant reading no fields there, a TypeError, survived;
no shipped bean has the 40 cards such a field needs). The same fallback stands in every
listing of the harvests: the decision's, the free actions' with rules and without, for
two and three fields (a fresh seed-44 sample's mutant dropping the listing from the
free actions' fallback in a game with rules survived)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset

HOUSE = "extends: base\nid: house\nname: House\nbeans:\n  coffee: {count: 90}\ntotal_cards: 220\n"
#: a rule that touches no harvest, field price or field count: the seat's profile has no rules
COUNTING = "effects:\n  +count:\n    effect: 'when planted { add_counter(owner, \"planted\", 1) }'\n"


def _house(tmp_path: Path, rules: bool) -> Game:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE + (COUNTING if rules else ""), encoding="utf-8")
    return Game(load_ruleset(str(path)), 3, seed=4)


def test_a_field_longer_than_the_harvest_grid_is_listed_for_harvest(tmp_path: Path) -> None:
    game = _house(tmp_path, rules=False)
    assert game.fx is None
    arrange(game, {"fields": {0: [["coffee"] * 41, ["red"], []]}})
    seat, actions = game.decision((True, True, True))
    assert seat == 0
    # the rulebook's protection: a field of one bean is kept while another holds more
    assert [(a.kind, a.field) for a in actions if a.kind == "harvest"] == [("harvest", 0)]
    assert [(a.kind, a.field) for a in game.legal_actions(0) if a.kind == "harvest"] == [("harvest", 0)]


@pytest.mark.parametrize("rules", [False, True], ids=["no rules", "rules"])
@pytest.mark.parametrize(("fields", "harvestable"), [
    ([["coffee"] * 41, ["red"]], [0]),
    ([["coffee"] * 41, ["red"], []], [0]),
    ([["red"], ["coffee"] * 41, ["soy", "soy"]], [1, 2]),
], ids=["2 fields", "3 fields", "3 fields, the long one second"])
def test_every_listing_of_the_harvests_reads_a_field_longer_than_the_grid(
        tmp_path: Path, rules: bool, fields: list[list[str]], harvestable: list[int]) -> None:
    """The active seat's decision, its legal actions and another seat's free actions all
    list the harvests the rulebook's protection allows, whatever the long field's place."""
    game = _house(tmp_path, rules)
    assert (game.fx is not None) is rules
    arrange(game, {"fields": {0: fields, 1: fields}})
    seat, actions = game.decision((True, True, True))
    assert seat == 0
    assert [a.field for a in actions if a.kind == "harvest"] == harvestable
    assert [a.field for a in game.legal_actions(0) if a.kind == "harvest"] == harvestable
    assert [a.field for a in game.free_actions(1) if a.kind == "harvest"] == harvestable
    game.apply(next(a for a in actions if a.kind == "harvest"))
    assert game.state.fields[0][harvestable[0]] == []
