"""Reading files a stranger wrote: regular files only, sizes checked while reading.

``stat`` says nothing true about ``/dev/zero`` (size 0, endless) or a FIFO (blocks until
a writer comes), and a file may grow between ``stat`` and ``read``. So every untrusted
file is opened without blocking, checked with ``fstat`` on the open descriptor (no race
between the check and the read), and read with a hard byte limit. Logs are read line by
line with a per-line limit, so a 200 MB log never sits in memory at once.

This module raises plain :class:`UnsafeFile` (no codes): callers know which stage they
are in (ruleset, log, excerpt) and turn it into their own coded error.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import IO, Iterator

#: Longest path we try to open, and longest single name in it (most systems: 4096, 255).
MAX_PATH_CHARS = 4096
MAX_NAME_CHARS = 255


class UnsafeFile(Exception):
    """A file that cannot or must not be read; ``str()`` says why, without its content."""


def check_path_text(path: str) -> None:
    """Refuse a path the operating system would choke on (too long, NUL bytes)."""
    if "\x00" in path:
        raise UnsafeFile("the path holds a NUL character")
    if len(path) > MAX_PATH_CHARS:
        raise UnsafeFile(f"the path is longer than {MAX_PATH_CHARS} characters")
    if any(len(part) > MAX_NAME_CHARS for part in path.replace("\\", "/").split("/")):
        raise UnsafeFile(f"a name in the path is longer than {MAX_NAME_CHARS} characters")


def open_regular(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open ``path`` for reading if it is a regular file; never blocks on a FIFO."""
    text = os.fspath(path)
    check_path_text(text)
    try:
        fd = os.open(text, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise UnsafeFile(f"cannot read the file: {exc.strerror or type(exc).__name__}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise UnsafeFile("is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise UnsafeFile("is not a regular file (a device, a pipe or a socket)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file; :class:`UnsafeFile` if it holds more than ``limit``."""
    with open_regular(path) as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise UnsafeFile(f"the file is larger than {limit // 1048576} MiB, the limit")
    return data


def iter_lines(path: str | os.PathLike[str], max_line: int) -> Iterator[tuple[int, bytes, bool]]:
    """``(number, line, complete)`` for each line of a regular file, streamed.

    ``complete`` is False for a last line without its newline (a log cut off while being
    written). A line longer than ``max_line`` bytes raises :class:`UnsafeFile`."""
    with open_regular(path) as f:
        number = 0
        while True:
            line = f.readline(max_line + 1)
            if not line:
                return
            number += 1
            if len(line) > max_line and not line.endswith(b"\n"):
                raise UnsafeFile(f"line {number} is longer than {max_line} bytes")
            complete = line.endswith(b"\n")
            yield number, line.rstrip(b"\r\n"), complete


def is_regular(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a regular file (following symlinks), without any risk of
    blocking or raising."""
    try:
        check_path_text(os.fspath(path))
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError, UnsafeFile):
        return False


def inside(path: Path, root: Path) -> bool:
    """Whether the resolved ``path`` lies in the resolved folder tree ``root``."""
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except (ValueError, OSError, RuntimeError):
        return False
