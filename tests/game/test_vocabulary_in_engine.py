"""Every statement of the effect vocabulary is run by the engine's own world in a test
that checks its result (issue 20's "done means").

The language's tests run statements on their own table world (``engine.lang.world``);
``tests/lang/test_vocabulary_coverage.py`` finds, for each vocabulary entry, a shipped
scenario whose mutant takes a use of it out. That alone does not show the statement ran:
the mutant could fail for another reason, or the statement could sit in a branch the game
never reached. Here each statement's scenario is played by the real engine with
``GameEffects.do`` (the engine world's one entry for statements) recording what it was
asked to do: the statement must have been run, by the engine, in a scenario that passes,
and the same scenario's mutant without it must fail, so its result is what was checked.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.game.effects import GameEffects
from engine.lang import vocab as V
from engine.scenario.run import run_scenario
from tests.lang.test_vocabulary_coverage import coverage


def _run_recording(monkeypatch: pytest.MonkeyPatch, sc: Any) -> tuple[Any, Counter[str]]:
    """Play a scenario with the engine world counting the statements it performs."""
    ran: Counter[str] = Counter()
    original = GameEffects.do

    def do(self: GameEffects, statement: str, args: dict[str, Any], rule: Any = None) -> None:
        ran[statement] += 1
        original(self, statement, args, rule)

    with monkeypatch.context() as m:
        m.setattr(GameEffects, "do", do)
        outcome = run_scenario(sc)
    return outcome, ran


@pytest.mark.parametrize("name", sorted(V.STATEMENTS))
def test_the_engine_runs_the_statement_in_a_scenario_that_checks_it(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    scenarios = coverage().get(("statement", name), [])
    assert scenarios, f"`{name}`: no shipped scenario's mutant takes it out"
    for sc in scenarios:
        outcome, ran = _run_recording(monkeypatch, sc)
        if not ran[name]:
            continue  # the scenario names it but this game never reached it: try the next one
        assert outcome.passed, outcome.failure.format() if outcome.failure else ""
        caught = run_scenario(sc, mutant=True)
        assert caught.passed, f"{sc.file.name}: {sc.name}: the mutant without `{name}` still passes"
        return
    pytest.fail(f"`{name}`: none of {[sc.name for sc in scenarios]} makes the engine run it")


def test_the_recording_sees_only_what_was_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above is not vacuous: a scenario runs some statements and not others."""
    sc = coverage()[("statement", "add_counter")][0]
    outcome, ran = _run_recording(monkeypatch, sc)
    assert outcome.passed
    assert ran["add_counter"] >= 1
    assert set(ran) < set(V.STATEMENTS), f"{sc.name} cannot run every statement: {sorted(ran)}"
