"""Scenarios that start anywhere: counters, run-outs, the final round, a phase and step
taken up without firing start events again, and the complete contents of any zone."""

from __future__ import annotations

from pathlib import Path

from engine.scenario.model import load_scenarios
from engine.scenario.run import run_scenario

COUNTING = """\
ruleset: base
players: 4
scenarios:
  - name: resumed
    rules:
      effects:
        +count_starts:
          description: Counts the turns and the trade phases a player begins.
          effect: |
            when turn_began { add_counter(owner, "turns", 1) }
            when phase_began if event.phase == "trade" { add_counter(owner, "trades", 1) }
    setup:
      hands: {0: [chili, wax]}
      revealed: [soy, blue]
      draw_pile: [red, red, red]
      counters: {0: {turns: 5, trades: 2}}
      rest_to: out_of_game
      phase: trade
      step: trade
      RESUME
    steps:
      - expect:
          phase: trade
          step: trade
          revealed: [soy, blue]
          counters: {0: {turns: TURNS, trades: TRADES}}
          contents: {draw_pile: [red, red, red], hands: {0: [chili, wax]}, fields: {0: [[], []]}}
      - do: {seat: 0, kind: end_trading}
      - do: {seat: 1, kind: pass}
      - do: {seat: 2, kind: pass}
      - do: {seat: 3, kind: pass}
      - expect:
          set_aside: {0: [soy, blue]}
          contents: {set_aside: {0: [soy, blue], 1: []}, revealed: []}
"""


def _run(tmp_path: Path, text: str) -> str | None:
    f = tmp_path / "p.scenario.yaml"
    f.write_text(text)
    [sc] = load_scenarios(f)
    outcome = run_scenario(sc)
    return None if outcome.passed else outcome.failure.format()  # type: ignore[union-attr]


def test_a_resumed_position_fires_no_start_events_and_keeps_its_counters(tmp_path: Path) -> None:
    text = COUNTING.replace("RESUME", "resume: true").replace("TURNS", "5").replace("TRADES", "2")
    assert _run(tmp_path, text) is None


def test_without_resume_the_turn_and_phase_begin_again(tmp_path: Path) -> None:
    text = COUNTING.replace("RESUME", "resume: false").replace("TURNS", "6").replace("TRADES", "3")
    assert _run(tmp_path, text) is None
    wrong = COUNTING.replace("RESUME", "resume: false").replace("TURNS", "5").replace("TRADES", "2")
    failure = _run(tmp_path, wrong)
    assert failure is not None and "counters.0.turns" in failure and "actual:   6" in failure


def test_starting_at_a_step_skips_the_steps_before_it(tmp_path: Path) -> None:
    # without `step: trade` the reveal step would run and turn up two more cards
    text = COUNTING.replace("RESUME", "resume: true").replace("TURNS", "5").replace("TRADES", "2")
    failure = _run(tmp_path, text.replace("      step: trade\n      resume", "      resume"))
    assert failure is not None and "revealed" in failure


def test_contents_compare_every_card_of_a_zone(tmp_path: Path) -> None:
    text = COUNTING.replace("RESUME", "resume: true").replace("TURNS", "5").replace("TRADES", "2")
    failure = _run(tmp_path, text.replace("draw_pile: [red, red, red], hands", "draw_pile: [red, red], hands"))
    assert failure is not None and "contents.draw_pile" in failure
    failure = _run(tmp_path, text.replace("contents: {draw_pile", "contents: {draw_piles"))
    assert failure is not None and "T701" in failure and "did you mean" in failure


FINAL = """\
ruleset: base
players: 4
scenarios:
  - name: final round
    setup:
      hands: {0: [chili]}
      revealed: [soy]
      draw_pile: [red, red, red]
      phase: trade
      step: trade
      resume: true
      FINAL
    steps:
      - expect: {final_round: EXPECTED, runouts: 0}
      - do: {seat: 0, kind: end_trading}
      - do: {seat: 1, kind: pass}
      - do: {seat: 2, kind: pass}
      - do: {seat: 3, kind: pass}
      - do: {seat: 0, kind: plant, field: 0, card: 0}
      - expect: {game_over: EXPECTED}
"""


def test_a_position_in_the_final_round_ends_after_the_finishing_phases(tmp_path: Path) -> None:
    assert _run(tmp_path, FINAL.replace("FINAL", "final_round: true").replace("EXPECTED", "true")) is None
    assert _run(tmp_path, FINAL.replace("FINAL", "final_round: false").replace("EXPECTED", "false")) is None


def test_enough_runouts_imply_the_final_round(tmp_path: Path) -> None:
    assert _run(tmp_path, FINAL.replace("FINAL", "runouts: 3").replace("EXPECTED", "true").replace("runouts: 0", "runouts: 3")) is None


def test_bad_step_and_counters_without_effects_are_set_up_errors(tmp_path: Path) -> None:
    bad_step = FINAL.replace("FINAL", "final_round: true").replace("step: trade", "step: trad").replace("EXPECTED", "true")
    failure = _run(tmp_path, bad_step)
    assert failure is not None and "G607" in failure and "did you mean" in failure
    counters = FINAL.replace("FINAL", "counters: {0: {x: 1}}").replace("EXPECTED", "false")
    failure = _run(tmp_path, counters)
    assert failure is not None and "G607" in failure and "counters" in failure
