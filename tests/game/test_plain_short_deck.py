"""A game without rules and without a log plays the short-deck house rule (`short_deck:
shuffle_with_discards`: a draw or reveal wanting more cards than the deck holds shuffles
the discards in first) on the same shortcuts as ``test_plain_paths``: the same seed must
give the same game with a log as without.

Why: the unlogged reveal and draw of that option take a path of their own (the deck may
run short, so the top cards are not taken in one move), which no shipped ruleset plays and
no recorded game reaches."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.game.test_plain_paths import _played

HOUSE = """\
extends: base
id: short
name: Short deck
options:
  short_deck: {value: shuffle_with_discards}
"""


@pytest.mark.parametrize("players", [3, 4])
def test_the_short_deck_games_are_the_same_with_and_without_a_log(tmp_path: Path, players: int) -> None:
    path = tmp_path / "short.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    for seed in range(2):
        assert _played(str(path), players, seed, record=False) == _played(str(path), players, seed, record=True), seed
