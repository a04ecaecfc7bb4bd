"""Games played many at a time run with the loaded rules frozen out of the cyclic
collector (``play.many_games``), and leave the collector as they found it."""

from __future__ import annotations

import gc
from typing import Sequence

from engine.rules.loader import load_ruleset
from engine.rules.model import Ruleset
from engine.sim.backends import InlineBackend, play_seeds
from engine.sim.play import many_games
from engine.sim.simulate import simulate


def _frozen_now(rulesets: Sequence[Ruleset], seed: int) -> int:
    return gc.get_freeze_count()


def test_games_run_frozen_and_the_collector_is_restored() -> None:
    assert gc.get_freeze_count() == 0, "nothing else in the test process froze objects"
    rules = load_ruleset("base")
    counts = list(play_seeds(_frozen_now, [rules], range(3), backend=InlineBackend()))
    assert len(counts) == 3 and min(counts) > 0, "the rules were frozen while the games ran"
    assert gc.get_freeze_count() == 0, "unfrozen on leaving"


def test_simulate_leaves_no_frozen_objects() -> None:
    before = gc.get_threshold()
    stats = simulate(load_ruleset("base"), 2, 2, bots=("random",), stats=False)
    assert stats.games == 2 and len(stats.turns) == 2 and all(len(s.scores) == 2 for s in stats.seats)
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_a_caller_that_froze_first_keeps_its_objects_frozen() -> None:
    marker = [object()]  # tracked by the collector
    gc.freeze()
    try:
        with many_games():
            inner = [object()]
            assert gc.get_freeze_count() > 0
        assert gc.get_freeze_count() > 0, "the outer freeze is not undone by the inner one"
        assert inner and marker
    finally:
        gc.unfreeze()
    assert gc.get_freeze_count() == 0


def test_an_error_in_a_game_still_unfreezes() -> None:
    def boom(rulesets: Sequence[Ruleset], seed: int) -> int:
        raise ValueError("a game failed")

    try:
        list(play_seeds(boom, [load_ruleset("base")], range(2), backend=InlineBackend()))
    except ValueError:
        pass
    else:  # pragma: no cover
        raise AssertionError("the error came through")
    assert gc.get_freeze_count() == 0


def test_the_youngest_generation_is_collected_less_often_while_games_run() -> None:
    """``many_games`` raises the youngest generation's threshold to ``YOUNG_THRESHOLD`` (a
    higher one set outside is kept) and puts every threshold back on leaving."""
    from engine.sim.play import YOUNG_THRESHOLD

    before = gc.get_threshold()
    with many_games():
        assert gc.get_threshold() == (max(before[0], YOUNG_THRESHOLD), *before[1:])
    assert gc.get_threshold() == before
    gc.set_threshold(YOUNG_THRESHOLD * 2, *before[1:])
    try:
        with many_games():
            assert gc.get_threshold()[0] == YOUNG_THRESHOLD * 2
    finally:
        gc.set_threshold(*before)
