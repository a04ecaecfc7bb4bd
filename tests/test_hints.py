"""Every hint is checked against the situation its code reports.

A hint that talks about something else (R406's "removed for a player count" under a bad
`pay_with`) sends an author the wrong way, which is worse than no hint. Two checks:

- every diagnostic the rule fixtures produce shows a hint that names what its message is
  about (``TOPICS``: a word the message and the hint must both contain), and never just
  repeats the message;
- the wrong hints the issue found are fixed, each asserted on real input.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import CODES, hint_for
from engine.rules.loader import check_path

FIXTURES = Path(__file__).parent / "rules" / "fixtures"

#: code -> (a word in the message, a word the hint must contain): the hint is about the message.
TOPICS: dict[str, tuple[str, str]] = {
    "L803": ("must be", "type"),
    "L806": ("has no", "attributes"),
    "O300": ("not found", "ruleset"),
    "O301": ("cycle", "loop"),
    "O302": ("does not exist", "+key"),
    "O303": ("already exists", "drop the `+`"),
    "O304": ("remove", "removes"),
    "O305": ("patch", "patch"),
    "O307": ("$after", "$after"),
    "R401": ("zone", "zone"),
    "R402": ("beanometer", "beans"),
    "R403": ("cards exist", "number of cards"),
    "R404": ("row", "row"),
    "R405": ("row", "row"),
    "R406": ("bean", "bean declared under `beans`"),
    "R407": ("hand sizes", "hand size"),
    "R408": ("duplicate id", "unique"),
    "R409": ("total_cards", "total_cards"),
    "R410": ("option", "choices"),
    "R411": ("column", "columns"),
    "R412": ("turn", "turn"),
    "R414": ("deals", "hands"),
    "R415": ("max_fields", "max_fields"),
    "R416": ("of kind", "zone of each kind"),
    "R417": ("zone of ", "zone of "),
    "R420": ("received_from", "also_from"),
    "R470": ("no choice", "modifier"),
    "R471": ("read by neither", "option("),
    "R480": ("to patch", "choices"),
    "T730": ("cancel", "cancel"),
    "T731": ("option", "option("),
    "T732": ("list filter", "filter"),
    "T733": ("column", "columns:"),
    "T734": ("procedure", "procedure"),
    "R450": ("deck", "deck"),
    "R451": ("card", "own id"),
    "R452": ("starts", "starts in"),
    "R453": ("no attribute", "attributes"),
    "R454": ("must be a", "type"),
    "R455": ("fields", "game_started"),
    "R456": ("card kind", "cards:"),
    "R460": ("set-up deals", "zones"),
    "R461": ("planted", "fields"),
    "R462": ("zone", "zone"),
    "R463": ("bought", "price"),
    "S201": ("missing required key", "key"),
    "S202": ("unknown key", "spelling"),
    "S203": ("not of type", "type"),
    "S204": ("not one of", "allowed"),
    "Y103": ("expected", "near the position"),
    "Y105": ("expands", "aliases"),
    "Y106": ("tag", "tags"),
    "Y107": ("duplicate key", "twice"),
    "Y108": ("no YAML document", "Write"),
    "Y109": ("keys", "keys"),
    "Y110": ("more than one", "one ruleset"),
    "Y111": ("digits", "digits"),
    "Y112": (".yaml", ".yaml"),
    "Y113": ("not a ruleset", "as a ruleset"),
}


def _reported() -> list[tuple[str, object]]:
    return [(p.name, d) for p in sorted(FIXTURES.glob("*.yaml")) for d in check_path(p)]


@pytest.mark.parametrize("name,diagnostic", _reported(), ids=lambda v: v if isinstance(v, str) else "")
def test_fixture_hints_fit_their_message(name: str, diagnostic) -> None:  # type: ignore[no-untyped-def]
    d = diagnostic
    if d.severity == "warning":
        return
    hint = d.hint if d.hint is not None else hint_for(d.code)
    assert d.code in TOPICS, f"{name}: add {d.code} to TOPICS (a word of its message and one its hint must hold)"
    said, advised = TOPICS[d.code]
    assert said in d.message, f"{name}: {d.code} message {d.message!r} is not about {said!r}"
    assert advised in hint, f"{name}: {d.code} hint {hint!r} does not speak of {advised!r}"
    assert hint.strip(". ").lower() != d.message.strip(". ").lower(), "a hint must add something to the message"


def test_every_code_has_a_hint() -> None:
    for code, info in CODES.items():
        assert info.hint and info.hint != info.title, code


def _ruleset(tmp_path: Path, body: str) -> list:  # type: ignore[type-arg]
    path = tmp_path / "house.yaml"
    path.write_text(body)
    return [d for d in check_path(path) if d.severity == "error"]


def _effect(tmp_path: Path, effect: str) -> list:  # type: ignore[type-arg]
    return _ruleset(tmp_path, f'extends: base\nid: h\nname: h\neffects:\n  +broken:\n    effect: "{effect}"\n')


def _hint(d) -> str:  # type: ignore[no-untyped-def]
    return d.hint if d.hint is not None else hint_for(d.code)


def test_bad_pay_with_hint_speaks_of_beans_not_removal(tmp_path: Path) -> None:
    [d] = _ruleset(tmp_path, "extends: high_bohn\nid: h\nname: h\ncards:\n  building:\n    cards:\n"
                             "      +mill_1: {name: 1 Mill, count: 1, values: {group: mill, price: 1, pay_with: coffe}}\n")
    assert d.code == "R454" and "must be a bean, not 'coffe'" in d.message and "did you mean `coffee`?" in d.message
    assert "type" in _hint(d) and (d.span.line, d.span.col) == (7, 83)


def test_by_everyone_suggests_anyone(tmp_path: Path) -> None:
    [d] = _effect(tmp_path, "when planted by everyone { gain(owner, 1) }")
    assert d.code == "L801" and "did you mean `anyone`?" in d.message
    assert "`by` says whose events" in _hint(d), "the hint explains `by`, not value names"
    assert (d.span.line, d.span.col) == (6, 19)


def test_single_equals_in_a_condition_suggests_double(tmp_path: Path) -> None:
    [d] = _effect(tmp_path, "when planted if event.bean = blue { gain(owner, 1) }")
    assert d.code == "L800" and "did you mean `==`?" in d.message
    assert "`==` compares two values" in _hint(d)
    assert (d.span.line, d.span.col) == (6, 41)


def test_all_stages_report_at_once(tmp_path: Path) -> None:
    """A schema mistake no longer hides the semantic and effect mistakes of the file."""
    found = _ruleset(tmp_path, "extends: high_bohn\nid: four\nname: Four mistakes\n+colour: red\nbeans:\n  coffee:\n"
                               "    beanometer: [4, 3, 8, 10]\neffects:\n  +broken:\n"
                               '    effect: "when planted if x = 1 { gain(owner, 1) }"\ncards:\n  building:\n    cards:\n'
                               "      +mill_1: {name: 1 Mill, count: 1, values: {group: mill, price: 1, pay_with: coffe}}\n")
    assert [(d.code, d.span.line) for d in found] == [("S202", 4), ("R402", 7), ("L800", 10), ("R454", 14)]


def test_scenario_action_misspelt_lists_the_declared_ones(bohn, tmp_path: Path) -> None:
    path = tmp_path / "t.scenario.yaml"
    path.write_text("ruleset: high_bohn\nplayers: 3\nscenarios:\n  - name: misspelt action\n    setup:\n"
                    "      items: {0: [general_store_2]}\n      hands: {0: [stink, chili]}\n"
                    "    steps:\n      - do: {seat: 0, kind: act, action: store_beans}\n")
    run = bohn("test", str(path))
    assert run.code == 1
    assert f"{path}:9:9: error T702: the ruleset declares no action `store_beans` for seat 0" in run.out
    assert "did you mean `store_bean`?" in run.out and "general_store_2.store_bean" in run.out


def test_unknown_expectation_key_suggests_the_known_one(bohn, tmp_path: Path) -> None:
    path = tmp_path / "t.scenario.yaml"
    path.write_text("ruleset: base\nplayers: 3\nscenarios:\n  - name: misspelt\n    steps:\n"
                    "      - expect: {feilds: {0: [[], []]}}\n")
    run = bohn("validate", str(path))
    assert run.code == 1
    assert f"{path}:6:18: error T701: unknown expectation `feilds` (did you mean `fields`?)" in run.out
    assert "S203" not in run.out, "the schema's complaint about the value is replaced, not added"
