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


def test_the_bar_shows_the_rate_and_the_time_left(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import time

    clock = iter([100.0, 110.0, 120.0])  # created, 5 of 10 done ten seconds later, all done at 20 s
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))
    monkeypatch.setenv("COLUMNS", "80")
    out = _Terminal()
    report = progress_bar(out)
    report(5, 10)
    assert out.getvalue().endswith(" 5/10 games, 0.5/s, 10s left\033[K")
    report(10, 10)
    assert out.getvalue().endswith(" 10/10 games, 0.5/s, 20s\033[K\n")
