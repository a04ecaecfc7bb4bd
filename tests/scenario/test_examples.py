"""The house-rule examples in ``rulesets/examples/`` validate, play and prove themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules.loader import check_path, load_ruleset
from engine.scenario.model import load_scenarios
from engine.scenario.run import run_scenario
from engine.sim.play import make_agents, play_game

EXAMPLES = Path(__file__).resolve().parents[2] / "rulesets" / "examples"
RULESETS = sorted(p for p in EXAMPLES.glob("*.yaml") if not p.name.endswith(".scenario.yaml"))
SCENARIOS = [sc for f in sorted(EXAMPLES.glob("*.scenario.yaml")) for sc in load_scenarios(f)]


def test_there_are_examples() -> None:
    assert any(p.stem == "edition_104" for p in RULESETS)
    assert len(SCENARIOS) >= 4


@pytest.mark.parametrize("path", RULESETS, ids=[p.stem for p in RULESETS])
def test_example_validates_and_plays_at_every_player_count(path: Path) -> None:
    assert [d.format() for d in check_path(path) if d.severity == "error"] == []
    rules = load_ruleset(str(path))
    for players in range(rules.min_players, rules.max_players + 1):
        played = play_game(rules, players, 3, make_agents(["greedy"], players, 3))
        assert played.game.over and played.game.winners


@pytest.mark.parametrize("sc", SCENARIOS, ids=[f"{s.file.stem}:{s.name}" for s in SCENARIOS])
def test_example_scenarios_pass_and_catch_their_mutants(sc) -> None:  # type: ignore[no-untyped-def]
    outcome = run_scenario(sc)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""
    outcome = run_scenario(sc, mutant=True)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""


def test_edition_104_has_104_cards_for_two_to_five_players() -> None:
    rules = load_ruleset(str(EXAMPLES / "edition_104.yaml"))
    assert (rules.min_players, rules.max_players) == (2, 5)
    assert sum(b.count for b in rules.beans) == 104
    assert {b.id for b in rules.beans} == {"blue", "chili", "stink", "green", "soy", "black_eyed", "red", "garden"}
    assert rules.row(3).fields == 3 and rules.row(3).max_fields == 3 and rules.row(3).end_after_runouts == 3
    assert rules.row(2).remove_beans == ("garden",) and rules.row(2).turn == "duel"
