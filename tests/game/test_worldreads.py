"""The engine world's reads a compiled rule calls (engine/game/worldreads.py): the card at
a place in a seat's own zone, which the inliner reads without a zone reference (issue 20:
a mutant looking the zone up by no name, so every such card read as none, survived)."""

from __future__ import annotations

from pathlib import Path

from engine.game.arrange import arrange
from engine.game.core import Game
from tests.houses import house_rules


def test_a_rule_reads_the_front_card_of_a_seat_s_hand(tmp_path: Path) -> None:
    rules = house_rules(tmp_path, {"boast": "action boast on own_turn if item(cards(zone(hand, owner)), 0).bean == soy { gain(owner, 1) }"})
    game = Game(rules, 3, seed=4)
    arrange(game, {"hands": {0: ["soy", "red"]}})
    assert [a.want for a in game.legal_actions(0) if a.kind == "act"] == [("boast",)]
    arrange(game, {"hands": {0: ["red", "soy"]}})
    assert [a for a in game.legal_actions(0) if a.kind == "act"] == []
