"""Completion: schema keys, declared ids, and the effect language's vocabulary.

Everything offered comes from the tables the validator itself uses — the JSON Schema,
the declarations of the ruleset chain (:mod:`engine.lsp.index`) and
``engine/lang/vocab.py`` — so the editor cannot offer a name the checker would refuse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from engine.lang import vocab as V
from engine.lang.parser import GRAMMAR
from engine.lsp import schemahelp
from engine.lsp.context import Cursor, Snippet
from engine.lsp.index import Index
from engine.paths import rulesets_dir


@dataclass(frozen=True)
class Item:
    """One completion proposal, independent of the protocol library."""

    label: str
    kind: str  # key value id event query statement function keyword variable field
    detail: str = ""
    doc: str = ""
    insert: str | None = None  # text to insert when it differs from the label
    snippet: bool = False  # ``insert`` uses ``${1:name}`` placeholders
    sort: str = ""


_KEYWORDS_RE = re.compile(r'"([a-z_]+)"')


def keywords() -> list[str]:
    """The language's keywords, read from the grammar file."""
    return sorted(set(_KEYWORDS_RE.findall(GRAMMAR.read_text(encoding="utf-8"))))


def signature_text(name: str, sig: V.Signature) -> str:
    params = ", ".join(f"{p.name}: {p.type}" + (" = default" if p.default else "") for p in sig.params)
    return f"{name}({params}) -> {sig.returns}"


def _call_snippet(name: str, sig: V.Signature) -> str:
    required = [p for p in sig.params if not p.default]
    inner = ", ".join(f"${{{i + 1}:{p.name}}}" for i, p in enumerate(required))
    return f"{name}({inner})"


def _last_event(before: str) -> str | None:
    found = re.findall(r"\bwhen\s+([A-Za-z_]\w*)", before)
    return found[-1] if found else None


def _last_query(before: str) -> str | None:
    found = re.findall(r"\bmodify\s+([A-Za-z_]\w*)", before)
    rules = [m.start() for m in re.finditer(r"\b(when|modify|action)\b", before)]
    last_modify = [m.start() for m in re.finditer(r"\bmodify\b", before)]
    if found and last_modify and rules and rules[-1] == last_modify[-1]:
        return str(found[-1])
    return None


def effect_items(snippet: Snippet, index: Index | None) -> list[Item]:
    """Proposals inside an effect snippet, from the text before the cursor."""
    line = snippet.line_before
    before = snippet.before
    m = re.search(r"\bevent\.(\w*)$", line)
    if m:
        event = _last_event(before)
        payload = V.EVENTS.get(event or "", {})
        if not payload:
            payload = {k: t for p in V.EVENTS.values() for k, t in p.items()}
        return [Item(k, "field", t, f"`event.{k}`: {t}" + (f", payload of `{event}`" if event in V.EVENTS else ""))
                for k, t in payload.items()]
    if re.search(r"\bmodify\s+\w*$", line):
        return [Item(q, "query", f"value: {t}", f"{doc}\n\nNames bound: {', '.join(f'{k}: {v}' for k, v in names.items())}")
                for q, (names, t, doc) in V.QUERIES.items()]
    if re.search(r"\bwhen\s+\w*$", line):
        return [Item(e, "event", "event", "Payload: " + ", ".join(f"event.{k}: {t}" for k, t in p.items()))
                for e, p in V.EVENTS.items()]
    if re.search(r"\b(when|modify)\s+\w+\s+by\s+\w*$", line):
        return [Item(w, "keyword", "who", "whose events or queries the rule hears") for w in V.WHO]
    if re.search(r"\baction\s+\w+\s+on\s+\w*$", line):
        return [Item(t, "keyword", "timing") for t in V.TIMINGS]
    m = re.search(r"(\w+)\.(\w*)$", line)
    if m:
        return [Item(a, "field", f"{owner_type}.{a}: {t}", f"attribute of a {owner_type}")
                for owner_type, attrs in V.ATTRIBUTES.items() for a, t in attrs.items()]
    out: list[Item] = []
    out += [Item(n, "statement", signature_text(n, s), s.doc, _call_snippet(n, s), True, "1") for n, s in V.STATEMENTS.items()]
    out += [Item(n, "function", signature_text(n, s), s.doc, _call_snippet(n, s), True, "1") for n, s in V.FUNCTIONS.items()]
    out += [Item(n, "variable", t, "a name every rule can use") for n, t in V.CONTEXT.items()]
    event = _last_event(before)
    query = _last_query(before)
    if query in V.QUERIES:
        names, t, _ = V.QUERIES[query]
        out += [Item(k, "variable", v, f"bound by the query `{query}`", sort="0") for k, v in names.items()]
        out.append(Item("value", "variable", t, f"the value of `{query}` so far", sort="0"))
    elif event is not None:
        out.append(Item("event", "variable", f"event {event}", "the event's payload: `event.NAME`", sort="0"))
    out += [Item(k, "keyword", "keyword", sort="3") for k in keywords()]
    if index is not None:
        out += [Item(d.id, "id", d.category, sort="2") for d in index.of("bean") + index.of("zone")]
    return out


