"""The random bot's shortcut draws exactly what ``random.Random.randrange`` draws: a
seed must reproduce the same game whichever way the bot asks for its number."""

from __future__ import annotations

import random

import pytest

from engine.agents.random_bot import RandomBot, below
from engine.game.actions import PASS, PROPOSE, Action


def test_below_draws_the_numbers_and_the_bits_randrange_draws() -> None:
    ours, theirs = random.Random(7), random.Random(7)
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 17, 31, 32, 33, 1000, 2**40 + 3] * 50:
        assert below(ours.getrandbits, n) == theirs.randrange(n)
        assert ours.getstate() == theirs.getstate()  # the same bits consumed, retries included


def test_below_refuses_an_empty_range_like_randrange() -> None:
    with pytest.raises(ValueError):
        below(random.Random(1).getrandbits, 0)


class _View:
    """The one thing the bot asks a view before its pick: whether the game trades."""

    def __init__(self, trades: bool) -> None:
        self.trades = trades
        self.turn = 1


@pytest.mark.parametrize("trades", [True, False])
def test_the_bot_picks_as_a_plain_randrange_would(trades: bool) -> None:
    bot, rng, view = RandomBot(11), random.Random(11), _View(trades)
    for size in [1, 2, 3, 5, 1, 4, 6, 2] * 20:
        legal = [Action(PASS, 0, field=i) for i in range(size)]
        assert bot.choose(view, legal) == legal[rng.randrange(size)]  # type: ignore[arg-type]


def test_the_bot_looks_for_offers_only_in_a_game_that_trades() -> None:
    legal = [Action(PASS, 0), Action(PROPOSE, 0, target=1, give=(("hand", 0),))]
    picks = {RandomBot(seed).choose(_View(True), legal).kind for seed in range(40)}  # type: ignore[arg-type]
    assert picks == {PASS, PROPOSE}  # offers now and then, and the rest
    bot, rng = RandomBot(3), random.Random(3)
    for _ in range(20):  # told there is no trading, it picks uniformly among everything listed
        assert bot.choose(_View(False), legal) == legal[rng.randrange(2)]  # type: ignore[arg-type]
