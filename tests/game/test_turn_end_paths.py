"""How the turn's flow ends (engine/game/flow.py `TurnFlow._settle`), with rules and
without (a game without rules settles in a loop of its own first): a turn that never asks
anyone is G606 with its message, and a last phase that runs to its end after the final
run-out (`when_game_ends: finish`) ends the game when it is done, in the same turn; a
`card_at_front` rule that keeps feeding itself is G650 with its message.

Why: every shipped turn asks a player and ends in a phase marked `stop`, so the branch
that ends the game after a finished last phase and the bound on silent steps were played
by no test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.game.actions import Action
from engine.game.flow import MAX_FRONT_ROUNDS, MAX_SILENT_STEPS
from engine.rules.loader import load_ruleset

#: a rule hearing an event that comes once a game, under a condition that never holds
NEVER = "effects:\n  +never:\n    effect: 'when game_ended if false { note(\"never\") }'\n"
#: a turn of one step that never asks a player and never ends the game
IDLE = ("turns:\n  +idle:\n    - {id: idle, name: Idle, when_game_ends: stop, "
        "steps: [{kind: reveal_matching_discards, to: revealed}]}\nplayer_counts: {3: {turn: idle}}\n")
#: the last phase, drawing, runs to its end after the final run-out
FINISH = "turns: {standard: {draw: {when_game_ends: finish}}}\n"


def _rules(tmp_path: Path, body: str, rules: bool) -> str:
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\n" + body + (NEVER if rules else ""), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("rules", [False, True], ids=["without rules", "with rules"])
def test_a_turn_that_never_asks_anyone_is_g606(tmp_path: Path, rules: bool) -> None:
    ruleset = load_ruleset(_rules(tmp_path, IDLE, rules))
    with pytest.raises(BohnError) as caught:
        Game(ruleset, 3, 1)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G606", f"{MAX_SILENT_STEPS} steps ran without anyone to decide; the turn never asks a player")


@pytest.mark.parametrize("rules", [False, True], ids=["without rules", "with rules"])
def test_a_last_phase_that_finishes_after_the_final_run_out_ends_the_game_in_its_turn(tmp_path: Path, rules: bool) -> None:
    game = Game(load_ruleset(_rules(tmp_path, FINISH, rules)), 3, 1)
    assert (game.fx is not None) is rules
    start = len(game.events)
    arrange(game, {"phase": "draw", "runouts": 1, "draw_pile": ["red"], "hands": {0: ["blue"]}, "rest_to": "discard"})
    st = game.state
    assert st.over and st.runouts == 2 and (st.turn, st.active) == (1, 0)
    assert [game.bean_name(c) for c in st.hands[0]] == ["blue", "red"]
    told = [(e["type"], e["seat"]) for e in game.events[start:]]
    assert told == [("turn_started", 0), ("phase_started", 0), ("deck_ran_out", None), ("drew", 0), ("game_ended", None)]
    assert game.events[-2]["cards"] == 1 and game.events[-3]["final"] is True


def test_cards_that_keep_coming_to_the_front_are_g650_with_the_bound(tmp_path: Path) -> None:
    churn = "effects:\n  +churn: {effect: 'when card_at_front { move(first(cards(hand), 1), discard) draw(owner, 1) }'}\n"
    game = Game(load_ruleset(_rules(tmp_path, churn, False)), 3, 3)
    arrange(game, {"hands": {0: ["chili", "soy"]}})
    with pytest.raises(BohnError) as caught:
        game.apply(Action("plant", 0, field=0))
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G650", f"cards kept coming to the front of hands {MAX_FRONT_ROUNDS} times after one action")
