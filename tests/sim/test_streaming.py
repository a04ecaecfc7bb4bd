"""Streaming statistics: running means and the designer tables keep no per-game data
and give the figures a list of every game would."""

from __future__ import annotations

import math
import statistics

import pytest

from engine.sim.designer import DesignerTally, GameRecord
from engine.sim.running import Running


def test_running_mean_and_interval_match_the_textbook() -> None:
    values = [3.0, -1.0, 4.0, 1.5, 9.0, 2.0]
    r = Running()
    for v in values:
        r.add(v)
    assert r.n == 6 and r.mean == pytest.approx(statistics.fmean(values))
    assert r.sd == pytest.approx(statistics.stdev(values))
    low, high = r.ci95()
    assert high - low == pytest.approx(2 * 1.959963984540054 * statistics.stdev(values) / 6 ** 0.5)
    assert r.excludes_zero() and low > 0
    one = Running()
    one.add(5.0)
    assert math.isnan(one.ci95()[0]) and not one.excludes_zero(), "no interval below two values"


def test_designer_tally_folds_records_without_keeping_them() -> None:
    games = [
        GameRecord(harvests=[("blue", 4, 1, False), ("red", 3, 2, True)], bought=[("mill", "mills", 0, 5), ("mill", "mills", 0, 9)],
                   acted=[("raid", 1, 3), ("raid", 2, 5)], scores=[10, 6, 10], winners=[0, 2], turns=30),
        GameRecord(harvests=[("blue", 6, 2, False)], bought=[("mill", "mills", 1, 7)], scores=[4, 8, 5], winners=[1], turns=20),
        GameRecord(scores=[1, 2, 3], winners=[2], turns=25),
        GameRecord(scores=[5, 5, 5], winners=[0, 1, 2], turns=40),
    ]
    tally = DesignerTally(3)
    for g in games:
        tally.add(g)
    d = tally.result()
    assert d.games == 4 and d.length["median"] == 27.5 and (d.length["min"], d.length["max"]) == (20, 40)
    assert d.length["mean"] == pytest.approx(28.75) and d.length["rounds_mean"] == pytest.approx(28.75 / 3)
    mill = d.items[0]
    assert (mill["bought"], mill["bought_share"], mill["mean_turn"]) == (3, 0.5, 7.0)
    # holders: seat 0 of game 1 (won half), seat 1 of game 2 (won): two seat-games
    assert mill["holders_win_share"] == pytest.approx(0.75) and mill["holders_mean_score"] == pytest.approx(9.0)
    # the other ten seat-games won 0.5 + 0 + 0 + 1 + 1/3 * 3 = 2.5 of the 4 games' wins
    assert mill["others_win_share"] == pytest.approx(2.5 / 10)
    assert mill["others_mean_score"] == pytest.approx((6 + 10 + 4 + 5 + 1 + 2 + 3 + 5 + 5 + 5) / 10)
    blue = next(r for r in d.beans if r["bean"] == "blue")
    assert (blue["harvests"], blue["beans_per_harvest"], blue["harvests_per_game"]) == (2, 5.0, 0.5)
    # two raids in one game: a use share of one game in four
    assert d.actions == [{"action": "raid", "uses": 2, "uses_per_game": 0.5, "games_share": 0.25, "mean_turn": 4.0}]
    assert not hasattr(tally, "records")
