"""Hover text and go-to-definition for the word under the cursor.

Hover explains, from the same tables the checker uses: effect-language names (events
and their payload, queries, statements, functions with their signature and a compiled
example from ``engine/lang/reference.py``), declared ids (a bean's card count and
beanometer as the whole ``extends`` chain sets them), schema keys, and error codes
(what ``bohn explain`` prints).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import CODES, BohnError, Span
from engine.lang import reference as R
from engine.lang import vocab as V
from engine.lsp import schemahelp
from engine.lsp.complete import VALUE_CATEGORY, signature_text
from engine.lsp.context import Cursor, Layout, cursor_at
from engine.lsp.index import Decl, Index
from engine.rules.loader import resolve_reference

_CODE = re.compile(r"^[A-Z][0-9]{3}$")


@dataclass(frozen=True)
class Target:
    """Where a definition is: a file and a 1-based line and column."""

    path: Path
    line: int
    col: int
    length: int = 0


def code_text(code: str) -> str | None:
    info = CODES.get(code)
    return f"**{code}**: {info.title}\n\n{info.hint}" if info else None


def _beanometer(meter: Any) -> str:
    if not isinstance(meter, list):
        return ""
    steps = [f"{n} beans → {i + 1} coin{'s' if i else ''}" for i, n in enumerate(meter) if isinstance(n, int)]
    return "; ".join(steps)


def _where(decl: Decl) -> str:
    return f"declared at {decl.path.name}:{decl.span.line}"


def decl_text(decl: Decl, index: Index) -> str:
    """What a declared id is: for a bean its count and beanometer, after ``extends``."""
    data = index.merged_entry(decl.category, decl.id)
    if not isinstance(data, dict):
        data = decl.data if isinstance(decl.data, dict) else {}
    head = f"**{decl.id}** ({decl.category})"
    name = data.get("name")
    if isinstance(name, str):
        head += f": {name}"
    lines = [head]
    if decl.category == "bean":
        if "count" in data:
            lines.append(f"{data['count']} cards")
        meter = _beanometer(data.get("beanometer"))
        if meter:
            lines.append(f"beanometer {data.get('beanometer')}: {meter}")
    for key in ("kind", "owner", "visibility", "price", "group", "pay_with"):
        if key in data and not isinstance(data[key], (dict, list)):
            lines.append(f"{key}: {data[key]}")
    if isinstance(data.get("description"), str):
        lines.append(str(data["description"]))
    lines.append(_where(decl))
    return "\n\n".join(lines)


def _example(table: dict[str, str], name: str) -> str:
    example = table.get(name)
    return f"\n\n```\n{example}\n```" if example else ""


def vocab_text(word: str, before: str, snippet_before: str) -> str | None:
    """Documentation of an effect-language name; ``before`` is its line up to the word."""
    if before.endswith("event."):
        events = re.findall(r"\bwhen\s+([A-Za-z_]\w*)", snippet_before)
        event = events[-1] if events else None
        payload = V.EVENTS.get(event or "", {})
        if word in payload:
            return f"`event.{word}`: {payload[word]} (payload of `{event}`)"
        owners = [e for e, p in V.EVENTS.items() if word in p]
        return f"`event.{word}`: payload of {', '.join(owners)}" if owners else None
    if before.endswith(".") :
        types = [f"{t}.{word}: {a[word]}" for t, a in V.ATTRIBUTES.items() if word in a]
        return "attribute " + "; ".join(f"`{t}`" for t in types) if types else None
    after_modify = re.search(r"\bmodify\s+$", before) is not None
    if word in V.QUERIES and (after_modify or word not in V.FUNCTIONS):
        names, t, meaning = V.QUERIES[word]
        bound = ", ".join(f"{k}: {v}" for k, v in names.items())
        return f"query **{word}** → {t}: {meaning}\n\nNames bound: {bound}, value: {t}" + _example(R.QUERY_EXAMPLES, word)
    if word in V.EVENTS:
        fields = ", ".join(f"event.{k}: {v}" for k, v in V.EVENTS[word].items())
        return f"event **{word}**\n\nPayload: {fields}" + _example(R.EVENT_EXAMPLES, word)
    if word in V.STATEMENTS:
        s = V.STATEMENTS[word]
        return f"statement `{signature_text(word, s)}`\n\n{s.doc}" + _example(R.STATEMENT_EXAMPLES, word)
    if word in V.FUNCTIONS:
        s = V.FUNCTIONS[word]
        return f"function `{signature_text(word, s)}`\n\n{s.doc}" + _example(R.FUNCTION_EXAMPLES, word)
    rule = re.findall(r"\b(when|modify)\s+([A-Za-z_]\w*)", snippet_before + word)
    if rule and rule[-1][0] == "modify" and rule[-1][1] in V.QUERIES and not after_modify:
        bound_names, value_type, _ = V.QUERIES[rule[-1][1]]
        if word == "value":
            return f"`value`: {value_type}, the value of `{rule[-1][1]}` so far"
        if word in bound_names:
            return f"`{word}`: {bound_names[word]}, bound by the query `{rule[-1][1]}`"
    if word == "event" and rule and rule[-1][0] == "when" and rule[-1][1] in V.EVENTS:
        fields = ", ".join(f"event.{k}: {v}" for k, v in V.EVENTS[rule[-1][1]].items())
        return f"`event`: the `{rule[-1][1]}` event. Payload: {fields}"
    if word in V.CONTEXT:
        return f"`{word}`: {V.CONTEXT[word]} (every rule can use it)"
    if word in V.WHO:
        return f"`by {word}`: whose events or queries the rule hears"
    return None


def hover_text(doc: Layout, line: int, col: int, index: Index | None, schema: str = "ruleset") -> str | None:
    """The hover text at 0-based ``line``/``col``, or None."""
    cursor = cursor_at(doc, line, col)
    word = cursor.word
    if not word:
        return None
    text = doc.lines[line]
    code = code_text(word) if _CODE.match(word) else None
    if code:
        return code
    if cursor.snippet is not None:
        before = text[:cursor.word_start]
        snippet_before = cursor.snippet.before
        found = vocab_text(word, before, snippet_before)
        if found:
            return found
    if index is not None:
        decl = index.first(word, VALUE_CATEGORY.get(cursor.key or "")) or index.first(word)
        if decl is not None:
            return decl_text(decl, index)
    after = text[cursor.word_start + len(word):].lstrip()
    if after.startswith(":") and cursor.snippet is None:
        key_cursor = cursor_at(doc, line, cursor.word_start)
        key = text[cursor.word_start - 1:cursor.word_start] if cursor.word_start else ""
        name = word
        keys = schemahelp.keys_at(key_cursor.path, schema)
        if name in keys and keys[name]:
            return f"**{('+' if key == '+' else '') + name}**: {keys[name]}"
    return None


def definition(doc: Layout, line: int, col: int, index: Index | None, folder: Path) -> Target | None:
    """Where the id or ``extends`` target under the cursor is declared."""
    cursor: Cursor = cursor_at(doc, line, col)
    if cursor.key in ("extends", "ruleset") and cursor.snippet is None:
        value = doc.lines[line].split(":", 1)[1].split("#", 1)[0].strip().strip("\"'")
        if value:
            try:
                return Target(resolve_reference(value, folder, root=folder), 1, 1)
            except BohnError:
                return None
    if index is None or not cursor.word:
        return None
    decl = index.first(cursor.word, VALUE_CATEGORY.get(cursor.key or "")) or index.first(cursor.word)
    if decl is None:
        return None
    span: Span = decl.span
    return Target(decl.path, span.line, span.col, len(decl.id))
