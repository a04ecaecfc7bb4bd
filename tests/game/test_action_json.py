"""An action's numbers survive the log: index 0 is a real card, field or seat (issue 20)."""

from __future__ import annotations

from engine.game.actions import ACT, Action


def test_index_zero_is_written_read_back_and_shown() -> None:
    action = Action(ACT, 1, field=0, card=0, target=0, want=("more",))
    data = action.to_json()
    assert data == {"kind": ACT, "seat": 1, "field": 0, "card": 0, "target": 0, "want": ["more"]}
    assert Action.from_json(data) == action
    assert str(action) == f"seat 1 {ACT} field 0 card 0 to seat 0 for more"


def test_unused_numbers_are_left_out() -> None:
    action = Action("plant", 2)
    assert action.to_json() == {"kind": "plant", "seat": 2}
    assert str(action) == "seat 2 plant"
    assert Action.from_json(action.to_json()) == action
