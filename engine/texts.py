"""The text of source files: from disk, or from an editor's unsaved buffer.

An editor (``bohn lsp``) checks what the user is typing, not what was last saved. The
loader and the effect-language position mapper therefore read files through here:
inside :func:`open_buffers` the given paths read as the given texts, everywhere else
(and for every other path) the file on disk is read. Lines read from disk are cached per
modification time, so a long-running process sees edits made by other programs.

This module imports only ``engine.paths`` and ``engine.errors`` (whose reader of regular
files it shares), so every layer may use it.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping

from engine.errors import source_lines
from engine.paths import rulesets_dir

#: Resolved path -> text of the buffers open while a check runs (see ``open_buffers``).
_BUFFERS: dict[Path, str] = {}
#: File name -> its lines, read once per ``open_buffers`` block: a check asks for the lines
#: of its file once per effect snippet (positions), and resolving the name and splitting
#: a long buffer each time was a third of an editor's re-check after a keystroke.
_LINES: dict[str, tuple[str, ...]] = {}


def _key(path: str | Path) -> Path | None:
    try:
        return Path(path).resolve()
    except (OSError, ValueError, RuntimeError):
        return None


@contextmanager
def open_buffers(texts: Mapping[Path, str]) -> Iterator[None]:
    """Within the block, reading any of ``texts``' paths gives its text instead of the
    file on disk. Blocks do not nest: the previous set is restored on exit."""
    saved = dict(_BUFFERS)
    _BUFFERS.clear()
    _LINES.clear()
    for path, text in texts.items():
        key = _key(path)
        if key is not None:
            _BUFFERS[key] = text
    try:
        yield
    finally:
        _BUFFERS.clear()
        _BUFFERS.update(saved)
        _LINES.clear()


def buffer_text(path: str | Path) -> str | None:
    """The open buffer's text for ``path``, or None when it is read from disk."""
    if not _BUFFERS:
        return None
    key = _key(path)
    return _BUFFERS.get(key) if key is not None else None


def locate(name: str) -> Path:
    """The file a span's file name stands for. Names are ``display_path`` forms: shipped
    rulesets read ``rulesets/NAME.yaml`` wherever bohn is installed, other files are
    relative to the working folder or absolute."""
    path = Path(name)
    if not path.is_absolute() and path.parts[:1] == ("rulesets",) and not path.exists():
        shipped = rulesets_dir().joinpath(*path.parts[1:])
        if shipped.exists():
            return shipped.resolve()
    return _key(path) or path


def file_lines(name: str | Path) -> tuple[str, ...]:
    """The lines of a file (an open buffer first); empty when it cannot be read. Inside
    ``open_buffers`` each name is read once (the buffers cannot change during a check)."""
    if _BUFFERS:
        hit = _LINES.get(str(name))
        if hit is not None:
            return hit
    path = locate(str(name))
    text = buffer_text(path)
    lines = tuple(text.splitlines()) if text is not None else source_lines(str(path))
    if _BUFFERS:
        _LINES[str(name)] = lines
    return lines
