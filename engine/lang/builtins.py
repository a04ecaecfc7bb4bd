"""What the language's functions, attributes and operators compute against a ``World``.

Why a module of its own: both ways of compiling an expression — the closures of
``compiler`` and the generated source of ``inline`` — must compute exactly these answers;
both read them from here (a new function of ``vocab.FUNCTIONS`` is implemented in
``FUNCTION_IMPL``), and neither imports the other for them.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from engine.lang.context import Ctx, Fn
from engine.lang.world import FieldRef, World

def _players_from(world: World, first: int) -> list[int]:
    seats = world.players()
    n = len(seats)
    return [(first + k) % n for k in range(n)]


def _coins_for(world: World, player: int, bean: str, n: int) -> int:
    earned = 0
    for coins, threshold in enumerate(world.query("beanometer", player=player, bean=bean), start=1):
        if threshold is not None and n >= threshold:
            earned = coins
    return earned


def most_coins(beanometer: Any, n: int) -> int:
    """The most coins ``n`` beans of one type earn when they may be spread over as many
    fields as needed, each field paid by ``beanometer`` (``most_coins_for``).

    Why not one field: a field past a bean's last step earns nothing more, and a small
    step can pay better per bean than a big one (Garden beans, -/2/3/-: four beans pay 3
    on one field, 2 + 2 on two). This is an unbounded knapsack over the steps' sizes (a
    field filled past its step pays no more, so the leftover beans cost nothing). Its
    work is bounded by the steps, not by ``n``: past ``T*T + 2T`` beans (``T`` the largest
    step) an optimal spread always holds a field of the step that pays best per bean
    (among any ``t`` other fields, ``t`` that step's size, some hold a number of beans
    divisible by ``t``, which fields of that step pay at least as well), so such fields are
    counted off first; the table up to ``T*T + 2T`` is made once per beanometer."""
    if n <= 0:
        return 0
    table = _most_table(tuple(t if type(t) is int else None for t in beanometer))
    if table is None:
        return 0
    best, best_t, best_v = table
    bound = len(best) - 1
    extra = 0
    if n > bound:
        fields = (n - bound) // best_t + 1
        n -= fields * best_t
        extra = fields * best_v
    return extra + best[n]


@functools.lru_cache(maxsize=32)
def _most_table(beanometer: tuple[int | None, ...]) -> tuple[list[int], int, int] | None:
    """For ``most_coins``: the most coins of 0 to ``T*T + 2T`` beans, and the step that pays
    best per bean with its coins (None: no step). At most 32 beanometers are kept (a
    stranger's rules may ask many: each table is made once, at most a million entries)."""
    sizes = sorted({t for t in beanometer if t is not None and t >= 1})
    if not sizes:
        return None
    pays = [(t, _step_coins(beanometer, t)) for t in sizes]
    best_t, best_v = pays[0]
    for t, v in pays[1:]:
        if v * best_t > best_v * t:  # a better ratio of coins to beans (the smaller step on a tie)
            best_t, best_v = t, v
    top = sizes[-1]
    bound = top * top + 2 * top
    best = [0] * (bound + 1)
    for c in range(1, bound + 1):
        b = best[c - 1]  # a bean more on a field pays no less
        for t, v in pays:
            if t > c:
                break
            if best[c - t] + v > b:
                b = best[c - t] + v
        best[c] = b
    return best, best_t, best_v


def _step_coins(beanometer: Any, beans: int) -> int:
    """The coins one field of ``beans`` pays by ``beanometer`` (``coins_for``' rule)."""
    earned = 0
    for coins, threshold in enumerate(beanometer, start=1):
        if type(threshold) is int and beans >= threshold:
            earned = coins
    return earned


def _most_coins_for(world: World, player: int, bean: str, n: int) -> int:
    return most_coins(world.query("beanometer", player=player, bean=bean), n)


def _growing(world: World, player: int) -> list[str]:
    """The world answers: a game reads its fields directly (asked once per card of a
    gift or trade, per worth of a bot's option: far more often than fields change)."""
    return world.growing(player)


FUNCTION_IMPL: dict[str, Callable[..., Any]] = {
    "count": lambda w, items: len(items),
    "sum": lambda w, items: sum(x for x in items if x is not None),
    "min": lambda w, a, b=None: min(a, b) if b is not None else min((x for x in a if x is not None), default=0),
    "max": lambda w, a, b=None: max(a, b) if b is not None else max((x for x in a if x is not None), default=0),
    "any": lambda w, items: any(bool(x) for x in items),
    "all": lambda w, items: all(bool(x) for x in items),
    "field_cards": lambda w, player: [c for f in w.fields(player) for c in w.field_cards(f)],
    "may_plant": lambda w, player, card, field: w.may_plant(player, card, field),
    "may_harvest": lambda w, player, field: w.may_harvest(player, field),
    "distinct": lambda w, items: len(set(items)),
    "cards": lambda w, zone: w.cards(zone),
    "top": lambda w, zone, n=1: list(reversed(w.cards(zone)[-n:])) if n > 0 else [],
    "front": lambda w, zone, n=1: w.cards(zone)[:n],
    "beans": lambda w, cards: [w.bean_of(c) for c in cards],
    "of_bean": lambda w, cards, bean: [c for c in cards if w.bean_of(c) == bean],
    "fields": lambda w, player: w.fields(player),
    "coins": lambda w, player: w.coins(player),
    "beanometer": lambda w, player, bean: w.query("beanometer", player=player, bean=bean),
    "coins_for": _coins_for,
    "most_coins_for": _most_coins_for,
    "others": lambda w, player: _players_from(w, player)[1:],
    "next": lambda w, player: w.next_player(player),
    "counter": lambda w, player, name: w.counter(player, name),
    "ask": lambda w, player, prompt: w.ask(player, prompt),
    "item": lambda w, items, i: items[i] if 0 <= i < len(items) else None,
    "growing": _growing,
    "first": lambda w, items, n: list(items)[: max(0, n)],
    "option": lambda w, name: w.option(name),
}

def _direct_count(a: Fn, constants: list[tuple[Any] | None]) -> Fn:
    return lambda ctx: len(a(ctx))


def _direct_cards(a: Fn, constants: list[tuple[Any] | None]) -> Fn:
    return lambda ctx: ctx.world.cards(a(ctx))


def _direct_counter(a: Fn, b: Fn, constants: list[tuple[Any] | None]) -> Fn:
    if constants[1] is not None:  # `counter(owner, "ships")`: the name is written out
        name = constants[1][0]
        return lambda ctx: ctx.world.counter(a(ctx), name)
    return lambda ctx: ctx.world.counter(a(ctx), b(ctx))


def _direct_fields(a: Fn, constants: list[tuple[Any] | None]) -> Fn:
    return lambda ctx: ctx.world.fields(a(ctx))


def _direct_coins(a: Fn, constants: list[tuple[Any] | None]) -> Fn:
    return lambda ctx: ctx.world.coins(a(ctx))


def _direct_item(a: Fn, b: Fn, constants: list[tuple[Any] | None]) -> Fn:
    def item(ctx: Ctx) -> Any:
        items, i = a(ctx), b(ctx)
        return items[i] if 0 <= i < len(items) else None
    return item


def _compare_constant(op: str, left: Fn, c: Any) -> Fn:
    """``left op c`` for an ordering with a constant (never none) on the right: what
    ``_COMPARE[op]`` answers, one call less."""
    if op == "<":
        def lt(ctx: Ctx) -> bool:
            v = left(ctx)
            return v is not None and v < c
        return lt
    if op == ">":
        def gt(ctx: Ctx) -> bool:
            v = left(ctx)
            return v is not None and v > c
        return gt
    if op == "<=":
        def le(ctx: Ctx) -> bool:
            v = left(ctx)
            return v is not None and v <= c
        return le

    def ge(ctx: Ctx) -> bool:
        v = left(ctx)
        return v is not None and v >= c
    return ge


#: (function, number of arguments) -> a builder of the same call with one call layer
#: less (each does exactly what its ``FUNCTION_IMPL`` entry does), given the argument
#: functions and, for each argument written as a constant, ``(value,)``; the effects of
#: every expansion ask these at every decision
_DIRECT: dict[tuple[str, int], Callable[..., Fn]] = {
    ("count", 1): _direct_count,
    ("cards", 1): _direct_cards,
    ("counter", 2): _direct_counter,
    ("fields", 1): _direct_fields,
    ("coins", 1): _direct_coins,
    ("item", 2): _direct_item,
}

ATTR_IMPL: dict[str, dict[str, Callable[[World, Any], Any]]] = {
    "field": {
        "bean": lambda w, f: (w.bean_of(w.field_cards(f)[0]) if w.field_cards(f) else None),
        "size": lambda w, f: len(w.field_cards(f)),
        "cards": lambda w, f: w.field_cards(f),
        "owner": lambda w, f: f.player,
        "index": lambda w, f: f.slot,
        "beans": lambda w, f: list(dict.fromkeys(w.bean_of(c) for c in w.field_cards(f))),
        "only": lambda w, f: w.field_only(f),
    },
    "card": {"bean": lambda w, c: w.bean_of(c), "kind": lambda w, c: w.card_kind(c), "id": lambda w, c: w.card_id(c)},
    "bean": {"count": lambda w, b: w.bean_count(b), "id": lambda w, b: b},
    "player": {
        "coins": lambda w, p: w.coins(p),
        "hand": lambda w, p: w.hand(p),
        "hand_size": lambda w, p: len(w.hand(p)),
        "fields": lambda w, p: w.fields(p),
        "seat": lambda w, p: p,
    },
}

def _card_attribute(name: str) -> Callable[[World, Any], Any]:
    """A reader for an attribute a card kind declares (none on cards without it)."""
    return lambda w, c: w.card_attr(c, name)


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "//": lambda a, b: a // b if b else 0,
    "%": lambda a, b: a % b if b else 0,
}
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a is not None and b is not None and a < b,
    ">": lambda a, b: a is not None and b is not None and a > b,
    "<=": lambda a, b: a is not None and b is not None and a <= b,
    ">=": lambda a, b: a is not None and b is not None and a >= b,
}



def read_untyped(ctx: Ctx, value: Any, name: str, card_attrs: Any) -> Any:
    """Attribute ``name`` of a value of no known type that is not a dict (an event's
    payload): a field, a bean, a card or a player, told apart by the value itself."""
    if isinstance(value, FieldRef):
        kind = "field"
    elif isinstance(value, str):
        kind = "bean"
    elif isinstance(value, int):
        kind = "card" if name in ATTR_IMPL["card"] or name in card_attrs else "player"
    else:
        return None
    getter = ATTR_IMPL[kind].get(name)
    if getter is None and kind == "card":
        return ctx.world.card_attr(value, name)
    return getter(ctx.world, value) if getter else None
