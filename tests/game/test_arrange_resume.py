"""An arranged position started afresh or taken up mid-turn (`resume: true`, engine/game/
arrange.py): afresh the turn's and the phase's start are told and their rules run again;
resumed, nothing is told and no start rule runs, and the position is the same.

Why: `resume` was tested only by a scenario's count of events; the set-up key read
misspelt (so never resumed) went unseen by the game selection."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from tests.houses import house_rules


@pytest.mark.parametrize(("resume", "told"), [
    (None, [("turn_started", None), ("note", "turn"), ("phase_started", None), ("note", "phase")]),
    (False, [("turn_started", None), ("note", "turn"), ("phase_started", None), ("note", "phase")]),
    (True, [])])
def test_a_resumed_position_tells_no_start_and_runs_no_start_rule(tmp_path: Path, resume: bool | None,
                                                                   told: list[tuple[str, str | None]]) -> None:
    rules = house_rules(tmp_path, {"hello": 'when turn_began { note("turn") }', "ph": 'when phase_began { note("phase") }'})
    game = Game(rules, 3, seed=4)
    before = len(game.events)
    spec: dict[str, object] = {"phase": "trade", "step": "trade", "hands": {0: ["soy"]}}
    if resume is not None:
        spec["resume"] = resume
    arrange(game, spec)
    assert [(e["type"], e.get("text")) for e in game.events[before:]] == told
    assert (game.phase.id, game.step.kind, game.state.active) == ("trade", "trade", 0)
