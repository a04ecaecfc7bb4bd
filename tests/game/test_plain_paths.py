"""A game without rules and without a log takes shortcuts (the plant listing spelt out
when no rule can refuse a field, the draw of the top cards in one move when nothing
checks or tells them); the same seed must give the same game on the general paths.

Why: the shortcuts are taken only by unrecorded games of rulesets without effects (the
simulations users run most), while most tests record their games, so a shortcut that
listed a field wrongly or drew the wrong end of the deck would go unseen.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine.game.core as core
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


def _played(ruleset: str, players: int, seed: int, record: bool) -> tuple[Any, ...]:
    rules = load_ruleset(ruleset)
    bots = ["greedy", "random"] + ["greedy"] * (players - 2)
    p = play_game(rules, players, seed, make_agents(bots, players, seed), trading=True, record=record)
    st = p.game.state
    return ([tuple(a) for a in p.actions], p.game.scores, p.game.winners, [list(h) for h in st.hands],
            [[list(f) for f in fields] for fields in st.fields], list(st.deck), list(st.discard))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("ruleset", ["base", "rulesets/examples/edition_104.yaml"])
def test_the_shortcuts_play_the_games_of_the_general_paths(ruleset: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"plain plant": 0}
    made = core.Game.__init__

    def count(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        seen["plain plant"] += bool(self.plain_plant)

    for seed in range(2):
        with monkeypatch.context() as m:
            m.setattr(core.Game, "__init__", count)
            shortcut = _played(ruleset, players, seed, record=False)
        assert _played(ruleset, players, seed, record=True) == shortcut  # a recorded game draws one card at a time

        def general(self: Any, *args: Any, **kwargs: Any) -> None:
            made(self, *args, **kwargs)
            self.plain_plant = False  # the plant listing through fitting_fields

        with monkeypatch.context() as m:
            m.setattr(core.Game, "__init__", general)
            assert _played(ruleset, players, seed, record=False) == shortcut
    assert seen["plain plant"] >= 2
