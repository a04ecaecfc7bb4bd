"""Map a position inside an effect snippet back to its file, line and column.

A snippet is a YAML scalar: plain, quoted, or a block (``|``/``>``). YAML removes the
indentation and folds lines, so the snippet's own line 2, column 5 is somewhere else
in the file. ``SnippetSource`` rebuilds the pieces of file text the scalar was made of
and walks them; for text given directly (tests, the command line) positions are kept.
"""

from __future__ import annotations

from engine.errors import Span
from engine.texts import file_lines as _file_lines  # an editor's unsaved buffer wins over the disk


class SnippetSource:
    """Turns snippet-relative (line, column) into file spans."""

    def __init__(self, text: str, origin: Span | None = None, name: str = "<effect>") -> None:
        self.text = text
        self.origin = origin
        self.name = name
        self._line_starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                self._line_starts.append(i + 1)
        self._segments = self._build_segments() if origin is not None else []

    def _build_segments(self) -> list[tuple[int, int, int]]:
        """(file line, first column, length) of each piece of file text, in order."""
        assert self.origin is not None
        lines = _file_lines(self.origin.file)
        o = self.origin
        if not lines or o.line > len(lines):
            return []
        end = min(o.end_line or o.line, len(lines))
        segments: list[tuple[int, int, int]] = []
        if o.style in ("|", ">"):
            # YAML strips the block's indentation (that of its first content line) from
            # every line; deeper indentation stays part of the text. A folded block (`>`)
            # joins two lines at that indentation with a space, and between two such lines
            # drops the line break before blank lines (each blank line stays one break):
            # one piece fewer there (trailing blank lines are no text of the snippet's)
            indent: int | None = None
            blanks: list[tuple[int, int, int]] = []
            folds = False  # the last line is folded into the next one (`>`, at the block's indentation)
            for number in range(o.line + 1, end + 1):
                raw = lines[number - 1]
                if not raw.strip():
                    blanks.append((number, 1, 0))
                    continue
                if indent is None:
                    indent = len(raw) - len(raw.lstrip())
                level = raw[indent:indent + 1] not in (" ", "\t")
                segments.extend(blanks[1:] if folds and level else blanks)
                blanks = []
                segments.append((number, indent + 1, len(raw) - indent))
                folds = o.style == ">" and level
            return segments
        quote = 1 if o.style in ('"', "'") else 0
        for number in range(o.line, end + 1):
            raw = lines[number - 1]
            if number == o.line:
                start = o.col - 1 + quote
            else:
                start = len(raw) - len(raw.lstrip())
            stop = len(raw)
            if number == end and o.end_col is not None:
                stop = min(stop, o.end_col - 1 - quote)
            if stop > start:
                segments.append((number, start + 1, stop - start))
        return segments

    def span(self, line: int, col: int, end_line: int | None = None, end_col: int | None = None) -> Span:
        """The file span of snippet position (line, col), both 1-based."""
        if self.origin is None or not self._segments:
            if self.origin is not None:
                return Span(self.origin.file, self.origin.line, self.origin.col)
            return Span(self.name, line, col)
        offset = self._line_starts[min(line, len(self._line_starts)) - 1] + col - 1
        for number, first_col, length in self._segments:
            if offset <= length:
                return Span(self.origin.file, number, first_col + offset)
            offset -= length + 1
        last = self._segments[-1]
        return Span(self.origin.file, last[0], last[1] + last[2])
