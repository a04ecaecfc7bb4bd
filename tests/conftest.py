"""Shared helpers: run the CLI in-process and capture what a user would see."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pytest

from engine.cli import main
from tests.soak import SOAK


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``soak`` run in CI (``CI=true``) or with ``BOHN_SOAK=1`` or ``full``, not in the quick pass."""
    if SOAK:
        return
    skip = pytest.mark.skip(reason="soak test: runs in CI, or locally with BOHN_SOAK=1")
    for item in items:
        if item.get_closest_marker("soak"):
            item.add_marker(skip)


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
