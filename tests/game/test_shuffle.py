"""``state.shuffle`` is ``random.Random.shuffle``: the same order from the same bits."""

from __future__ import annotations

import random

from engine.game.state import shuffle


def test_shuffle_is_random_shuffle() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 64, 100, 130):
            mine, theirs = list(range(size)), list(range(size))
            a, b = random.Random(seed), random.Random(seed)
            shuffle(a, mine)
            b.shuffle(theirs)
            assert mine == theirs, (seed, size)
            assert a.random() == b.random(), (seed, size)  # the same bits were drawn


def test_other_generators_shuffle_their_own_way() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    shuffle(Fixed(0), cards)
    assert cards == [3, 2, 1]
