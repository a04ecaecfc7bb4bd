"""`bohn simulate`: statistics per seat, progress, and paired comparison of rulesets."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rules.loader import load_ruleset
from engine.sim.simulate import paired_difference, simulate


def test_statistics_add_up() -> None:
    stats = simulate(load_ruleset("base"), 3, 12, seed=5, bots=["greedy"])
    assert stats.games == 12 and stats.runaway == 0
    assert abs(sum(s.wins for s in stats.seats) - 12) < 1e-9, "ties are split, so wins add up to the games"
    assert all(len(s.scores) == 12 for s in stats.seats)
    assert stats.mean_turns > 3


def test_same_seeds_same_numbers() -> None:
    a = simulate(load_ruleset("base"), 4, 5, seed=1)
    b = simulate(load_ruleset("base"), 4, 5, seed=1)
    assert a.per_game_scores == b.per_game_scores
    mean, se, n = paired_difference(a, b)
    assert (mean, n) == (0.0, 5) and se == 0.0


def test_cli_text_and_progress(bohn) -> None:
    run = bohn("simulate", "--games", "6", "--players", "4")
    assert run.code == 0
    assert "6 games, 4 players" in run.out and "wins" in run.out
    assert "6/6 games" in run.err, "progress goes to stderr"


def test_cli_compare_json(bohn, tmp_path: Path) -> None:
    house = tmp_path / "cheap.yaml"
    house.write_text("extends: base\nid: cheap\nname: Cheap fields\nplayer_counts:\n  4: {field_price: 1}\n")
    run = bohn("simulate", "--games", "8", "--compare", str(house), "--format", "json")
    assert run.code == 0 and run.err == ""
    data = json.loads(run.out)
    assert [r["ruleset"] for r in data["runs"]] == ["base", "cheap"]
    assert data["comparison"]["paired_games"] == 8


def test_cli_errors(bohn) -> None:
    assert bohn("simulate", "--games", "0").code == 2
    assert bohn("simulate", "--players", "9").code == 2
    assert bohn("simulate", "--compare", "nope").code == 1


def test_parallel_jobs_give_the_same_numbers() -> None:
    rules = load_ruleset("base")
    one = simulate(rules, 4, 10, seed=3)
    two = simulate(rules, 4, 10, seed=3, jobs=2, ref="base")
    assert one.per_game_scores == two.per_game_scores
    assert [s.wins for s in one.seats] == [s.wins for s in two.seats]
