"""What a scenario author sees, pinned down where mutation testing found it unchecked
(issue 20): the failure report's layout, and `contents` on a ruleset whose zones are not
named like the base game's (the aliases draw_pile/hands/fields must still work)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.errors import Span
from engine.scenario.model import load_scenarios
from engine.scenario.run import Failure, run_scenario

ROOT = Path(__file__).resolve().parents[2]


def test_a_failure_without_a_position_reports_code_message_and_diffs_only() -> None:
    report = Failure("T703", "expectation not met", None, [("coins.0", 2, 1), ("phase", "plant", "trade")]).format()
    assert report == ("error T703: expectation not met\n"
                      "  coins.0:\n    expected: 2\n    actual:   1\n"
                      "  phase:\n    expected: 'plant'\n    actual:   'trade'")


def test_a_failure_with_a_position_shows_the_line_under_a_caret(tmp_path: Path) -> None:
    f = tmp_path / "x.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 4\n", encoding="utf-8")
    report = Failure("T705", "was allowed", Span(str(f), 2, 10)).format()
    assert report == f"{f}:2:10: error T705: was allowed\n  2 | players: 4\n    |          ^"


def _renamed_ruleset(folder: Path) -> None:
    """The base game with its deck, hand and field zones under other ids."""
    text = (ROOT / "rulesets" / "base.yaml").read_text(encoding="utf-8")
    text = re.sub(r"\bdraw_pile\b", "stock", text).replace("id: hand,", "id: palm,").replace("id: fields,", "id: beds,")
    assert "id: stock," in text and "id: palm," in text and "id: beds," in text
    (folder / "renamed.yaml").write_text(text, encoding="utf-8")


RENAMED = """\
ruleset: renamed.yaml
players: 4
scenarios:
  - name: renamed zones
    setup:
      hands: {0: [chili, wax]}
      draw_pile: [red, soy, blue]
      fields: {1: [[soy, soy], []]}
      rest_to: out_of_game
    steps:
      - do: {seat: 0, kind: plant, field: 0}
      - expect:
          contents: CONTENTS
"""


def _contents(tmp_path: Path, contents: str) -> str | None:
    _renamed_ruleset(tmp_path)
    f = tmp_path / "r.scenario.yaml"
    f.write_text(RENAMED.replace("CONTENTS", contents), encoding="utf-8")
    [sc] = load_scenarios(f)
    outcome = run_scenario(sc)
    return None if outcome.failure is None else outcome.failure.format()


def test_contents_aliases_name_the_deck_hand_and_fields_whatever_their_ids(tmp_path: Path) -> None:
    good = "{draw_pile: [red, soy, blue], hands: {0: [wax]}, fields: {0: [[chili], []], 1: [[soy, soy], []]}}"
    assert _contents(tmp_path, good) is None
    by_id = "{stock: [red, soy, blue], palm: {0: [wax]}, beds: {0: [[chili], []], 1: [[soy, soy], []]}}"
    assert _contents(tmp_path, by_id) is None


def test_contents_of_fields_report_the_beans_planted_and_no_seat_past_the_last(tmp_path: Path) -> None:
    report = _contents(tmp_path, "{fields: {0: [[wax], []], 4: [[]]}}")
    assert report is not None and "error T703" in report
    assert "contents.fields.0:\n    expected: [['wax'], []]\n    actual:   [['chili'], []]" in report
    assert "contents.fields.4:\n    expected: [[]]\n    actual:   None" in report
    report = _contents(tmp_path, "{beds: {1: [[soy], []]}}")
    assert report is not None and "contents.beds.1:\n    expected: [['soy'], []]\n    actual:   [['soy', 'soy'], []]" in report
