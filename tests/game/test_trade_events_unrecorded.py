"""The `traded` and `received` events reach a ruleset's rules in a game without a log.

Why: ``Trade._exchange`` skips naming the cards when nobody reads them (no log, no rule
hearing either event): a simulation's common case. A rule that hears them must still
run when the game keeps no record, exactly as in a recorded game (a mutation sample of
issue 20 found no test playing a trade rule unrecorded).
"""

from __future__ import annotations

from pathlib import Path

from engine.sim.play import make_agents, play_game
from tests.houses import house_rules


def test_trade_rules_run_alike_with_and_without_a_log(tmp_path: Path) -> None:
    rules = house_rules(tmp_path, {"trades": 'when traded by anyone { add_counter(owner, "trades seen", 1) }\n'
                                             'when received { add_counter(owner, "cards received", count(event.cards)) }'})
    counters = []
    for record in (True, False):
        played = play_game(rules, 4, 3, make_agents(["greedy"], 4, 3), trading=True, record=record)
        fx = played.game.fx
        assert fx is not None
        counters.append(dict(fx.counters))
    recorded, unrecorded = counters
    assert unrecorded == recorded
    assert all(unrecorded.get((seat, "trades seen"), 0) > 0 for seat in range(4))
    assert sum(unrecorded.get((seat, "cards received"), 0) for seat in range(4)) > 0
