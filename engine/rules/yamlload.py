"""Safe YAML loading that keeps positions and refuses hostile input cleanly.

PyYAML's composer gives nodes with marks; we build :class:`LMap`/:class:`LList` from
them ourselves instead of using a constructor, so that (a) every value keeps its span,
(b) duplicate keys are errors instead of silent overwrites, (c) only plain data tags are
accepted (never Python objects), and (d) alias expansion and nesting are bounded, so an
alias bomb or a 10,000-deep list ends in a coded error, not a hang or a traceback.
"""

from __future__ import annotations

import itertools
import math
import os
import re
from pathlib import Path
from typing import Any

import yaml

from engine.errors import BohnError, Span
from engine.files import UnsafeFile, read_limited
from engine.rules.located import LList, LMap, clone
from engine.texts import buffer_text

#: Largest file we read. Rulesets are a few hundred kilobytes at the very most.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: Deepest nesting accepted; real rulesets nest fewer than 15 levels.
MAX_DEPTH = 100
#: Most nodes one document may expand to (aliases included).
MAX_NODES = 500_000
#: Most digits of an integer; every number a ruleset needs is far smaller, and Python
#: refuses to convert more than 4,300 digits anyway.
MAX_INT_DIGITS = 15

_PLAIN_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MERGE_TAG = "tag:yaml.org,2002:merge"

class _Loader(yaml.SafeLoader):
    """The pure-Python loader (the C one composes recursively in C, where deep nesting
    could overflow the stack instead of raising a catchable error), resolving plain
    scalars by the YAML 1.2 core schema: ``1:30`` is text, not 90 (YAML 1.1 base 60);
    ``yes``/``no``/``on``/``off`` are text, not booleans; ``012`` is twelve."""

    yaml_implicit_resolvers: dict[Any, Any] = {}


_INT_RE = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
_FLOAT_RE = re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$")
_BOOL_RE = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_NULL_RE = re.compile(r"^(?:~|null|Null|NULL|)$")
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", _BOOL_RE, list("tTfF"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", _INT_RE, list("-+0123456789"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT_RE, list("-+0123456789."))
_Loader.add_implicit_resolver("tag:yaml.org,2002:null", _NULL_RE, ["~", "n", "N", ""])
_Loader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"])


def _make_fast_loader() -> type | None:
    """libyaml's scanner and parser (C, iterative: an explicit stack, no recursion) under
    PyYAML's Python composer (recursion there ends in a catchable RecursionError). It
    reads a file about ten times faster and yields the same nodes and marks; only its
    error messages differ, so a document it refuses is read again by ``_Loader``, whose
    messages the Y103 diagnostics are made of. None when PyYAML has no libyaml."""
    try:
        from yaml._yaml import CParser
    except ImportError:  # pragma: no cover - PyYAML built without libyaml
        return None
    from yaml.composer import Composer
    from yaml.resolver import Resolver

    class FastLoader(CParser, Resolver):  # type: ignore[misc, valid-type]
        yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers  # YAML 1.2 scalars, as _Loader

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Resolver.__init__(self)
            self.anchors: dict[str, yaml.Node] = {}

        check_node = Composer.check_node
        get_node = Composer.get_node
        compose_document = Composer.compose_document
        compose_node = Composer.compose_node
        compose_scalar_node = Composer.compose_scalar_node
        compose_sequence_node = Composer.compose_sequence_node
        compose_mapping_node = Composer.compose_mapping_node

    return FastLoader


_FastLoader: type | None = _make_fast_loader()


def _span(file: str, node: yaml.Node) -> Span:
    start, end = node.start_mark, node.end_mark
    style = node.style if isinstance(node, yaml.ScalarNode) else None
    return Span(file, start.line + 1, start.column + 1, end.line + 1, end.column + 1, style or None)


def _mark_span(file: str, mark: Any) -> Span | None:
    if mark is None:
        return None
    return Span(file, mark.line + 1, mark.column + 1)


