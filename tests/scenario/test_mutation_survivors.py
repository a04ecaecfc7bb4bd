"""What a scenario author sees, pinned down where mutation testing found it unchecked
(issue 20): the failure report's layout, and `contents` on a ruleset whose zones are not
named like the base game's (the aliases draw_pile/hands/fields must still work)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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
    report = _contents(tmp_path, "{hands: {0: [wax], 4: []}}")
    assert report is not None and "contents.hands.4:\n    expected: []\n    actual:   None" in report
    report = _contents(tmp_path, "{fields: {0: [[wax], []], 4: [[]]}}")
    assert report is not None and "error T703" in report
    assert "contents.fields.0:\n    expected: [['wax'], []]\n    actual:   [['chili'], []]" in report
    assert "contents.fields.4:\n    expected: [[]]\n    actual:   None" in report
    report = _contents(tmp_path, "{beds: {1: [[soy], []]}}")
    assert report is not None and "contents.beds.1:\n    expected: [['soy'], []]\n    actual:   [['soy', 'soy'], []]" in report


def _refused(tmp_path: Path, text: str) -> list[Any]:
    """The diagnostics of loading a scenario file holding ``text``, which must be refused."""
    import pytest

    from engine.errors import BohnError

    f = tmp_path / "m.scenario.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(BohnError) as info:
        load_scenarios(f)
    return list(info.value.diagnostics)


def test_a_misspelt_expectation_is_named_at_its_key_and_other_problems_are_kept(tmp_path: Path) -> None:
    found = [(d.code, d.span.line if d.span else None, d.span.col if d.span else None, d.message) for d in _refused(
        tmp_path, "ruleset: base\nplayers: 3\nscenarios:\n  - oops\n  - name: misspelt\n    steps:\n"
                  "      - expect: {feilds: {0: [[]]}, phase: plant}\n      - expect: {hand_size: {0: 1}}\n")]
    assert found[:2] == [("T701", 7, 18, "unknown expectation `feilds` (did you mean `fields`?)"),
                         ("T701", 8, 18, "unknown expectation `hand_size` (did you mean `hand_sizes`?)")]
    assert [(code, line) for code, line, _, _ in found[2:]] == [("S203", 4)], "the schema's other complaints stay"


def _failure(tmp_path: Path, text: str, *, mutant: bool = False) -> Failure | None:
    """The failure of the one scenario of a file holding ``text`` (None: it passed)."""
    f = tmp_path / "e.scenario.yaml"
    f.write_text(text, encoding="utf-8")
    [sc] = load_scenarios(f)
    return run_scenario(sc, mutant=mutant).failure


def _outcome(tmp_path: Path, text: str) -> str | None:
    failure = _failure(tmp_path, text)
    return None if failure is None else failure.format()


EVENTS = """\
ruleset: base
players: 4
scenarios:
  - name: events since the previous expect
    setup:
      hands: {0: [chili, wax]}
    steps:
      - do: {seat: 0, kind: plant, field: 0}
      - expect: {events: [{type: planted, seat: 0, bean: chili}]}
      - expect: {events: [{type: planted, seat: 0, bean: chili}]}
"""


def test_events_look_only_at_what_happened_since_the_previous_expect(tmp_path: Path) -> None:
    report = _outcome(tmp_path, EVENTS)
    assert report is not None and ":10:9: error T703" in report and "actual:   'no such event'" in report
    assert _outcome(tmp_path, EVENTS.rsplit("      - expect", 1)[0]) is None


def test_an_action_name_for_a_seat_without_declared_actions_says_so(tmp_path: Path) -> None:
    report = _outcome(tmp_path, "ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n"
                                "      - do: {seat: 0, kind: act, action: bonus}\n")
    assert report is not None and "error T702: the ruleset declares no action `bonus` for seat 0; seat 0 owns no declared action" in report


def test_a_scenario_without_players_or_ruleset_names_the_missing_one(tmp_path: Path) -> None:
    import pytest

    from engine.errors import BohnError

    for missing, text in (("players", "ruleset: base\n"), ("ruleset", "players: 3\n")):
        f = tmp_path / "n.scenario.yaml"
        f.write_text(text + "scenarios:\n  - name: x\n    steps: [{expect: {phase: plant}}]\n", encoding="utf-8")
        with pytest.raises(BohnError) as info:
            load_scenarios(f)
        assert info.value.diagnostics[0].message == f"scenario `x` needs `{missing}` (here or at the top of the file)"


def test_winners_before_the_end_hand_sizes_and_items_of_a_game_without_items(tmp_path: Path) -> None:
    text = ("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    setup:\n      hands: {0: [chili, wax]}\n"
            "    steps:\n      - expect: {items_available: [], items_removed: [], items: {0: []}}\n      - expect: EXPECT\n")
    assert _outcome(tmp_path, text.replace("EXPECT", "{hand_sizes: {0: 2}}")) is None
    report = _outcome(tmp_path, text.replace("EXPECT", "{hand_sizes: {0: 3}, winners: []}"))
    assert report is not None
    assert "hand_sizes.0:\n    expected: 3\n    actual:   2" in report
    assert "winners:\n    expected: []\n    actual:   None" in report, "no winners before the game is over"


ZONES = """\
ruleset: base
players: 4
scenarios:
  - name: sizes
    setup:
      hands: {0: [chili, wax]}
      draw_pile: [red, soy, blue]
      rest_to: out_of_game
    steps:
      - expect: EXPECT
