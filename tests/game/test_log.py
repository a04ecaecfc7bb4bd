"""Where a game log may be written (engine/game/log.py `check_destination`): never over a
file without `--force` (issue 20: a mutant raising C510 there without its message, a
TypeError, survived the game selection)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.log import check_destination


def test_an_existing_log_is_replaced_only_with_force(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("{}\n", encoding="utf-8")
    with pytest.raises(BohnError) as caught:
        check_destination(path)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C510", f"`{path}` exists; pass --force to replace it")
    check_destination(path, force=True)  # with --force: no objection
    check_destination(tmp_path / "new.jsonl")  # a new file in an existing folder