class _Builder:
    """Turns a composed node graph into located data, counting nodes as it goes."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise BohnError.one("Y105", f"the document expands to more than {MAX_NODES} nodes", _span(self.file, node))
        if depth > MAX_DEPTH:
            raise BohnError.one("Y104", f"nesting deeper than {MAX_DEPTH} levels", _span(self.file, node))
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ_TAG:
                raise BohnError.one("Y106", f"tag `{node.tag}` is not allowed", _span(self.file, node))
            out = LList(_span(self.file, node))
            for item in node.value:
                out.add(self.build(item, depth + 1), _span(self.file, item))
            return out
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, depth)
        raise BohnError.one("Y106", "unsupported YAML node", _span(self.file, node))

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        if node.tag not in _PLAIN_SCALAR_TAGS:
            raise BohnError.one("Y106", f"tag `{node.tag}` is not allowed", _span(self.file, node))
        value = node.value
        if node.tag == "tag:yaml.org,2002:str":
            return value
        span = _span(self.file, node)
        if node.tag == "tag:yaml.org,2002:int" and _INT_RE.match(value):
            digits = value.lstrip("+-")
            if len(digits.lstrip("0")) > MAX_INT_DIGITS:
                raise BohnError.one("Y111", f"a number of {len(digits)} digits; numbers have at most {MAX_INT_DIGITS}", span)
            if digits.startswith(("0o", "0x")):
                return int(digits[2:], 8 if digits[1] == "o" else 16)
            return int(value, 10)
        if node.tag == "tag:yaml.org,2002:float" and _FLOAT_RE.match(value):
            if len(value) > 64:
                raise BohnError.one("Y111", f"a number of {len(value)} characters; numbers have at most 64", span)
            lowered = value.lower()
            if lowered.endswith(".inf"):
                return -math.inf if lowered.startswith("-") else math.inf
            return math.nan if lowered == ".nan" else float(value)
        if node.tag == "tag:yaml.org,2002:bool" and _BOOL_RE.match(value):
            return value.lower() == "true"
        if node.tag == "tag:yaml.org,2002:null" and _NULL_RE.match(value):
            return None
        raise BohnError.one("Y106", f"`{_short(value)}` is not a valid {node.tag.rsplit(':', 1)[-1]}", span)

    def _mapping(self, node: yaml.MappingNode, depth: int) -> LMap:
        if node.tag != _MAP_TAG:
            raise BohnError.one("Y106", f"tag `{node.tag}` is not allowed", _span(self.file, node))
        out = LMap(_span(self.file, node))
        merged: list[LMap] = []
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _MERGE_TAG:
                source = self.build(value_node, depth + 1)
                merged.extend(source if isinstance(source, list) else [source])
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _PLAIN_SCALAR_TAGS:
                raise BohnError.one("Y109", "mapping keys must be plain text or numbers", _span(self.file, key_node))
            self.nodes += 1
            key = str(key_node.value)
            if key in out:
                first = out.key_spans.get(key)
                raise BohnError.one(
                    "Y107", f"duplicate key `{key}` (first at line {first.line if first else '?'})", _span(self.file, key_node)
                )
            out.put(key, self.build(value_node, depth + 1), _span(self.file, key_node), _span(self.file, value_node))
        for source in merged:
            if not isinstance(source, LMap):
                raise BohnError.one("Y106", "`<<` merges mappings only", out.span)
            for key, value in source.items():
                if key not in out:
                    out.put(key, value, source.key_spans.get(key), source.value_spans.get(key))
        return out


def _short(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."


#: Documents parsed lately, by (file name, text): an editor's server re-checks a file and
#: its unchanged parents on every edit. Callers get a clone, so nobody shares one.
_PARSED: dict[tuple[str, str], Any] = {}


def load_text(text: str, file: str) -> Any:
    """Parse one YAML document from text into located data."""
    key = (file, text)
    hit = _PARSED.get(key)
    if hit is None:
        hit = _parse_text(text, file)
        if len(_PARSED) >= 16:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[key] = hit
    return clone(hit)


def _compose_fast(text: str) -> list[Any] | None:
    """The first two documents read by ``_FastLoader``, or None to read with ``_Loader``."""
    if _FastLoader is None:
        return None
    try:
        return list(itertools.islice(yaml.compose_all(text, Loader=_FastLoader), 2))
    except Exception:  # noqa: BLE001 - any refusal: the pure loader reports it in its words
        return None


def _parse_text(text: str, file: str) -> Any:
    try:
        documents = _compose_fast(text)
        stream = iter(documents) if documents is not None else yaml.compose_all(text, Loader=_Loader)
        documents = []
        for document in stream:
            documents.append(document)
            if len(documents) > 1:
                raise BohnError.one("Y110", "the file holds more than one YAML document", _span(file, document))
    except BohnError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context_mark is not None and (mark is None or mark.index >= len(text) - 1):
            mark = exc.context_mark  # an unclosed construct: point where it was opened
        message = " ".join(p for p in (exc.context, exc.problem) if p) or "malformed YAML"
        if exc.context_mark is not None and exc.problem_mark is not None and exc.context_mark.line != exc.problem_mark.line:
            message += f" (the construct started at line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1})"
        raise BohnError.one("Y103", message, _mark_span(file, mark)) from None
    except yaml.YAMLError as exc:
        raise BohnError.one("Y103", str(exc).splitlines()[0] if str(exc) else "malformed YAML", Span(file, 1, 1)) from None
    except RecursionError:
        raise BohnError.one("Y104", "the document is nested too deeply to read", Span(file, 1, 1)) from None
    if not documents or documents[0] is None:
        raise BohnError.one("Y108", "the file holds no YAML document", Span(file, 1, 1))
    try:
        return _Builder(file).build(documents[0])
    except RecursionError:
        raise BohnError.one("Y104", "the document is nested too deeply to read", Span(file, 1, 1)) from None


def load_file(path: str | os.PathLike[str], display: str | None = None) -> Any:
    """Read and parse a YAML file, refusing oversized, binary and missing files with codes."""
    file = display or str(path)
    p = Path(path)
    unsaved = buffer_text(p)  # a file open in an editor (`bohn lsp`) reads as typed
    if unsaved is not None:
        if len(unsaved) > MAX_FILE_BYTES:
            raise BohnError.one("Y101", f"the text is longer than {MAX_FILE_BYTES // 1048576} MiB", Span(file, 1, 1))
        return load_text(unsaved, file)
    try:
        raw = read_limited(path, MAX_FILE_BYTES)
    except UnsafeFile as exc:
        code = "Y101" if "larger than" in str(exc) else "Y100"
        raise BohnError.one(code, str(exc), Span(file, 1, 1)) from None
    if b"\x00" in raw:
        raise BohnError.one("Y102", "the file holds binary data (NUL bytes)", Span(file, 1, 1))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise BohnError.one("Y102", "the file is not valid UTF-8 text", Span(file, line, 1)) from None
    return load_text(text, file)

