"""Rulesets that validate cannot exhaust memory or time: one work budget per decision
shared by every trigger it sets off, limits on lists and numbers, schema maxima on every
ruleset number, a fixed bound on a game's actions, bounded command-line numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.conftest import effect, house


def _doubling(n: int) -> str:
    return "when turn_began { let x0 = [1] " + " ".join(f"let x{i + 1} = x{i} + x{i}" for i in range(n)) + " }"


def _squaring(n: int) -> str:
    return "when turn_began { let n0 = 2 " + " ".join(f"let n{i + 1} = n{i} * n{i}" for i in range(n)) + " }"


@pytest.mark.parametrize("snippet, codes", [
    (_doubling(40), ["L820"]),
    (_squaring(28), ["L821"]),
    ("when turn_began { repeat 1000000000000 { set_counter(owner, \"a\", 1) } }", ["L808"]),
    ("when turn_began { let n = 999999999999999 * 999999999999999 }", ["L821"]),
    # fan-out: every trigger below stays under the budget alone; one decision sets off six of them
    ("when turn_began by anyone { repeat 60000 { set_counter(owner, \"a\", 1) } }\n"
     "when turn_began by anyone { repeat 60000 { set_counter(owner, \"b\", 1) } }", ["L808"]),
    ("when turn_began { for a in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] { for b in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] { "
     "for c in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] { for d in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] { for e in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] { "
     "set_counter(owner, \"a\", a) } } } } } }", ["L808"]),
])
def test_runaway_effects_end_with_a_code(limited, tmp_path: Path, snippet: str, codes: list[str]) -> None:
    effect(tmp_path, snippet)
    assert limited("validate", "house.yaml").code == 0  # all of these pass validation
    run = limited("play", "--ruleset", "house.yaml", "--players", "3", "--quiet")
    assert run.code == 1 and any(f"error {c}" in run.err for c in codes), run.err


def test_cancel_outside_an_action_is_refused_before_play(limited, tmp_path: Path) -> None:
    effect(tmp_path, "when turn_began { cancel }")
    assert "error T730" in limited("validate", "house.yaml").out
    assert limited("play", "--ruleset", "house.yaml", "--players", "3", "--quiet").code == 1


def test_runaway_rules_in_simulate_are_counted_not_fatal(limited, tmp_path: Path) -> None:
    effect(tmp_path, _doubling(40))
    run = limited("simulate", "--ruleset", "house.yaml", "--players", "3", "--games", "3", "--quiet")
    assert run.code == 1 and "3 of 3 game(s) stopped" in run.out and "L820" in run.text


def test_free_fields_without_limit_still_end(limited, tmp_path: Path) -> None:
    effect(tmp_path, "modify max_fields = 1000000\nmodify field_price = 0")
    run = limited("play", "--ruleset", "house.yaml", "--players", "3", "--quiet", "--bots", "random")
    assert run.code in (0, 1) and ("winner" in run.out or "G606" in run.err), run.text


def test_a_game_whose_deck_never_runs_out_stops(limited, tmp_path: Path) -> None:
    house(tmp_path, "player_counts:\n  3: {draw: 0, reveal: 0}\n")
    run = limited("play", "--ruleset", "house.yaml", "--players", "3", "--quiet", "--bots", "random", "--no-trading")
    assert run.code in (0, 1) and ("winner" in run.out or "G606" in run.err), run.text


@pytest.mark.parametrize("body", [
    "beans:\n  red: {count: 100000000}\n",
    "player_counts:\n  4: {end_after_runouts: 1000000000}\n",
    "player_counts:\n  4: {draw: 100000}\n",
    "player_counts:\n  4: {field_price: 99999999}\n",
    "player_counts:\n  4: {deal: 100000}\n",
])
def test_huge_ruleset_numbers_are_schema_errors(limited, tmp_path: Path, body: str) -> None:
    (tmp_path / "t.yaml").write_text("extends: base\n" + body)
    run = limited("validate", "t.yaml")
    assert run.code == 1 and ("error S204" in run.out or "error S203" in run.out), run.out


@pytest.mark.parametrize("args, code", [
    (["simulate", "--games", "99999999999999"], "C511"),
    (["simulate", "--games", "0"], "C511"),
    (["simulate", "--jobs", "100000"], "C511"),
    (["play", "--players", "99999999999999999999"], "C503"),
    (["play", "--seed", "9" * 5000], "C500"),
])
def test_command_line_numbers_are_bounded(limited, args: list[str], code: str) -> None:
    run = limited(*args)
    assert run.code == 2 and code in run.err, run.err
