"""No hidden failure: a house rule that deadlocks games is reported with its seed, the
rule's file:line, the command that replays it, a written log and a non-zero exit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.game import log
from engine.rules.loader import load_ruleset
from engine.sim.simulate import simulate

# forbids harvesting a lone bean: a seat that must plant a card no field takes is stuck
DEADLOCK = """\
extends: base
id: no_lone_harvest
name: No harvesting a lone bean
effects:
  +no_lone:
    effect: "modify may_harvest if field.size == 1 = false"
"""
RULE_LINE = 6


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "lone.yaml"
    path.write_text(DEADLOCK)
    return path


def test_play_names_the_rule_shows_the_position_and_writes_the_log(bohn, house: Path, tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    run = bohn("play", "--ruleset", str(house), "--seed", "3", "--log", str(out))
    assert run.code == 1
    assert f"{house}:{RULE_LINE}:21: error G640: seat 1 must decide but has no legal action" in run.err
    assert "a rule loops" not in run.err, "a deadlock is not a loop"
    assert f"rule `no_lone` at {house}:{RULE_LINE} answered `may_harvest`" in run.err
    assert "harvest field 0 (1 cocoa)" in run.err, "the actions the rule removed are listed"
    assert "turn 2, seat 1 active, phase plant_traded, step plant_set_aside" in run.err
    assert "seat 1: coins 0, fields [1 cocoa]  [1 green]" in run.err, "the position shows fields and hands"
    assert "seed 3" in run.err
    head, body = log.read(out)
    assert head["seed"] == 3 and head["stopped"]["code"] == "G640"
    actions = [e for e in body if e["type"] == "action"]
    assert len(actions) == 15 and body[-1]["turn"] == 2, "the log runs up to the point the game stopped"
    again = bohn("replay", str(out))
    assert again.code == 0 and "the game stops with G640, as logged" in again.out, "the partial log replays"
    # the same log without the header's word that the game stopped is an incomplete log
    lines = out.read_text().splitlines()
    head_only = json.loads(lines[0])
    del head_only["stopped"]
    out.write_text("\n".join([json.dumps(head_only), *lines[1:]]) + "\n")
    cut = bohn("replay", str(out))
    assert cut.code == 1 and "G615" in cut.out


def test_play_without_log_says_how_to_get_one(bohn, house: Path) -> None:
    run = bohn("play", "--ruleset", str(house), "--seed", "3", "--quiet")
    assert run.code == 1 and "add --log FILE" in run.err


def test_simulate_reports_each_failed_game_and_exits_1(bohn, house: Path) -> None:
    run = bohn("simulate", "--ruleset", str(house), "--games", "3", "--seed", "2", "--quiet")
    assert run.code == 1
    assert "3 of 3 game(s) stopped with an error" in run.out
    assert f"seed 3: {house}:{RULE_LINE}:21: error G640" in run.out
    assert f"replay: bohn play --ruleset {house} --players 4 --seed 3 --bots greedy --log game-3.jsonl" in run.out
    assert "error G641: 3 of 3 game(s) of no_lone_harvest failed" in run.err


def test_the_replay_command_reproduces_the_failure(bohn, house: Path, tmp_path: Path) -> None:
    stats = simulate(load_ruleset(str(house)), 4, 2, seed=3, ref=str(house))
    failure = stats.failures[0]
    command = stats.replay_command(failure.seed).split()
    assert command[:2] == ["bohn", "play"]
    run = bohn(*command[1:-1], str(tmp_path / "again.jsonl"))
    assert run.code == 1
    assert failure.message in run.err and failure.where in run.err


def test_allowed_failure_share(bohn, house: Path) -> None:
    run = bohn("simulate", "--ruleset", str(house), "--games", "2", "--quiet", "--max-failures", "1")
    assert run.code == 0 and "2 of 2 game(s) stopped" in run.out


def test_compare_refuses_to_conclude(bohn, house: Path) -> None:
    run = bohn("simulate", "--games", "3", "--compare", str(house), "--quiet")
    assert run.code == 1
    assert "NO CONCLUSION: 3 of 3 seed(s) did not finish" in run.out
    assert "± nan" not in run.out and "no clear difference" not in run.out
    assert f"{house}:{RULE_LINE}:21: error G640" in run.out
    json_run = bohn("simulate", "--games", "3", "--compare", str(house), "--format", "json")
    assert json_run.code == 1
    data = json.loads(json_run.out)
    assert data["comparison"]["conclusive"] is False and data["comparison"]["unfinished_seeds"] == 3
    [first, *_] = data["runs"][1]["failures"]
    assert first["seed"] == 0 and first["code"] == "G640" and first["rule"] == f"{house}:{RULE_LINE}:21"
    assert first["replay"].startswith("bohn play --ruleset")


def test_a_clean_comparison_still_concludes(bohn) -> None:
    run = bohn("simulate", "--games", "3", "--compare", "base", "--quiet")
    assert run.code == 0 and "NO CONCLUSION" not in run.out


def test_failure_share_must_be_a_share(bohn) -> None:
    run = bohn("simulate", "--games", "1", "--max-failures", "5")
    assert run.code == 2 and "--max-failures is a share" in run.err


def test_a_scenario_that_plays_into_a_deadlock_names_the_rule(bohn, tmp_path: Path) -> None:
    path = tmp_path / "dl.scenario.yaml"
    path.write_text("ruleset: base\nplayers: 3\nscenarios:\n  - name: a rule that deadlocks\n    rules:\n      effects:\n"
                    '        +no_lone: {effect: "modify may_harvest if field.size == 1 = false"}\n'
                    "    steps:\n      - play: greedy\n      - expect: {game_over: true}\n")
    run = bohn("test", str(path))
    assert run.code == 1
    assert f"{path}:7:36: error G640: seat 0 must decide but has no legal action" in run.out
    assert f"rule `no_lone` at {path}:7 answered `may_harvest`" in run.out
