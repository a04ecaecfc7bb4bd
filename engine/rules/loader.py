"""The ruleset pipeline: load → extends/overlay → variant → schema → semantics → Ruleset.

Public entry points:

* :func:`load_ruleset` — a ready ``Ruleset`` by name or path, raising ``BohnError``
  with every diagnostic found;
* :func:`check_path` — the diagnostics (errors and warnings) of one file, for
  ``bohn validate``; it checks the file as written and every variant it declares;
* :func:`list_rulesets` — the shipped rulesets.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Mapping, Sequence

from engine.errors import BohnError, Diagnostic, Span, did_you_mean
from engine.files import UnsafeFile, check_path_text, inside, is_regular
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


#: Most files one ``extends`` chain may hold (the shipped ones use two).
MAX_CHAIN = 32
_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
#: Folders the user named on the command line: references may point into them too.
_NAMED_FOLDERS: list[Path] = []


@contextmanager
def named_folders(folders: Sequence[Path]) -> Iterator[None]:
    """While active, files inside ``folders`` (named by the user on the command line) may
    be referenced from any ruleset, scenario or log."""
    added = [f.resolve() for f in folders]
    _NAMED_FOLDERS.extend(added)
    try:
        yield
    finally:
        for f in added:
            _NAMED_FOLDERS.remove(f)


def _shipped(ref: str, span: Span | None) -> Path:
    if not _NAME.match(ref):
        raise BohnError.one("Y112", f"`{_short(ref)}` is neither a shipped ruleset's name nor a .yaml file", span)
    path = rulesets_dir() / f"{ref}.yaml"
    if is_regular(path):
        return path.resolve()
    known = sorted(p.stem for p in rulesets_dir().glob("*.yaml"))
    raise BohnError.one("O300", f"ruleset `{_short(ref)}` not found{did_you_mean(ref, known)}; shipped: {', '.join(known)}", span)


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def resolve_reference(ref: str, relative_to: Path | None = None, span: Span | None = None,
                      root: Path | None = None) -> Path:
    """A ruleset name (``base``) or a path (``../house.yaml``) to an existing file.

    With ``root`` the reference was written in a file (``extends``, a scenario's
    ``ruleset:``, a log's header), so it is confined: a shipped name, or a relative path
    to a ``.yaml`` file inside ``root``'s folder tree or a folder the user named —
    never an absolute path, and never the current folder as a fallback. Without
    ``root`` the user typed it on the command line and any regular file will do."""
    looks_like_path = ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref
    if not looks_like_path:
        return _shipped(ref, span)
    try:
        check_path_text(ref)
    except UnsafeFile as exc:
        raise BohnError.one("Y112", f"cannot use this path: {exc}", span) from None
    p = Path(ref)
    if root is not None:
        if p.is_absolute() or ref.startswith(("/", "\\")) or ref[1:2] == ":":  # (a drive: `C:house.yaml`)
            raise BohnError.one("Y112", "an absolute path is not allowed here; name a shipped ruleset or a file beside this one", span)
        if not ref.endswith((".yaml", ".yml")):
            raise BohnError.one("Y112", "a reference names a shipped ruleset or a .yaml file", span)
        candidate = (relative_to or root) / p
        allowed = [root, rulesets_dir(), *_NAMED_FOLDERS]
        if not any(inside(candidate, folder) for folder in allowed):
            raise BohnError.one("Y112", f"`{_short(ref)}` is outside the folder {display_path(root)}/ that may be read from here", span)
    else:
        candidate = p if p.is_absolute() or relative_to is None else relative_to / p
    if is_regular(candidate):
        return candidate.resolve()
    raise BohnError.one("O300", f"ruleset file `{_short(ref)}` not found", span)


def _load_chain(path: Path, chain: tuple[Path, ...], root: Path | None = None) -> Merged:
    """``path`` with every file it extends applied; files it names must lie in ``root``
    (the folder of the first file of the chain)."""
    root = root if root is not None else path.parent
    document = load_file(path, display_path(path))
    if not isinstance(document, LMap):
        raise BohnError.one("S203", "a ruleset file must be a mapping of keys to values", getattr(document, "span", None) or Span(display_path(path), 1, 1))
    parent_ref = document.get("extends")
    if parent_ref is None:
        return Merged(document, (display_path(path),), (path,))
    span = child_span(document, "extends")
    if not isinstance(parent_ref, str):
        raise BohnError.one("S203", "`extends` must be a ruleset name or path", span)
    if len(chain) + 1 >= MAX_CHAIN:
        raise BohnError.one("Y114", f"the `extends` chain is longer than {MAX_CHAIN} files", span)
    parent_path = resolve_reference(parent_ref, path.parent, span, root=root)
    if parent_path in chain or parent_path == path:
        loop = " -> ".join(display_path(p) for p in (*chain, path, parent_path))
        raise BohnError.one("O301", f"extends cycle: {loop}", span)
    try:
        parent = _load_chain(parent_path, (*chain, path), root)
    except BohnError as exc:
        raise _not_a_ruleset(exc, parent_path, span) from None
    merged = merge(parent.document, document)
    if "extends" in merged:
        merged.drop("extends")
    merged.span = document.span  # (the whole is the last file's: a check asks which file is being checked)
    return Merged(merged, (*parent.sources, display_path(path)), (*parent.paths, path))


_UNREADABLE = {"Y100", "Y101", "Y102", "Y103", "Y104", "Y105", "Y106", "Y107", "Y108", "Y109", "Y110", "Y111"}


def _not_a_ruleset(exc: BohnError, path: Path, span: Span | None) -> BohnError:
    """A referenced file that does not even read as a ruleset (not text, not YAML, not a
    mapping) is reported at the reference, without quoting it: it may be any file."""
    shown = display_path(path)
    unreadable = [d for d in exc.diagnostics if d.span is not None and d.span.file == shown
                  and (d.code in _UNREADABLE or d.code == "S203" and "must be a mapping" in d.message)]
    if not unreadable:
        return exc
    d = unreadable[0]
    return BohnError.one("Y113", f"`{_short(shown)}` is not a ruleset file ({d.code} at its line {d.span.line if d.span else 1})", span)


def _apply_variant(document: LMap, variant: str) -> LMap:
    variants = document.get("variants") or {}
    if not isinstance(variants, dict) or variant not in variants:
        raise unknown_variant(variant, list(variants) if isinstance(variants, dict) else [], child_span(document, "variants"))
    patch = variants[variant].get("patch") if isinstance(variants[variant], dict) else None
    if not isinstance(patch, LMap):
        raise BohnError.one("S203", f"variant `{variant}` needs a `patch` mapping", child_span(variants, variant))
    return merge(document, patch, top_level=False)


def with_option_patches(document: LMap, chosen: Mapping[str, str] | None = None) -> LMap:
    """The document with the overlay of each option's chosen value applied (``patches``),
    in the order the options are declared: a choice may remove a bean, change a row or a
    step. ``chosen`` picks other values (``bohn validate`` checks every choice this way).
    Malformed patches are left to the schema check to report."""
    options = document.get("options")
    if not isinstance(options, dict):
        return document
    overlays = []
    for name, option in options.items():
        patches = option.get("patches") if isinstance(option, dict) else None
        value = (chosen or {}).get(name, option.get("value") if isinstance(option, dict) else None)
        if isinstance(patches, LMap) and isinstance(value, str) and isinstance(patches.get(value), LMap):
            overlays.append(patches[value])
    for overlay in overlays:
        document = merge(document, overlay, top_level=False)
    return document


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
    merged = _load_chain(path, (), _root_of(path))
    document = _apply_variant(merged.document, variant) if variant else merged.document
    for patch in patches:
        document = merge(document, patch, top_level=False)
    document = with_option_patches(document)
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


def _root_of(path: Path) -> Path:
    """The folder tree a ruleset file may read from: its own folder (the shipped
    rulesets' folder for shipped ones)."""
    return rulesets_dir() if inside(path, rulesets_dir()) else path.parent


def load_ruleset(ref: str, variant: str | None = None, *, patches: Sequence[LMap] = (),
                 relative_to: Path | None = None, span: Span | None = None) -> Ruleset:
    """The checked ``Ruleset`` for a shipped name or a file path, optionally with a variant
    and overlay ``patches`` on top, applied in order (scenario files use them).

    A reference with ``relative_to`` was written in a file (a scenario, a log) and is
    confined to that folder's tree (see :func:`resolve_reference`); one without was
    typed by the user. Results without a patch are cached per file modification time,
    so simulations load rules once.
    """
    path = resolve_reference(ref, relative_to or Path.cwd(), span, root=relative_to)
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
        path = resolve_reference(ref, relative_to or Path.cwd(), span, root=relative_to)
        if not patches:
            _cached(path, variant)  # a shipped or unpatched ruleset is built once per process
            return []
        merged = _chain_cached(path)
        document = _apply_variant(merged.document, variant) if variant else merged.document
        for patch in patches:
            document = merge(document, patch, top_level=False)
        document = with_option_patches(document)
    except BohnError as exc:
        return list(exc.diagnostics)
    return _check(document)[0]


def check_path(path: Path) -> list[Diagnostic]:
    """Every error and warning of one ruleset file, its variants included; assumption
    warnings (W900) only for the assumptions this file itself states."""
    try:
        merged = _load_chain(path.resolve(), (), _root_of(path.resolve()))
    except BohnError as exc:
        return list(exc.diagnostics)
    try:
        document = with_option_patches(merged.document)
    except BohnError as exc:
        return list(exc.diagnostics)
    errors, warnings = _check(document)
    # an inherited assumption is the parent's to state (`bohn rules show` lists it); the
    # file checked here is warned about its own
    own = merged.sources[-1]
    warnings = [w for w in warnings if w.code != "W900" or w.span is None or w.span.file == own]
    found = errors + warnings
    if errors:
        return found
    seen = {(d.code, str(d.span), d.message) for d in found}
    others: list[tuple[str, Callable[[], LMap]]] = [
        (f"variant {variant}", lambda v=variant: with_option_patches(_apply_variant(merged.document, v)))
        for variant in merged.document.get("variants", {})]
    for name, option in document["options"].items():  # every other choice that patches the rules
        for choice in option.get("patches", {}):
            if choice != option["value"]:
                others.append((f"option {name}: {choice}",
                               lambda n=name, c=choice: with_option_patches(merged.document, {n: c})))
    for label, make in others:
        try:
            v_errors, v_warnings = _check(make())
        except BohnError as exc:
            v_errors, v_warnings = list(exc.diagnostics), []
        for d in v_errors + [w for w in v_warnings if w.code != "W900" or w.span is None or w.span.file == own]:
            key = (d.code, str(d.span), d.message)
            if key not in seen:
                seen.add(key)
                found.append(Diagnostic(d.code, f"{d.message} [{label}]", d.span, d.severity, d.hint))
    return found


def list_rulesets() -> list[Path]:
    """The shipped ruleset files, by name."""
    return sorted(rulesets_dir().glob("*.yaml"))


def ruleset_files(ref: str) -> tuple[Path, ...]:
    """The files a ruleset the user named is made of (its ``extends`` chain), resolved:
    outputs of the run must never overwrite them."""
    path = resolve_reference(ref, Path.cwd())
    try:
        return _load_chain(path, (), _root_of(path)).paths
    except BohnError:
        return (path,)


def reference_from(ref: str, folder: Path) -> str:
    """How a file in ``folder`` (a log) names the ruleset the user named as ``ref``: a
    shipped name stays a name, a file becomes a path relative to ``folder``."""
    path = resolve_reference(ref, Path.cwd())
    if not (ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref):
        return ref
    try:
        return Path(os.path.relpath(path, folder.resolve())).as_posix()
    except ValueError:  # another drive
        return str(path)
