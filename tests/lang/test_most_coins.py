"""``most_coins_for``: the most coins beans of one type earn on as many fields as needed."""

from __future__ import annotations

import random

from engine.lang.builtins import _step_coins, most_coins
from engine.rules.model import coins_for


def _brute(meter: list[int | None], n: int) -> int:
    """Every split tried: the best of one field of ``k`` beans and the best of the rest."""
    best = [0] * (n + 1)
    for c in range(1, n + 1):
        best[c] = max([best[c - 1]] + [best[c - k] + _step_coins(meter, k) for k in range(1, c + 1)])
    return best[n]


def test_a_bean_past_its_step_or_better_per_bean_in_small_fields_is_split() -> None:
    garden, blue = [None, 2, 3, None], [4, 6, 8, 10]
    assert [most_coins(garden, n) for n in range(7)] == [0, 0, 2, 3, 4, 5, 6]
    assert [coins_for(garden, n) for n in (4, 6)] == [3, 3], "one field pays less"
    assert [most_coins(blue, n) for n in (3, 4, 10, 14, 20)] == [0, 1, 4, 5, 8]


def test_it_is_the_best_split_of_any_beanometer() -> None:
    rng = random.Random(7)
    for _ in range(300):
        meter = [rng.choice([None, *range(1, 10)]) for _ in range(rng.randint(1, 6))]
        n = rng.randint(0, 150)  # past T*T + 2T for the small steps: the counted-off fields too
        assert most_coins(meter, n) == _brute(meter, n), (meter, n)


def test_its_work_is_bounded_by_the_steps_not_by_the_beans() -> None:
    """A stranger's rule may ask for a billion beans: the table stays as long as the
    steps make it (a table of a billion entries would take gigabytes and minutes)."""
    assert most_coins([4, 6, 8, 10], 10**9) == 4 * 10**8  # fields of 10, 4 coins each
    assert most_coins([None, 2, 3, None], 10**9 + 1) == 10**9 + 1


def test_no_beans_a_negative_count_or_a_meter_without_steps_earn_nothing() -> None:
    assert most_coins([4, 6, 8, 10], 0) == 0
    assert most_coins([4, 6, 8, 10], -3) == 0
    assert most_coins([None, None], 12) == 0
    assert most_coins([], 12) == 0
