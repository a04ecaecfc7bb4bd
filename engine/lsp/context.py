"""Where the cursor is in a YAML file that is being typed, so probably not valid YAML.

Completion and hover cannot wait for a parse that succeeds: half a key, a missing colon
or an open bracket is the normal state of a file being edited. This module reads the
layout line by line instead — indentation, ``key:`` and ``- `` openers, block scalars —
which is enough to know the key path of the cursor, whether a key or a value is being
typed, and whether the cursor is inside an effect-language snippet and where.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Keys whose values are effect-language snippets (see the schema's ``effect`` and ``item``).
EFFECT_KEYS = frozenset({"effect", "on_buy"})

_ITEM = re.compile(r"-(?=\s|$)\s*")
_KEY = re.compile(r"""(?P<key>"[^"]*"|'[^']*'|[^\s#'"{}\[\],&*!|>%@`][^:#]*?)\s*:(?=\s|$)""")
_BLOCK = re.compile(r"[|>][-+0-9]*\s*(#.*)?$")
_WORD = re.compile(r"[A-Za-z0-9_]")


@dataclass(frozen=True)
class Opener:
    """Something that opens a nested node on a line: a ``key:`` or a ``- `` item."""

    col: int  # 0-based
    key: str | None  # None for a list item
    value_col: int  # where the value after it starts


@dataclass(frozen=True)
class Layout:
    """The lines of a document with their openers; block-scalar lines have none."""

    lines: list[str]
    openers: list[list[Opener]]
    #: for each line inside a block scalar: (line of its key, the key)
    block_of: list[tuple[int, str] | None]


def _openers(line: str) -> list[Opener]:
    out: list[Opener] = []
    pos = len(line) - len(line.lstrip(" "))
    if line[pos:pos + 1] == "#":
        return out
    while True:
        m = _ITEM.match(line, pos)
        if not m:
            break
        out.append(Opener(pos, None, m.end()))
        pos = m.end()
    m = _KEY.match(line, pos)
    if m:
        key = m.group("key").strip()
        if key[:1] in "\"'":
            key = key[1:-1]
        start = m.end()
        value = start + len(line[start:]) - len(line[start:].lstrip(" "))
        out.append(Opener(pos, key, value))
    return out


def layout(text: str) -> Layout:
    """Read the layout of a whole document (linear in its size)."""
    lines = text.split("\n")
    openers: list[list[Opener]] = []
    block_of: list[tuple[int, str] | None] = []
    block: tuple[int, str, int] | None = None  # key line, key, key column
    for number, line in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip(" "))
        if block is not None and (not stripped or indent > block[2]):
            openers.append([])
            block_of.append((block[0], block[1]))
            continue
        block = None
        found = _openers(line)
        openers.append(found)
        block_of.append(None)
        if found and found[-1].key is not None and _BLOCK.match(line, found[-1].value_col):
            block = (number, found[-1].key, found[-1].col)
    return Layout(lines, openers, block_of)


@dataclass(frozen=True)
class Snippet:
    """The effect-language text around the cursor."""

    key: str
    before: str  # the snippet's text up to the cursor
    line_before: str  # the cursor's line of the snippet, up to the cursor


@dataclass(frozen=True)
class Cursor:
    """What the cursor is on."""

    path: tuple[str, ...]  # keys from the top; "-" for a list item
    in_key: bool  # a key is being typed (no colon before the cursor on its line)
    key: str | None  # the key whose value is being typed
    prefix: str  # the partial word before the cursor
    word: str  # the whole word under the cursor
    word_start: int
    snippet: Snippet | None
    keys_here: frozenset[str]  # keys already written in the mapping being typed in


def _word_bounds(line: str, col: int) -> tuple[int, int]:
    start = col
    while start > 0 and _WORD.match(line[start - 1]):
        start -= 1
    end = col
    while end < len(line) and _WORD.match(line[end]):
        end += 1
    return start, end


def _flow(text: str) -> tuple[list[str], str | None] | None:
    """Inside an unclosed ``{`` of a flow mapping: the flow keys around the cursor and
    the key whose value is typed (None when a key is typed); None outside flow maps."""
    stack: list[tuple[str, str | None]] = []  # bracket, key that opened it
    key: str | None = None
    token = ""
    quote = ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "{[":
            stack.append((ch, key))
            key, token = None, ""
        elif ch in "}]":
            if stack:
                _, key = stack.pop()
            token = ""
        elif ch == ",":
            key, token = (None, "") if stack and stack[-1][0] == "{" else (key, "")
        elif ch == ":" and stack and stack[-1][0] == "{":
            key, token = token.strip(), ""
        else:
            token += ch
    if not any(b == "{" for b, _ in stack):
        return None
    outer = [k for _, k in stack if k is not None]
    if stack[-1][0] == "{":
        return outer, key
    opened_by = stack[-1][1]
    return (outer[:-1] if opened_by is not None else outer), opened_by


def _ancestors(doc: Layout, line: int, col: int) -> list[str]:
    """Keys of the nodes that contain column ``col`` of ``line``, outermost first."""
    path: list[str] = []
    limit = col
    for number in range(line, -1, -1):
        if limit <= 0:
            break
        openers = doc.openers[number]
        if number == line:
            openers = [o for o in openers if o.col < col]
        for opener in reversed(openers):
            if opener.col < limit:
                path.append(opener.key if opener.key is not None else "-")
                limit = opener.col
    path.reverse()
    return path


def _siblings(doc: Layout, line: int, col: int) -> frozenset[str]:
    """Keys at column ``col`` of the mapping around ``line``."""
    found: set[str] = set()
    for step in (-1, 1):
        number = line + step
        while 0 <= number < len(doc.lines):
            openers = doc.openers[number]
            if doc.block_of[number] is None and doc.lines[number].strip() and not doc.lines[number].lstrip().startswith("#"):
                first = openers[0].col if openers else len(doc.lines[number]) - len(doc.lines[number].lstrip())
                if first < col and not any(o.col == col for o in openers):
                    break
            for o in openers:
                if o.col == col and o.key is not None:
                    found.add(o.key)
            number += step
    return frozenset(found)


def cursor_at(doc: Layout, line: int, col: int) -> Cursor:
    """The cursor at 0-based ``line`` and ``col`` (characters)."""
    if not 0 <= line < len(doc.lines):
        return Cursor((), True, None, "", "", col, None, frozenset())
    text = doc.lines[line]
    col = max(0, min(col, len(text)))
    start, end = _word_bounds(text, col)
    prefix, word = text[start:col], text[start:end]
    owner = doc.block_of[line]
    if owner is not None:
        key_line, key = owner
        opener = next(o for o in doc.openers[key_line] if o.key == key)
        path = tuple(_ancestors(doc, key_line, opener.col + 1))
        snippet = None
        if key in EFFECT_KEYS:
            body = [doc.lines[n] for n in range(key_line + 1, line + 1)]
            indents = [len(b) - len(b.lstrip(" ")) for b in body if b.strip()]
            cut = min(indents) if indents else 0
            body[-1] = body[-1][:col]
            before = "\n".join(b[cut:] for b in body)
            snippet = Snippet(key, before, text[cut:col] if col >= cut else "")
        return Cursor(path, False, key, prefix, word, start, snippet, frozenset())
    openers = doc.openers[line]
    valued = [o for o in openers if o.key is not None and o.value_col <= col and o.col < col]
    flow_base = valued[-1].value_col if valued else (openers[-1].value_col if openers else 0)
    flow = _flow(text[flow_base:col]) if "{" in text[flow_base:col] else None
    if flow is not None:
        keys, typed = flow
        container = (*_ancestors(doc, line, flow_base + 1), *keys)
        if typed is None:
            return Cursor(container, True, None, prefix, word, start, None, frozenset())
        return Cursor((*container, typed), False, typed, prefix, word, start, None, frozenset())
    if valued:
        opener = valued[-1]
        path = tuple(_ancestors(doc, line, opener.col + 1))
        snippet = None
        if opener.key in EFFECT_KEYS:
            value = text[opener.value_col:col]
            quote = value[:1] if value[:1] in "\"'" else ""
            snippet = Snippet(opener.key, value[len(quote):], value[len(quote):])
        return Cursor(path, False, opener.key, prefix, word, start, snippet, frozenset())
    path = tuple(_ancestors(doc, line, start))
    return Cursor(path, True, None, prefix, word, start, None, _siblings(doc, line, start))


def word_range(line: str, col: int) -> tuple[int, int]:
    """The columns of the word at ``col`` (for ranges of point-like positions)."""
    start, end = _word_bounds(line, col)
    if end <= start:
        return col, min(col + 1, max(len(line), col + 1))
    return start, end
