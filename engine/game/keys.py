"""The source of a declared action's key: the expressions that read its inputs off a game.

Why a module of its own: ``engine.lang.reads`` names an action's inputs when the ruleset
loads, and ``engine.game.declared`` writes one generated function per listing that reads
them into a key; what each input reads (a counter, a zone, the fields' sizes, a zone's
cards of a kind...) is written here, once for both the listing and the loop's key
functions (``declared.make_reader``).
"""

from __future__ import annotations

from itertools import filterfalse
from typing import Any, Callable, Iterable


def options_read(reads: Iterable[tuple[Any, ...] | None], option: Callable[[str], str]) -> tuple[Any, ...]:
    """The values of the options that ``reads`` name (``("own_turn_unless", NAME, …)``),
    each as (NAME, value or None when the ruleset has no such option): a key function is
    written for them (``_key_parts``), so a cache of such functions keys them by these too."""
    names = sorted({r[1] for group in reads for r in group or () if r[0] == "own_turn_unless"})
    return tuple((name, _option(option, name)) for name in names)


def _option(option: Callable[[str], str], name: str) -> str | None:
    try:
        return option(name)
    except KeyError:  # (an option the ruleset does not declare: the checker reports it)
        return None


def _key_parts(reads: tuple[tuple[Any, ...], ...], st: Any, players: int,
               const: Callable[[Any], str], any_time: bool = False,
               option: Callable[[str], str] | None = None) -> tuple[list[str], list[str]] | None:
    """The source of a key for ``reads``: the tests under which it is not made (a rule
    modifies an answer), and the expressions of the key's items, over ``fx``, ``seat``,
    ``step``, ``st`` (the state), ``c`` (the counters), ``phase`` (the phase's id) and
    ``memo`` (the game's ``ListingMemo``) (the key is their tuple, see ``_tuple``). Every name or text a ruleset wrote is passed as a
    constant (``const``), never written into the source. ``any_time``: the player-count
    row lets every seat harvest at any time (whether a seat may harvest now is then no
    input). ``option``: the game's options (``Ruleset.option``), fixed for the game: the
    turn is a key item only where the option lets it count (``own_turn_unless``); without
    it such a read is not known (None)."""
    parts: list[str] = []
    tests: list[str] = []
    for read in reads:
        kind = read[0]
        if kind == "active":
            parts.append("st.active")
        elif kind == "own_turn":
            parts.append("st.active == seat")
        elif kind == "own_turn_unless":
            if option is None:
                return None
            value = _option(option, read[1])
            if value is None:
                return None
            if (value == read[2]) == read[3]:  # the option lets the turn count
                parts.append("st.active == seat")
        elif kind == "phase":
            parts.append("phase")
        elif kind == "step":
            parts.append("step")
        elif kind == "phase_in":
            parts.append(f"phase in {const(read[1])}")
        elif kind == "step_in":
            parts.append(f"step in {const(read[1])}")
        elif kind == "counter":
            k = const(read[1])
            parts.append(f"({', '.join(f'c.get(({p}, {k}), 0)' for p in range(players))},)" if read[2]
                         else f"c.get((seat, {k}), 0)")
        elif kind == "coins":
            parts.append("tuple(map(len, st.coins))" if read[1] else "len(st.coins[seat])")
        elif kind == "fields":
            parts.append("tuple([tuple(map(tuple, f)) for f in st.fields])" if read[1]
                         else "tuple(map(tuple, st.fields[seat]))")
        elif kind == "field_count":
            parts.append("tuple(map(len, st.fields))" if read[1] else "len(st.fields[seat])")
        elif kind == "field_sizes":
            parts.append("tuple([tuple(map(len, f)) for f in st.fields])" if read[1]
                         else "tuple(map(len, st.fields[seat]))")
        elif kind == "zone_kind":
            parts.append(_kind_part(read, st, const))
        elif kind == "growing":
            parts.append(f"tuple([tuple(fx.growing(p)) for p in {const(range(players))}])" if read[1]
                         else "tuple(fx.growing(seat))")
        elif kind == "zone" or kind == "zone_size":
            parts.append(_zone_part(read, st, const, "len" if kind == "zone_size" else "tuple"))
        elif kind == "may_harvest":
            tests.append(f"{const('may_harvest')} in fx.modifiers")
            parts.append("True" if any_time else "fx.game.harvest_allowed_now(seat)")
        elif kind == "beanometer":
            tests.append(f"{const('beanometer')} in fx.modifiers")
        else:
            return None
    return tests, parts


def _zone_part(read: tuple[Any, ...], st: Any, const: Callable[[Any], str], of: str) -> str:
    """The key item of ``("zone", ZONE, mode)`` (``of`` "tuple": its cards) or of
    ``("zone_size", ZONE, mode)`` (``of`` "len": how many), for the seat or every seat."""
    zid = read[1]
    k = const(zid)
    if zid in st.shared:  # a shared zone of that id first, as ``_zone_list`` looks
        return f"{of}(st.shared[{k}])"
    if zid in st.per_player:
        return f"tuple(map({of}, st.per_player[{k}]))" if read[2] == "all" else f"{of}(st.per_player[{k}][seat])"
    return "None"


def _kind_part(read: tuple[Any, ...], st: Any, const: Callable[[Any], str]) -> str:
    """The key item of ``("zone_kind", ZONE, mode, op, KIND)``: the zone's cards whose
    kind passes, told apart as their order tells them. Written for CPython's cost per
    call: the game's cards of the kind (``ListingMemo.of_kind``) intersect the zone in C
    (a frozenset: zero or one such card, as a hand mostly holds, is in one order), and only
    two or more are filtered in order (a comprehension costs twice an intersection)."""
    zid, k = read[1], const(read[4])
    if zid in st.shared:
        zone = f"st.shared[{const(zid)}]"
    elif zid in st.per_player:
        zone = f"st.per_player[{const(zid)}][seat]"
    else:
        return "None"
    cards = f"(memo.kinds.get({k}) or memo.of_kind(fx, {k}))"
    if read[3] == "!=":
        return f"tuple({const(filterfalse)}({cards}.__contains__, {zone}))"
    r = f"_r{k}"
    return f"({r} if len({r} := {cards}.intersection({zone})) < 2 else tuple(filter({r}.__contains__, {zone})))"


def _tuple(parts: list[str]) -> str:
    return f"({''.join(p + ', ' for p in parts)})"
