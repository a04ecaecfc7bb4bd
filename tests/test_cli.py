"""The `bohn` command as users call it: exit codes, output formats, rulesheets."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_validate_shipped_rulesets(bohn) -> None:
    run = bohn("validate", str(ROOT / "rulesets"))
    assert run.code == 0, run.out
    assert "0 error(s)" in run.out


def test_validate_json(bohn) -> None:
    run = bohn("validate", "--format", "json", str(ROOT / "tests/rules/fixtures/R402_beanometer_order.yaml"))
    assert run.code == 1
    data = json.loads(run.out)
    [d] = data["diagnostics"]
    assert (d["code"], d["line"], d["col"], d["severity"]) == ("R402", 5, 28, "error")
    assert data["ok"] is False and data["errors"] == 1


def test_warnings_fail_only_when_strict(bohn) -> None:
    fixture = str(ROOT / "tests/rules/fixtures/W900_assumption.yaml")
    assert bohn("validate", fixture).code == 0
    assert bohn("validate", "--strict", fixture).code == 1


def test_usage_errors_exit_2(bohn) -> None:
    assert bohn("validate").code == 2
    assert bohn("frobnicate").code == 2
    assert bohn().code == 2
    run = bohn("rules", "show", "base", "--players", "9")
    assert run.code == 2 and "C503" in run.err


def test_unknown_ruleset_is_a_clean_error(bohn) -> None:
    run = bohn("rules", "show", "bsae")
    assert run.code == 1 and "O300" in run.err and "did you mean `base`" in run.err
    assert "Traceback" not in run.err


def test_rules_show_six_players(bohn) -> None:
    run = bohn("rules", "show", "base", "--players", "6")
    assert run.code == 0
    assert "3/4/5/6/6/6 cards" in run.out
    assert "Draw 4 cards" in run.out
    assert "2 coins each" in run.out
    assert "Removed at 6 players: Cocoa bean, Garden bean." in run.out


def test_rules_show_three_players(bohn) -> None:
    run = bohn("rules", "show", "base", "--players", "3", "--format", "json")
    data = json.loads(run.out)
    assert data["fields"] == {"start": 3, "max": 3, "extra_field_price": None, "paid_coins_go_to": "discard"}
    assert data["game_ends_at_runout"] == 2
    md = bohn("rules", "show", "base", "--players", "3").out
    assert "each player starts with 3" in md and "runs out for the second time" in md


def test_rules_show_two_player_duel(bohn) -> None:
    data = json.loads(bohn("rules", "show", "base", "--players", "2", "--format", "json").out)
    assert data["removed_beans"] == ["garden", "cocoa"] and data["draw"] == 2 and data["reveal"] == 3
    assert data["harvest_when"] == "own_turn" and data["fields"]["paid_coins_go_to"] == "out_of_game"
    assert [p["id"] for p in data["turn"]] == ["offer", "plant", "reveal", "draw"]


def test_rules_list(bohn) -> None:
    run = bohn("rules", "list")
    assert run.code == 0 and "base" in run.out and "2-7" in run.out
    lines = run.out.splitlines()
    column = lines[0].index("name")  # the names line up under the heading, however long the variants
    assert lines[1][column:] == "Bohnanza" and "High Bohn Plus" in [line[column:] for line in lines], run.out


def test_python_dash_m_runs_without_traceback() -> None:
    proc = subprocess.run([sys.executable, "-m", "engine", "rules", "show", "nothing"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 1 and "O300" in proc.stderr and "Traceback" not in proc.stderr


def test_usage_mistakes_have_a_code(bohn) -> None:
    run = bohn("play", "--players", "x")
    assert run.code == 2 and "error C500: argument --players" in run.err and "bohn play --help" in run.err


def test_a_two_player_ruleset_plays_without_players_given(bohn) -> None:
    # the default player count is 4 where the ruleset supports it, else its fewest: a
    # two-player game starts without --players 2 (it was C503 "supports 2-2 players, not 4")
    run = bohn("play", "--ruleset", "bohn_camillo", "--quiet", "--seed", "3")
    assert run.code == 0, run.err
    assert "C503" not in run.err and "greedy-1" in run.out and "greedy-2" not in run.out, run.out
    run = bohn("simulate", "--ruleset", "la_isla_bohnita_duel", "--games", "2", "--quiet", "--no-stats")
    assert run.code == 0 and "2 players" in run.out, run.err
    assert "4 players" in bohn("simulate", "--games", "2", "--quiet", "--no-stats").out
    run = bohn("sweep", "--ruleset", "bohn_camillo", "--set", "player_counts.2.field_price=2,3", "--games", "2", "--quiet")
    assert run.code == 0 and "2 players" in run.out, (run.out, run.err)
