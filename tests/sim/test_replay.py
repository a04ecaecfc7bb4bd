"""Determinism, logs and replay."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("players", range(2, 8))
def test_play_finishes_for_every_player_count(bohn, players: int) -> None:
    run = bohn("play", "--players", str(players), "--seed", "5", "--quiet")
    assert run.code == 0, run.err
    assert "winner" in run.out


def test_same_seed_gives_byte_identical_logs(bohn, tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert bohn("play", "--seed", "42", "--log", str(a), "--quiet").code == 0
    assert bohn("play", "--seed", "42", "--log", str(b), "--quiet").code == 0
    assert a.read_bytes() == b.read_bytes()
    c = tmp_path / "c.jsonl"
    bohn("play", "--seed", "43", "--log", str(c), "--quiet")
    assert a.read_bytes() != c.read_bytes()


def test_every_event_names_turn_phase_seat_and_rule(bohn, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    bohn("play", "--seed", "3", "--log", str(log), "--quiet")
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["digest"]
    events = [e for e in lines[1:] if e["type"] != "action"]
    assert all({"turn", "phase", "seat", "type", "n"} <= set(e) for e in events)
    harvests = [e for e in events if e["type"] == "harvested"]
    assert harvests and all(e["rule"].startswith("rulesets/base.yaml:") for e in harvests)


def test_replay_reports_no_divergence(bohn, tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    bohn("play", "--players", "5", "--seed", "9", "--log", str(log), "--quiet")
    run = bohn("replay", str(log))
    assert run.code == 0 and "no divergence" in run.out


def test_replay_finds_the_first_divergence_after_an_edit(bohn, tmp_path: Path) -> None:
    rules = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "rulesets" / "base.yaml", rules)
    log = tmp_path / "g.jsonl"
    assert bohn("play", "--ruleset", str(rules), "--seed", "4", "--log", str(log), "--quiet").code == 0
    assert bohn("replay", str(log)).code == 0
    text = rules.read_text().replace("{id: blue,       name: Blue bean,       count: 20, beanometer: [4, 6, 8, 10]}",
                                     "{id: blue,       name: Blue bean,       count: 20, beanometer: [2, 6, 8, 10]}")
    rules.write_text(text)
    run = bohn("replay", str(log))
    assert run.code == 1
    assert "G605" in run.out and "G603" in run.out
    assert "logged:" in run.out and "re-run:" in run.out


def test_replay_of_a_damaged_log(bohn, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header"}\nnot json\n')
    run = bohn("replay", str(bad))
    assert run.code == 1 and "G604" in run.err
    missing = bohn("replay", str(tmp_path / "none.jsonl"))
    assert missing.code == 1 and "G604" in missing.err


def test_bad_bot_and_player_count(bohn) -> None:
    run = bohn("play", "--bots", "grredy")
    assert run.code == 2 and "did you mean `greedy`" in run.err
    assert bohn("play", "--players", "8").code == 2
    assert bohn("play", "--bots", "greedy,random").code == 2


def test_play_default_prints_turns_and_scores(bohn) -> None:
    run = bohn("play")
    assert run.code == 0
    assert "turn 1, greedy-0:" in run.out and "score" in run.out and "winner" in run.out


def test_play_text_is_wrapped_and_uses_names(bohn) -> None:
    run = bohn("play", "--ruleset", "high_bohn", "--players", "3", "--seed", "2")
    assert run.code == 0
    lines = run.out.splitlines()
    assert max(len(line) for line in lines) <= 100, "wrapped (80 columns without a terminal, 100 at most)"
    assert sum(len(line) for line in lines) / len(lines) < 80
    assert "Black-eyed bean" in run.out and "black_eyed" not in run.out, "names, not ids"
    assert "bought 2 Bank (2 coins)" in run.out, "items by name, with their price"
    assert "turn 2, greedy-1: greedy-1 planted Red bean, Black-eyed bean;" in run.out


def test_version(bohn) -> None:
    run = bohn("--version")
    assert run.code == 0 and run.out.startswith("bohn ") and run.out.strip() != "bohn"


@pytest.mark.parametrize("bots", ["greedy", "random"])
def test_high_bohn_games_replay_without_divergence(bohn, tmp_path: Path, bots: str) -> None:
    log = tmp_path / "hb.jsonl"
    # seed 15: random bots buy rarely since one field per bean (High Bohn), so pick a game that does
    run = bohn("play", "--ruleset", "high_bohn", "--variant", "cognac", "--players", "4", "--bots", bots,
               "--seed", "15", "--log", str(log), "--quiet")
    assert run.code == 0, run.err
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert any(e.get("type") == "bought" for e in entries), "buildings were bought"
    assert bohn("replay", str(log)).code == 0
