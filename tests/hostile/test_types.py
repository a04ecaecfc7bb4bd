"""Integers are integers, YAML 1.1 surprises read as YAML 1.2, identifiers hold no
control characters, set-ups respect the ruleset, mutants must load."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.conftest import house


@pytest.mark.parametrize("body, code", [
    ("players: {min: 2.0, max: 5}\n", "S203"),
    ("player_counts:\n  4: {draw: 3.0}\n", "S203"),
    ("player_counts:\n  4: {draw: 1e2}\n", "S203"),
    ("player_counts:\n  4: {draw: .inf}\n", "S203"),
    ("player_counts:\n  4: {draw: 1:30}\n", "S203"),  # YAML 1.1 would read 90
    ("player_counts:\n  4: {draw: " + "9" * 5000 + "}\n", "Y111"),
    ("player_counts:\n  4: {draw: -" + "9" * 30 + "}\n", "Y111"),
    ("player_counts:\n  4: {draw: !!int yes}\n", "Y106"),
    ('id: "h\\n"\n', "S204"),
    ('id: "h\\u001b[31m"\n', "S204"),
])
def test_numbers_and_identifiers(limited, tmp_path: Path, body: str, code: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text("extends: base\n" + body)
    run = limited("validate", "t.yaml")
    assert run.code == 1 and f"error {code}" in run.out, run.out


def test_yes_and_no_are_text_where_text_is_meant(limited, tmp_path: Path) -> None:
    house(tmp_path, "description: yes\n")
    run = limited("rules", "show", "house.yaml", "--format", "json")
    assert run.code == 0


def test_leading_zero_is_decimal(tmp_path: Path) -> None:
    from engine.rules.yamlload import load_text

    assert load_text("a: 012\nb: 0o12\nc: 1:30\nd: on\n", "x") == {"a": 12, "b": 10, "c": "1:30", "d": "on"}


def test_rules_show_with_zero_players(limited) -> None:
    run = limited("rules", "show", "base", "--players", "0")
    assert run.code == 2 and "C503" in run.err


SCENARIO = """ruleset: base
players: 3
scenarios:
  - name: hostile
{extra}    steps:
{steps}"""


def _scenario(tmp_path: Path, extra: str = "", steps: str = "      - expect: {turn: 1}\n") -> Path:
    path = tmp_path / "x.scenario.yaml"
    path.write_text(SCENARIO.format(extra=extra, steps=steps))
    return path


@pytest.mark.parametrize("extra, steps, codes", [
    ("    setup:\n      fields: {0: [" + ", ".join(["[]"] * 1000) + "]}\n", "      - expect: {turn: 1}\n", ["G607"]),
    ("    setup:\n      coins: {0: 100000}\n", "      - expect: {turn: 1}\n", ["G607"]),
    ("    setup:\n      hands: {99: [red]}\n", "      - expect: {turn: 1}\n", ["G607", "S204"]),
    ("    setup:\n      hands: {" + "9" * 400 + ": [red]}\n", "      - expect: {turn: 1}\n", ["S204", "Y111"]),
    ("    setup:\n      active: 99\n", "      - expect: {turn: 1}\n", ["G607"]),
    ("", "      - do: {seat: 99, kind: plant, field: 0}\n", ["T704"]),
    ("", "      - do: {seat: 0, kind: plant, field: 99}\n", ["T704"]),
    ("", "      - expect: {hands: {99: [red]}}\n", ["T703", "T701"]),
    ("", "      - expect: {fields: {99: []}}\n", ["T703", "T701"]),
    ("", "      - do: {seat: 0, kind: propose, target: 99, give: [hand:0]}\n", ["T704"]),
    ("    seed: " + "9" * 40 + "\n", "      - expect: {turn: 1}\n", ["Y111"]),
])
def test_scenarios_with_out_of_range_names(limited, tmp_path: Path, extra: str, steps: str, codes: list[str]) -> None:
    _scenario(tmp_path, extra, steps)
    run = limited("test", "x.scenario.yaml")
    assert run.code == 1 and any(c in run.out for c in codes), run.out


def test_a_mutant_that_does_not_load_is_not_caught(limited, tmp_path: Path) -> None:
    _scenario(tmp_path, "    mutant: {nope: 1}\n")
    run = limited("test", "--mutants", "x.scenario.yaml")
    assert run.code == 1 and "T715" in run.out and "0 mutants caught" in run.out
