"""Expressions compiled to one Python function each, instead of a closure per node.

Why: the effects of the expansions are mostly expressions (an action's condition, a
modifier's value), asked at every decision; as a tree of closures each node costs a call.
Here an expression tree becomes the source of one function — ``count(cards(hand)) > 2 and
counter(owner, "ships") == 0`` is one call that reads ``ctx.vars`` and calls the world —
compiled once, when the ruleset loads. It computes exactly what ``Compiler.expr``'s
closures compute, in the same order, with the same limits (``_bounded``), the same
errors, and the same answers for none.

Untrusted input: nothing a ruleset writes (a name, a text, a number) is ever put into the
generated source. Every value is a constant the function reads as a global of its own
(``_k3``, its namespace made for it alone); the source holds only this module's own names and operators. A node this
module does not write out (a list filter, ``zone(…)``) is compiled by ``Compiler`` as
before and called from the source; a tree deeper than ``MAX_INLINE_DEPTH`` is cut the
same way, so the generated source stays small whatever the input.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Callable, Protocol

from engine.lang import ast as A
from engine.lang import vocab as V
from engine.lang.builtins import _BINOPS, _COMPARE, ATTR_IMPL, FUNCTION_IMPL, _card_attribute, _players_from, read_untyped
from engine.errors import Span
from engine.lang.parts import guarded_source
from engine.lang.context import Fn, _bounded, _runaway
from engine.lang.limits import MAX_INT
from engine.lang.world import ZoneRef

if TYPE_CHECKING:
    from engine.lang.checker import CheckEnv, Types


class NodeCompiler(Protocol):
    """What this module asks of ``compiler.Compiler``: the checker's types and
    environment, a closure for a node it does not write out, and the plantable filter.
    A protocol, so this module imports nothing of the compiler, which calls it."""

    types: Types
    env: CheckEnv

    def closure(self, e: A.Expr) -> Fn: ...

    def plantable_filter(self, e: A.ListComp) -> Fn | None: ...


#: Nodes nested deeper than this in one generated function are compiled on their own.
MAX_INLINE_DEPTH = 12

#: Typed attribute reads written out: (type, name) -> source with ``{v}`` the object
#: (never none here) and ``W`` the world. Each computes what its ``ATTR_IMPL`` entry does.
_ATTRS: dict[tuple[str, str], str] = {
    ("field", "size"): "ctx.world.field_size({v})",
    ("field", "owner"): "{v}.player",
    ("field", "index"): "{v}.slot",
    ("field", "cards"): "ctx.world.field_cards({v})",
    # (the types of the field's cards, first seen first, read off ``bean_names`` in C: the
    # generator of ``ATTR_IMPL`` asks ``bean_of`` once per card, at every planting a rule on a field's beans hears)
    ("field", "beans"): "list(dict.fromkeys(map(ctx.world.bean_names.__getitem__, ctx.world.field_cards({v}))))",
    ("card", "bean"): "ctx.world.bean_names[{v}]",
    # (read off ``kind_names`` by a subscript, not asked of ``card_kind``: a filter of a hand by kind reads every card)
    ("card", "kind"): "ctx.world.kind_names[{v}]",
    ("card", "id"): "ctx.world.card_id({v})",
    ("bean", "id"): "{v}",
    ("bean", "count"): "ctx.world.bean_count({v})",
    ("player", "coins"): "ctx.world.coins({v})",
    ("player", "seat"): "{v}",
    ("player", "fields"): "ctx.world.fields({v})",
    ("player", "hand"): "ctx.world.hand({v})",
    ("player", "hand_size"): "len(ctx.world.hand({v}))",
}

#: Functions written out: (name, number of arguments) -> source with ``{0}``, ``{1}`` the
#: arguments; each computes what its ``FUNCTION_IMPL`` entry does.
_CALLS: dict[tuple[str, int], str] = {
    ("count", 1): "len({0})",
    ("cards", 1): "ctx.world.cards({0})",
    ("counter", 2): "ctx.world.counters.get(({0}, {1}), 0)",
    ("fields", 1): "ctx.world.fields({0})",
    ("coins", 1): "ctx.world.coins({0})",
    ("next", 1): "ctx.world.next_player({0})",
    ("may_plant", 3): "ctx.world.may_plant({0}, {1}, {2})",
    ("may_harvest", 2): "ctx.world.may_harvest({0}, {1})",
    ("growing", 1): "ctx.world.growing({0})",  # (what ``builtins._growing`` asks, one call less)
    # (each card's type read off ``bean_names`` in C, not by a comprehension calling ``bean_of``)
    ("beans", 1): "list(map(ctx.world.bean_names.__getitem__, {0}))",
    ("distinct", 1): "len(set({0}))",
}

_ORDER = ("<", ">", "<=", ">=")
#: numbers the generated functions' file names (``<effect expression 12>``)
_NUMBERS = itertools.count(1)


def _item(items: Any, i: Any) -> Any:
    return items[i] if 0 <= i < len(items) else None


#: Functions a repeated part of an expression may call and still be read once (see
#: ``Inliner.repeated``): they read the game and change nothing, and spend no budget.
#: Not the beanometer or ``may_*`` (their queries run rules, which may ``ask``), nor ``ask``.
_READ_ONCE_CALLS = frozenset({
    "count", "item", "fields", "cards", "coins", "counter", "next", "min", "max", "sum", "distinct", "any", "all",
    "field_cards", "growing", "front", "top", "beans", "of_bean", "first", "others", "players", "bean_types",
    "phase", "step", "column", "option", "zone"})
#: Types of the values a repeated part is read once for: never a list (a list literal or
#: a sum of lists spends budget each time it is built).
_READ_ONCE_TYPES = frozenset({"int", "bool", "str", "bean", "card", "field", "player"})
#: A repeated part not read yet (nothing an expression computes is this object).
_UNREAD = object()


class Inliner:
    """Writes one expression tree as the source of one function (see the module doc)."""

    def __init__(self, compiler: NodeCompiler) -> None:
        self.compiler = compiler
        self.consts: dict[str, Any] = {}
        self.temps = 0
        #: id of a node -> the local that keeps its value once read (``repeated``)
        self.slots: dict[int, str] = {}
        self.unread: str | None = None  # the constant naming ``_UNREAD``, once a slot is written
        #: (a list filter's variable, the Python local its reads are written as): see ``inline_filter``
        self.local: tuple[str, str] | None = None
        #: whether the source hands ``ctx`` to a function that may read ``ctx.vars`` (a part
        #: compiled apart, a nested filter, an untyped read)
        self.hands_ctx = False

    def repeated(self, root: A.Expr) -> None:
        """Find the parts of ``root`` written more than once (the same tree, of the same
        type) that read the game without changing it or spending budget; each is read the
        first time it is reached and kept in a local for the other times. One expression
        changes nothing while it is read (no statement runs, no variable is rebound
        outside a list filter, which is compiled apart), so the kept value is the value a
        second reading would give. ``order`` in ``sum(x.first + x.first)``-like trees is
        kept: whichever place is reached first reads it."""
        types = self.compiler.types
        keys: dict[int, Any] = {}
        pure: dict[int, bool] = {}
        seen: dict[Any, list[A.Expr]] = {}

        def walk(e: Any) -> tuple[Any, bool]:
            if isinstance(e, (A.Int, A.Str, A.Bool)):
                return (type(e).__name__, e.value), True
            if isinstance(e, A.NoneLit):
                return ("none",), True
            if isinstance(e, A.Name):
                return ("name", e.id, types.get(id(e))), True
            parts: list[Any] = []
            if isinstance(e, A.Attr):
                k, ok = walk(e.obj)
                key: Any = ("attr", e.name, k)
            elif isinstance(e, A.Call):
                subs = [walk(a) for a in e.args] + [walk(v) for _, v in e.kwargs]
                ok = e.func in _READ_ONCE_CALLS and all(p for _, p in subs)
                key = ("call", e.func, tuple(k for k, _ in subs), tuple(n for n, _ in e.kwargs))
            elif isinstance(e, (A.BinOp, A.Compare, A.BoolOp)):
                (lk, lp), (rk, rp) = walk(e.left), walk(e.right)
                ok = lp and rp and (not isinstance(e, A.BinOp) or types.get(id(e)) in ("int", "str"))
                key = (type(e).__name__, e.op, lk, rk)
            elif isinstance(e, A.In):
                (ik, ip), (ck, cp) = walk(e.item), walk(e.collection)
                ok, key = ip and cp, ("in", e.negate, ik, ck)
            elif isinstance(e, (A.Not, A.Neg)):
                k, ok = walk(e.operand)
                key = (type(e).__name__, k)
            elif isinstance(e, A.Cond):
                parts = [walk(e.test), walk(e.then), walk(e.orelse)]
                ok, key = all(p for _, p in parts), ("cond", tuple(k for k, _ in parts))
            elif isinstance(e, A.ListLit):
                for item in e.items:
                    walk(item)
                return ("list", id(e)), False  # built anew (and paid for) each time
            else:  # a list filter: compiled apart, with its own scope
                return ("other", id(e)), False
            key = (key, types.get(id(e)))
            keys[id(e)], pure[id(e)] = key, ok
            if ok and types.get(id(e)) in _READ_ONCE_TYPES:
                seen.setdefault(key, []).append(e)
            return key, ok

        walk(root)
        for nodes in seen.values():
            if len(nodes) > 1:
                slot = f"_c{len(set(self.slots.values())) + 1}"
                for node in nodes:
                    self.slots[id(node)] = slot

    def const(self, value: Any) -> str:
        name = f"_k{len(self.consts)}"
        self.consts[name] = value
        return name

    def temp(self) -> str:
        self.temps += 1
        return f"_t{self.temps}"

    def apart(self, e: A.Expr) -> str:
        """``e`` compiled by ``Compiler`` as before, called from the source."""
        self.hands_ctx = True
        return f"{self.const(self.compiler.closure(e))}(ctx)"

    def src(self, e: A.Expr, depth: int) -> str:
        if depth > MAX_INLINE_DEPTH:
            return self.apart(e)
        slot = self.slots.get(id(e))
        if slot is not None:  # a repeated part: read the first time it is reached
            if self.unread is None:
                self.unread = self.const(_UNREAD)
            return f"({slot} if {slot} is not {self.unread} else ({slot} := {self.written(e, depth)}))"
        return self.written(e, depth)

    def written(self, e: A.Expr, depth: int) -> str:
        d = depth + 1
        if isinstance(e, (A.Int, A.Str, A.Bool)):
            if isinstance(e, A.Int) and not -MAX_INT <= e.value <= MAX_INT:
                return self.apart(e)  # Compiler raises L821
            return self.const(e.value)
        if isinstance(e, A.NoneLit):
            return "None"
        if isinstance(e, A.Name):
            return self.name(e)
        if isinstance(e, A.Attr):
            return self.attr(e, d)
        if isinstance(e, A.Call):
            return self.call(e, d)
        if isinstance(e, A.ListLit):
            items = ", ".join(self.src(i, d) for i in e.items)
            return f"{self.const(_bounded)}(ctx, [{items}], {self.const(e.span)})"
        if isinstance(e, A.BinOp):
            left, right = self.src(e.left, d), self.src(e.right, d)
            if e.op in ("+", "-", "*"):
                # a number within the limits is what ``_bounded`` returns; anything else
                # (a list, a text, a number beyond) is handed to it
                t = self.temp()
                return (f"({t} if type({t} := ({left}) {e.op} ({right})) is int and {self.const(-MAX_INT)} <= {t} <= "
                        f"{self.const(MAX_INT)} else {self.const(_bounded)}(ctx, {t}, {self.const(e.span)}))")
            return f"{self.const(_BINOPS[e.op])}({left}, {right})"
        if isinstance(e, A.Compare):
            left, right = self.src(e.left, d), self.src(e.right, d)
            if e.op in ("==", "!="):
                return f"(({left}) {e.op} ({right}))"
            if e.op in _ORDER and isinstance(e.right, (A.Int, A.Str, A.Bool)):  # a constant is never none
                t = self.temp()
                return f"(({t} := ({left})) is not None and {t} {e.op} {right})"
            if e.op in _ORDER:  # what ``_COMPARE`` answers: both sides read, left first; none is never ordered
                a, b = self.temp(), self.temp()
                return f"({a} {e.op} {b} if (({a} := ({left})) is not None) & (({b} := ({right})) is not None) else False)"
            return f"{self.const(_COMPARE[e.op])}({left}, {right})"
        if isinstance(e, A.In):
            op = "not in" if e.negate else "in"
            coll = e.collection
            if isinstance(coll, A.Call) and coll.func == "cards" and len(coll.args) == 1 and not coll.kwargs:
                # `x in cards(ZONE)`: asked of the zone itself, not of a copy of it
                found = f"ctx.world.zone_has({self.src(e.item, d)}, {self.src(coll.args[0], d + 1)})"
                return f"(not {found})" if e.negate else found
            return f"(({self.src(e.item, d)}) {op} ({self.src(e.collection, d)}))"
        if isinstance(e, A.BoolOp):
            op = "and" if e.op == "and" else "or"
            return f"(True if ({self.src(e.left, d)}) {op} ({self.src(e.right, d)}) else False)"
        if isinstance(e, A.Not):
            return f"(not ({self.src(e.operand, d)}))"
        if isinstance(e, A.Neg):
            return f"(-({self.src(e.operand, d)}))"
        if isinstance(e, A.Cond):
            test, then, orelse = self.src(e.test, d), self.src(e.then, d), self.src(e.orelse, d)
            return f"(({then}) if ({test}) else ({orelse}))"
        if isinstance(e, A.ListComp):  # a list filter or map: a generated loop of its own
            made = inline_filter(self.compiler, e)
            if made is not None:
                self.hands_ctx = True
                return f"{self.const(made)}(ctx)"
        return self.apart(e)

    def name(self, e: A.Name) -> str:
        c = self.compiler
        key = e.id
        if self.local is not None and key == self.local[0]:
            return self.local[1]  # the filter's variable, bound for every item (``inline_filter``)
        k = self.const(key)
        if c.types.get(id(e)) == "bean" and key in c.env.beans:
            return f"ctx.vars.get({k}, {k})"
        if key in c.env.zones and c.types.get(id(e)) == "zone":
            if c.env.zones[key] == "player":
                made = self.zone_ref(k, "ctx.vars['owner']")
                return f"(ctx.vars[{k}] if {k} in ctx.vars else {made})"
            return f"ctx.vars.get({k}, {self.const(ZoneRef(key, None))})"
        return f"ctx.vars[{k}]"

    def attr(self, e: A.Attr, depth: int) -> str:
        c = self.compiler
        t = c.types.get(id(e.obj), "any")
        if t == "field" and e.name == "size" and (fused := self.nth_field_size(e.obj, depth)) is not None:
            return fused
        obj = self.src(e.obj, depth)
        v = self.temp()
        if t.startswith("event:") or t == "any":
            rest = self.const(_untyped_reader(e.name, c.env.card_attrs))
            self.hands_ctx = True
            return f"({v}.get({self.const(e.name)}) if isinstance({v} := ({obj}), dict) else {rest}(ctx, {v}))"
        if t not in ATTR_IMPL:
            return self.apart(e)
        written = _ATTRS.get((t, e.name))
        if written is not None:
            if (t, e.name) == ("bean", "id") or (t, e.name) == ("player", "seat"):
                return f"({v} := ({obj}))"  # none stays none
            return f"(None if ({v} := ({obj})) is None else {written.format(v=v)})"
        if (t, e.name) == ("field", "bean"):
            cards = self.temp()
            return (f"(None if ({v} := ({obj})) is None else "
                    f"(ctx.world.bean_names[{cards}[0]] if ({cards} := ctx.world.field_cards({v})) else None))")
        getter = ATTR_IMPL[t].get(e.name)
        if getter is None and t == "card":  # an attribute the card kinds declare (``_card_attribute``)
            return f"(None if ({v} := ({obj})) is None else ctx.world.card_attr({v}, {self.const(e.name)}))"
        getter = getter or _card_attribute(e.name)
        return f"(None if ({v} := ({obj})) is None else {self.const(getter)}(ctx.world, {v}))"

    def nth_field_size(self, e: A.Expr, depth: int) -> str | None:
        """``item(fields(P), I).size`` as one question of the world (``field_size_at``),
        or None for another expression. Why: a declared action's test comparing field
        sizes (an order filled from two adjacent fields) asks it at every listing whose
        fields changed, and the field's reference, made to be read once, cost as much as
        its size."""
        if not (isinstance(e, A.Call) and e.func == "item" and len(e.args) == 2 and not e.kwargs):
            return None
        fields = e.args[0]
        if not (isinstance(fields, A.Call) and fields.func == "fields" and len(fields.args) == 1 and not fields.kwargs):
            return None
        return f"ctx.world.field_size_at({self.src(fields.args[0], depth + 1)}, {self.src(e.args[1], depth + 1)})"

    def call(self, call: A.Call, depth: int) -> str:
        if call.func == "zone":
            return self.zone(call, depth)
        if call.func == "column" or call.func not in V.FUNCTIONS:
            return self.apart(call)
        if call.func == "players":
            return f"{self.const(_players_from)}(ctx.world, ctx.vars['owner'])"
        if call.func in ("bean_types", "phase", "step"):
            return f"ctx.world.{call.func}()"
        signature = V.FUNCTIONS[call.func]
        given: dict[str, A.Expr] = {}
        for param, arg in zip(signature.params, call.args):
            given[param.name] = arg
        given.update(dict(call.kwargs))
        if (call.func == "count" and len(call.args) == 1 and not call.kwargs and isinstance(call.args[0], A.Call)
                and call.args[0].func == "cards" and len(call.args[0].args) == 1 and not call.args[0].kwargs):
            return f"ctx.world.zone_size({self.src(call.args[0].args[0], depth + 1)})"  # no copy of the zone to count
        if (call.func == "item" and len(call.args) == 2 and not call.kwargs and isinstance(call.args[0], A.Call)
                and call.args[0].func == "cards" and len(call.args[0].args) == 1 and not call.args[0].kwargs
                and isinstance(call.args[1], A.Int) and 0 <= call.args[1].value <= MAX_INT):
            # `item(cards(ZONE), I)`: the zone's card at I (or none), without a copy of the zone
            at = self.const(call.args[1].value)
            seat = self.seat_zone(call.args[0].args[0], depth + 1)
            if seat is not None:  # a per-player zone named with its seat: no reference made
                return f"ctx.world.seat_zone_item({seat[0]}, {seat[1]}, {at})"
            return f"ctx.world.zone_item({self.src(call.args[0].args[0], depth + 1)}, {at})"
        inner = call.args[0] if call.args else None
        if (isinstance(inner, A.Call) and inner.func == "fields" and len(inner.args) == 1 and not inner.kwargs
                and not call.kwargs):
            # `count(fields(P))` and `item(fields(P), I)`: the world answers without a list of references
            if call.func == "count" and len(call.args) == 1:
                return f"ctx.world.field_count({self.src(inner.args[0], depth + 1)})"
            if call.func == "item" and len(call.args) == 2:
                return f"ctx.world.field_at({self.src(inner.args[0], depth + 1)}, {self.src(call.args[1], depth)})"
        args = [self.src(given[p.name], depth) for p in signature.params if p.name in given]
        written = _CALLS.get((call.func, len(args)))
        if written is not None:
            return "(" + written.format(*args) + ")"
        if (call.func, len(args)) == ("item", 2):
            x, i = self.temp(), self.temp()
            index = given.get("i")
            if isinstance(index, A.Int) and index.value >= 0:  # a constant: only the list is read
                return f"({x}[{args[1]}] if {args[1]} < len({x} := ({args[0]})) else None)"
            return f"({x}[{i}] if 0 <= ({i} := (({x} := ({args[0]})), ({args[1]}))[1]) < len({x}) else None)"
        if call.func in ("min", "max") and len(args) == 2:  # two values, both read first (the list form: the closure)
            a, b = self.temp(), self.temp()
            return (f"({call.func}({a}, {b}) if (({a} := ({args[0]})), ({b} := ({args[1]})))[1] is not None "
                    f"else {self.const(FUNCTION_IMPL[call.func])}(ctx.world, {a}, None))")
        return f"{self.const(FUNCTION_IMPL[call.func])}(ctx.world{''.join(', ' + a for a in args)})"


    def zone(self, call: A.Call, depth: int) -> str:
        """``zone(ID)`` or ``zone(ID, P)``, what ``Compiler.function`` makes of it: a shared
        zone's reference is a constant (``P`` is not read), a per-player zone's is made
        from ``P`` (the owner when not given)."""
        given: dict[str, A.Expr] = dict(zip((p.name for p in V.FUNCTIONS["zone"].params), call.args))
        given.update(dict(call.kwargs))
        arg = given.get("id")
        zid = arg.id if isinstance(arg, A.Name) else ""
        if self.compiler.env.zones.get(zid) == "shared":
            return self.const(ZoneRef(zid, None))
        player = given.get("player")
        seat = self.src(player, depth) if player is not None else "ctx.vars['owner']"
        return self.zone_ref(self.const(zid), seat)

    def seat_zone(self, e: A.Expr, depth: int) -> tuple[str, str] | None:
        """``zone(ID, P)`` (or ``zone(ID)``) of a per-player zone, as (the id's constant, the
        seat's source): what ``zone`` would make a reference of; None for anything else."""
        if not (isinstance(e, A.Call) and e.func == "zone" and self.compiler.types.get(id(e)) == "zone"):
            return None
        given: dict[str, A.Expr] = dict(zip((p.name for p in V.FUNCTIONS["zone"].params), e.args))
        given.update(dict(e.kwargs))
        arg = given.get("id")
        zid = arg.id if isinstance(arg, A.Name) else ""
        if self.compiler.env.zones.get(zid) != "player":
            return None
        player = given.get("player")
        return self.const(zid), (self.src(player, depth) if player is not None else "ctx.vars['owner']")

    def zone_ref(self, zid: str, seat: str) -> str:
        """``ZoneRef(ZID, SEAT)`` made as ``tuple.__new__`` makes it: the same value, without
        the call of the named tuple's ``__new__`` (a Python function)."""
        return f"{self.const(tuple.__new__)}({self.const(ZoneRef)}, ({zid}, {seat}))"


def _untyped_reader(name: str, card_attrs: Any) -> Callable[[Any, Any], Any]:
    """What ``Compiler.attr`` reads from a value of no known type that is not a dict."""
    def read(ctx: Any, value: Any) -> Any:
        return read_untyped(ctx, value, name, card_attrs)
    return read


def _locals(body: str) -> tuple[str, str]:
    """``body`` reading the world and the variables from locals when it reads them more
    than once, and the lines that set them (the source holds no text of the ruleset's, so
    these names are only ever ours)."""
    head = ""
    for attr, local in (("ctx.world", "_W"), ("ctx.vars", "_V")):
        if body.count(attr) > 1:
            body = body.replace(attr, local)
            head += f"    {local} = {attr}\n"
    return body, head


def _made(writer: Inliner, head: str, body: str, guard: tuple[str, Span | None] | None = None) -> Fn | None:
    """The function ``def _expr(ctx)`` with ``head`` then ``body`` (indented
    lines); with ``guard`` (a rule's name and span), a rule's part with its guard
    (``parts.guarded_source``)."""
    if guard is not None:
        code = guarded_source("_expr", writer, [line[4:] for line in (head + body).splitlines()], *guard)
    else:  # the constants are the function's globals (see ``blocks.made``)
        code = f"def _expr(ctx):\n{head}{body}"
    space: dict[str, Any] = dict(writer.consts)
    try:
        # a name of its own per expression: a profile (pstats) keeps each one apart
        exec(compile(code, f"<effect expression {next(_NUMBERS)}>", "exec"), space)  # noqa: S102 - our own source, constants passed apart
    except (RecursionError, MemoryError, SyntaxError):  # pragma: no cover - bounded depth makes these unlikely
        return None
    fn: Fn = space["_expr"]
    return fn


def inline(compiler: NodeCompiler, e: A.Expr, guard: tuple[str, Span | None] | None = None) -> Fn | None:
    """``e`` as one generated function, or None when it is a single leaf (the closure is
    as fast) or the source cannot be made. With ``guard``, a rule's whole part: the
    function carries the rule's guard (``blocks.is_guarded`` tells it)."""
    if isinstance(e, A.ListComp):
        return inline_filter(compiler, e, guard)
    if isinstance(e, (A.Int, A.Str, A.Bool, A.NoneLit, A.Name)):
        return None
    writer = Inliner(compiler)
    try:
        writer.repeated(e)
        body, head = _locals(writer.src(e, 0))
    except (RecursionError, MemoryError):  # pragma: no cover - bounded depth makes these unlikely
        return None
    slots = sorted(set(writer.slots.values()), key=lambda n: int(n[2:]))
    if slots and writer.unread is not None:  # else no repeated part was reached within the depth written
        head += f"    {' = '.join(slots)} = {writer.unread}\n"
    return _made(writer, head, f"    return {body}\n", guard)


def inline_filter(compiler: NodeCompiler, e: A.ListComp, guard: tuple[str, Span | None] | None = None) -> Fn | None:
    """A list filter or map as one generated loop: what ``Compiler.comprehension`` does
    (the items listed once and paid for, the variable bound to each in turn and given
    back its outer value after the last, each test and result asked in order), with the
    test and the result written into the loop instead of called. Nothing is kept from
    one item to the next (no repeated parts here: each item reads anew)."""
    plantable = compiler.plantable_filter(e)  # `[f in FIELDS if may_plant(P, C, f)]`: the world answers for the list
    if plantable is not None:
        return plantable
    local = _local_filter(compiler, e, guard)
    if local is not None:
        return local
    writer = Inliner(compiler)
    try:
        iterable = writer.src(e.iterable, 1)
        test = writer.src(e.test, 1) if e.test is not None else None
        result = writer.src(e.result, 1) if e.result is not None else None
    except (RecursionError, MemoryError):  # pragma: no cover - bounded depth makes these unlikely
        return None
    var = writer.const(e.var)
    loop = (_paid_items(writer, iterable, e) +
            f"    _had = {var} in ctx.vars\n"
            f"    _saved = ctx.vars.get({var})\n"
            "    _out = []\n"
            "    try:\n"
            "        for _item in _items:\n"
            f"            ctx.vars[{var}] = _item\n")
    add = f"_out.append({'_item' if result is None else result})"
    loop += f"            if {test}:\n                {add}\n" if test is not None else f"            {add}\n"
    loop += ("    finally:\n"
             "        if _had:\n"
             f"            ctx.vars[{var}] = _saved\n"
             "        else:\n"
             f"            ctx.vars.pop({var}, None)\n"
             "    return _out\n")
    body, head = _locals(loop)
    return _made(writer, head, body, guard)


def _local_filter(compiler: NodeCompiler, e: A.ListComp, guard: tuple[str, Span | None] | None) -> Fn | None:
    """``inline_filter`` with the variable a Python local instead of a name bound in
    ``ctx.vars`` for each item (and given back its outer value after the last), when
    nothing the test and the result call is handed ``ctx`` (``Inliner.hands_ctx``): then
    only the generated source reads the variable, and reads it as the local. The same
    items are listed and paid for first, the same tests and results asked in the same
    order; ``ctx.vars`` is left as it was, as the loop leaves it. Why: ``count([c in
    cards(hand) if c.kind == "KIND"]) == 0``, a rule's test at every turn, wrote and read
    the variable in a map for every card of the hand. None when a call is handed ``ctx``."""
    if e.var == "this":  # (bound by the rule's own first line: left to the map)
        return None
    writer = Inliner(compiler)
    try:
        iterable = writer.src(e.iterable, 1)
        writer.local = (e.var, "_item")
        test = writer.src(e.test, 1) if e.test is not None else None
        result = writer.src(e.result, 1) if e.result is not None else None
    except (RecursionError, MemoryError):  # pragma: no cover - bounded depth makes these unlikely
        return None
    if writer.hands_ctx:
        return None
    made = "_item" if result is None else result
    loop = (_paid_items(writer, iterable, e) +
            "    _out = []\n"
            "    for _item in _items:\n")
    add = f"_out.append({made})"  # (a loop, not a comprehension: most lists filtered hold a few items)
    loop += f"        if {test}:\n            {add}\n" if test is not None else f"        {add}\n"
    loop += "    return _out\n"
    body, head = _locals(loop)
    return _made(writer, head, body, guard)


def _paid_items(writer: Inliner, iterable: str, e: A.ListComp) -> str:
    """A generated filter's first lines: the list's items (``iterable``'s source) listed
    once into ``_items`` and paid for from the budget, raising at a runaway as
    ``Compiler.comprehension`` does."""
    runaway, span = writer.const(_runaway), writer.const(e.span)
    return (f"    _items = list({iterable})\n"
            "    _budget = ctx.budget\n"
            "    _budget[0] -= len(_items)\n"
            "    if _budget[0] < 0:\n"
            f"        raise {runaway}(ctx, {span})\n")
