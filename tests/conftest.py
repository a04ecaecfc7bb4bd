"""Shared helpers: run the CLI in-process and capture what a user would see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pytest

from engine.cli import main


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def bohn(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Call ``bohn ARGS...`` in-process; SystemExit from argparse becomes an exit code."""

    def run(*args: str) -> Run:
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
