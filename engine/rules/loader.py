"""The ruleset pipeline: load → extends/overlay → variant → schema → semantics → Ruleset.

Public entry points:

* :func:`load_ruleset` — a ready ``Ruleset`` by name or path, raising ``BohnError``
  with every diagnostic found;
* :func:`check_path` — the diagnostics (errors and warnings) of one file, for
  ``bohn validate``; it checks the file as written and every variant it declares;
* :func:`list_rulesets` — the shipped rulesets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from engine.errors import BohnError, Diagnostic, Span
from engine.paths import display_path, rulesets_dir
from engine.rules import schema, semantic
from engine.rules.located import LMap, child_span
from engine.rules.model import Ruleset, build, unknown_variant
from engine.rules.overlay import merge
from engine.rules.yamlload import load_file
from engine.texts import buffer_text


@dataclass(frozen=True)
class Merged:
    """A document with its whole ``extends`` chain applied."""

    document: LMap
    sources: tuple[str, ...]
    paths: tuple[Path, ...]  # the same files, resolved: the cache watches them for edits


def resolve_reference(ref: str, relative_to: Path | None = None, span: Span | None = None) -> Path:
    """A ruleset name (``base``) or a path (``../house.yaml``) to an existing file."""
    looks_like_path = ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref
    candidates: list[Path] = []
    if looks_like_path:
        p = Path(ref)
        candidates.append(p if p.is_absolute() or relative_to is None else relative_to / p)
        if relative_to is not None and not p.is_absolute():
            candidates.append(Path.cwd() / p)
    else:
        candidates.append(rulesets_dir() / f"{ref}.yaml")
    for candidate in candidates:
        if candidate.is_file():
            return candidate.resolve()
    known = sorted(p.stem for p in rulesets_dir().glob("*.yaml"))
    from engine.errors import did_you_mean

    raise BohnError.one("O300", f"ruleset `{ref}` not found{did_you_mean(ref, known)}; shipped: {', '.join(known)}", span)


def _load_chain(path: Path, chain: tuple[Path, ...]) -> Merged:
    document = load_file(path, display_path(path))
    if not isinstance(document, LMap):
        raise BohnError.one("S203", "a ruleset file must be a mapping of keys to values", getattr(document, "span", None) or Span(display_path(path), 1, 1))
    parent_ref = document.get("extends")
    if parent_ref is None:
        return Merged(document, (display_path(path),), (path,))
    span = child_span(document, "extends")
    if not isinstance(parent_ref, str):
        raise BohnError.one("S203", "`extends` must be a ruleset name or path", span)
    parent_path = resolve_reference(parent_ref, path.parent, span)
    if parent_path in chain or parent_path == path:
        loop = " -> ".join(display_path(p) for p in (*chain, path, parent_path))
        raise BohnError.one("O301", f"extends cycle: {loop}", span)
    parent = _load_chain(parent_path, (*chain, path))
    merged = merge(parent.document, document)
    if "extends" in merged:
        merged.drop("extends")
    return Merged(merged, (*parent.sources, display_path(path)), (*parent.paths, path))


def _apply_variant(document: LMap, variant: str) -> LMap:
    variants = document.get("variants") or {}
    if not isinstance(variants, dict) or variant not in variants:
        raise unknown_variant(variant, list(variants) if isinstance(variants, dict) else [], child_span(document, "variants"))
    patch = variants[variant].get("patch") if isinstance(variants[variant], dict) else None
    if not isinstance(patch, LMap):
        raise BohnError.one("S203", f"variant `{variant}` needs a `patch` mapping", child_span(variants, variant))
    return merge(document, patch, top_level=False)


def _check(document: LMap) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """Errors and warnings of a merged document."""
    problems = schema.validate(document)
    if problems:
        # later checks still run where they can, so every mistake shows in one pass
        at = {(d.span.file, d.span.line) for d in problems if d.span}
        later = [d for d in semantic.check(document, shape_ok=False)
                 if not (d.span and (d.span.file, d.span.line) in at)]
        return problems + [d for d in later if d.severity == "error"], [d for d in later if d.severity == "warning"]
    found = semantic.check(document)
    return [d for d in found if d.severity == "error"], [d for d in found if d.severity == "warning"]


def _build(path: Path, variant: str | None, patches: Sequence[LMap] = ()) -> tuple[Ruleset, tuple[Path, ...]]:
    """The ruleset, and the files it was made of."""
    merged = _load_chain(path, ())
    document = _apply_variant(merged.document, variant) if variant else merged.document
    for patch in patches:
        document = merge(document, patch, top_level=False)
    errors, warnings = _check(document)
    if errors:
        raise BohnError(errors)
    return build(document, variant=variant, sources=merged.sources, warnings=warnings), merged.paths


_CACHE: dict[tuple[Path, str | None], tuple[tuple[tuple[Path, int], ...], Ruleset]] = {}


def _stamps(paths: list[Path]) -> tuple[tuple[Path, int], ...]:
    out = []
    for p in paths:
        try:
            stamp = p.stat().st_mtime_ns
        except OSError:
            stamp = -1
        unsaved = buffer_text(p)  # an editor's unsaved text (`bohn lsp`) is another version
        out.append((p, stamp if unsaved is None else hash((stamp, unsaved))))
    return tuple(out)


def _cached(path: Path, variant: str | None) -> Ruleset:
    """A ruleset built once per process, rebuilt when any file of its chain changes."""
    key = (path, variant)
    hit = _CACHE.get(key)
    if hit is not None and _stamps([p for p, _ in hit[0]]) == hit[0]:
        return hit[1]
    rules, paths = _build(path, variant)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (_stamps(list(paths)), rules)
    return rules


def load_ruleset(ref: str, variant: str | None = None, *, patches: Sequence[LMap] = (),
                 relative_to: Path | None = None, span: Span | None = None) -> Ruleset:
    """The checked ``Ruleset`` for a shipped name or a file path, optionally with a variant
    and overlay ``patches`` on top, applied in order (scenario files use them).

    Results without a patch are cached per file modification time, so simulations load
    rules once.
    """
    path = resolve_reference(ref, relative_to or Path.cwd(), span)
    if patches:
        return _build(path, variant, patches)[0]
    return _cached(path, variant)


def merged_document(path: Path) -> Merged:
    """The file with its whole ``extends`` chain applied, unchecked (for editor help)."""
    return _load_chain(path.resolve(), ())


_CHAINS: dict[Path, tuple[tuple[tuple[Path, int], ...], Merged]] = {}


def _chain_cached(path: Path) -> Merged:
    """The merged ``extends`` chain of a file, once per process while its files are
    unchanged (callers merge onto it, and merging never changes its base)."""
    hit = _CHAINS.get(path)
    if hit is not None and _stamps([p for p, _ in hit[0]]) == hit[0]:
        return hit[1]
    merged = _load_chain(path, ())
    if len(_CHAINS) > 64:
        _CHAINS.clear()
    _CHAINS[path] = (_stamps(list(merged.paths)), merged)
    return merged


def ruleset_errors(ref: str, variant: str | None = None, *, patches: Sequence[LMap] = (),
                   relative_to: Path | None = None, span: Span | None = None) -> list[Diagnostic]:
    """The errors :func:`load_ruleset` would raise for these arguments, without building
    the ruleset: `bohn validate` checks the patches of a scenario folder this way."""
    try:
        path = resolve_reference(ref, relative_to or Path.cwd(), span)
        if not patches:
            _cached(path, variant)  # a shipped or unpatched ruleset is built once per process
            return []
        merged = _chain_cached(path)
        document = _apply_variant(merged.document, variant) if variant else merged.document
        for patch in patches:
            document = merge(document, patch, top_level=False)
    except BohnError as exc:
        return list(exc.diagnostics)
    return _check(document)[0]


def check_path(path: Path) -> list[Diagnostic]:
    """Every error and warning of one ruleset file, its variants included; assumption
    warnings (W900) only for the assumptions this file itself states."""
    try:
        merged = _load_chain(path.resolve(), ())
    except BohnError as exc:
        return list(exc.diagnostics)
    errors, warnings = _check(merged.document)
    # an inherited assumption is the parent's to state (`bohn rules show` lists it); the
    # file checked here is warned about its own
    own = merged.sources[-1]
    warnings = [w for w in warnings if w.code != "W900" or w.span is None or w.span.file == own]
    found = errors + warnings
    if errors:
        return found
    seen = {(d.code, str(d.span), d.message) for d in found}
    for variant in merged.document.get("variants", {}):
        try:
            v_errors, v_warnings = _check(_apply_variant(merged.document, variant))
        except BohnError as exc:
            v_errors, v_warnings = list(exc.diagnostics), []
        for d in v_errors + [w for w in v_warnings if w.code != "W900" or w.span is None or w.span.file == own]:
            key = (d.code, str(d.span), d.message)
            if key not in seen:
                seen.add(key)
                found.append(Diagnostic(d.code, f"{d.message} [variant {variant}]", d.span, d.severity, d.hint))
    return found


def list_rulesets() -> list[Path]:
    """The shipped ruleset files, by name."""
    return sorted(rulesets_dir().glob("*.yaml"))
