"""User text reaches the terminal with control characters escaped; `--log` never
overwrites an input or an existing file unasked, and never leaves half a log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.conftest import house

ESC = "\x1b]0;pwned\x07\x1b[2J\x1b[31m"


def test_names_with_escape_sequences_are_escaped(limited, tmp_path: Path) -> None:
    house(tmp_path, f"description: {json.dumps('desc' + ESC)}\nbeans:\n  red: {{name: {json.dumps('Red' + ESC)}}}\n")
    (tmp_path / "house.yaml").write_text((tmp_path / "house.yaml").read_text().replace("name: House", f"name: {json.dumps('House' + ESC)}"))
    for args in (["rules", "show", "house.yaml"], ["play", "--ruleset", "house.yaml", "--players", "3"],
                 ["validate", "house.yaml"], ["simulate", "--ruleset", "house.yaml", "--players", "3", "--games", "2"]):
        run = limited(*args)
        assert run.code == 0, run.text
        assert "\x1b" not in run.text and "\x07" not in run.text, args
    assert "\\x1b" in limited("rules", "show", "house.yaml").out


def test_keys_and_file_names_with_escape_sequences(limited, tmp_path: Path) -> None:
    name = "evil\x1b[2J.yaml"
    (tmp_path / name).write_text(f"extends: base\n{json.dumps('key' + ESC)}: 1\n")
    run = limited("validate", name)
    assert run.code == 1 and "O302" in run.out
    assert "\x1b" not in run.text and "\\x1b" in run.text
    run = limited("explain", "Y1\x1b[2J")
    assert run.code == 2 and "\x1b" not in run.text


def test_log_never_overwrites_its_own_ruleset(limited, tmp_path: Path) -> None:
    ruleset = house(tmp_path, "")
    before = ruleset.read_text()
    for extra in ([], ["--force"]):
        run = limited("play", "--ruleset", "house.yaml", "--players", "3", "--quiet", "--log", "house.yaml", *extra)
        assert run.code == 2 and "C510" in run.err
        assert ruleset.read_text() == before


def test_log_never_overwrites_a_file_the_ruleset_extends(limited, tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_text("extends: base\nid: parent\n")
    (tmp_path / "child.yaml").write_text("extends: parent.yaml\nname: Child\n")
    run = limited("play", "--ruleset", "child.yaml", "--players", "3", "--quiet", "--log", "parent.yaml", "--force")
    assert run.code == 2 and "C510" in run.err
    assert (tmp_path / "parent.yaml").read_text() == "extends: base\nid: parent\n"


def test_log_needs_force_to_replace_a_file(limited, tmp_path: Path) -> None:
    (tmp_path / "g.jsonl").write_text("precious\n")
    run = limited("play", "--players", "3", "--quiet", "--log", "g.jsonl")
    assert run.code == 2 and "C510" in run.err and "--force" in run.err
    assert (tmp_path / "g.jsonl").read_text() == "precious\n"
    assert limited("play", "--players", "3", "--quiet", "--log", "g.jsonl", "--force").code == 0
    assert limited("replay", "g.jsonl").code == 0


@pytest.mark.parametrize("target", ["", " ", "/dev/null", "missing/g.jsonl", "."])
def test_log_targets_that_are_no_new_file(limited, tmp_path: Path, target: str) -> None:
    run = limited("play", "--players", "3", "--quiet", "--log", target, "--force")
    assert run.code == 2 and "C510" in run.err


def test_a_failed_write_leaves_no_half_log(tmp_path: Path) -> None:
    from engine.game import log

    target = tmp_path / "g.jsonl"
    target.write_text("old\n")

    def body():  # type: ignore[no-untyped-def]
        yield {"type": "x"}
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        log.write(target, {"type": "header"}, body())
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]  # no temporary file left behind
