"""A scenario's set-up (engine/game/arrange.py) refuses what it cannot place with G607
(issue 20: mutants raising an unregistered code there, a KeyError, survived)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.errors import BohnError
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


@pytest.mark.parametrize(("spec", "message"), [
    ({"fileds": {0: [[]]}}, "set-up: `fileds` is neither a set-up key nor a zone (did you mean `fields`?)"),
    ({"counters": {0: {"x": 1}}}, "set-up: `counters` belong to effects, and this ruleset has none"),
])
def test_a_set_up_it_cannot_place_is_g607(spec: dict[str, Any], message: str) -> None:
    game = Game(load_ruleset("base"), 3, seed=4)
    with pytest.raises(BohnError) as caught:
        arrange(game, spec)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G607", message)


@pytest.mark.parametrize(("ruleset", "spec", "message"), [
    ("base", {"hands": {0: ["blu"]}}, "hands of seat 0: no bean `blu` in this ruleset"),
    ("base", {"hands": {0: ["cocoa"]}}, "hands of seat 0: no `cocoa` card left (the game has 0)"),
    ("base", {"hands": {0: ["red"] * 9}}, "hands of seat 0: no `red` card left (the game has 8)"),
    ("base", {"hands": {0: 200}}, "set-up: hands of seat 0: 200 cards, more than the game has left"),
    ("base", {"fields": {0: [[], [], [], []]}}, "set-up: seat 0 gets 4 fields; this ruleset allows 1 to 3"),
    ("base", {"rest_to": "discrd"}, "set-up: `rest_to` must name a shared zone (did you mean `discard`?)"),
    ("base", {"hands": {5: ["red"]}}, "set-up: `hands` names seat 5; seats are 0-2"),
    ("base", {"active": 4}, "set-up: `active` is 4; seats are 0-2"),
    ("base", {"items": {0: ["x"]}}, "this ruleset has no items"),
    ("high_bohn", {"items": {0: ["gold_mine_1", "gold_mine_1"]}}, "item `gold_mine_1` is given twice"),
    ("high_bohn", {"items": {0: ["gold_mine_"]}}, "no item `gold_mine_` (did you mean `gold_mine_4`?)"),
])
def test_a_set_up_the_game_cannot_make_is_g607_with_its_reason(ruleset: str, spec: dict[str, Any], message: str) -> None:
    """A scenario's `set-up:` asking for what the game cannot hold (a card it has not, or
    no more of, more cards or fields than it allows, a seat past the table): its reason,
    word for word (the scenario runner shows it at the scenario's line)."""
    game = Game(load_ruleset(ruleset), 3, 1)
    with pytest.raises(BohnError) as caught:
        arrange(game, spec)
    assert (caught.value.diagnostics[0].code, caught.value.diagnostics[0].message) == ("G607", message)


def test_a_set_up_sets_the_turn_and_deals_a_number_of_cards() -> None:
    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"turn": 5, "hands": {0: 3}})
    assert game.state.turn == 5 and len(game.state.hands[0]) == 3


def test_a_set_up_may_say_the_final_round_has_begun() -> None:
    """``final_round`` sets whether the game is in its last round (by default: whether the
    run-outs set reach the row's end; a fresh seed-42 sample's survivor ignored the key)."""
    game = Game(load_ruleset("base"), 4, 1)
    arrange(game, {"final_round": True})
    assert game.state.ending is True and game.state.runouts == 0
    game = Game(load_ruleset("base"), 4, 1)
    arrange(game, {"runouts": game.row.end_after_runouts})
    assert game.state.ending is True
    game = Game(load_ruleset("base"), 4, 1)
    arrange(game, {"runouts": game.row.end_after_runouts, "final_round": False})
    assert game.state.ending is False
    game = Game(load_ruleset("base"), 4, 1)
    arrange(game, {"runouts": 1})
    assert game.state.ending is False


def test_a_set_up_line_deals_a_number_read_from_the_player_count_row(tmp_path: Path) -> None:
    """`setup:` `{deal: {table: COLUMN}}` deals the row's number (a fresh seed-42 sample's
    survivor read it without the row)."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\n+setup:\n  - {deal: {table: draw}, to: set_aside}\n",
                    encoding="utf-8")
    for players in (2, 4):
        game = Game(load_ruleset(str(path)), players, 1)
        assert [len(z) for z in game.state.per_player["set_aside"]] == [game.row.draw] * players


def test_a_set_up_places_coins_in_the_coins_zone_whatever_its_id(tmp_path: Path) -> None:
    """The set-up key `coins` names the zone of kind coins, whatever the ruleset calls it
    (every shipped ruleset calls it `coins`, so a fresh seed-45 sample's survivor, the key
    misspelt and read as a zone id, went unseen): the cards land there."""
    text = (Path(__file__).parents[2] / "rulesets" / "base.yaml").read_text(encoding="utf-8")
    text = text.replace("{id: coins, kind: coins", "{id: treasury, kind: coins")
    path = tmp_path / "treasury.yaml"
    path.write_text(text, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1)
    arrange(game, {"coins": {0: ["red", "red"], 1: 3}})
    coins = game.state.per_player["treasury"]
    assert [len(z) for z in coins] == [2, 3, 0]
    assert "coins" not in game.state.per_player
