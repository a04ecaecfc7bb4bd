"""Every error code has a fixture whose first lines say what it must produce.

A fixture starts with ``# expect: CODE [LINE:COL]`` lines; the test checks that exactly
those codes are reported, at exactly those positions, for that file. Beside each fixture,
``NAME.out`` holds the whole report a user reads (place, code, message, source line,
caret, hint): a message that changes shows up as a diff. When the change is intended,
regenerate with ``BOHN_UPDATE_GOLDEN=1 python -m pytest tests/rules/test_fixtures.py``
and review the diff.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from engine.errors import CODES
from engine.rules.loader import check_path

FIXTURES = Path(__file__).parent / "fixtures"
_EXPECT = re.compile(r"^# expect: (?P<code>[A-Z]\d{3})(?: (?P<line>\d+):(?P<col>\d+))?(?: @(?P<file>\S+))?\s*$")


def _expectations(path: Path) -> list[tuple[str, int | None, int | None, str]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _EXPECT.match(line)
        if not m:
            break
        found.append((m["code"], int(m["line"]) if m["line"] else None, int(m["col"]) if m["col"] else None, m["file"] or path.name))
    return found


FILES = sorted(FIXTURES.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_fixture_reports_exactly_what_it_expects(path: Path) -> None:
    expected = _expectations(path)
    assert expected, f"{path.name} has no '# expect:' header"
    reported = check_path(path)
    codes = sorted({d.code for d in reported})
    assert codes == sorted({code for code, _, _, _ in expected}), [d.format() for d in reported]
    for code, line, col, file in expected:
        if line is None:
            continue
        spans = [(d.span.line, d.span.col) for d in reported if d.code == code and d.span]
        assert (line, col) in spans, f"{code} expected at {line}:{col}, reported at {spans}"
        assert all(d.span and d.span.file.endswith(file) for d in reported if d.code == code)


ROOT = FIXTURES.parents[2]


def _report(path: Path) -> str:
    """What ``bohn validate`` prints for the fixture, run from the checkout's root (the
    places are shown relative to the working folder, so the text does not depend on where
    the checkout is)."""
    return "\n".join(d.format() for d in check_path(path.relative_to(ROOT))) + "\n"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_fixture_report_reads_as_written(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The messages themselves, not only their codes: a message emptied, recased or
    naming the wrong thing is a change the user sees."""
    monkeypatch.chdir(ROOT)
    golden = path.with_suffix(".out")
    actual = _report(path)
    if os.environ.get("BOHN_UPDATE_GOLDEN") == "1" and (not golden.exists() or golden.read_text(encoding="utf-8") != actual):
        golden.write_text(actual, encoding="utf-8")
        pytest.skip(f"{golden.name} rewritten")
    assert golden.exists(), f"{golden.name} is missing: run BOHN_UPDATE_GOLDEN=1 python -m pytest {__file__}"
    assert actual == golden.read_text(encoding="utf-8")


def test_every_file_level_code_has_a_fixture() -> None:
    """Codes that a ruleset file can cause are each proven by a fixture (or a generated-input test)."""
    generated = {"Y100", "Y101", "Y102", "Y104", "Y114", "S200", "O306"}  # see test_hostile_input.py, test_overlay.py, tests/hostile
    covered = {code for p in FILES for code, *_ in _expectations(p)} | generated
    file_level = {c for c in CODES if c[0] in "YSORW"}
    assert file_level - covered == set()
