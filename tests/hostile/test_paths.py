"""References written in a file reach only shipped rulesets and files in that file's
folder tree (or a folder the user named); a refused file is never quoted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.conftest import house

SECRET = "secret_token: hunter2-do-not-print\n"


@pytest.mark.parametrize("ref", ["../../../../etc/passwd", "/etc/passwd", "../../../../etc/passwd.yaml",
                                 "/etc/hostname.yaml", "sub/../../outside.yaml"])
def test_extends_outside_the_folder_is_refused_without_echo(limited, tmp_path: Path, ref: str) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "outside.yaml").write_text(SECRET)
    (tmp_path / "rules" / "h.yaml").write_text(f"extends: {ref}\nname: x\n")
    run = limited("validate", "rules/h.yaml")
    assert run.code == 1 and "error Y112" in run.out
    assert "root:" not in run.text and "hunter2" not in run.text and "secret_token" not in run.text


def test_a_secrets_file_beside_the_ruleset_is_not_a_reference(limited, tmp_path: Path) -> None:
    (tmp_path / "secrets.env").write_text(SECRET)
    (tmp_path / "h.yaml").write_text("extends: secrets.env\n")
    run = limited("validate", "h.yaml")
    assert "error Y112" in run.out and "hunter2" not in run.text and "secret_token" not in run.text


def test_a_broken_file_that_is_extended_is_not_quoted(limited, tmp_path: Path) -> None:
    (tmp_path / "notes.yaml").write_text("password: [hunter2\n")
    (tmp_path / "h.yaml").write_text("extends: notes.yaml\n")
    run = limited("validate", "h.yaml")
    assert "error Y113" in run.out and "hunter2" not in run.text


def test_no_current_folder_fallback(limited, tmp_path: Path) -> None:
    """`extends: parent.yaml` means the file beside the ruleset, never one in the folder
    bohn happens to run in."""
    (tmp_path / "parent.yaml").write_text("extends: base\nid: parent\n")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "h.yaml").write_text("extends: parent.yaml\n")
    run = limited("validate", "rules/h.yaml")
    assert run.code == 1 and "error O300" in run.out


def test_files_inside_the_tree_and_named_folders_are_allowed(limited, tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "common.yaml").write_text("extends: base\nid: common\nname: Common\n")
    (tmp_path / "lib" / "sub").mkdir()
    (tmp_path / "lib" / "sub" / "h.yaml").write_text("extends: ../common.yaml\nname: House\n")
    (tmp_path / "top.yaml").write_text("extends: lib/common.yaml\nname: Top\n")
    assert limited("validate", "top.yaml").code == 0
    assert "error Y112" in limited("validate", "lib/sub/h.yaml").out  # ../ leaves the folder of the file named
    assert limited("validate", "lib").code == 0  # the user named lib/: its files may use each other


@pytest.mark.parametrize("ref", ["/etc/passwd", "../../../etc/passwd.yaml", "../outside.yaml"])
def test_scenario_ruleset_outside_the_folder(limited, tmp_path: Path, ref: str) -> None:
    (tmp_path / "outside.yaml").write_text("extends: base\nid: o\n" + SECRET)
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "x.scenario.yaml").write_text(
        f"ruleset: {json.dumps(ref)}\nplayers: 3\nscenarios:\n  - name: n\n    steps:\n      - expect: {{turn: 1}}\n")
    run = limited("test", "s/x.scenario.yaml")
    assert run.code == 1 and "Y112" in run.text and "hunter2" not in run.text and "root:" not in run.text
    run = limited("validate", "s/x.scenario.yaml")
    assert run.code == 1 and "Y112" in run.text and "hunter2" not in run.text


def _log(tmp_path: Path, limited, **header: object) -> Path:
    log = tmp_path / "logs" / "g.jsonl"
    log.parent.mkdir(exist_ok=True)
    assert limited("play", "--players", "3", "--quiet", "--log", "logs/g.jsonl").code == 0
    lines = log.read_text().splitlines()
    head = json.loads(lines[0])
    head.update(header)
    log.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n")
    return log


@pytest.mark.parametrize("ref", ["/etc/passwd", "../../../../../etc/passwd", "../outside.yaml", "/etc/passwd.yaml"])
def test_log_ruleset_ref_outside_the_folder(limited, tmp_path: Path, ref: str) -> None:
    (tmp_path / "outside.yaml").write_text("extends: base\nid: o\n" + SECRET)
    _log(tmp_path, limited, ruleset_ref=ref)
    run = limited("replay", "logs/g.jsonl")
    assert run.code == 1 and "Y112" in run.err and "hunter2" not in run.text and "root:" not in run.text


def test_a_log_beside_its_ruleset_replays_and_an_explicit_ruleset_is_allowed(limited, tmp_path: Path) -> None:
    house(tmp_path, "")
    assert limited("play", "--ruleset", "house.yaml", "--players", "3", "--quiet", "--log", "g.jsonl").code == 0
    assert json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])["ruleset_ref"] == "house.yaml"
    assert limited("replay", "g.jsonl").code == 0
    (tmp_path / "logs").mkdir()
    assert limited("play", "--ruleset", "house.yaml", "--players", "3", "--quiet", "--log", "logs/g.jsonl").code == 0
    assert "Y112" in limited("replay", "logs/g.jsonl").err  # ../house.yaml is outside logs/
    assert limited("replay", "logs/g.jsonl", "--ruleset", "house.yaml").code == 0  # named by the user


def test_extends_chain_of_a_thousand_files(limited, tmp_path: Path) -> None:
    for i in range(1000):
        (tmp_path / f"r{i}.yaml").write_text(f"extends: r{i + 1}.yaml\n" if i < 999 else "extends: base\nid: r\n")
    run = limited("validate", "r0.yaml")
    assert run.code == 1 and "error Y114" in run.out


def test_a_five_thousand_character_file_name(limited, tmp_path: Path) -> None:
    name = "a" * 5000 + ".yaml"
    (tmp_path / "h.yaml").write_text(f"extends: {name}\n")
    run = limited("validate", "h.yaml")
    assert run.code == 1 and "error Y112" in run.out
    run = limited("validate", name)
    assert run.code == 1 and "Y100" in run.out
    assert limited("play", "--ruleset", name).code in (1, 2)
