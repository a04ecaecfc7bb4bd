"""The rulesheet of every shipped ruleset, variant and player count, as ``bohn rules show``
prints it (Markdown), and at one player count each as ``--format json`` gives it, kept in
``tests/golden/sheets``.

Why: a rulesheet is what a player reads before the first game; a sentence that changes,
a beanometer cell or a count that moves, shows up here as a diff to review, for every
sheet the project ships, not only the few the sentence tests of ``test_sheet.py`` read.
When a change is intended, regenerate with
``BOHN_UPDATE_GOLDEN=1 python -m pytest tests/rules/test_sheet_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.rules.loader import list_rulesets, load_ruleset
from engine.rules.sheet import sheet_data, sheet_markdown

SHEETS = Path(__file__).resolve().parents[1] / "golden" / "sheets"


ROOT = Path(__file__).resolve().parents[2]
#: house rules and fan expansions the repository ships as examples (their own decks, card
#: kinds, a market): their sheets say what the shipped rulesets' never do, so a sentence
#: only such a ruleset reaches is reviewed too. Named ``example-FILE`` in the golden folder.
EXAMPLES = [ROOT / "rulesets" / "examples" / "bean_market.yaml", ROOT / "rulesets" / "examples" / "edition_104.yaml",
            ROOT / "rulesets" / "scenarios" / "cards" / "orders.yaml"]


def _cases() -> list[tuple[str, str | None, int]]:
    out = []
    for ref in [path.stem for path in list_rulesets()] + [str(path) for path in EXAMPLES]:
        rules = load_ruleset(ref)
        for variant in (None, *rules.variants):
            for players in range(rules.min_players, rules.max_players + 1):
                out.append((ref, variant, players))
    return out


CASES = _cases()


def _name(ruleset: str, variant: str | None, players: int) -> str:
    shown = f"example-{Path(ruleset).stem}" if ruleset.endswith(".yaml") else ruleset
    return f"{shown}{'-' + variant if variant else ''}-{players}p"


def _rewrite(path: Path, actual: str) -> bool:
    """With ``BOHN_UPDATE_GOLDEN=1``, write ``actual`` to ``path`` when it differs."""
    if os.environ.get("BOHN_UPDATE_GOLDEN") == "1" and (not path.exists() or path.read_text(encoding="utf-8") != actual):
        path.write_text(actual, encoding="utf-8")
        return True
    return False


def _compare(path: Path, actual: str) -> None:
    assert path.exists(), f"{path.name} is missing: run BOHN_UPDATE_GOLDEN=1 python -m pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        for number, (a, b) in enumerate(zip(expected.splitlines(), actual.splitlines()), start=1):
            if a != b:
                pytest.fail(f"{path.name}:{number} differs\n  golden: {a}\n  now:    {b}\n{__doc__}")
        pytest.fail(f"{path.name}: now {len(actual.splitlines())} lines, not {len(expected.splitlines())}")


@pytest.mark.parametrize(("ruleset", "variant", "players"), CASES, ids=[_name(*c) for c in CASES])
def test_the_rulesheet_reads_as_reviewed(ruleset: str, variant: str | None, players: int) -> None:
    rules = load_ruleset(ruleset, variant)
    name = _name(ruleset, variant, players)
    sheets = {SHEETS / f"{name}.md": sheet_markdown(rules, players)}
    if players == min(rules.max_players, max(rules.min_players, 4)):  # the JSON form at one count (its keys and layout)
        sheets[SHEETS / f"{name}.json"] = json.dumps(sheet_data(rules, players), indent=2) + "\n"
    rewritten = [path.name for path, text in sheets.items() if _rewrite(path, text)]
    if rewritten:
        pytest.skip(f"rewritten: {', '.join(rewritten)}")
    for path, text in sheets.items():
        _compare(path, text)


def test_every_golden_sheet_is_of_a_case() -> None:
    """A sheet left behind by a ruleset or variant removed is no longer checked: remove it."""
    names = {_name(*c) for c in CASES}
    assert {p.stem for p in SHEETS.glob("*") if p.suffix in (".md", ".json")} <= names
