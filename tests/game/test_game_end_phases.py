"""A turn whose last phase finishes after the final run-out (`when_game_ends: finish`)
ends the game at the end of that turn (engine/game/flow.py ``_advance``: the branch for
the end of a turn while the game is ending).

Why: every shipped turn ends in a phase that stops at once (`draw`, `when_game_ends:
stop`), so the games of the selection never reached the end of a turn while ending; a
mutant that forgot to end the game there went unseen."""

from __future__ import annotations

from pathlib import Path

from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


def test_a_game_whose_last_phase_finishes_ends_after_that_turn(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\nturns:\n  standard:\n    draw: {when_game_ends: finish}\n",
                    encoding="utf-8")
    house, base = load_ruleset(str(path)), load_ruleset("base")
    assert [p.when_game_ends for p in house.turns["standard"]][-1] == "finish"
    ours, theirs = (play_game(rules, 3, 5, make_agents(["greedy"], 3, 5)).game for rules in (house, base))
    assert ours.over and ours.events[-1]["type"] == "game_ended"
    # the final run-out comes in the draw step, the turn's last: both end right after it
    last_out = max(i for i, e in enumerate(ours.events) if e["type"] == "deck_ran_out")
    assert ours.events[last_out]["phase"] == "draw"
    assert [e["type"] for e in ours.events[last_out:]].count("turn_started") == 0
    assert [{k: v for k, v in e.items() if k not in ("rule", "ruleset")} for e in ours.events] == \
        [{k: v for k, v in e.items() if k not in ("rule", "ruleset")} for e in theirs.events]
    assert ours.scores == theirs.scores
