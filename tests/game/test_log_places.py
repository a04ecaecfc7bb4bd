"""Where a damaged game log is wrong (engine/game/log.py `stream`, `read`): each G604 and
G615 names the log file, the line and the column, so the terminal shows the line.

Why: the log reader's tests compared the code, the message and the line, never the file
(a fresh seed-47 sample of engine/game drew G615 placed in no file, which no test saw).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.log import read

HEADER = json.dumps({"type": "header", "format": "bohn-log/1", "ruleset_ref": "base", "players": 3, "seed": 7,
                     "digest": "abc", "variant": None, "trading": True, "bots": ["greedy"]})


@pytest.mark.parametrize(("text", "code", "line", "col"), [
    (HEADER + '\n{"type": "a"}\n{"type": "b"}', "G615", 3, 1),  # the last line cut off
    (HEADER + '\n\n{"type": "a"}\n{oops}\n', "G604", 4, 2),  # not JSON
    (HEADER + '\n[1, 2]\n', "G604", 2, 1),  # not an object
    (HEADER + '\n{"kind": "a"}\n', "G604", 2, 1),  # no type
    ('{"type": "event"}\n', "G604", 1, 1),  # no header
    ("\n\n", "G604", 1, 1),  # nothing at all
])
def test_each_damaged_line_is_placed_in_the_log_at_its_line(tmp_path: Path, text: str, code: str, line: int,
                                                             col: int) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BohnError) as caught:
        read(path)
    d = caught.value.diagnostics[0]
    assert d.span is not None
    assert (d.code, d.span.file, d.span.line, d.span.col) == (code, str(path), line, col)
