"""The light trial of a plant by its held worth (engine/game/lookahead.py `worth_after`,
which the greedy bot's steering asks through `SeatView.worth_after`): a plant of a card
that lies where the step plants from is weighed; one naming a card past that zone is not
(None), and the game is left as it was.

Why: the steering tests (tests/agents, outside the game selection) weigh only plants the
listing offers; a fresh seed-47 sample of engine/game drew the trial's check of the card's
place made always true, which then took a card that is not there.
"""

from __future__ import annotations

from engine.game.actions import Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.game.lookahead import worth_after
from engine.rules.loader import load_ruleset


def test_a_plant_is_weighed_only_for_a_card_where_the_step_plants_from() -> None:
    game = Game(load_ruleset("high_bohn_plus"), 4, 0)
    arrange(game, {"phase": "plant_traded", "set_aside": {0: ["soy"], 1: []}, "fields": {0: [[], []]},
                   "hands": {0: ["order_1_1"]}})
    st = game.state
    assert game.step is not None and game.step.kind == "plant_set_aside" and game.decider == 0
    before = ([list(f) for f in st.fields[0]], list(st.per_player["set_aside"][0]))
    weighed = [worth_after(game, a) for a in [Action("pass", 0), Action("plant", 0, 0, 0), Action("plant", 0, 1, 0),
                                               Action("plant", 0, 0, 1), Action("plant", 0, 0, 5), Action("plant", 0, 2, 0)]]
    assert weighed == [2.0, 3.0, 3.0, None, None, None]  # an order 1/1: one bean planted brings it nearer
    assert ([list(f) for f in st.fields[0]], list(st.per_player["set_aside"][0])) == before
