"""How an action reads in messages and logs (engine/game/actions.py `Action.__str__`,
`to_json`): every part, with several cards given and several beans wanted, and a harvest
of another seat's field; the JSON of each read back to the same action.

Why: G600 and G601 show the action refused in these words, and the one test of them named
at most one card (a fresh seed-47 sample of engine/game drew the separator of the cards
given, misspelt, which no test read).
"""

from __future__ import annotations

import pytest

from engine.errors import BohnError
from engine.game.actions import Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


@pytest.mark.parametrize(("action", "text"), [
    (Action("propose", 0, target=2, give=(("hand", 0), ("revealed", 1)), want=("soy", "red")),
     "seat 0 propose to seat 2 giving hand[0], revealed[1] for soy, red"),
    (Action("accept", 1, give=(("hand", 3), ("hand", 0), ("store", 2))), "seat 1 accept giving hand[3], hand[0], store[2]"),
    (Action("propose", 2, give=(("hand", 1),)), "seat 2 propose giving hand[1]"),
    (Action("harvest", 0, 1, target=2), "seat 0 harvest field 1 of seat 2"),
    (Action("plant", 1, 0, 3, target=1), "seat 1 plant field 0 card 3 of seat 1"),
    (Action("buy", 1, want=("gold_mine_1",)), "seat 1 buy for gold_mine_1"),
])
def test_an_action_reads_part_by_part_and_its_json_reads_back(action: Action, text: str) -> None:
    assert str(action) == text
    assert Action.from_json(action.to_json()) == action


def test_a_refused_offer_of_several_cards_names_each_card() -> None:
    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "red"], 1: ["soy"], 2: ["wax"]}, "draw_pile": ["wax", "chili"]})
    game.apply(Action("propose", 0, target=1, give=(("hand", 0), ("revealed", 1)), want=("soy",)))
    with pytest.raises(BohnError) as caught:
        game.apply(Action("accept", 1, give=(("hand", 0), ("hand", 1))))
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G600", "illegal in trade/trade: seat 1 accept giving hand[0], hand[1]")
