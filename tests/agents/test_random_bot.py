"""The random bot's shortcut draws exactly what ``random.Random.randrange`` draws: a
seed must reproduce the same game whichever way the bot asks for its number."""

from __future__ import annotations

import random

import pytest

from engine.agents.random_bot import RandomBot, below
from engine.game.actions import PASS, Action


def test_below_draws_the_numbers_and_the_bits_randrange_draws() -> None:
    ours, theirs = random.Random(7), random.Random(7)
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 17, 31, 32, 33, 1000, 2**40 + 3] * 50:
        assert below(ours.getrandbits, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()  # the same bits consumed, retries included


def test_below_refuses_an_empty_range_like_randrange() -> None:
    with pytest.raises(ValueError):
        below(random.Random(1).getrandbits, 0)


def test_the_bot_picks_as_a_plain_randrange_would() -> None:
    bot, rng = RandomBot(11), random.Random(11)
    for size in [1, 2, 3, 5, 1, 4, 6, 2] * 20:
        legal = [Action(PASS, 0, field=i) for i in range(size)]
        assert bot.choose(None, legal) == legal[rng.randrange(size)]  # type: ignore[arg-type]
