"""Inputs meant to break the loader end in a coded error, never a traceback or a hang."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules.loader import check_path
from engine.rules.yamlload import MAX_FILE_BYTES


def codes(path: Path) -> list[str]:
    return [d.code for d in check_path(path)]


def test_missing_file(bohn, tmp_path: Path) -> None:
    run = bohn("validate", str(tmp_path / "nope.yaml"))
    assert run.code == 1
    assert "error Y100" in run.out and "nope.yaml:1:1" in run.out


def test_file_too_large_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.truncate(50 * 1024 * 1024)  # a sparse 50 MB file
    assert MAX_FILE_BYTES < 50 * 1024 * 1024
    assert codes(big) == ["Y101"]


def test_binary_data(tmp_path: Path) -> None:
    p = tmp_path / "bin.yaml"
    p.write_bytes(bytes(range(256)) * 10)
    assert codes(p) == ["Y102"]


def test_invalid_utf8_points_at_the_line(tmp_path: Path) -> None:
    p = tmp_path / "latin1.yaml"
    p.write_bytes(b"id: x\nname: caf\xe9\n")
    [d] = check_path(p)
    assert (d.code, d.span.line) == ("Y102", 2)


@pytest.mark.parametrize(
    "text",
    ["[" * 5000 + "]" * 5000, "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 1500))],
    ids=["flow", "block"],
)
def test_deep_nesting(tmp_path: Path, text: str) -> None:
    p = tmp_path / "deep.yaml"
    p.write_text(text)
    assert codes(p) in (["Y104"], ["Y103"])
    [d] = check_path(p)
    if d.code == "Y104":  # the reader ran out of stack: said in words, at the file's start
        assert (d.message, d.span.line if d.span else None) == ("the document is nested too deeply to read", 1)


def test_nesting_just_over_the_limit_is_y104(tmp_path: Path) -> None:
    p = tmp_path / "deep.yaml"
    p.write_text("[" * 150 + "]" * 150)
    assert codes(p) == ["Y104"]


def test_a_folder_passed_as_file(tmp_path: Path) -> None:
    d = tmp_path / "x.yaml"
    d.mkdir()
    assert codes(d) == ["Y100"]


@pytest.mark.parametrize(
    "text",
    ["just a string", "- a list\n- of things", "42", "null\n", "~"],
)
def test_top_level_not_a_mapping(tmp_path: Path, text: str) -> None:
    p = tmp_path / "odd.yaml"
    p.write_text(text)
    assert codes(p)[0] in ("S203", "Y108")


def test_wrong_types_everywhere(tmp_path: Path) -> None:
    p = tmp_path / "types.yaml"
    p.write_text(
        "id: 7\nname: [x]\nplayers: {min: a, max: true}\nbeans: {}\nzones: 3\noptions: []\n"
        "player_counts: x\nturns: 1\nend: no\n"
    )
    found = check_path(p)
    assert found and {d.code for d in found} <= {"S203", "S204", "S201", "S202"}
    assert all(d.span and d.span.file.endswith("types.yaml") for d in found)


def test_folder_of_mixed_files(bohn, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not yaml at all")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\x00\x00")
    (tmp_path / "good.yaml").write_text("extends: base\nname: House\n")
    (tmp_path / "bad.yml").write_text("extends: base\nnmae: House\n")
    run = bohn("validate", str(tmp_path))
    assert run.code == 1
    assert "2 file(s) checked" in run.out
    assert "bad.yml:2:1: error O302" in run.out and "did you mean `name`" in run.out


def test_empty_folder_is_a_warning(bohn, tmp_path: Path) -> None:
    run = bohn("validate", str(tmp_path))
    assert run.code == 0 and "C501" in run.out
    assert bohn("validate", "--strict", str(tmp_path)).code == 1
