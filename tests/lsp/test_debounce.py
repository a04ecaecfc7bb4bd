"""A burst of edits is checked once, after the pause; other YAML files are left alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from engine.lsp.diagnose import is_bohn_file  # noqa: E402
from engine.lsp.server import BohnServer  # noqa: E402


def test_a_burst_of_changes_is_checked_once_after_the_pause() -> None:
    server = BohnServer(debounce=0.05)
    checked: list[str] = []
    server.check = checked.append  # type: ignore[method-assign]

    async def typing() -> None:
        for _ in range(5):
            server.schedule("file:///a.yaml")
            await asyncio.sleep(0.005)
        assert checked == []  # still typing
        await asyncio.sleep(0.2)
        server.schedule("file:///b.yaml")
        await asyncio.sleep(0.2)

    asyncio.run(typing())
    assert checked == ["file:///a.yaml", "file:///b.yaml"]


def test_only_rulesets_and_scenarios_are_checked() -> None:
    assert is_bohn_file(Path("house.yaml"), "extends: base\n")
    assert is_bohn_file(Path("x.yaml"), "+beans: []\n")
    assert is_bohn_file(Path("a.scenario.yaml"), "")
    assert not is_bohn_file(Path("ci.yaml"), "jobs:\n  test:\n    runs-on: ubuntu\n")
    assert not is_bohn_file(Path("empty.yaml"), "")
