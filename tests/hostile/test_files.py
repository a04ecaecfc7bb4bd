"""Only regular files are read, with sizes checked while reading; logs are streamed,
their headers type-checked, and an incomplete game is reported as such."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.hostile.conftest import run_limited


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom"])
def test_devices_are_not_read(limited, special: str) -> None:
    run = limited("validate", special)
    assert run.code == 1 and "error Y100" in run.out and "not a regular file" in run.out
    assert limited("replay", special).code == 1
    assert limited("play", "--ruleset", special).code in (1, 2)


def test_a_fifo_does_not_hang(limited, tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    os.mkfifo(tmp_path / "pipe.jsonl")
    (tmp_path / "h.yaml").write_text("extends: pipe.yaml\n")
    assert "error Y100" in limited("validate", "pipe.yaml").out
    assert limited("validate", "h.yaml").code == 1
    assert "G604" in limited("replay", "pipe.jsonl").err


def test_a_ruleset_symlinked_to_a_device(limited, tmp_path: Path) -> None:
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    assert "error Y100" in limited("validate", "zero.yaml").out


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """One logged game for every test of the module (playing it is the slow part)."""
    folder = tmp_path_factory.mktemp("played")
    assert run_limited("play", "--players", "3", "--seed", "5", "--quiet", "--log", "g.jsonl", cwd=folder).code == 0
    return (folder / "g.jsonl").read_text().splitlines()


def _played(limited, tmp_path: Path, game_log: list[str]) -> list[str]:
    return list(game_log)


def test_a_truncated_log_is_incomplete_not_ok(limited, tmp_path: Path, game_log: list[str]) -> None:
    lines = _played(limited, tmp_path, game_log)
    (tmp_path / "half.jsonl").write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    run = limited("replay", "half.jsonl")
    assert run.code == 1 and "error G615" in run.out and "ok:" not in run.out
    (tmp_path / "cut.jsonl").write_text("\n".join(lines)[:-7])  # cut inside the last line
    run = limited("replay", "cut.jsonl")
    assert run.code == 1 and "G615" in run.text or "G604" in run.text


def test_a_huge_log_is_streamed(limited, tmp_path: Path, game_log: list[str]) -> None:
    """About 60 MB of events after one action: refused line by line, within the memory limit."""
    head = _played(limited, tmp_path, game_log)[0]
    event = json.dumps({"type": "note", "text": "x" * 100}) + "\n"
    with (tmp_path / "big.jsonl").open("w") as f:
        f.write(head + "\n")
        chunk = event * 10_000
        for _ in range(55):
            f.write(chunk)
    run = limited("replay", "big.jsonl")
    assert run.code == 1 and ("G604" in run.text or "G603" in run.text)


def test_a_log_line_without_end(limited, tmp_path: Path, game_log: list[str]) -> None:
    head = _played(limited, tmp_path, game_log)[0]
    with (tmp_path / "long.jsonl").open("w") as f:
        f.write(head + "\n" + '{"type": "note", "text": "' + "x" * 20_000_000)
    run = limited("replay", "long.jsonl")
    assert run.code == 1 and "G604" in run.err and "longer than" in run.err


@pytest.mark.parametrize("field, value", [
    ("players", "4"), ("players", 4.0), ("players", True), ("players", 10**30), ("players", -3), ("players", 0),
    ("seed", "7"), ("seed", [1]), ("seed", 1.5), ("seed", 10**40),
    ("ruleset_ref", 7), ("ruleset_ref", None), ("ruleset_ref", ""), ("ruleset_ref", {"a": 1}),
    ("variant", 3), ("trading", "yes"), ("digest", 5), ("bots", "greedy"),
])
def test_log_header_with_wrong_types(limited, tmp_path: Path, game_log: list[str], field: str, value: object) -> None:
    lines = _played(limited, tmp_path, game_log)
    head = json.loads(lines[0])
    head[field] = value
    (tmp_path / "bad.jsonl").write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    run = limited("replay", "bad.jsonl")
    assert run.code == 1 and ("G616" in run.err or "G604" in run.err or "C503" in run.err), run.text


@pytest.mark.parametrize("line", [
    '{"type": "action", "action": {"kind": "plant", "seat": 1e999}}',
    '{"type": "action", "action": {"kind": "plant", "seat": ' + "9" * 5000 + '}}',
    '{"type": "action", "action": null}',
    '{"type": "action", "action": {"kind": "plant", "seat": 0, "give": 5}}',
    "[" * 100_000 + "]" * 100_000,
    '{"type": 5}',
    '"just text"',
])
def test_damaged_log_lines(limited, tmp_path: Path, game_log: list[str], line: str) -> None:
    lines = _played(limited, tmp_path, game_log)
    (tmp_path / "bad.jsonl").write_text("\n".join(lines[:3] + [line] + lines[3:]) + "\n")
    run = limited("replay", "bad.jsonl")
    assert run.code == 1
    assert any(code in run.text for code in ("G604", "G603")), run.text
