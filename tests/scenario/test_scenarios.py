"""The scenario format, `bohn test`, mutation checking and the pytest plugin."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.scenario.model import load_scenarios
from engine.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "rulesets" / "scenarios"
SHIPPED = [sc for f in sorted(SUITE.rglob("*.scenario.yaml")) for sc in load_scenarios(f)]


def test_the_base_suite_is_substantial() -> None:
    assert len(SHIPPED) >= 40


@pytest.mark.parametrize("sc", SHIPPED, ids=[f"{s.file.stem}:{s.name}" for s in SHIPPED])
def test_every_shipped_scenario_fails_when_its_rule_is_changed(sc) -> None:  # type: ignore[no-untyped-def]
    assert sc.mutant is not None, "every shipped scenario names the rule change it must catch"
    assert run_scenario(sc).passed
    outcome = run_scenario(sc, mutant=True)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""


def test_bohn_test_output_and_exit_code(bohn) -> None:
    run = bohn("test", str(SUITE))
    assert run.code == 0
    assert run.out.strip().splitlines()[-1] == f"{len(SHIPPED)} passed, 0 failed"


FAILING = """\
ruleset: base
players: 4
scenarios:
  - name: wrong expectation
    setup:
      hands: {0: [chili]}
    steps:
      - do: {seat: 0, kind: plant, field: 0}
      - expect:
          fields: {0: [[soy], []]}
  - name: unexpected refusal
    steps:
      - do: {seat: 1, kind: pass}
  - name: refusal expected but allowed
    setup:
      hands: {0: [chili, chili]}
    steps:
      - do: {seat: 0, kind: plant, field: 0}
        error: G600
  - name: passes
    steps:
      - expect: {phase: plant}
"""


def test_failures_point_at_the_step_with_a_diff(bohn, tmp_path: Path) -> None:
    f = tmp_path / "x.scenario.yaml"
    f.write_text(FAILING)
    run = bohn("test", str(f))
    assert run.code == 1
    assert "x.scenario.yaml:9:9: error T703" in run.out
    assert "expected: [['soy'], []]" in run.out and "actual:   [['chili'], []]" in run.out
    assert ":13:9: error T704" in run.out or "error G601" in run.out or "T704" in run.out
    assert "error T705" in run.out
    assert run.out.strip().splitlines()[-1] == "1 passed, 3 failed"


@pytest.mark.parametrize(
    ("text", "code", "line", "col"),
    [
        ("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n      - do: {seat: 0, kind: jump}\n", "S204", 6, 29),
        ("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    stesp: []\n", "S202", 5, 5),
        ("ruleset: base\nscenarios:\n  - name: x\n    steps: [{expect: {phase: plant}}]\n", "S201", 3, 5),
        ("ruleset: bsae\nplayers: 4\nscenarios:\n  - name: x\n    steps: [{expect: {phase: plant}}]\n", "O300", 4, 5),
        ("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    rules: {toal: 1}\n    steps: [{expect: {phase: plant}}]\n", "O302", 5, 13),
    ],
)
def test_invalid_scenario_files_get_positions(bohn, tmp_path: Path, text: str, code: str, line: int, col: int) -> None:
    f = tmp_path / "bad.scenario.yaml"
    f.write_text(text)
    run = bohn("validate", str(f))
    assert run.code == 1
    assert f"bad.scenario.yaml:{line}:{col}: error {code}" in run.out, run.out


def test_unknown_expectation_key(bohn, tmp_path: Path) -> None:
    f = tmp_path / "k.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n      - expect: {hnads: {0: []}}\n")
    run = bohn("test", str(f))
    assert "T701" in run.out and "did you mean `hands`" in run.out


def test_mutants_flag_reports_survivors(bohn, tmp_path: Path) -> None:
    f = tmp_path / "m.scenario.yaml"
    f.write_text(
        "ruleset: base\nplayers: 4\nscenarios:\n  - name: weak\n    mutant: {player_counts: {4: {draw: 2}}}\n"
        "    steps:\n      - expect: {phase: plant}\n"
    )
    run = bohn("test", "--mutants", str(f))
    assert run.code == 1 and "T707" in run.out


def test_mutants_flag_fails_a_scenario_that_fails_as_written(bohn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`bohn test --mutants` of a scenario wrong by itself: a failure, not a caught mutant
    (it would fail with any mutant), and the exit code says so."""
    f = tmp_path / "m.scenario.yaml"
    f.write_text(
        "ruleset: base\nplayers: 4\nscenarios:\n  - name: wrong\n    mutant: {player_counts: {4: {draw: 2}}}\n"
        "    steps:\n      - expect: {phase: trade}\n"
        "  - name: right\n    mutant: {player_counts: {4: {fields: 3}}}\n"
        "    steps:\n      - expect: {fields: {0: [[], []]}}\n"
    )
    run = bohn("test", "--mutants", str(f))
    assert run.code == 1
    assert "FAIL " in run.out and "wrong (its mutant not checked: the scenario itself fails)" in run.out
    assert "1 mutants caught, 0 survived" in run.out and "1 passed, 1 failed" in run.out


