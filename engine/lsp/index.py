"""What a ruleset and its parents declare, and where: the ids editors complete, explain
and jump to.

A file is read with the project's own loader (positions kept), and its ``extends`` chain
is followed with the loader's own reference resolution, file by file, so a file with
errors still has an index: a parent that cannot be read only drops out. Declarations
are ids of list items (beans, zones, items, phases, effects, assumptions), keys added
with ``+key`` and the named entries of the mappings that hold them (turns, options,
variants). The first file of the chain that declares an id is where it is declared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from engine.errors import BohnError, Span
from engine.lsp import schemahelp
from engine.rules.located import LList, LMap
from engine.rules.loader import merged_document, resolve_reference
from engine.rules.yamlload import load_file
from engine.paths import display_path
from engine.texts import locate

#: How deep an ``extends`` chain is followed (the loader reports longer cycles).
MAX_CHAIN = 16

#: The kind of id a top-level key declares, where the plural is not just an ``s`` more;
#: list items inside ``turns`` are phases.
CATEGORIES = {"beans": "bean", "zones": "zone", "items": "item", "turns": "turn", "options": "option",
              "variants": "variant", "effects": "effect", "assumptions": "assumption",
              "player_counts": "column"}


def category_of(top: str) -> str:
    return CATEGORIES.get(top, top[:-1] if top.endswith("s") and len(top) > 3 else top)


@lru_cache(maxsize=1)
def named_maps() -> frozenset[str]:
    """Top-level keys whose value maps names to entries (turns, options, variants…):
    read from the schema, so a section added to the format is indexed too."""
    props = schemahelp.root("ruleset").get("properties", {})
    out = set()
    for key, sub in props.items():
        alts = [sub, *sub.get("oneOf", ()), *sub.get("anyOf", ())] if isinstance(sub, dict) else []
        if any(isinstance(a, dict) and a.get("type") == "object" and isinstance(a.get("additionalProperties"), dict)
               for a in alts):
            out.add(key)
    return frozenset(out - {"player_counts"})


@dataclass(frozen=True)
class Decl:
    """One declared id."""

    id: str
    category: str
    path: Path
    span: Span  # of the id itself
    data: Any  # the declaring mapping, for hover text


@dataclass
class Index:
    """The declarations of a file and its parents."""

    chain: list[Path]  # the file, then what it extends, outward
    decls: dict[str, list[Decl]] = field(default_factory=dict)
    merged: LMap | None = None  # the whole chain applied, when it merges cleanly
    extends: dict[Path, tuple[str, Span | None]] = field(default_factory=dict)

    def first(self, name: str, category: str | None = None) -> Decl | None:
        for decl in self.decls.get(name, ()):
            if category is None or decl.category == category:
                return decl
        return None

    def of(self, category: str) -> list[Decl]:
        return [ds[0] for ds in self.decls.values() if ds[0].category == category]

    def merged_entry(self, category: str, name: str) -> Any:
        """The merged declaration of ``name`` (the whole chain applied), if any."""
        if self.merged is None:
            return None
        top = next((k for k in self.merged if category_of(k) == category), None)
        if top is None:
            return None
        holder = self.merged.get(top)
        if isinstance(holder, list):
            return next((x for x in holder if isinstance(x, dict) and x.get("id") == name), None)
        if isinstance(holder, dict):
            return holder.get(name)
        return None


def _category(keys: tuple[str, ...]) -> str:
    top = keys[0].lstrip("+") if keys else ""
    if top == "turns" and len(keys) >= 2:
        return "phase"
    return category_of(top) if top else "id"


def _declare(index: Index, decl: Decl) -> None:
    index.decls.setdefault(decl.id, []).append(decl)


def _walk(index: Index, path: Path, node: Any, keys: tuple[str, ...], depth: int = 0) -> None:
    if depth > 12:
        return
    if isinstance(node, LList):
        for item, item_span in zip(node, node.item_spans):
            if isinstance(item, LMap) and isinstance(item.get("id"), str):
                span = item.value_spans.get("id") or item_span or item.span
                if span is not None:
                    _declare(index, Decl(item["id"], _category(keys), path, span, item))
            _walk(index, path, item, keys, depth + 1)
    elif isinstance(node, LMap):
        for key, value in node.items():
            name = key[1:] if key[:1] == "+" and len(key) > 1 else key
            span = node.key_spans.get(key)
            named = len(keys) == 1 and keys[0].lstrip("+") in named_maps()
            category = _category(keys)
            known = any(d.category == category for d in index.decls.get(name, ()))
            if span is not None and (key[:1] == "+" and keys or named) and not known:
                _declare(index, Decl(name, category, path, span, value))
            inner = () if name in schemahelp.OVERLAY_KEYS else (*keys, name)  # a variant's patch is a ruleset
            _walk(index, path, value, inner, depth + 1)


def _read(path: Path, fallback: dict[Path, LMap]) -> LMap | None:
    try:
        doc = load_file(path, display_path(path))  # the name the loader uses: a cached parse
    except BohnError:
        return fallback.get(path)
    return doc if isinstance(doc, LMap) else fallback.get(path)


def build(path: Path, fallback: dict[Path, LMap] | None = None) -> Index:
    """The index of ``path`` (a ruleset file). ``fallback`` holds the last documents that
    could be read, used for a file that does not parse at the moment (being typed)."""
    fallback = fallback or {}
    index = Index([])
    docs: list[tuple[Path, LMap]] = []
    current: Path | None = path.resolve()
    while current is not None and len(index.chain) < MAX_CHAIN and current not in index.chain:
        index.chain.append(current)
        doc = _read(current, fallback)
        if doc is None:
            break
        docs.append((current, doc))
        parent = doc.get("extends")
        current = None
        if isinstance(parent, str):
            where = doc.value_spans.get("extends")
            index.extends[docs[-1][0]] = (parent, where)
            try:
                current = resolve_reference(parent, docs[-1][0].parent, where, root=path.resolve().parent)
            except BohnError:
                current = None
    for file, doc in reversed(docs):  # the root first: it declares, children override
        _walk(index, file, doc, ())
    try:
        index.merged = merged_document(path).document
    except BohnError:
        index.merged = None
    return index


def ruleset_of_scenario(doc: LMap | None, text: str) -> str | None:
    """The ruleset a scenario file names (at the top, or its first scenario's)."""
    if isinstance(doc, LMap):
        if isinstance(doc.get("ruleset"), str):
            return str(doc["ruleset"])
        for sc in doc.get("scenarios") or ():
            if isinstance(sc, dict) and isinstance(sc.get("ruleset"), str):
                return str(sc["ruleset"])
    for line in text.splitlines():
        stripped = line.strip().lstrip("- ").strip()
        if stripped.startswith("ruleset:"):
            value = stripped.split(":", 1)[1].split("#", 1)[0].strip().strip("\"'")
            if value:
                return value
    return None


def span_path(span: Span) -> Path:
    """The file a diagnostic's or declaration's span is in."""
    return locate(span.file)


_REF = re.compile(r"^\s*(?:-\s+)?(?:extends|ruleset):\s*['\"]?([^'\"#\s]+)", re.M)


def dependencies(path: Path, text: str, buffers: Mapping[Path, str]) -> set[Path]:
    """The files a file's check reads besides itself: what it extends, or a scenario's
    rulesets, and their parents — found from the text alone, without parsing YAML."""
    found: set[Path] = set()
    todo = [(path, text)]
    while todo and len(found) < MAX_CHAIN * 4:
        current, body = todo.pop()
        for ref in _REF.findall(body):
            try:
                target = resolve_reference(ref, current.parent, root=path.resolve().parent)
            except BohnError:
                continue
            if target not in found and target != path:
                found.add(target)
                try:
                    todo.append((target, buffers.get(target) or target.read_text(encoding="utf-8-sig")))
                except (OSError, UnicodeDecodeError):
                    pass
    return found
