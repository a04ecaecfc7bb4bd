"""Where a located document's parts are (engine/rules/located.py): every error of a
ruleset points at its `file:line:col` through these lookups, so each falls back to the
nearest place it knows rather than to none, and never fails on a part of another shape
(a map where a list was expected: the schema reports that, the lookup must not crash
first)."""

from __future__ import annotations

from engine.errors import Span
from engine.rules.located import LList, LMap, child_span


def _at(span: Span | None) -> tuple[str, int, int] | None:
    return None if span is None else (span.file, span.line, span.col)
from engine.rules.yamlload import load_text


def test_child_span_gives_the_child_then_the_container_then_nothing() -> None:
    doc = load_text("zones:\n  - {id: hand}\n  - {id: coins}\nname: House\n", "house.yaml")
    assert isinstance(doc, LMap) and isinstance(doc["zones"], LList)
    assert _at(child_span(doc, "name")) == ("house.yaml", 4, 7)
    assert child_span(doc, "missing") == doc.span  # a key not there: the map itself
    zones = doc["zones"]
    assert _at(child_span(zones, 1)) == ("house.yaml", 3, 5)
    assert zones.span is not None and child_span(zones, 5) == zones.span  # out of range: the list
    assert child_span(zones, "id") == zones.span  # a key asked of a list: the list, no crash
    assert child_span(doc, 0) == doc.span  # an index asked of a map: the map
    assert child_span("house", "id") is None and child_span(None, 0) is None  # a plain value has no place
