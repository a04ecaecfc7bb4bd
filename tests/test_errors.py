"""The error-code registry and its documentation agree."""

from __future__ import annotations

import re
from pathlib import Path

from engine.errors import CODES, BohnError, Diagnostic, Span

DOC = (Path(__file__).resolve().parent.parent / "docs" / "errors.md").read_text(encoding="utf-8")


def test_every_code_is_documented_with_its_title() -> None:
    rows = dict(re.findall(r"^\| ([A-Z]\d{3}) \| ([^|]+) \|", DOC, flags=re.M))
    assert set(rows) == set(CODES)
    for code, info in CODES.items():
        assert rows[code].strip() == info.title


def test_docs_page_is_generated_from_the_registry() -> None:
    from engine.errors import codes_markdown

    assert DOC == codes_markdown(), "regenerate with: bohn explain --all > docs/errors.md"


def test_codes_are_well_formed() -> None:
    assert all(re.fullmatch(r"[YSORCGTWL]\d{3}", c) for c in CODES)


def test_diagnostic_format() -> None:
    d = Diagnostic("R402", "bad meter", Span("x.yaml", 3, 7))
    assert d.format().splitlines()[0] == "x.yaml:3:7: error R402: bad meter"
    assert d.format().splitlines()[1].startswith("  hint: ")
    assert d.to_json()["line"] == 3


def test_unregistered_code_is_a_programming_error() -> None:
    try:
        BohnError.one("Z999", "nope")
    except KeyError:
        pass
    else:
        raise AssertionError("unregistered codes must be refused")
