"""Which vocabulary entries a snippet uses: events, queries, statements, functions, options.

The ruleset checks read it to reject options nobody reads (R471); the vocabulary
coverage test reads it to find, for each entry, a shipped scenario whose mutant removes
a use of that entry. Walking the syntax tree once per snippet is cheap and keeps the
answer exact (a name in a string or a comment is not a use).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, is_dataclass
from typing import Any

from engine.lang import ast as A

#: The kinds of entries counted.
KINDS = ("event", "query", "statement", "function", "procedure", "option")


def uses(program: A.Program) -> Counter[tuple[str, str]]:
    """Count ``(kind, name)`` for every entry the program uses."""
    from engine.lang import vocab as V

    out: Counter[tuple[str, str]] = Counter()
    stack: list[Any] = [program]
    while stack:
        node = stack.pop()
        if isinstance(node, tuple):
            stack.extend(node)
            continue
        if not is_dataclass(node):
            continue
        if isinstance(node, A.Trigger):
            out[("event", node.event)] += 1
        elif isinstance(node, A.Modifier):
            out[("query", node.query)] += 1
        elif isinstance(node, A.CallStmt):
            pass  # its call is counted below
        elif isinstance(node, A.Call):
            if node.func in V.STATEMENTS:
                out[("statement", node.func)] += 1
            elif node.func in V.FUNCTIONS:
                out[("function", node.func)] += 1
                if node.func == "option" and node.args and isinstance(node.args[0], A.Str):
                    out[("option", node.args[0].value)] += 1
            else:
                out[("procedure", node.func)] += 1
        for f in fields(node):
            if f.name != "span":
                stack.append(getattr(node, f.name))
    return out
