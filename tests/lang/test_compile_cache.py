"""The compile cache is keyed on content: the snippet's text, its name and environment,
its origin and the file text at that origin. Two identical snippets at different places
keep their own positions, a changed snippet at the same place is compiled anew, and the
same text re-indented at the same place (an editor's buffer) gets the new columns."""

from __future__ import annotations

from pathlib import Path

from engine.errors import Span
from engine.lang import CheckEnv, compile_effect
from engine.rules.located import child_span
from engine.rules.yamlload import load_file
from engine.texts import open_buffers

ENV = CheckEnv.of(["blue"], {"hand": "player", "discard": "shared", "coins": "player"})
SNIPPET = "action bonus on own_turn {{ gain(owner, {n}) }}\n"


def _document(indent: int, n: int = 1, m: int = 1) -> str:
    pad = " " * indent
    return (f"effects:\n  - id: a\n    effect: |\n{pad}{SNIPPET.format(n=n)}"
            f"  - id: b\n    effect: |\n{pad}{SNIPPET.format(n=m)}")


def _compile_all(path: Path) -> list:  # type: ignore[type-arg]
    doc = load_file(path, str(path))
    return [compile_effect(e["effect"], env=ENV, origin=child_span(e, "effect"), name="same") for e in doc["effects"]]


def test_identical_texts_at_two_places_keep_their_own_positions(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(_document(6), encoding="utf-8")
    a, b = _compile_all(path)
    assert a is not b
    spans = [c.actions[0].span for c in (a, b)]
    assert [(s.line, s.col) for s in spans] == [(4, 14), (7, 14)]


def test_a_changed_text_at_the_same_place_is_compiled_anew(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    origin = Span(str(path), 3, 13, 5, 1, "|")
    path.write_text(_document(6), encoding="utf-8")
    first = compile_effect(SNIPPET.format(n=1), env=ENV, origin=origin, name="a")
    path.write_text(_document(6, n=2), encoding="utf-8")
    second = compile_effect(SNIPPET.format(n=2), env=ENV, origin=origin, name="a")
    assert first is not second
    assert first.uses == second.uses and first.actions[0].span == second.actions[0].span


def test_the_same_text_reindented_at_the_same_place_gets_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(_document(6), encoding="utf-8")
    with open_buffers({path: _document(6)}):
        before = _compile_all(path)
    with open_buffers({path: _document(10)}):  # an editor re-indented the blocks: same texts, same origins
        after = _compile_all(path)
    assert [c.actions[0].span.col for c in before] == [14, 14]
    assert [c.actions[0].span.col for c in after] == [18, 18]
    with open_buffers({path: _document(6)}):  # back again: the first compilation is shared, not redone
        again = _compile_all(path)
    assert [id(c) for c in again] == [id(c) for c in before]
