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