def _ruleset_names(folder: Path | None) -> list[Item]:
    out = [Item(p.stem, "value", "shipped ruleset") for p in sorted(rulesets_dir().glob("*.yaml"))]
    if folder is not None and folder.is_dir():
        for p in sorted(folder.glob("*.yaml"))[:200]:
            if not p.name.endswith(".scenario.yaml"):
                out.append(Item(p.name, "value", "ruleset file in this folder"))
    return out


#: Keys whose values are ids of one category (a hint for ordering, not a filter).
VALUE_CATEGORY = {
    "remove_beans": "bean", "pay_with": "bean", "only": "bean", "bean": "bean",
    "to": "zone", "zone": "zone", "revealed": "zone", "received": "zone", "rest_to": "zone",
    "also_from": "zone", "from": "zone", "paid_to": "zone", "field_payment_to": "zone",
    "turn": "turn", "group": "item", "phase": "phase", "variant": "variant",
}


#: Mappings whose keys are ids of one category (a scenario's set-up names zones).
KEY_CATEGORY = {"setup": "zone"}


def items_at(cursor: Cursor, index: Index | None, schema: str = "ruleset", folder: Path | None = None) -> list[Item]:
    """Every proposal for the cursor (the editor filters them by the typed prefix)."""
    if cursor.snippet is not None:
        return effect_items(cursor.snippet, index)
    if cursor.in_key:
        keys = schemahelp.keys_at(cursor.path, schema)
        out = [Item(k, "key", "key", doc, f"{k}: ") for k, doc in keys.items() if k not in cursor.keys_here]
        wanted = KEY_CATEGORY.get(cursor.path[-1] if cursor.path else "")
        if wanted and index is not None:
            out += [Item(d.id, "id", d.category, insert=f"{d.id}: ", sort="1") for d in index.of(wanted)
                    if d.id not in cursor.keys_here and d.id not in keys]
        return out
    key = cursor.key or ""
    if key in ("extends", "ruleset"):
        return _ruleset_names(folder)
    allowed = schemahelp.enum_at(cursor.path, schema)
    if allowed:
        return [Item(str(v).lower() if isinstance(v, bool) else str(v), "value", "allowed value") for v in allowed]
    if schemahelp.types_at(cursor.path, schema) & {"string", "array", "object"} == set() and \
            schemahelp.schema_at(cursor.path, schema) is not None:
        return []  # a number: no id fits
    ids: list[Item] = []
    if index is not None:
        wanted = VALUE_CATEGORY.get(key)
        for decls in index.decls.values():
            d = decls[0]
            ids.append(Item(d.id, "id", d.category, sort="0" if d.category == wanted else "1"))
    return ids
