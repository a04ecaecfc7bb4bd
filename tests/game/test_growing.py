"""``growing(p)`` in a game is read off the state (``GameEffects.growing``); it must say
exactly what the generic answer from fields and cards says (``growing_on``), order
included, in every position of real games, mixed fields (High Bohn) too."""

from __future__ import annotations

import pytest

from engine.lang.world import growing_on
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


@pytest.mark.parametrize(("ruleset", "variant", "players"), [
    ("bohn_camillo", None, 2),
    ("high_bohn", None, 3),
    ("high_bohn_plus", None, 4),
    ("la_isla_bohnita", None, 3),
])
def test_the_games_answer_is_the_generic_one(ruleset: str, variant: str | None, players: int) -> None:
    rules = load_ruleset(ruleset, variant)
    seen: set[tuple[str, ...]] = set()

    def compare(game, action) -> None:  # type: ignore[no-untyped-def]
        fx = game.fx
        for seat in range(game.players):
            fast = fx.growing(seat)
            assert fast == growing_on(fx, seat), (ruleset, game.actions_taken, seat)
            seen.add(tuple(fast))

    game = play_game(rules, players, 4, make_agents(["greedy"], players, 4), after_action=compare).game
    assert game.over and len(seen) > 5
