"""Plain data that remembers where it came from.

``LMap`` and ``LList`` are ``dict`` and ``list`` subclasses, so JSON Schema, ``json``
and ordinary code treat them as the plain containers they are, while every child value
keeps the :class:`~engine.errors.Span` of the file, line and column that set it. Overlay
merging copies spans along with values, which is how provenance survives ``extends``.
"""

from __future__ import annotations

from typing import Any, Iterable

from engine.errors import Span


class LMap(dict):  # type: ignore[type-arg]
    """A mapping whose keys and values carry source spans."""

    __slots__ = ("span", "key_spans", "value_spans")

    def __init__(self, span: Span | None = None) -> None:
        super().__init__()
        self.span = span
        self.key_spans: dict[str, Span] = {}
        self.value_spans: dict[str, Span] = {}

    def put(self, key: str, value: Any, key_span: Span | None, value_span: Span | None) -> None:
        self[key] = value
        if key_span is not None:
            self.key_spans[key] = key_span
        if value_span is not None:
            self.value_spans[key] = value_span

    def drop(self, key: str) -> None:
        del self[key]
        self.key_spans.pop(key, None)
        self.value_spans.pop(key, None)


class LList(list):  # type: ignore[type-arg]
    """A list whose items carry source spans."""

    __slots__ = ("span", "item_spans")

    def __init__(self, span: Span | None = None, items: Iterable[tuple[Any, Span | None]] = ()) -> None:
        super().__init__()
        self.span = span
        self.item_spans: list[Span | None] = []
        for value, item_span in items:
            self.add(value, item_span)

    def add(self, value: Any, span: Span | None) -> None:
        self.append(value)
        self.item_spans.append(span)


def span_of(node: Any) -> Span | None:
    return getattr(node, "span", None)


def child_span(container: Any, key: str | int) -> Span | None:
    """The span of a child value, falling back to its container."""
    if isinstance(container, LMap) and isinstance(key, str):
        return container.value_spans.get(key) or container.span
    if isinstance(container, LList) and isinstance(key, int) and 0 <= key < len(container.item_spans):
        return container.item_spans[key] or container.span
    return span_of(container)


def key_span(container: Any, key: str) -> Span | None:
    if isinstance(container, LMap):
        return container.key_spans.get(key) or container.value_spans.get(key) or container.span
    return span_of(container)


def span_at(root: Any, path: Iterable[str | int], *, key: bool = False) -> Span | None:
    """The span of the value at ``path`` (or of its key), or of the deepest container found."""
    node = root
    best = span_of(root)
    parts = list(path)
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if isinstance(node, LMap) and isinstance(part, str) and part in node:
            best = (key_span(node, part) if key and last else child_span(node, part)) or best
            node = node[part]
        elif isinstance(node, LList) and isinstance(part, int) and 0 <= part < len(node):
            best = child_span(node, part) or best
            node = node[part]
        else:
            break
    return best


def to_plain(node: Any) -> Any:
    """A copy made of built-in types only (for JSON output and hashing)."""
    if isinstance(node, dict):
        return {k: to_plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    return node


def clone(node: Any) -> Any:
    """A deep copy that keeps spans, so overlays never mutate what they extend."""
    if isinstance(node, LMap):
        out = LMap(node.span)
        for k, v in node.items():
            out.put(k, clone(v), node.key_spans.get(k), node.value_spans.get(k))
        return out
    if isinstance(node, LList):
        return LList(node.span, ((clone(v), s) for v, s in zip(node, node.item_spans)))
    if isinstance(node, dict):
        return {k: clone(v) for k, v in node.items()}
    if isinstance(node, list):
        return [clone(v) for v in node]
    return node
