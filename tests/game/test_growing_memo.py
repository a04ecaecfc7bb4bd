"""``GameEffects.growing`` remembers its last answer per seat with the cards on the seat's
fields it was read from: along played games it always equals a fresh reading, and a
caller changing the returned list changes nothing remembered."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


def _fresh(game: Any, seat: int) -> list[str]:
    st = game.state
    out: list[str] = []
    for field in st.fields[seat]:
        for card in field:
            name = st.card_types[st.bean_of[card]]
            if name not in out:
                out.append(name)
    return out


@pytest.mark.parametrize(("ruleset", "variant", "players"), [("bohn_camillo", None, 2), ("bohn_camillo", "trading", 2),
                                                             ("high_bohn_plus", None, 3)])
def test_growing_is_always_a_fresh_reading(ruleset: str, variant: str | None, players: int) -> None:
    checked = 0

    def compare(game: Any, action: Any) -> None:
        nonlocal checked
        for seat in range(game.players):
            got = game.fx.growing(seat)
            assert got == _fresh(game, seat)
            got.append("not a bean")  # the caller's copy
            assert game.fx.growing(seat) == _fresh(game, seat)
            checked += 1

    rules = load_ruleset(ruleset, variant)
    game = play_game(rules, players, 3, make_agents(["greedy"], players, 3), after_action=compare).game
    assert game.over and checked > 100
