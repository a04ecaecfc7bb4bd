"""How a ruleset names another (``extends``, a scenario's ``ruleset:``, a log's header)
and how the chain of files is read: every refusal with its code, whole message and place.

Why in process: ``tests/hostile`` sends the same inputs through the command line in a
subprocess and checks the code, which no mutation run sees (mutmut maps only the tests it
traces calling a function), and a message that names the wrong file or loses its reason
is what a user reads first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError, Span
from engine.paths import display_path
from engine.rules.loader import MAX_CHAIN, check_path, list_rulesets, resolve_reference

SPAN = Span("house.yaml", 2, 10)
SHIPPED = ", ".join(p.stem for p in list_rulesets())


def _refused(ref: str, tmp_path: Path, confined: bool = True) -> tuple[str, str, Span | None]:
    with pytest.raises(BohnError) as caught:
        resolve_reference(ref, tmp_path, SPAN, root=tmp_path if confined else None)
    d = caught.value.diagnostics[0]
    return d.code, d.message, d.span


@pytest.mark.parametrize(("ref", "code", "message"), [
    ("no such", "Y112", "`no such` is neither a shipped ruleset's name nor a .yaml file"),
    ("basee", "O300", f"ruleset `basee` not found (did you mean `base`?); shipped: {SHIPPED}"),
    ("y" * 60, "O300", f"ruleset `{'y' * 60}` not found; shipped: {SHIPPED}"),  # 60 characters are shown whole
    ("x" * 70, "O300", f"ruleset `{'x' * 57}...` not found; shipped: {SHIPPED}"),
    ("/etc/house.yaml", "Y112", "an absolute path is not allowed here; name a shipped ruleset or a file beside this one"),
    ("\\\\server\\house.yaml", "Y112", "an absolute path is not allowed here; name a shipped ruleset or a file beside this one"),
    ("C:house.yaml", "Y112", "an absolute path is not allowed here; name a shipped ruleset or a file beside this one"),
    ("rules/house.txt", "Y112", "a reference names a shipped ruleset or a .yaml file"),
    ("missing.yaml", "O300", "ruleset file `missing.yaml` not found"),
    ("sub/" + "m" * 70 + ".yaml", "O300", f"ruleset file `sub/{'m' * 53}...` not found"),
])
def test_a_reference_written_in_a_file_is_refused_with_its_reason(ref: str, code: str, message: str, tmp_path: Path) -> None:
    assert _refused(ref, tmp_path) == (code, message, SPAN)


def test_a_reference_out_of_the_folder_names_the_folder(tmp_path: Path) -> None:
    (tmp_path / "outside.yaml").write_text("extends: base\n", encoding="utf-8")
    inner = tmp_path / "inner"
    inner.mkdir()
    with pytest.raises(BohnError) as caught:
        resolve_reference("../outside.yaml", inner, SPAN, root=inner)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message, d.span) == ("Y112", f"`../outside.yaml` is outside the folder {display_path(inner)}/ that may be read from here", SPAN)
    # typed on the command line (no root): any regular file will do
    assert resolve_reference("../outside.yaml", inner) == (tmp_path / "outside.yaml").resolve()
    assert resolve_reference(str(tmp_path / "outside.yaml")) == (tmp_path / "outside.yaml").resolve()
    # a folder named on the command line may be read from anywhere
    from engine.rules.loader import named_folders
    with named_folders([tmp_path]):
        assert resolve_reference("../outside.yaml", inner, SPAN, root=inner) == (tmp_path / "outside.yaml").resolve()


def test_a_file_may_extend_a_yml_file_beside_it(tmp_path: Path) -> None:
    """Both spellings of YAML's extension name a ruleset file in a reference written in a
    file (a fresh seed-50 rules sample's survivor refused `.yml` there)."""
    (tmp_path / "parent.yml").write_text("extends: base\nid: parent\nname: Parent\n", encoding="utf-8")
    assert resolve_reference("parent.yml", tmp_path, SPAN, root=tmp_path) == (tmp_path / "parent.yml").resolve()
    (tmp_path / "house.yaml").write_text("extends: parent.yml\nid: house\nname: House\n", encoding="utf-8")
    assert [d for d in check_path(tmp_path / "house.yaml") if d.severity == "error"] == []


def test_a_path_that_cannot_be_used_is_y112(tmp_path: Path) -> None:
    code, message, span = _refused("house\x00.yaml", tmp_path)
    assert (code, span) == ("Y112", SPAN) and message.startswith("cannot use this path: ")


def _report(path: Path) -> list[tuple[str, str, int, int]]:
    return [(d.code, d.message, d.span.line, d.span.col) for d in check_path(path) if d.span is not None]


def test_the_chain_of_files_is_refused_with_its_reason(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\nextends: 3\n", encoding="utf-8")
    assert _report(bad) == [("S203", "`extends` must be a ruleset name or path", 2, 10)]
    bad.write_text("- extends\n- base\n", encoding="utf-8")
    assert _report(bad) == [("S203", "a ruleset file must be a mapping of keys to values", 1, 1)]
    bad.write_text("42\n", encoding="utf-8")  # a value with no place of its own: the file's start
    assert _report(bad) == [("S203", "a ruleset file must be a mapping of keys to values", 1, 1)]
    # a variant without its patch: the schema says so (S201), and loading it asks for the mapping
    bad.write_text("extends: base\nvariants:\n  quick: {description: Quick}\n", encoding="utf-8")
    assert _report(bad) == [("S201", "`variants/quick` is missing required key `patch`", 3, 10)]
    from engine.rules.loader import load_ruleset
    with pytest.raises(BohnError) as caught:
        load_ruleset(str(bad), "quick")
    d = caught.value.diagnostics[0]
    assert (d.code, d.message, d.span and (d.span.line, d.span.col)) == ("S203", "variant `quick` needs a `patch` mapping", (3, 10))


def test_a_chain_longer_than_the_limit_is_y114(tmp_path: Path) -> None:
    (tmp_path / "f0.yaml").write_text("extends: base\n", encoding="utf-8")
    for i in range(1, MAX_CHAIN + 2):
        (tmp_path / f"f{i}.yaml").write_text(f"extends: f{i - 1}.yaml\n", encoding="utf-8")
    assert _report(tmp_path / f"f{MAX_CHAIN - 2}.yaml") == []  # the longest chain allowed
    assert _report(tmp_path / f"f{MAX_CHAIN - 1}.yaml") == [("Y114", f"the `extends` chain is longer than {MAX_CHAIN} files", 1, 10)]
