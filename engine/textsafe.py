"""Text from a stranger, made safe to print on a terminal.

A bean name, a key, a file name or a log field may hold an escape sequence that
recolours, retitles or rewrites the user's terminal. Everything ``bohn`` prints goes
through :class:`EscapingStream` (installed by the CLI), which shows every control
character except newline and tab as a visible escape (``\\x1b``) — so no message can
forget it. Programs that need raw control characters (the progress bar's carriage
return) write to ``stream.raw``.
"""

from __future__ import annotations

import re
from typing import Any, TextIO

#: C0 and C1 controls (but newline and tab), DEL, and the bidirectional overrides that
#: reorder what a line shows.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` with every unsafe control character written as a visible escape."""
    return _UNSAFE.sub(_visible, text)


class EscapingStream:
    """A text stream that escapes control characters on their way to ``raw``."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(escape(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, encoding, fileno, ...
        return getattr(self.raw, name)


def raw_stream(stream: Any) -> Any:
    """The stream under an :class:`EscapingStream` (or ``stream`` itself), for output
    that bohn itself composes with control characters."""
    return stream.raw if isinstance(stream, EscapingStream) else stream
