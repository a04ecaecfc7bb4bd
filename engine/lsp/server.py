"""The language server: pygls wiring of diagnostics, completion, hover and definitions.

Only this module imports pygls (the optional extra ``bohn[lsp]``); the analysis lives
in plain modules beside it. Checks run on the server's event loop, one at a time, a
short while after the last change of a burst of typing (``debounce``), with every open
buffer standing in for its file — so a parent ruleset edited but not saved counts.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from engine.errors import Diagnostic, hint_for
from engine.lsp import complete, diagnose, explain, index as indexing
from engine.lsp.context import Layout, cursor_at, layout, word_range
from engine.paths import display_path
from engine.rules.located import LMap
from engine.rules.yamlload import load_file
from engine.scenario.model import is_scenario_file
from engine.errors import BohnError

#: Seconds to wait after a change before checking (typing bursts are checked once).
DEBOUNCE = 0.05

_KINDS = {
    "key": T.CompletionItemKind.Property, "value": T.CompletionItemKind.Value, "id": T.CompletionItemKind.Reference,
    "event": T.CompletionItemKind.Event, "query": T.CompletionItemKind.Interface,
    "statement": T.CompletionItemKind.Method, "function": T.CompletionItemKind.Function,
    "keyword": T.CompletionItemKind.Keyword, "variable": T.CompletionItemKind.Variable,
    "field": T.CompletionItemKind.Field,
}
_SEVERITY = {"error": T.DiagnosticSeverity.Error, "warning": T.DiagnosticSeverity.Warning}

log = logging.getLogger("bohn.lsp")


def uri_path(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path).resolve() if path else None


def path_uri(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


class BohnServer(LanguageServer):
    """Keeps the pending checks, the last readable document of each file, and which
    diagnostics it published for files that are not open."""

    def __init__(self, debounce: float = DEBOUNCE) -> None:
        super().__init__("bohn", "0.1.0", text_document_sync_kind=T.TextDocumentSyncKind.Incremental)
        self.debounce = debounce
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.last_good: dict[Path, LMap] = {}
        self.indexes: dict[str, indexing.Index] = {}
        self.stale: set[str] = set()
        self.depends: dict[str, set[Path]] = {}  # open document -> the files its check reads
        self.foreign: dict[str, dict[str, list[T.Diagnostic]]] = {}

    # ------------------------------------------------------------------ helpers
    def buffers(self) -> dict[Path, str]:
        out: dict[Path, str] = {}
        for uri, doc in self.workspace.text_documents.items():
            path = uri_path(uri)
            if path is not None:
                out[path] = doc.source
        return out

    def lines_of(self, path: Path, buffers: dict[Path, str]) -> list[str]:
        if path in buffers:
            return buffers[path].split("\n")
        try:
            return path.read_text(encoding="utf-8-sig").split("\n")
        except (OSError, UnicodeDecodeError):
            return []

    def to_range(self, d: Diagnostic, lines: list[str]) -> T.Range:
        span = d.span
        if span is None:
            return T.Range(T.Position(0, 0), T.Position(0, 1))
        line = max(span.line - 1, 0)
        col = max(span.col - 1, 0)
        text = lines[line] if line < len(lines) else ""
        if span.end_line is not None and span.end_col is not None and (span.end_line, span.end_col) > (span.line, span.col):
            end_line, end_col = span.end_line - 1, span.end_col - 1
            if end_line > line:  # a whole block: mark its first line only
                end_line, end_col = line, max(len(text), col + 1)
        else:
            start, end = word_range(text, col)
            end_line, end_col = line, end if start == col else max(col + 1, end)
        codec = self.workspace.position_codec
        start_pos = codec.position_to_client_units(lines, T.Position(line, col)) if line < len(lines) else T.Position(line, col)
        end_pos = codec.position_to_client_units(lines, T.Position(end_line, end_col)) if end_line < len(lines) else T.Position(end_line, end_col)
        return T.Range(start_pos, end_pos)

    def to_lsp(self, d: Diagnostic, lines: list[str]) -> T.Diagnostic:
        hint = d.hint if d.hint is not None else hint_for(d.code)
        return T.Diagnostic(
            range=self.to_range(d, lines), message=d.message + (f"\nhint: {hint}" if hint else ""),
            severity=_SEVERITY.get(d.severity, T.DiagnosticSeverity.Error), code=d.code, source="bohn",
        )

    # ------------------------------------------------------------------ checking
    def schedule(self, uri: str) -> None:
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self._later(uri))

    async def _later(self, uri: str) -> None:
        await asyncio.sleep(self.debounce)
        self.pending.pop(uri, None)
        self.check(uri)

    def check(self, uri: str) -> None:
        """Check one open document now and publish its diagnostics."""
        doc = self.workspace.text_documents.get(uri)
        path = uri_path(uri)
        if doc is None or path is None:
            return
        buffers = self.buffers()
        if not diagnose.is_bohn_file(path, doc.source):
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=[], version=doc.version))
            return
        try:
            report = diagnose.check(path, buffers)
        except Exception as exc:  # noqa: BLE001 - a bug must not kill the editor's server
            log.exception("check failed")
            self.window_log_message(T.LogMessageParams(T.MessageType.Error, f"bohn: internal error while checking: {exc}"))
            return
        published: dict[str, list[T.Diagnostic]] = {}
        for file, found in report.by_file.items():
            lines = self.lines_of(file, buffers)
            published[path_uri(file) if file != path else uri] = [self.to_lsp(d, lines) for d in found]
        self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=published.pop(uri, []), version=doc.version))
        self._publish_foreign(uri, published)
        self.stale.add(uri)  # rebuilt when completion, hover or a definition asks
        self.depends[uri] = indexing.dependencies(path, doc.source, buffers)
        if not any(d.code.startswith("Y") for d in report.by_file.get(path, ())):
            self.remember(path, buffers)

    def remember(self, path: Path, buffers: dict[Path, str]) -> None:
        """Keep the document as last read well, for help while it does not parse."""
        from engine.texts import open_buffers

        with open_buffers(buffers):
            try:
                doc = load_file(path, display_path(path))  # the check just parsed it: a cached copy
            except BohnError:
                return
        if isinstance(doc, LMap):
            self.last_good[path] = doc

    def index_for(self, uri: str) -> indexing.Index | None:
        """The declarations for an open document, rebuilt when it changed since."""
        path = uri_path(uri)
        if path is not None and (uri in self.stale or uri not in self.indexes):
            self.stale.discard(uri)
            try:
                self.refresh_index(uri, path)
            except Exception:  # noqa: BLE001 - help degrades, the server stays up
                log.exception("index failed")
                self.indexes.pop(uri, None)
        return self.indexes.get(uri)

    def _publish_foreign(self, uri: str, published: dict[str, list[T.Diagnostic]]) -> None:
        """Diagnostics for files that are not open, merged over every checker."""
        before = set(self.foreign.get(uri, {}))
        self.foreign[uri] = published
        for other in before | set(published):
            if other in self.workspace.text_documents:
                continue
            merged: list[T.Diagnostic] = []
            for by_checker in self.foreign.values():
                merged.extend(by_checker.get(other, ()))
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=other, diagnostics=merged))

    def refresh_index(self, uri: str, path: Path) -> None:
        buffers = self.buffers()
        from engine.texts import open_buffers

        with open_buffers(buffers):
            try:
                doc = load_file(path, display_path(path))
                if isinstance(doc, LMap):
                    self.last_good[path] = doc
            except BohnError:
                doc = self.last_good.get(path)
            target = path
            if is_scenario_file(path):
                ref = indexing.ruleset_of_scenario(doc if isinstance(doc, LMap) else None, buffers.get(path, ""))
                target = None  # type: ignore[assignment]
                if ref:
                    try:
                        from engine.rules.loader import resolve_reference

                        target = resolve_reference(ref, path.parent, root=path.parent)
                    except BohnError:
                        target = None  # type: ignore[assignment]
            if target is None:
                self.indexes.pop(uri, None)
                return
            self.indexes[uri] = indexing.build(target, self.last_good)

    def layout_of(self, uri: str) -> tuple[Layout, Any]:
        doc = self.workspace.get_text_document(uri)
        return layout(doc.source), doc

    def server_position(self, doc: Any, position: T.Position) -> tuple[int, int]:
        pos = doc.position_codec.position_from_client_units(doc.lines, position)
        return pos.line, pos.character


def make_server(debounce: float = DEBOUNCE) -> BohnServer:
    """A server with every feature registered."""
    server = BohnServer(debounce)

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: BohnServer, params: T.DidOpenTextDocumentParams) -> None:
        ls.check(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: BohnServer, params: T.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.stale.update(ls.indexes)
        ls.stale.add(uri)
        ls.schedule(uri)
        path = uri_path(uri)
        for other, needs in list(ls.depends.items()):  # files that extend or test this one
            if other != uri and path in needs:
                ls.schedule(other)

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: BohnServer, params: T.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: BohnServer, params: T.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        task = ls.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        ls.indexes.pop(uri, None)
        ls._publish_foreign(uri, {})
        ls.foreign.pop(uri, None)
        ls.depends.pop(uri, None)
        ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=["."]))
    def completion(ls: BohnServer, params: T.CompletionParams) -> T.CompletionList:
        doc_layout, doc = ls.layout_of(params.text_document.uri)
        line, col = ls.server_position(doc, params.position)
        cursor = cursor_at(doc_layout, line, col)
        path = uri_path(params.text_document.uri)
        schema = "scenario" if path is not None and is_scenario_file(path) else "ruleset"
        found = complete.items_at(cursor, ls.index_for(params.text_document.uri), schema, path.parent if path else None)
        items = [
            T.CompletionItem(
                label=i.label, kind=_KINDS.get(i.kind), detail=i.detail or None,
                documentation=T.MarkupContent(T.MarkupKind.Markdown, i.doc) if i.doc else None,
                insert_text=i.insert, sort_text=(i.sort + i.label) if i.sort else None,
                insert_text_format=T.InsertTextFormat.Snippet if i.snippet else T.InsertTextFormat.PlainText,
            )
            for i in found
        ]
        return T.CompletionList(is_incomplete=False, items=items)

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    def hover(ls: BohnServer, params: T.HoverParams) -> T.Hover | None:
        doc_layout, doc = ls.layout_of(params.text_document.uri)
        line, col = ls.server_position(doc, params.position)
        path = uri_path(params.text_document.uri)
        schema = "scenario" if path is not None and is_scenario_file(path) else "ruleset"
        text = explain.hover_text(doc_layout, line, col, ls.index_for(params.text_document.uri), schema)
        if not text:
            return None
        return T.Hover(contents=T.MarkupContent(T.MarkupKind.Markdown, text))

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: BohnServer, params: T.DefinitionParams) -> T.Location | None:
        doc_layout, doc = ls.layout_of(params.text_document.uri)
        line, col = ls.server_position(doc, params.position)
        path = uri_path(params.text_document.uri)
        if path is None:
            return None
        target = explain.definition(doc_layout, line, col, ls.index_for(params.text_document.uri), path.parent)
        if target is None:
            return None
        lines = ls.lines_of(target.path, ls.buffers())
        start = T.Position(target.line - 1, target.col - 1)
        end = T.Position(target.line - 1, target.col - 1 + target.length)
        if target.line - 1 < len(lines):  # characters to the client's units (UTF-16 by default)
            codec = ls.workspace.position_codec
            start, end = codec.position_to_client_units(lines, start), codec.position_to_client_units(lines, end)
        return T.Location(uri=path_uri(target.path), range=T.Range(start, end))

    return server


def serve(debounce: float = DEBOUNCE) -> None:
    """Run the server over stdin and stdout until the client says exit."""
    make_server(debounce).start_io()
