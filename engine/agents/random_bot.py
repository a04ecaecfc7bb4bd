"""A bot that picks uniformly among the legal actions, with bounded trading.

Offers are many (one per card, seat and wanted bean), so a truly uniform choice would
spend whole turns proposing. The bot therefore chooses uniformly among the other
actions and makes an offer only now and then, at most ``max_offers`` per turn.
"""

from __future__ import annotations

import random
from typing import Any

from engine.game.actions import PROPOSE, Action
from engine.game.view import SeatView


def below(getrandbits: Any, n: int) -> int:
    """``random.Random.randrange(n)`` for ``n > 0``, drawing exactly the same bits.

    ``randrange(n)`` is ``_randbelow(n)``: ``k = n.bit_length()`` random bits, drawn again
    while they reach ``n`` (CPython 3.11 and 3.12, any ``Random`` whose ``getrandbits`` is
    the built-in one). Spelt out here it skips two Python calls on the bot's one question
    per action; ``tests/agents/test_random_bot.py`` checks it against ``randrange``."""
    if n <= 0:
        raise ValueError("empty range for randrange()")
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


#: ``n.bit_length()`` for the list sizes a bot sees most (a tuple read, not a method call)
_TABLED = 64
_BITS = tuple(n.bit_length() for n in range(_TABLED))


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0, offer_chance: float = 0.1, max_offers: int = 2) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits
        self.offer_chance = offer_chance
        self.max_offers = max_offers
        self._turn = -1
        self._offers = 0
        #: the view last found to be of a game without trading (its listings hold no
        #: offers), and the one last found to be of a game with trading
        self._quiet: SeatView | None = None
        self._trading: SeatView | None = None

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if view is not self._quiet:
            if view is self._trading or view.trades:
                self._trading = view
                for a in legal:
                    if a[0] == PROPOSE:  # ``a.kind``, read by index (cheaper)
                        return self._with_offers(view, legal)
            else:  # a game without trading lists no offers: no need to look again
                self._quiet = view
        # no offers on the table, the common case: ``legal[rng.randrange(len(legal))]``
        # with ``below`` spelt out (and the bit count read off a table)
        n = len(legal)
        if not n:
            raise ValueError("empty range for randrange()")
        bits = self._bits
        k = _BITS[n] if n < _TABLED else n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]

    def _with_offers(self, view: SeatView, legal: list[Action]) -> Action:
        """An offer now and then (at most ``max_offers`` a turn), else any other action."""
        if view.turn != self._turn:  # the offers made this turn are counted only here, where they are read
            self._turn, self._offers = view.turn, 0
        others = [a for a in legal if a.kind != PROPOSE]
        if self._offers < self.max_offers and self.rng.random() < self.offer_chance:
            self._offers += 1
            return self.rng.choice([a for a in legal if a.kind == PROPOSE])
        return self.rng.choice(others or legal)

    def choose_option(self, view: SeatView, options: list[Any], prompt: str, optional: bool) -> int | None:
        """A choice inside an effect: uniform, including taking none when allowed."""
        pick = self.rng.randrange(len(options) + (1 if optional else 0))
        return None if pick == len(options) else pick
