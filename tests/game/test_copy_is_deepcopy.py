"""The look-ahead's copy (``engine.game.lookahead._copy``) is ``copy.deepcopy``, part for
part, for every kind of value it spells out: lists, dicts, tuples, sets, frozensets, plain
objects (with and without attributes), classes and functions (shared), objects with a
copy of their own, and values reached twice or holding themselves.

Why: the bots' previews copy the game with ``_copy``, and the games only ever hold some
of these kinds; a mistake in a branch no game takes (a frozenset holding something that
is copied, an object with no attributes, a float) changes no golden game, so it went
unseen. Comparing the two copies' shapes (content, and which parts are one object)
catches every such mistake, in any branch, at once."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.game.lookahead import _copy, _share_immutables


class Plain:
    """A plain class: ``_copy`` copies it itself."""

    def __init__(self, **parts: Any) -> None:
        self.__dict__.update(parts)

    def __eq__(self, other: object) -> bool:
        return type(other) is Plain and vars(self) == vars(other)

    def __hash__(self) -> int:
        return 7


class Slotted:
    """A class with slots: left to ``deepcopy``."""

    __slots__ = ("cards",)

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards


def _function() -> int:
    return 1


def shape(value: Any, original: Any) -> Any:
    """``value`` as nested tuples: each container and object once (a second path to it
    names its first place, so which parts are one object is compared too), and, for each
    mutable part, whether it is the original's own object (a copy must share none)."""
    places: dict[int, int] = {}
    originals = set()
    keep: list[Any] = []

    def mark(v: Any) -> None:
        if isinstance(v, (list, dict, set, Plain, Slotted)) and id(v) not in originals:
            originals.add(id(v))
            keep.append(v)
            for part in (v.values() if isinstance(v, dict) else vars(v).values() if isinstance(v, Plain)
                         else [v.cards] if isinstance(v, Slotted) else v):
                mark(part)
            if isinstance(v, dict):
                for key in v:
                    mark(key)

    def walk(v: Any) -> Any:
        if isinstance(v, (int, float, complex, str, bool, type(None), type)) or callable(v) and not isinstance(v, (Plain, Slotted)):
            return ("atom", type(v).__name__, v)
        if id(v) in places:
            return ("again", places[id(v)])
        places[id(v)] = len(places)
        keep.append(v)
        mine = id(v) in originals
        if isinstance(v, list):
            return ("list", mine, tuple(walk(p) for p in v))
        if isinstance(v, dict):
            return ("dict", mine, tuple((walk(k), walk(p)) for k, p in v.items()))
        if isinstance(v, tuple):
            return ("tuple", tuple(walk(p) for p in v))
        if isinstance(v, (set, frozenset)):
            return (type(v).__name__, mine, tuple(sorted((repr(walk(p)) for p in v))))
        if isinstance(v, Slotted):
            return ("slotted", mine, walk(v.cards))
        return ("plain", mine, tuple((k, walk(p)) for k, p in vars(v).items()))

    mark(original)
    return walk(value)


def _values() -> dict[str, Any]:
    shared = [1, 2]
    obj = Plain(cards=[3], name="x")
    looped: list[Any] = ["loop"]
    looped.append(looped)
    holder = Plain()
    holder.me = holder
    return {
        "lists and a list reached twice": [shared, [shared, 4], (shared,)],
        "a dict of lists, keyed by a tuple": {("a", 1): [5], "b": {"c": shared}, 3: shared},
        "a tuple of atoms, and one holding a list": [("a", 1, 2.5), ("z", shared)],
        "a set of tuples": {(1, "a"), (2, "b")},
        "a set holding an object": [{Plain(cards=[1])}, {Plain()}],
        "a frozenset of atoms": frozenset({1, "a", 2.5}),
        "a frozenset holding an object": frozenset({Plain(cards=(4,))}),
        "a frozenset holding a tuple with a list": [frozenset({("t", Plain(n=1))}), shared],
        "floats, classes and functions": [1.5, complex(1, 2), Plain, _function, len, None, True],
        "a float alone": 2.5,
        "a function alone": _function,
        "a plain object reached twice": [obj, obj, {"o": obj}],
        "a plain object with no attributes": [Plain(), Plain()],
        "a plain object holding itself": holder,
        "a list holding itself": looped,
        "an object with slots": [Slotted(shared), shared],
    }


@pytest.mark.parametrize("case", sorted(_values()))
def test_the_look_ahead_copy_is_the_deep_copy(case: str) -> None:
    _share_immutables()
    value = _values()[case]
    mine, theirs = _copy(value, {}), copy.deepcopy(value, {})
    assert shape(mine, value) == shape(theirs, value)


def test_the_copy_and_the_deep_copy_share_one_memo() -> None:
    """A part copied before (in the memo) is that copy again, whichever copies it next."""
    _share_immutables()
    shared = [1, 2]
    memo: dict[int, Any] = {}
    first = _copy([shared], memo)
    later = _copy({"again": shared, "in a set's tuple": frozenset({("x", Plain(l=shared))})}, memo)
    assert later["again"] is first[0]
    [(_, held)] = later["in a set's tuple"]
    assert held.l is first[0]
