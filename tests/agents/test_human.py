"""The terminal player: numbered choices, re-asking on bad input, a clean stop."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from engine.agents.human import HumanAgent
from engine.errors import BohnError
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

ROOT = Path(__file__).resolve().parents[2]


def test_a_human_who_always_types_1_finishes_a_game() -> None:
    answers = iter(["x", "99", "?"] + ["1"] * 100_000)
    out = io.StringIO()
    agents = make_agents(["greedy"], 4, 3)
    agents[1] = HumanAgent(read=lambda: next(answers), out=out)
    played = play_game(load_ruleset("base"), 4, 3, agents)
    assert played.game.over
    text = out.getvalue()
    assert "type a number from 1 to" in text, "bad input is asked again"
    assert "your hand (front first)" in text and "   1. " in text


def test_the_view_shows_only_the_seats_own_hand() -> None:
    out = io.StringIO()
    agents = make_agents(["greedy"], 3, 1)
    seen: list[str] = []

    def read() -> str:
        seen.append(out.getvalue())
        raise EOFError

    agents[0] = HumanAgent(read=read, out=out)
    with pytest.raises(BohnError) as info:
        play_game(load_ruleset("base"), 3, 1, agents)
    assert info.value.code == "C500"
    assert seen and "seat 1" in seen[0] and "hand  5" in seen[0]


def test_cli_human_seat_and_end_of_input() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "play", "--human", "0", "--seed", "2"],
                          input="1\n1\n", capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "input ended" in proc.stderr and "Traceback" not in proc.stderr
    bad = subprocess.run([sys.executable, "-m", "engine", "play", "--human", "9"], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "--human takes a seat" in bad.stderr


def test_compact_offers_are_parsed_and_checked() -> None:
    from engine.agents.human import parse_offer
    from engine.game.actions import PROPOSE, Action
    from engine.game.core import Game
    from engine.game.view import SeatView

    game = Game(load_ruleset("base"), 3, 1)
    view = SeatView(game, 0)
    while not view.can_offer():  # play the active seat up to its trading window
        game.apply(next(a for a in game.legal_actions(0, offers=False) if a.kind in ("plant", "pass")))
    offer = parse_offer("offer 2,3 to 1 for blue", view)
    assert offer == Action(PROPOSE, 0, target=1, give=(("hand", 1), ("hand", 2)), want=("blue",))
    assert view.offer_problem(offer) == ""
    assert parse_offer("offer r1 to all for black, red", view) == Action(
        PROPOSE, 0, target=-1, give=(("revealed", 0),), want=("black_eyed", "red"))
    assert parse_offer("gift 1", view) == Action(PROPOSE, 0, target=-1, give=(("hand", 0),))
    assert "no bean in play" in str(parse_offer("offer 1 for caviar", view))
    assert "cards in your hand" in str(parse_offer("offer 9", view))
    assert "another seat" in view.offer_problem(Action(PROPOSE, 0, target=0, give=(("hand", 0),)))
    assert not SeatView(game, 1).can_offer(), "only the deciding seat offers"
