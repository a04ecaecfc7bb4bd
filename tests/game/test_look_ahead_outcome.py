"""What a bot's look-ahead (engine/game/lookahead.py ``preview``) reports for an action: the
change of the seat's score as the rules count it, of its coins, hand, planted cards and
fields, and that the real game is left as it was.

Why: the score a `score` modifier makes differs from the coins only in rulesets that
have one (High Bohn's buildings, at the end), and the look-ahead's bots only compare
outcomes with each other, so a look-ahead that forgot the modifier changed no shipped
game's golden log in the selection."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.game.lookahead import Outcome, preview
from engine.rules.loader import load_ruleset
from tests.houses import house_rules


@pytest.mark.parametrize(("effects", "score"), [({}, 1), ({"double": "modify score = value * 2 + 1"}, 2),
                                                ({"flat": "modify score = 7"}, 0)])
def test_a_harvest_s_outcome_counts_the_score_as_the_rules_make_it(tmp_path: Path, effects: dict[str, str],
                                                                    score: int) -> None:
    rules = house_rules(tmp_path, effects) if effects else load_ruleset("base")
    game = Game(rules, 3, seed=4)
    arrange(game, {"hands": {0: ["soy"]}, "fields": {0: [["blue"] * 4, []]}})
    [harvest] = [a for a in game.legal_actions(0) if a.kind == "harvest"]
    before = ([list(f) for f in game.state.fields[0]], list(game.state.coins[0]), game.actions_taken)
    assert preview(game, harvest) == Outcome(score, 1, 0, -4, 0, False, 0.0)
    assert ([list(f) for f in game.state.fields[0]], list(game.state.coins[0]), game.actions_taken) == before
