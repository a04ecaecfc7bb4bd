"""A scenario's set-up (engine/game/arrange.py) refuses what it cannot place with G607
(issue 20: mutants raising an unregistered code there, a KeyError, survived)."""

from __future__ import annotations

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
