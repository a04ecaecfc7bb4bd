"""The one rule: no expansion's names in engine/ (they belong in rulesets/)."""

from __future__ import annotations

import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
WORDS = re.compile(
    r"\b(saloon|jail|tipi|gold ?mine|blacksmith|distillery|general.?store|pirate|harbou?r|bohnbay|bohnaco|camillo|"
    r"pebbohne|squabble|obstructionist|bean.?thief|horse.?trading|gottes|sweet.?revenge|holy.?spirit|cognac|mocha|"
    r"high.?bohn|isla|order.?card|field.?bean)\b",
    re.IGNORECASE,
)


def test_no_expansion_names_in_the_engine() -> None:
    hits = [
        f"{path.relative_to(ENGINE.parent)}:{number}: {line.strip()}"
        for path in sorted(ENGINE.rglob("*"))
        if path.suffix in (".py", ".lark")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if WORDS.search(line)
    ]
    assert hits == []
