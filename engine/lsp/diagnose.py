"""Diagnostics of an open file: exactly what ``bohn validate`` reports, as typed.

The check is ``bohn validate``'s own — :func:`engine.rules.loader.check_path` for a
ruleset, :func:`engine.scenario.model.check_scenario_file` for a scenario — run while
the editor's unsaved buffers stand in for the files on disk
(:func:`engine.texts.open_buffers`). Every diagnostic therefore has the code, message,
hint, line and column the command line would print, effect-language errors included
(their position inside a block scalar is mapped from the buffer's text).

A problem in a file that this one extends (a parent's value that the child's changes
make wrong) belongs to that file; it is reported there, and once more on the
``extends`` line of the file being edited so that it is not missed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from engine.errors import Diagnostic, Span
from engine.lsp import schemahelp
from engine.lsp.context import layout
from engine.rules.loader import check_path
from engine.scenario.model import check_scenario_file, is_scenario_file
from engine.texts import locate, open_buffers


@dataclass(frozen=True)
class Report:
    """Diagnostics of one check, by the file they are in."""

    path: Path
    by_file: dict[Path, list[Diagnostic]]


def _extends_span(text: str, file: str) -> Span:
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip()
        if stripped.startswith(("extends:", "ruleset:", "- ruleset:")):
            col = len(line) - len(stripped) + 1
            return Span(file, number, col, number, len(line.rstrip()) + 1)
    return Span(file, 1, 1)


def is_bohn_file(path: Path, text: str) -> bool:
    """A scenario file, or YAML with at least one ruleset key at the top: editors send
    every YAML file, and a CI config or a docker-compose file is none of our business."""
    if is_scenario_file(path):
        return True
    keys = set(schemahelp.root("ruleset").get("properties", {}))
    for opener in layout(text).openers:
        if opener and opener[0].col == 0 and opener[0].key is not None and opener[0].key.lstrip("+-") in keys:
            return True
    return False


def check(path: Path, buffers: Mapping[Path, str]) -> Report:
    """Check ``path`` with the open ``buffers`` (path → text) read instead of the disk."""
    path = path.resolve()
    with open_buffers(buffers):
        found = check_scenario_file(path) if is_scenario_file(path) else check_path(path)
    by_file: dict[Path, list[Diagnostic]] = {path: []}
    text = buffers.get(path, "")
    for d in found:
        where = locate(d.span.file).resolve() if d.span is not None else path
        by_file.setdefault(where, []).append(d)
        if where != path:
            shown = _extends_span(text, str(path))
            by_file[path].append(Diagnostic(d.code, f"in {d.span}: {d.message}", shown, d.severity, d.hint))
    return Report(path, by_file)
