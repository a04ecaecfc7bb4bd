"""A game keeps CPython 3.11's compact attribute layout (issue 16).

Why: past 29 attributes (or once ``obj.__dict__`` is read) an object keeps its
attributes in a dict of its own, and every ``game.attr`` and ``game.method(...)`` of the
engine's hot code takes a slower, unspecialised lookup. ``Game`` keeps its rarely read
parts in ``Rare`` and lists its attributes in ``Game.COPY_NAMES``, by which a look-ahead
copies it without reading its ``__dict__``: an attribute added to ``Game`` must be
listed there, and the list must stay within 29.
"""

from __future__ import annotations

import pytest

from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


@pytest.mark.parametrize("ruleset", ["base", "high_bohn", "la_isla_bohnita"])
def test_game_attributes_are_the_listed_ones(ruleset: str) -> None:
    played = play_game(load_ruleset(ruleset), 4, 3, make_agents(["greedy"], 4, 3), trading=True, record=True)
    assert set(vars(played.game)) == set(Game.COPY_NAMES)


def test_game_keeps_at_most_29_attributes() -> None:
    assert len(set(Game.COPY_NAMES)) == len(Game.COPY_NAMES) <= 29
