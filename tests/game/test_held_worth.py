"""``GameEffects.held_worth`` looks for the cards with a ``worth`` only in the zones (and
fields) their kinds may be in, and reads every card's hint with one context: its answer
must be the plain one — every card of the seat's zones and fields, in order, each read
with a context of its own — at every point of played games."""

from __future__ import annotations

from typing import Any

import pytest

from engine.lang.compiler import MAX_STEPS, new_ctx
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


def _plain(fx: Any, seat: int, skip: int | None = None) -> float:
    st = fx.game.state
    held = [c for zones in st.per_player.values() for c in zones[seat] if c in fx.card_worths]
    held += [c for f in st.fields[seat] for c in f if c in fx.card_worths]
    total = 0.0
    for card in held:
        if card != skip:
            fn, rule = fx.card_worths[card]
            total += fn(new_ctx(fx, seat, rule, budget=[MAX_STEPS]))
    return total


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("high_bohn_plus", 4, 1), ("high_bohn_plus", 3, 2),
                                                          ("high_bohn_plus", 5, 3)])
def test_held_worth_is_the_plain_sum(ruleset: str, players: int, seed: int) -> None:
    rules = load_ruleset(ruleset)
    checked = nonzero = 0

    def compare(game: Any, action: Any) -> None:
        nonlocal checked, nonzero
        fx = game.fx
        for seat in range(game.players):
            held = [c for zones in game.state.per_player.values() for c in zones[seat] if c in fx.card_worths]
            skip = held[0] if held else None
            assert fx.held_worth(seat) == _plain(fx, seat)
            assert fx.held_worth(seat, skip) == _plain(fx, seat, skip)
            checked += 1
            nonzero += fx.held_worth(seat) != 0

    play_game(rules, players, seed, make_agents(["greedy"], players, seed), after_action=compare, record=False)
    assert checked > 100 and nonzero > 10  # the hints were read, and said something
