"""The libyaml-backed reader gives exactly what the pure-Python one gives.

``yamlload`` reads with libyaml's parser under PyYAML's Python composer when it can
(ten times faster: `bohn lsp` re-reads a file on every edit) and falls back to the pure
loader for anything libyaml refuses, whose messages make the Y103 diagnostics.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.errors import BohnError
from engine.paths import rulesets_dir
from engine.rules import yamlload
from engine.rules.located import LList, LMap

FILES = sorted(rulesets_dir().rglob("*.yaml")) + sorted((Path(__file__).parent / "fixtures").glob("*.yaml"))


def _shape(node: Any) -> Any:
    """Values with every span, for an exact comparison."""
    if isinstance(node, LMap):
        return ("map", node.span, [(k, node.key_spans.get(k), node.value_spans.get(k), _shape(v)) for k, v in node.items()])
    if isinstance(node, LList):
        return ("list", node.span, [(s, _shape(v)) for v, s in zip(node, node.item_spans)])
    return (type(node).__name__, node)


def _read(text: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    with monkeypatch.context() as m:
        if not fast:
            m.setattr(yamlload, "_FastLoader", None)
        try:
            return _shape(yamlload._parse_text(text, "f.yaml"))
        except BohnError as exc:
            return [d.to_json() for d in exc.diagnostics]


@pytest.mark.skipif(yamlload._FastLoader is None, reason="PyYAML without libyaml")
@pytest.mark.parametrize("path", [p for p in FILES if "Y105" not in p.name], ids=lambda p: p.name)
def test_same_data_spans_and_errors(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    assert _read(text, True, monkeypatch) == _read(text, False, monkeypatch)


@pytest.mark.skipif(yamlload._FastLoader is None, reason="PyYAML without libyaml")
@pytest.mark.parametrize("text", [
    "a: [1, 2\nb: 3\n", "a: 'open\n", "a:\n  - b: 1\n c: 2\n", "a: 1\n---\nb: 2\n", "a: &x 1\nb: *y\n",
    "a: !!python/object:os.system x\n", "a: |\n  text\n b: 1\n", "[" * 5000, "a: \ud800\n", "",
])
def test_refused_input_is_reported_as_before(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _read(text, True, monkeypatch) == _read(text, False, monkeypatch)


@pytest.mark.skipif(yamlload._FastLoader is None, reason="PyYAML without libyaml")
def test_the_fast_reader_reads_every_shipped_file_itself() -> None:
    """The comparison above passes as well when the fast reader gives up on everything
    (the pure loader then answers both ways): every shipped file is read by it, not by the
    fallback (a 2026-12-03 mutant broke its composer and no test saw the fallback taken)."""
    for path in sorted(rulesets_dir().rglob("*.yaml")):
        assert yamlload._compose_fast(path.read_text(encoding="utf-8")) is not None, path