"""


def test_zone_sizes_decider_step_and_the_draw_pile_top_first(tmp_path: Path) -> None:
    good = "{zone_sizes: {draw_pile: 3, discard: 0}, decider: 0, step: plant_from_hand, active: 0, turn: 1, draw_pile: [red, soy]}"
    assert _outcome(tmp_path, ZONES.replace("EXPECT", good)) is None, _outcome(tmp_path, ZONES.replace("EXPECT", good))
    report = _outcome(tmp_path, ZONES.replace("EXPECT", "{zone_sizes: {draw_pile: 2}, decider: 1, draw_pile: [soy]}"))
    assert report is not None
    assert "zone_sizes.draw_pile:\n    expected: 2\n    actual:   3" in report
    assert "decider:\n    expected: 1\n    actual:   0" in report
    assert "draw_pile:\n    expected: ['soy']\n    actual:   ['red']" in report


def test_an_unknown_zone_or_expectation_is_named(tmp_path: Path) -> None:
    report = _outcome(tmp_path, ZONES.replace("EXPECT", "{zone_sizes: {hand: 2}}"))
    assert report is not None and "error T701: no shared zone `hand`" in report
    report = _outcome(tmp_path, ZONES.replace("EXPECT", "{revealedd: [soy]}"))
    assert report is not None and "error T701: cannot check `revealedd`: not an expectation or a zone (did you mean `revealed`?)" in report


def test_a_near_miss_of_an_expectation_that_looks_like_a_zone_gets_a_suggestion(tmp_path: Path) -> None:
    for key, meant in (("activ", "active"), ("countrs", "counters"), ("not_legl", "not_legal")):
        report = _outcome(tmp_path, ZONES.replace("EXPECT", f"{{{key}: [soy]}}"))
        assert report is not None and f"cannot check `{key}`: not an expectation or a zone (did you mean `{meant}`?)" in report


def test_cards_of_an_unknown_bean_and_the_draw_pile_of_a_renamed_deck(tmp_path: Path) -> None:
    report = _outcome(tmp_path, ZONES.replace("EXPECT", "{cards: {nosuch: 0, chili: 18}}"))
    assert report is not None and "cards.nosuch:\n    expected: 0\n    actual:   None" in report
    assert "cards.chili" not in report, "the base game has 18 chili beans"
    _renamed_ruleset(tmp_path)
    f = tmp_path / "r.scenario.yaml"
    f.write_text(RENAMED.replace("contents: CONTENTS", "draw_pile: [red, soy]\n          zone_sizes: {draw_pile: 3}"), encoding="utf-8")
    [sc] = load_scenarios(f)
    assert run_scenario(sc).failure is None


def test_a_mutant_that_does_not_load_gives_an_outcome_of_the_mutant_run(tmp_path: Path) -> None:
    # `bohn test --mutants` and the pytest plugin read the outcome: a T715 failure, marked
    # as the mutant's (not a plain run's failure)
    f = tmp_path / "m.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    mutant: {nope: 1}\n"
                 "    steps: [{expect: {phase: plant}}]\n", encoding="utf-8")
    [sc] = load_scenarios(f)
    outcome = run_scenario(sc, mutant=True)
    assert outcome.failure is not None and outcome.failure.code == "T715" and outcome.mutant is True
    assert run_scenario(sc).mutant is False and run_scenario(sc).passed


# -- a fresh sample of engine/scenario (30, seed 21, at 1f9505b): what an author reads


def test_a_near_miss_of_an_expectation_with_a_zone_s_shape_is_taken_as_a_zone(tmp_path: Path) -> None:
    """A key close to an expectation whose value the schema takes (a zone's cards) is not
    called a misspelling because the file has some other problem (a 2026-12-03 mutant)."""
    import pytest

    from engine.errors import BohnError

    f = tmp_path / "m.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 3\nscenarios:\n  - oops\n  - name: zone\n    steps:\n"
                 "      - expect: {fieldz: [soy]}\n", encoding="utf-8")
    with pytest.raises(BohnError) as info:
        load_scenarios(f)
    assert [(d.code, d.span.line if d.span else None) for d in info.value.diagnostics] == [("S203", 4)]


def test_an_unknown_zone_is_t701_at_its_step(tmp_path: Path) -> None:
    report = _outcome(tmp_path, ZONES.replace("EXPECT", "{zone_sizes: {hand: 2}}"))
    assert report is not None and "e.scenario.yaml:10:9: error T701: no shared zone `hand`" in report, report


def test_a_zone_of_a_seat_past_the_last_reads_as_none(tmp_path: Path) -> None:
    report = _outcome(tmp_path, ZONES.replace("EXPECT", "{hand: {3: [], 4: [soy]}}"))
    assert report is not None and "hand.4:\n    expected: ['soy']\n    actual:   None" in report, report


def test_a_near_miss_of_the_hand_sizes_gets_a_suggestion(tmp_path: Path) -> None:
    report = _outcome(tmp_path, ZONES.replace("EXPECT", "{hand_sizs: [soy]}"))
    assert report is not None and "(did you mean `hand_sizes`?)" in report, report


def test_an_unknown_action_name_lists_the_seat_s_actions_and_what_action_takes(tmp_path: Path) -> None:
    failure = _failure(tmp_path, "ruleset: high_bohn_plus\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n"
                                 "      - do: {seat: 0, kind: act, action: fil_order}\n")
    assert failure is not None and failure.code == "T702"
    assert failure.message == ("the ruleset declares no action `fil_order` for seat 0 (did you mean `fill_order`?); "
                               "seat 0 may take: fill_order.fill_order")
    # the hint of the refusal reaches the author (`bohn test` printed none before 2026-12-03)
    assert failure.format().endswith(
        "\n  hint: `action:` takes the action's name, the id of the item or effect that declares it, or `id.name`")


def test_contents_naming_no_zone_is_t701_at_its_step(tmp_path: Path) -> None:
    report = _contents(tmp_path, "{nosuch: [red]}")
    assert report is not None and report.startswith(f"{tmp_path / 'r.scenario.yaml'}:") and " error T701: " in report.splitlines()[0], report


# -- a fresh sample of engine/scenario (30, seed 22, at 8c1d5f1): the checks and places an author reads


def test_an_action_that_cannot_be_read_is_t702_at_its_place() -> None:
    """``parse_action`` (the scenario runner's and `bohn validate`'s reader of a `do` step;
    a file's schema already refuses most such actions) names the action and the reason."""
    import pytest

    from engine.errors import BohnError
    from engine.scenario.model import parse_action

    with pytest.raises(BohnError) as caught:
        parse_action({"seat": "first", "kind": "pass"}, Span("s.scenario.yaml", 7, 9))
    d = caught.value.diagnostics[0]
    assert (d.code, d.span) == ("T702", Span("s.scenario.yaml", 7, 9))
    assert d.message.startswith("malformed action {'seat': 'first', 'kind': 'pass'}: invalid literal for int()")


def test_a_scenario_on_a_missing_ruleset_fails_at_the_scenario_not_at_its_setup(tmp_path: Path) -> None:
    failure = _failure(tmp_path, "ruleset: gone.yaml\nplayers: 4\nscenarios:\n  - name: x\n    setup:\n      phase: trade\n"
                                 "    steps: [{expect: {phase: trade}}]\n")
    assert failure is not None and failure.code == "O300"
    assert failure.span is not None and failure.span.line == 4, "the scenario's line (the ruleset it names), not its setup's"


def test_an_error_without_a_place_in_a_step_is_placed_at_the_step(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import engine.scenario.run as run
    from engine.errors import BohnError

    def placeless(*args: object) -> None:
        raise BohnError.one("G640", "nobody can move", hint="a hint")

    f = tmp_path / "s.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n      - expect: {phase: plant}\n",
                 encoding="utf-8")
    [sc] = load_scenarios(f)
    monkeypatch.setattr(run, "_run_step", placeless)
    failure = run_scenario(sc).failure
    assert failure is not None and (failure.code, failure.message, failure.hint) == ("G640", "nobody can move", "a hint")
    assert failure.span is not None and (failure.span.line, failure.span.col) == (6, 9)


def test_a_refusal_with_another_code_than_expected_shows_both(tmp_path: Path) -> None:
    report = _outcome(tmp_path, "ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n"
                                "      - do: {seat: 0, kind: buy_field}\n        error: G699\n")
    assert report is not None and "error T706: " in report and "was refused with G600, not G699" in report, report
    assert report.endswith("  error:\n    expected: 'G699'\n    actual:   'G600'"), report


def test_near_misses_of_the_items_for_sale_and_the_zone_sizes_get_suggestions(tmp_path: Path) -> None:
    for key, meant in (("items_availble", "items_available"), ("zone_size", "zone_sizes")):
        report = _outcome(tmp_path, ZONES.replace("EXPECT", f"{{{key}: [soy]}}"))
        assert report is not None and f"(did you mean `{meant}`?)" in report, report


# -- a fresh sample of engine/scenario (30, seed 23, at 65782ef)


def test_a_near_miss_of_every_expectation_gets_its_name_suggested(tmp_path: Path) -> None:
    """Every expectation of the format (its schema's names), misspelt with a letter
    doubled and given a zone's shape, is named in the run's T701 (a family test: the
    names were a second, hand-written list in the runner)."""
    from engine.scenario.model import expectation_keys

    missed = []
    for key in expectation_keys():
        typo = key + key[-1]
        report = _outcome(tmp_path, ZONES.replace("EXPECT", f"{{{typo}: [soy]}}"))
        if report is None or f"cannot check `{typo}`: not an expectation or a zone (did you mean `{key}`?)" not in report:
            missed.append((key, report))
    assert not missed, missed


def test_a_scenario_without_a_mutant_run_for_its_mutant_is_t707_saying_so(tmp_path: Path) -> None:
    failure = _failure(tmp_path, "ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps: [{expect: {phase: plant}}]\n",
                       mutant=True)
    assert failure is not None and (failure.code, failure.message) == ("T707", "the scenario has no `mutant` to check it against")


def test_a_wrong_set_of_items_for_sale_and_a_legality_are_told_by_name(tmp_path: Path) -> None:
    report = _outcome(tmp_path, "ruleset: high_bohn\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n"
                                "      - expect:\n          items_available: [nothing_such]\n"
                                "          legal: [{seat: 1, kind: buy_field}]\n"
                                "          not_legal: [{seat: 0, kind: plant, field: 0}]\n")
    assert report is not None
    assert "  items_available:\n    expected: ['nothing_such']\n    actual:   [" in report, report
    assert "  legal: seat 1 buy_field:\n    expected: 'legal'\n    actual:   'not legal'" in report, report
    assert "  not_legal: seat 0 plant field 0:\n    expected: 'not legal'\n    actual:   'legal'" in report, report


# -- a fresh sample of engine/scenario (30, seed 24, at 0a6ccb0): what an author reads


def test_a_misspelt_expectations_hint_lists_the_expectations(tmp_path: Path) -> None:
    """T701's hint for a misspelt expectation, whole: the known keys, then what any other key means."""
    from engine.scenario.model import expectation_keys

    [d] = _refused(tmp_path, "ruleset: base\nplayers: 3\nscenarios:\n  - name: misspelt\n    steps:\n"
                             "      - expect: {feilds: {0: [[]]}}\n")
    assert d.hint == "Expectations are " + ", ".join(expectation_keys()) + "; any other key names a zone."


def test_an_expectation_not_met_says_so_and_names_each_difference(tmp_path: Path) -> None:
    """T703's whole first line from a run, and the key of an `only_legal_kinds` difference
    (the seat's), with the kinds expected and listed."""
    report = _outcome(tmp_path, "ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n"
                                "      - expect: {only_legal_kinds: {0: [pass]}}\n")
    assert report is not None
    first = report.splitlines()[0]
    assert first.endswith(":6:9: error T703: expectation not met"), first
    assert "  only_legal_kinds.0:\n    expected: ['pass']\n    actual:   ['plant']" in report, report


def test_the_items_for_sale_are_listed_when_an_expectation_of_them_fails(tmp_path: Path) -> None:
    """`items_available`'s difference shows the items for sale, not an empty list."""
    from engine.rules.loader import load_ruleset

    report = _outcome(tmp_path, "ruleset: high_bohn\nplayers: 4\nscenarios:\n  - name: x\n    steps:\n"
                                "      - expect: {items_available: [nothing_such]}\n")
    rules = load_ruleset("high_bohn")
    ids = sorted(k.id for kind in rules.kinds for k in kind.cards if getattr(kind, "buy", None))
    assert report is not None and f"    actual:   {ids!r}" in report, report


def test_a_mutant_that_does_not_load_is_told_where_its_own_problem_is(tmp_path: Path) -> None:
    """T715 points at the mutant's own mistake (its key), not at the scenario's name."""
    f = tmp_path / "m.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    mutant: {player_counts: {4: {draw: -1}}}\n"
                 "    steps: [{expect: {phase: plant}}]\n", encoding="utf-8")
    [sc] = load_scenarios(f)
    failure = run_scenario(sc, mutant=True).failure
    assert failure is not None and failure.code == "T715" and failure.span is not None
    assert (failure.span.line, failure.span.col) != (sc.span.line, sc.span.col) if sc.span else True
    assert failure.span.line == 5 and failure.message.startswith("the mutant does not load: S20")
