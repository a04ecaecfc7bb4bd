"""Progress of long runs: a bar redrawn in place on a terminal, plain lines elsewhere."""

from __future__ import annotations

import io

from engine.sim.simulate import progress_bar


class _Terminal(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def test_bar_on_a_terminal() -> None:
    out = _Terminal()
    report = progress_bar(out)
    for done in range(1, 51):
        report(done, 50)
    text = out.getvalue()
    assert "\n" == text[-1] and text.count("\n") == 1, "one line, redrawn in place, ended once"
    assert text.startswith("\r[") and "50/50 games" in text and "█" in text
    assert text.count("\r") <= 3, "redrawn at most ten times a second"


def test_plain_lines_elsewhere() -> None:
    out = io.StringIO()
    report = progress_bar(out, what="combinations")
    for done in range(1, 101):
        report(done, 100)
    lines = out.getvalue().splitlines()
    assert lines[-1] == "100/100 combinations" and len(lines) == 11 and "\r" not in out.getvalue()
