"""Every step kind's sentence on the rulesheet, with its numbers written as numbers and as
``{table: column}`` of the player-count row (a family test, issue 20: fresh samples of
engine/rules kept finding one sentence of the sheet whose number was read without the row,
as no shipped ruleset writes that step's number from the table).
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from engine.rules.loader import load_ruleset
from engine.rules.model import PlayerCountRow, Step
from engine.rules.sheet import _step_text

#: step kind -> (its numeric parameters, the sentence with {name} for each number)
NUMBERED = {
    "plant_from_hand": (("min", "max"), "The active player must plant {min} cards from the front of the hand (none if the "
                                         "hand is empty), and may plant up to {max} in all."),
    "reveal": (("count",), "Turn up {count} cards from the draw pile for everyone to see."),
    "draw": (("count",), "Draw {count} cards, one at a time, to the back of the hand."),
    "discard_from_hand": (("min", "max"), "Discard {min} to {max} card(s) from anywhere in the hand."),
}
#: distinct numbers, none of them 1 (a card / cards) nor a number the sentences hold otherwise
NUMBERS = {"min": 2, "max": 7, "count": 5}


def _row(columns: dict[str, int]) -> PlayerCountRow:
    row = load_ruleset("base").row(4)
    return dataclasses.replace(row, columns=MappingProxyType({**row.columns, **columns}))


@pytest.mark.parametrize("from_table", [False, True], ids=["numbers", "table"])
@pytest.mark.parametrize("kind", sorted(NUMBERED))
def test_a_step_s_numbers_are_read_as_written_or_from_the_row(kind: str, from_table: bool) -> None:
    names, sentence = NUMBERED[kind]
    params: dict[str, object]
    if from_table:
        params = {name: {"table": f"my_{name}"} for name in names}
        row = _row({f"my_{name}": NUMBERS[name] for name in names})
    else:
        params = {name: NUMBERS[name] for name in names}
        row = _row({})
    text = _step_text(Step(kind, MappingProxyType(params), None), row, None)
    assert text.startswith(sentence.format(**NUMBERS)), text


@pytest.mark.parametrize(("seats", "who"), [("active", "The active player"), ("each", "Each player in turn, from the active one,"),
                                             ("all", "Every player, in rounds until all pass,")])
def test_an_actions_step_names_who_acts(seats: str, who: str) -> None:
    text = _step_text(Step("actions", MappingProxyType({"seats": seats}), None), _row({}), None)
    assert text == f"{who} may take the actions the rules allow now, then passes."


def test_every_step_kind_the_engine_knows_has_a_sentence_of_its_own() -> None:
    from engine.game.steps import STEP_KINDS

    params = {"zone": "set_aside", "revealed": "revealed", "received": "set_aside", "count": 3, "min": 0, "max": 1}
    for kind in STEP_KINDS:
        text = _step_text(Step(kind, MappingProxyType(params), None), _row({}), None)
        assert text != kind.replace("_", " ") and text.endswith("."), (kind, text)