def test_pytest_alone_runs_scenarios_in_a_fresh_folder(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("extends: base\nid: house\nname: House\nplayer_counts:\n  4: {field_price: 1}\n")
    (tmp_path / "house.scenario.yaml").write_text(
        "ruleset: house.yaml\nplayers: 4\nscenarios:\n"
        "  - name: fields are cheap\n    setup: {coins: {0: 1}}\n    steps:\n"
        "      - do: {seat: 0, kind: buy_field}\n      - expect: {coins: {0: 0}}\n"
        "  - name: this one fails\n    steps:\n      - expect: {phase: draw}\n"
    )
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert "1 passed" in proc.stdout and "1 failed" in proc.stdout, proc.stdout + proc.stderr
    assert "house.scenario.yaml:11:9: error T703" in proc.stdout


def test_setup_mistakes_are_reported_not_ignored(bohn, tmp_path: Path) -> None:
    f = tmp_path / "s.scenario.yaml"
    f.write_text(
        "ruleset: base\nplayers: 4\nscenarios:\n"
        "  - name: typo\n    setup: {hnads: {0: [red]}}\n    steps: [{expect: {phase: plant}}]\n"
        "  - name: bad rest\n    setup: {rest_to: out_of_g_ame}\n    steps: [{expect: {phase: plant}}]\n"
        "  - name: bad seat\n    setup: {hands: {7: [red]}}\n    steps: [{expect: {phase: plant}}]\n"
    )
    run = bohn("test", str(f))
    assert run.code == 1 and run.out.count("error G607") == 3
    assert "did you mean `hands`" in run.out and "did you mean `out_of_game`" in run.out and "seats are 0-3" in run.out


def test_a_house_rules_scenario_without_a_mutant_is_told_one_to_write(bohn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """T707's hint names a mutant that removes an effect of the scenario's own ruleset file,
    and that mutant, written in, is caught; a ruleset whose file declares no effect (the
    base game) gets no hint."""
    (tmp_path / "house.yaml").write_text(
        "extends: base\nid: house\nname: House\neffects:\n  +bonus:\n    description: A coin more for four.\n"
        "    effect: |\n      when harvested if event.beans >= 4 { gain(owner, 1) }\n")
    scenario = ("ruleset: house.yaml\nplayers: 4\nscenarios:\n  - name: four pay a coin more\n"
                "    setup: {fields: {0: [[blue, blue, blue, blue], []]}}\nMUTANT    steps:\n"
                "      - do: {seat: 0, kind: harvest, field: 0}\n      - expect: {coins: {0: 2}}\n")
    f = tmp_path / "h.scenario.yaml"
    f.write_text(scenario.replace("MUTANT", ""))
    run = bohn("test", "--mutants", str(f))
    assert run.code == 1 and "T707" in run.out
    assert "hint: Add a rule change the scenario must catch, e.g. `mutant: {effects: {-bonus: ~}}` " \
           "(the ruleset without its effect `bonus`)." in run.out
    f.write_text(scenario.replace("MUTANT", "    mutant: {effects: {-bonus: ~}}\n"))
    run = bohn("test", "--mutants", str(f))
    assert run.code == 0 and "1 mutants caught, 0 survived" in run.out
    plain = tmp_path / "p.scenario.yaml"
    plain.write_text("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps: [{expect: {phase: plant}}]\n")
    run = bohn("test", "--mutants", str(plain))
    assert "T707" in run.out and "hint:" not in run.out
