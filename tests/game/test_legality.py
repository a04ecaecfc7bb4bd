"""What ``Game.apply`` says when it refuses an action (engine/game/legality.py): the code
(G600 illegal, G601 not this seat's turn), the message and the hint, word for word.

Why: a replayed log, a scenario's `then:` and the terminal player show these to the user;
the listing never offers an illegal action, so games alone never meet them.
"""

from __future__ import annotations

import pytest

from engine.errors import BohnError
from engine.game.actions import Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


@pytest.mark.parametrize(("action", "code", "message", "hint"), [
    (Action("plant", 5, 0), "G600", "there is no seat 5", None),
    (Action("plant", -1, 0), "G600", "there is no seat -1", None),
    (Action("plant", 0, 0, target=1), "G600",
     "illegal: seat 0 plant field 0 of seat 1: a player plants on and harvests only their own fields",
     "seat 0 cannot plant on a field of seat 1"),
    (Action("plant", 0, 0), "G600", "illegal in plant/plant_from_hand: seat 0 plant field 0",
     "legal now: seat 0 plant field 1; seat 0 harvest field 0"),
    (Action("discard", 0), "G600", "illegal in plant/plant_from_hand: seat 0 discard",
     "legal now: seat 0 plant field 1; seat 0 harvest field 0"),
    (Action("plant", 1, 1), "G601", "seat 1 cannot act now; seat 0 decides (plant)", None),
    (Action("propose", 0, target=1, want=("soy",)), "G600", "illegal proposal: no trading in this step", None),
    (Action("harvest", 0, 7), "G600", "illegal: seat 0 harvest field 7",
     "a field needs beans, single beans are protected, and harvest timing is set by the player-count row"),
])
def test_a_refused_action_says_why(action: Action, code: str, message: str, hint: str | None) -> None:
    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"hands": {0: ["blue", "red"], 1: ["soy"], 2: ["wax"]},
                   "fields": {0: [["red"], []], 1: [["soy"], []], 2: [[], []]}})
    before = game.actions_taken
    with pytest.raises(BohnError) as caught:
        game.apply(action)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message, d.hint) == (code, message, hint)
    assert game.actions_taken == before  # nothing was done
