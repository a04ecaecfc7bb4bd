"""Answers of the rules about a field, remembered by their inputs (``GameEffects.modified``).

Why: the engine asks the rules about every field at every planting it lists and every
harvest (`may_plant`, `may_harvest`, `harvest_coins`), and in a game with buildings a
question evaluates several rules through the language (tens of microseconds). Most
positions ask about fields whose cards have not changed since the last time. A rule
whose inputs are all known (``reads.modifier_reads``: nothing but the query's parameters,
its field's cards and ``only``, ``value``, its owner and the seat to move) gives the same
answer for the same inputs, so the answer is kept under a key made of exactly these:

- the rules of the query (a number given whenever the rules owned change, ``token``);
- the answer asked about (``value``), the seat to move, and each rule's owner now (a
  card's rule belongs to whoever holds the card);
- every parameter by name; a field as its seat and slot, its cards in order and the
  beans it is limited to (``field.only``).

The players' count, options and the cards' types never change in a game. A query is
remembered only when it has a field parameter, answers a bool or an int, and every one
of its rules has known inputs (``keyed``); every other query is evaluated as before.
The memo is shared with a look-ahead's copies (``__deepcopy__``): an answer for a key
holds in any position of the same game with the same rules, and a copy that acquires
rules gets a token of its own. A remembered answer spends no evaluation budget (the
rules are pure expressions; a fresh evaluation would spend the same steps again).
"""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING, Any, Sequence

from engine.game.holders import HOLDER
from engine.lang.reads import KEYED_READS
from engine.lang.vocab import QUERIES
from engine.lang.world import FieldRef

if TYPE_CHECKING:
    from engine.game.effects import GameEffects
    from engine.lang.compiled import CompiledModifier

#: At most this many answers are kept; the memo is emptied when it is full (bounded memory).
MAX_ANSWERS = 20_000

#: Tokens of the rules owned: a fresh number whenever a game's rules change.
_TOKENS = count(1)


def new_token() -> int:
    return next(_TOKENS)


def keyed(query: str, mods: Sequence[tuple[CompiledModifier, int]]) -> bool:
    """Whether ``query``'s answers may be remembered (the module docstring)."""
    sig = QUERIES.get(query)
    if sig is None or "field" not in sig[0].values() or sig[1] not in ("bool", "int"):
        return False
    return all(m.reads is not None and KEYED_READS.issuperset(m.reads) for m, _ in mods)


def answer_key(fx: GameEffects, token: int, query: str, value: Any, params: dict[str, Any],
               mods: Sequence[tuple[CompiledModifier, int]]) -> tuple[Any, ...] | None:
    """Every input of ``query``'s answer (the module docstring), or None when a parameter
    is not a plain value or a field that exists."""
    state = fx.game.state
    parts: list[Any] = [token, query, value, state.active]
    seat_of = fx.holder_index.seat
    for _, owner in mods:
        parts.append(seat_of(-2 - owner) if owner < HOLDER else owner)
    for name, v in params.items():
        parts.append(name)
        kind = type(v)
        if kind is FieldRef:
            fields = state.fields[v.player] if 0 <= v.player < len(state.fields) else None
            if fields is None or not 0 <= v.slot < len(fields):
                return None
            parts.append(v)
            parts.append(tuple(fields[v.slot]))
            parts.append(tuple(fx.field_limits.get((v.player, v.slot), ())))
        elif kind is int or kind is str or kind is bool or v is None:
            parts.append(v)
        else:
            return None
    return tuple(parts)


class AnswerMemo:
    """Key (``answer_key``) -> the rules' answer; shared with a look-ahead's copies."""

    __slots__ = ("answers",)

    def __init__(self) -> None:
        self.answers: dict[tuple[Any, ...], Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> AnswerMemo:
        return self

    def keep(self, key: tuple[Any, ...], answer: Any) -> None:
        if len(self.answers) >= MAX_ANSWERS:
            self.answers.clear()
        self.answers[key] = answer
