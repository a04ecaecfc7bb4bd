"""Compile checked ASTs into Python closures, once, when a ruleset loads.

Each expression becomes ``fn(ctx) -> value`` and each statement ``fn(ctx) -> None``;
evaluating a rule is a chain of direct calls with no parsing or tree walking. Every
statement spends one unit of the evaluation budget — one budget per decision, shared by
every trigger and modifier it sets off — lists and numbers have size limits, and trigger
chains have a depth limit, so a runaway rule stops with an error that names it (L808,
L809, L820, L821).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any, Callable, Sequence

from engine.errors import BohnError, Span
from engine.lang import ast as A
from engine.lang import vocab as V
from engine.lang.checker import CheckEnv, Types
from engine.lang.inline import inline
from engine.lang.limits import MAX_INT, MAX_LIST, MAX_STEPS, MAX_TRIGGER_DEPTH
from engine.lang.reads import action_reads
from engine.lang.usage import uses
from engine.lang.world import CancelAction, FieldRef, World, ZoneRef

Fn = Callable[["Ctx"], Any]


@dataclass(slots=True)
class Ctx:
    world: World
    vars: dict[str, Any]
    budget: list[int]
    rule: str


@dataclass(frozen=True, slots=True)
class CompiledTrigger:
    event: str
    by: str
    condition: Fn | None
    body: Fn
    span: Span | None
    rule: str
    #: what the condition starts by requiring (``leading_guard``): checked before the
    #: trigger's context is made, so the rule costs nothing on the other events
    guard: tuple[str, str, str] | None = None


@dataclass(frozen=True, slots=True)
class CompiledModifier:
    """One ``modify`` rule. ``adjusts`` is True when it reads ``value`` (in its condition
    or its expression): such a modifier adjusts the answer the replacements gave, so it
    runs after every replacement of the same query (see ``modifier_stage``)."""

    query: str
    by: str
    condition: Fn | None
    value: Fn
    span: Span | None
    rule: str
    adjusts: bool = False
    #: the condition starts with ``value and`` (or is ``value``): the rule never changes a
    #: falsy answer, so it is passed over for one without its context being made
    needs_value: bool = False
    #: the rule reads no ``field`` and asks no player (``field_free``): it gives every field
    #: of one planting the same answer, so the engine may ask it once for them all
    field_free: bool = False


def modifier_stage(mod: CompiledModifier) -> int:
    """How modifiers of one query compose, whoever owns them and whenever they were
    acquired: replacements (stage 0, they ignore ``value``) first, then adjustments
    (stage 1, they read ``value``); within a stage, in the order the ruleset declares
    them. The order of purchase never matters."""
    return 1 if mod.adjusts else 0


def leads_with_value(condition: Any) -> bool:
    """Whether a modifier's condition is ``value`` or starts with ``value and …``: false
    for every falsy answer, without anything else of it being read."""
    while isinstance(condition, A.BoolOp) and condition.op == "and":
        condition = condition.left
    return isinstance(condition, A.Name) and condition.id == "value"


def required_step(condition: Any) -> str | None:
    """The step id ``X`` when a condition's first conjunct is ``step() == "X"`` (either
    side): the condition is false in every other step, and since the conjunct is
    evaluated first, skipping the condition there skips no other work and no error."""
    while isinstance(condition, A.BoolOp) and condition.op == "and":
        condition = condition.left
    if isinstance(condition, A.Compare) and condition.op == "==":
        for call, const in ((condition.left, condition.right), (condition.right, condition.left)):
            if isinstance(call, A.Call) and call.func == "step" and not call.args and isinstance(const, A.Str):
                return const.value
    return None


#: The comparisons a guard may make (see ``required_guard``).
GUARD_OPS: dict[str, Callable[[int, int], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b,
}


def _first_test(expr: Any) -> Any:
    while isinstance(expr, A.BoolOp) and expr.op == "and":
        expr = expr.left
    return expr


def required_guard(condition: Any, values: Any, param: str | None, zones: dict[str, str]) -> tuple[Any, ...] | None:
    """A test an action needs before anything else, simple enough for a listing to read
    from the game without the language, or None. It is the first test of the action's
    values when they are written ``if TEST and … then LIST else []`` (false: no value, so
    nothing to list), else the first test of its condition; and only one of

    - ``counter(owner, "NAME") OP N`` -> ``("counter", NAME, OP, N)``,
    - ``count(cards(ZONE)) OP N`` (a zone of the ruleset, the owner's if per player)
      -> ``("count", ZONE, shared?, OP, N)``,
    - ``phase() == "X"`` or ``phase() in ["X", …]`` -> ``("phase", {X, …})``.

    Since the test comes first, a listing that finds it false skips exactly an action
    whose values would be empty or whose condition would be false, with no other work
    and no error skipped (like ``required_step``)."""
    test = None
    if isinstance(values, A.Cond) and isinstance(values.orelse, A.ListLit) and not values.orelse.items:
        test = _first_test(values.test)
    elif condition is not None:
        test = _first_test(condition)
    if isinstance(test, A.In) and not test.negate and isinstance(test.collection, A.ListLit):
        item = test.item
        names = [x.value for x in test.collection.items if isinstance(x, A.Str)]
        if (isinstance(item, A.Call) and item.func == "phase" and not item.args and not item.kwargs
                and names and len(names) == len(test.collection.items)):
            return ("phase", frozenset(names))
        return None
    if not (isinstance(test, A.Compare) and test.op in GUARD_OPS):
        return None
    left, right = test.left, test.right
    if isinstance(left, A.Call) and left.func == "phase" and not left.args and not left.kwargs:
        return ("phase", frozenset([right.value])) if test.op == "==" and isinstance(right, A.Str) else None
    if not isinstance(right, A.Int) or not isinstance(left, A.Call) or left.kwargs or len(left.args) != (2 if left.func == "counter" else 1):
        return None
    if left.func == "counter":
        who, name = left.args
        if isinstance(who, A.Name) and who.id == "owner" and param != "owner" and isinstance(name, A.Str):
            return ("counter", name.value, test.op, right.value)
        return None
    if left.func == "count":
        inner = left.args[0]
        if isinstance(inner, A.Call) and inner.func == "cards" and len(inner.args) == 1 and not inner.kwargs:
            zone = inner.args[0]
            if (isinstance(zone, A.Name) and zone.id in zones and zone.id != param
                    and zone.id not in ("owner", "active", "opponent", "this")):
                return ("count", zone.id, zones[zone.id] != "player", test.op, right.value)
    return None


def leading_guard(condition: Any) -> tuple[str, str, str] | None:
    """What a trigger's condition starts by requiring, when its first conjunct is a text
    compared with ``==`` to ``event.NAME`` (``("event", NAME, text)``), ``step()`` or
    ``phase()`` (``("step" | "phase", "", text)``): ``when phase_began if event.phase ==
    "plant" and …`` is false on every other phase, and nothing else of it is read first."""
    while isinstance(condition, A.BoolOp) and condition.op == "and":
        condition = condition.left
    if not (isinstance(condition, A.Compare) and condition.op == "=="):
        return None
    for side, const in ((condition.left, condition.right), (condition.right, condition.left)):
        if not isinstance(const, A.Str):
            continue
        if isinstance(side, A.Attr) and isinstance(side.obj, A.Name) and side.obj.id == "event":
            return ("event", side.name, const.value)
        if isinstance(side, A.Call) and side.func in ("step", "phase") and not side.args:
            return (side.func, "", const.value)
    return None


def _guard_passes(guard: tuple[str, str, str], payload: dict[str, Any], world: World) -> bool:
    kind, name, text = guard
    if kind == "event":
        return bool(payload.get(name) == text)
    return (world.step() if kind == "step" else world.phase()) == text


def calls(node: Any, func: str) -> bool:
    """Whether an expression tree calls the function ``func`` anywhere."""
    if isinstance(node, A.Call) and node.func == func:
        return True
    if isinstance(node, tuple):
        return any(calls(x, func) for x in node)
    if isinstance(node, A.Node):
        return any(calls(getattr(node, f.name), func) for f in dataclass_fields(node) if f.name != "span")
    return False


def field_free(rule: A.Modifier) -> bool:
    """Whether a modifier answers alike for every field: it reads no ``field`` (a list
    filter's variable of that name counts as read) and asks no player (``ask`` is a
    choice, made once per question)."""
    parts = (rule.condition, rule.value)
    return not any(reads_name(x, "field") or calls(x, "ask") for x in parts)


def reads_name(node: Any, name: str) -> bool:
    """Whether an expression tree mentions the bare name ``name`` anywhere."""
    if isinstance(node, A.Name):
        return node.id == name
    if isinstance(node, tuple):
        return any(reads_name(x, name) for x in node)
    if isinstance(node, A.Node):
        return any(reads_name(getattr(node, f.name), name) for f in dataclass_fields(node) if f.name != "span")
    return False


@dataclass(frozen=True, slots=True)
class CompiledAction:
    name: str
    timing: str
    condition: Fn | None
    cost: Fn | None
    body: Fn
    span: Span | None
    rule: str
    #: ``action NAME(param in values)``: offered once per value, bound to ``param``
    param: str | None = None
    values: Fn | None = None
    #: ``worth EXPR``: what taking it is worth to its owner, for bots (None: they look ahead)
    worth: Fn | None = None
    #: the step id the condition starts by requiring (``if step() == "x" and …``): a
    #: listing skips the action in every other step without building its context
    only_step: str | None = None
    #: a first test the game answers without the language (``required_guard``): a
    #: listing skips the action while it fails, without building its context
    guard: tuple[Any, ...] | None = None
    #: every input of its values, cost and condition (``reads.action_reads``), or None:
    #: a listing reuses its answer while they are unchanged (``engine.game.declared``)
    reads: tuple[tuple[Any, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class CompiledProcedure:
    name: str
    params: tuple[str, ...]
    body: Fn
    span: Span | None
    rule: str


@dataclass
class Compiled:
    """A compiled snippet: its rules, and the statements it runs when played."""

    name: str
    triggers: list[CompiledTrigger] = field(default_factory=list)
    modifiers: list[CompiledModifier] = field(default_factory=list)
    actions: list[CompiledAction] = field(default_factory=list)
    procedures: dict[str, CompiledProcedure] = field(default_factory=dict)
    body: Fn | None = None
    #: a card's ``worth EXPR``: what holding it is worth to its holder, for bots
    worth: Fn | None = None
    #: ``(kind, name)`` of every vocabulary entry the snippet uses (see ``usage``)
    uses: Counter[tuple[str, str]] = field(default_factory=Counter)

    def run(self, world: World, owner: int, **variables: Any) -> None:
        """Run the snippet's statements for ``owner`` (playing an action card, say)."""
        if self.body is not None:
            self.body(new_ctx(world, owner, self.name, variables))


def new_ctx(world: World, owner: int, rule: str, variables: dict[str, Any] | None = None,
            budget: list[int] | None = None) -> Ctx:
    env = {"owner": owner, "active": world.active(), "opponent": world.next_player(owner)}
    if variables:
        env.update(variables)
    if budget is None:
        shared = getattr(world, "budget", None)  # one budget per decision, shared by every rule it sets off
        budget = shared() if shared is not None else [MAX_STEPS]
    return Ctx(world, env, budget, rule)


def _runaway(ctx: Ctx, span: Span | None) -> BohnError:
    return BohnError.one("L808", f"rule `{ctx.rule}`: the effects of one decision ran more than {MAX_STEPS} steps of work", span)


def _bounded(ctx: Ctx, value: Any, span: Span | None) -> Any:
    """``value`` if within the limits: a list is charged to the budget by its length."""
    if type(value) is int:
        if not -MAX_INT <= value <= MAX_INT:
            raise BohnError.one("L821", f"rule `{ctx.rule}` computed a number beyond ±{MAX_INT:,}", span)
    elif type(value) is list:
        size = len(value)
        if size > MAX_LIST:
            raise BohnError.one("L820", f"rule `{ctx.rule}` built a list of {size:,} items; the limit is {MAX_LIST:,}", span)
        ctx.budget[0] -= size
        if ctx.budget[0] < 0:
            raise _runaway(ctx, span)
    elif type(value) is str and len(value) > MAX_LIST:
        raise BohnError.one("L820", f"rule `{ctx.rule}` built a text of {len(value):,} characters; the limit is {MAX_LIST:,}", span)
    return value


def guarded(fn: Fn, rule: str, span: Span | None) -> Fn:
    """Run a compiled rule part; an unexpected failure becomes L813 naming the rule."""
    def run(ctx: Ctx) -> Any:
        try:
            return fn(ctx)
        except (BohnError, CancelAction):
            raise
        except RecursionError:
            raise BohnError.one("L808", f"rule `{rule}` nested too deeply", span) from None
        except Exception as exc:  # noqa: BLE001 - a world or a value the checker could not foresee
            raise BohnError.one("L813", f"rule `{rule}` failed: {type(exc).__name__}: {exc}", span) from None
    return run


# ---------------------------------------------------------------- functions


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


class Compiler:
    def __init__(self, types: Types, env: CheckEnv, program: A.Program | None = None) -> None:
        self.types = types
        self.env = env
        #: procedures callable here (the ruleset's and the snippet's own), and the snippet's
        #: own compiled ones (filled after compiling, looked up when called)
        self.procs: dict[str, tuple[tuple[str, str], ...]] = dict(env.procs)
        if program is not None:
            self.procs.update({r.name: r.params for r in program.rules if isinstance(r, A.Procedure)})
        self.local: dict[str, CompiledProcedure] = {}

    # ------------------------------------------------------------------ expressions

    def expr(self, e: A.Expr) -> Fn:
        """``e`` as one generated function where it can be (``inline``), else a closure."""
        fn = inline(self, e)
        return fn if fn is not None else self.closure(e)

    def closure(self, e: A.Expr) -> Fn:
        """``e`` as a closure (its parts compiled by ``expr``)."""
        if isinstance(e, A.Int) and not -MAX_INT <= e.value <= MAX_INT:
            raise BohnError.one("L821", f"the number {str(e.value)[:20]}… is beyond ±{MAX_INT:,}", e.span)
        if isinstance(e, (A.Int, A.Str, A.Bool)):
            value = e.value
            return lambda ctx: value
        if isinstance(e, A.NoneLit):
            return lambda ctx: None
        if isinstance(e, A.Name):
            return self.name(e)
        if isinstance(e, A.Attr):
            return self.attr(e)
        if isinstance(e, A.Call):
            return self.function(e)
        if isinstance(e, A.ListLit):
            items, span = [self.expr(i) for i in e.items], e.span
            return lambda ctx: _bounded(ctx, [f(ctx) for f in items], span)
        if isinstance(e, A.BinOp):
            op, left, right, span = _BINOPS[e.op], self.expr(e.left), self.expr(e.right), e.span
            if e.op in ("+", "-", "*"):
                return lambda ctx: _bounded(ctx, op(left(ctx), right(ctx)), span)
            return lambda ctx: op(left(ctx), right(ctx))
        if isinstance(e, A.Compare):
            cmp, left, right = _COMPARE[e.op], self.expr(e.left), self.expr(e.right)
            if e.op in ("==", "!=") and isinstance(e.right, (A.Int, A.Str, A.Bool)):  # the common case, one call less
                constant = e.right.value
                if e.op == "==":
                    return lambda ctx: left(ctx) == constant
                return lambda ctx: left(ctx) != constant
            if e.op == "==":
                return lambda ctx: left(ctx) == right(ctx)
            if e.op == "!=":
                return lambda ctx: left(ctx) != right(ctx)
            if isinstance(e.right, (A.Int, A.Str, A.Bool)):  # `count(…) > 0`: a constant is never none
                return _compare_constant(e.op, left, e.right.value)
            return lambda ctx: cmp(left(ctx), right(ctx))
        if isinstance(e, A.In):
            item, coll, negate = self.expr(e.item), self.expr(e.collection), e.negate
            return lambda ctx: (item(ctx) in coll(ctx)) != negate
        if isinstance(e, A.BoolOp):
            left, right = self.expr(e.left), self.expr(e.right)
            if e.op == "and":  # a bool either way, each side's truth asked once
                return lambda ctx: True if left(ctx) and right(ctx) else False
            return lambda ctx: True if left(ctx) or right(ctx) else False
        if isinstance(e, A.Not):
            operand = self.expr(e.operand)
            return lambda ctx: not operand(ctx)
        if isinstance(e, A.Neg):
            operand = self.expr(e.operand)
            return lambda ctx: -operand(ctx)
        if isinstance(e, A.Cond):
            test, then, orelse = self.expr(e.test), self.expr(e.then), self.expr(e.orelse)
            return lambda ctx: then(ctx) if test(ctx) else orelse(ctx)
        if isinstance(e, A.ListComp):
            return self.comprehension(e)
        raise AssertionError(f"cannot compile {e!r}")  # pragma: no cover - the checker rejects it first

    def call_procedure(self, call: A.Call) -> Fn:
        """Call a procedure: its parameters and the caller's owner, active player and
        opponent are its only names; it spends the caller's budget."""
        name = call.func
        params = self.procs[name]
        args = self._arguments(call, V.Signature(tuple(V.Param(n, t) for n, t in params), "none", ""))
        local = self.local

        def perform(ctx: Ctx) -> None:
            proc = local.get(name) or ctx.world.procedure(name)
            scope = {"owner": ctx.vars["owner"], "active": ctx.vars["active"], "opponent": ctx.vars["opponent"]}
            scope.update({k: f(ctx) for k, f in args})
            proc.body(Ctx(ctx.world, scope, ctx.budget, ctx.rule))
        return perform

    def comprehension(self, e: A.ListComp) -> Fn:
        """A filter or map: each item read spends one unit of the evaluation budget."""
        plantable = self.plantable_filter(e)
        if plantable is not None:
            return plantable
        var, iterable = e.var, self.expr(e.iterable)
        test = self.expr(e.test) if e.test is not None else None
        result = self.expr(e.result) if e.result is not None else None
        span = e.span

        def build(ctx: Ctx) -> list[Any]:
            items = list(iterable(ctx))
            ctx.budget[0] -= len(items)
            if ctx.budget[0] < 0:
                raise _runaway(ctx, span)
            had, saved = var in ctx.vars, ctx.vars.get(var)
            out = []
            try:
                for item in items:
                    ctx.vars[var] = item
                    if test is None or test(ctx):
                        out.append(item if result is None else result(ctx))
            finally:
                if had:
                    ctx.vars[var] = saved
                else:
                    ctx.vars.pop(var, None)
            return out
        return build

    def plantable_filter(self, e: A.ListComp) -> Fn | None:
        """``[f in FIELDS if may_plant(P, C, f)]`` with ``P`` and ``C`` plain names: the
        world answers for the whole list at once (``may_plant_all``: rules that read no
        field are asked once, not once per field), the same answers in the same order.
        None for any other filter."""
        t = e.test
        if not (e.result is None and isinstance(t, A.Call) and t.func == "may_plant" and len(t.args) == 3
                and not t.kwargs and isinstance(t.args[2], A.Name) and t.args[2].id == e.var
                and all(isinstance(a, A.Name) and a.id != e.var for a in t.args[:2])):
            return None
        iterable, player, card, span = self.expr(e.iterable), self.expr(t.args[0]), self.expr(t.args[1]), e.span

        def build(ctx: Ctx) -> list[Any]:
            items = list(iterable(ctx))
            ctx.budget[0] -= len(items)
            if ctx.budget[0] < 0:
                raise _runaway(ctx, span)
            if not items:
                return []
            world = ctx.world
            p, c = player(ctx), card(ctx)
            answers = getattr(world, "may_plant_all", None)
            fits = answers(p, c, items) if answers is not None else [world.may_plant(p, c, f) for f in items]
            return [f for f, ok in zip(items, fits) if ok]
        return build

    def name(self, e: A.Name) -> Fn:
        key = e.id
        if self.types.get(id(e)) == "bean" and key in self.env.beans:
            return lambda ctx: ctx.vars.get(key, key)
        if key in self.env.zones and self.types.get(id(e)) == "zone":
            if self.env.zones[key] == "player":
                return lambda ctx: ctx.vars[key] if key in ctx.vars else ZoneRef(key, ctx.vars["owner"])
            ref = ZoneRef(key, None)
            return lambda ctx: ctx.vars.get(key, ref)
        return lambda ctx: ctx.vars[key]

    def attr(self, e: A.Attr) -> Fn:
        obj = self.expr(e.obj)
        t = self.types.get(id(e.obj), "any")
        name = e.name
        card_attrs = self.env.card_attrs
        if t.startswith("event:") or t == "any":
            def read(ctx: Ctx) -> Any:
                value = obj(ctx)
                if isinstance(value, dict):
                    return value.get(name)
                return read_untyped(ctx, value, name, card_attrs)
            return read
        getter = ATTR_IMPL[t].get(name) or _card_attribute(name)

        def read_typed(ctx: Ctx) -> Any:
            value = obj(ctx)
            return None if value is None else getter(ctx.world, value)
        return read_typed

    def _arguments(self, call: A.Call, signature: V.Signature) -> list[tuple[str, Fn]]:
        given: dict[str, A.Expr] = {}
        for param, arg in zip(signature.params, call.args):
            given[param.name] = arg
        given.update(dict(call.kwargs))
        out = []
        for param in signature.params:
            if param.name in given:
                arg = given[param.name]
                if call.func == "zone" and param.name == "id":
                    zid = arg.id if isinstance(arg, A.Name) else ""
                    out.append((param.name, (lambda z: lambda ctx: z)(zid)))
                else:
                    out.append((param.name, self.expr(arg)))
        return out

    def function(self, call: A.Call) -> Fn:
        signature = V.FUNCTIONS[call.func]
        args = self._arguments(call, signature)
        if call.func == "zone":
            given = dict(zip((p.name for p in signature.params), call.args))
            given.update(dict(call.kwargs))
            id_arg = given.get("id")
            z = id_arg.id if isinstance(id_arg, A.Name) else ""  # as ``_arguments`` reads it
            player_fn = dict(args).get("player")
            if self.env.zones.get(z) == "shared":  # its reference never changes (the player is not read)
                ref = ZoneRef(z, None)
                return lambda ctx: ref
            if player_fn is None:
                return lambda ctx: ZoneRef(z, ctx.vars["owner"])
            seat = player_fn
            return lambda ctx: ZoneRef(z, seat(ctx))
        if call.func == "players":
            return lambda ctx: _players_from(ctx.world, ctx.vars["owner"])
        if call.func == "bean_types":
            return lambda ctx: ctx.world.bean_types()
        if call.func == "phase":
            return lambda ctx: ctx.world.phase()
        if call.func == "step":
            return lambda ctx: ctx.world.step()
        if call.func == "column":
            name_fn = args[0][1]
            return lambda ctx: ctx.world.column(name_fn(ctx))
        impl = FUNCTION_IMPL[call.func]
        fns = [f for _, f in args]
        direct = _DIRECT.get((call.func, len(fns)))
        if direct is not None:  # the most asked functions: their implementation inlined
            given = dict(zip((p.name for p in signature.params), call.args))
            given.update(dict(call.kwargs))
            constants: list[tuple[Any] | None] = [
                (given[p.name].value,) if isinstance(given[p.name], (A.Int, A.Str, A.Bool)) else None  # type: ignore[union-attr]
                for p in signature.params if p.name in given]
            return direct(*fns, constants)
        if len(fns) == 1:
            a = fns[0]
            return lambda ctx: impl(ctx.world, a(ctx))
        if len(fns) == 2:
            a, b = fns
            return lambda ctx: impl(ctx.world, a(ctx), b(ctx))
        return lambda ctx: impl(ctx.world, *[f(ctx) for f in fns])

    # ------------------------------------------------------------------ statements

    def block(self, body: Sequence[A.Stmt]) -> Fn:
        stmts = [self.stmt(s) for s in body]
        if len(stmts) == 1:
            return stmts[0]

        def run(ctx: Ctx) -> None:
            for s in stmts:
                s(ctx)
        return run

    def stmt(self, s: A.Stmt) -> Fn:
        span = s.span
        inner = self._stmt(s)

        def step(ctx: Ctx) -> None:
            ctx.budget[0] -= 1
            if ctx.budget[0] < 0:
                raise _runaway(ctx, span)
            inner(ctx)
        return step

    def _stmt(self, s: A.Stmt) -> Fn:
        if isinstance(s, A.Let):
            name, value = s.name, self.expr(s.value)

            def let(ctx: Ctx) -> None:
                ctx.vars[name] = value(ctx)
            return let
        if isinstance(s, A.If):
            test, body, orelse = self.expr(s.test), self.block(s.body), self.block(s.orelse)
            return lambda ctx: body(ctx) if test(ctx) else orelse(ctx)
        if isinstance(s, A.Repeat):
            count, body, span = self.expr(s.count), self.block(s.body), s.span

            def repeat(ctx: Ctx) -> None:
                for _ in range(max(0, count(ctx))):
                    ctx.budget[0] -= 1
                    if ctx.budget[0] < 0:
                        raise _runaway(ctx, span)
                    body(ctx)
            return repeat
        if isinstance(s, A.For):
            var, iterable, body = s.var, self.expr(s.iterable), self.block(s.body)

            span = s.span

            def loop(ctx: Ctx) -> None:
                for item in list(iterable(ctx)):
                    ctx.budget[0] -= 1
                    if ctx.budget[0] < 0:
                        raise _runaway(ctx, span)
                    ctx.vars[var] = item
                    body(ctx)
            return loop
        if isinstance(s, A.Choose):
            var, options, body, optional = s.var, self.expr(s.options), self.block(s.body), s.optional
            chooser = self.expr(s.chooser) if s.chooser is not None else None
            worth = self.expr(s.worth) if s.worth is not None else None

            def choose(ctx: Ctx) -> None:
                opts = list(options(ctx))
                if not opts:
                    return
                who = chooser(ctx) if chooser else ctx.vars["owner"]
                worths = None
                if worth is not None:  # each option's worth to the chooser, on a budget of its own
                    hint = Ctx(ctx.world, dict(ctx.vars), [MAX_STEPS], ctx.rule)
                    worths = []
                    for option in opts:
                        hint.vars[var] = option
                        worths.append(float(worth(hint)))
                picked = ctx.world.choose(who, opts, f"{ctx.rule}: choose {var}", optional, worths)
                if picked is None:
                    return
                ctx.vars[var] = picked
                body(ctx)
            return choose
        if isinstance(s, A.SecretChoose):
            return self._secret(s)
        if isinstance(s, A.Cancel):
            def cancel(ctx: Ctx) -> None:
                raise CancelAction(ctx.rule)
            return cancel
        if isinstance(s, A.CallStmt) and s.call.func not in V.STATEMENTS:
            return self.call_procedure(s.call)
        if isinstance(s, A.CallStmt):
            name = s.call.func
            args = self._arguments(s.call, V.STATEMENTS[name])

            span = s.span

            def perform(ctx: Ctx) -> None:
                ctx.world.do(name, {k: f(ctx) for k, f in args}, span)
            return perform
        raise AssertionError(f"cannot compile {s!r}")  # pragma: no cover


    def _secret(self, s: A.SecretChoose) -> Fn:
        """Every player's options are listed and picked before anything is bound or
        done: no pick can see, or be changed by, another (``World.choose_secretly``)."""
        pvar, var, players, options, body, span = s.player_var, s.var, self.expr(s.players), self.expr(s.options), \
            self.block(s.body), s.span
        count = self.expr(s.count) if s.count is not None else None
        worth = self.expr(s.worth) if s.worth is not None else None

        def secret(ctx: Ctx) -> None:
            seats: list[Any] = []
            for p in players(ctx):
                if p not in seats:
                    seats.append(p)
            choosers = []
            worths: list[list[float]] | None = [] if worth is not None else None
            for p in seats:
                ctx.vars[pvar] = p
                opts = list(options(ctx))
                choosers.append((p, opts))
                if worths is not None and worth is not None:  # each option's worth to its picker, on a budget of its own
                    hint = Ctx(ctx.world, dict(ctx.vars), [MAX_STEPS], ctx.rule)
                    mine: list[float] = []
                    for option in opts:
                        hint.vars[var] = option
                        mine.append(float(worth(hint)))
                    worths.append(mine)
            n = count(ctx) if count is not None else 1
            picks = ctx.world.choose_secretly(choosers, max(0, n), f"{ctx.rule}: secretly choose {var}", worths)
            for p, mine in zip(seats, picks):
                ctx.budget[0] -= 1 + len(mine)
                if ctx.budget[0] < 0:
                    raise _runaway(ctx, span)
                ctx.vars[pvar] = p
                ctx.vars[var] = mine
                body(ctx)
        return secret


def compile_program(program: A.Program, types: Types, env: CheckEnv, name: str) -> Compiled:
    c = Compiler(types, env, program)
    out = Compiled(name, uses=uses(program), procedures=c.local)
    label = name

    def g(fn: Fn, span: Span | None) -> Fn:
        return guarded(fn, label, span)

    for rule in program.rules:
        sp = rule.span
        if isinstance(rule, A.Trigger):
            out.triggers.append(CompiledTrigger(
                rule.event, rule.by, g(c.expr(rule.condition), sp) if rule.condition else None, g(c.block(rule.body), sp), sp, label,
                leading_guard(rule.condition)))
        elif isinstance(rule, A.Modifier):
            out.modifiers.append(CompiledModifier(
                rule.query, rule.by, g(c.expr(rule.condition), sp) if rule.condition else None, g(c.expr(rule.value), sp), sp, label,
                adjusts=reads_name(rule.condition, "value") or reads_name(rule.value, "value"),
                needs_value=leads_with_value(rule.condition), field_free=field_free(rule)))
        elif isinstance(rule, A.Procedure):
            c.local[rule.name] = CompiledProcedure(rule.name, tuple(n for n, _ in rule.params), g(c.block(rule.body), sp),
                                                   sp, label)
        elif isinstance(rule, A.Worth):
            out.worth = g(c.expr(rule.value), sp)
        else:
            out.actions.append(CompiledAction(
                rule.name, rule.timing, g(c.expr(rule.condition), sp) if rule.condition else None,
                g(c.expr(rule.cost), sp) if rule.cost else None, g(c.block(rule.body), sp), sp, label,
                rule.param, g(c.expr(rule.values), sp) if rule.values is not None else None,
                g(c.expr(rule.worth), sp) if rule.worth is not None else None, required_step(rule.condition),
                required_guard(rule.condition, rule.values, rule.param, env.zones), action_reads(rule, c.types, env)))
    if program.statements:
        out.body = g(c.block(program.statements), program.span)
    return out


# ---------------------------------------------------------------- running rules


def _hears(by: str, who: Any, owner: int, world: World) -> bool:
    """Whether a rule ``by`` someone applies to an event or query of seat ``who``; table
    events and queries (no seat) apply to every rule."""
    if by == "anyone" or who is None:
        return True
    if by == "owner":
        return bool(who == owner)
    if by == "others":
        return who is not None and who != owner
    return bool(who == world.active())


def fire(triggers: Sequence[tuple[CompiledTrigger, int]], event: str, payload: dict[str, Any], world: World) -> int:
    """Run every trigger (with its owner) listening to ``event``; return how many ran.

    Trigger bodies may cause further events; the world's ``trigger_depth`` bounds how
    deep such chains go (L809) so a self-feeding rule cannot hang the game."""
    if world.trigger_depth >= MAX_TRIGGER_DEPTH:
        first = next((t for t, _ in triggers if t.event == event), None)
        raise BohnError.one("L809", f"triggers on `{event}` fired each other more than {MAX_TRIGGER_DEPTH} deep"
                            + (f" (rule `{first.rule}`)" if first else ""), first.span if first else None)
    world.trigger_depth += 1
    ran = 0
    shared = getattr(world, "budget", None)  # one budget per decision (see ``new_ctx``)
    budget: list[int] | None = None
    try:
        who = payload.get("player")
        for trigger, owner in triggers:
            if trigger.event != event:
                continue
            by = trigger.by
            if who is not None and by != "anyone":  # what ``_hears`` asks, spelt out
                if by == "owner":
                    if who != owner:
                        continue
                elif by == "others":
                    if who == owner:
                        continue
                elif who != world.active():
                    continue
            if trigger.guard is not None and not _guard_passes(trigger.guard, payload, world):
                continue
            # what ``new_ctx`` makes, the decision's budget read once for every trigger (no
            # action is taken while they run)
            if shared is None:
                ctx_budget = [MAX_STEPS]
            else:
                if budget is None:
                    budget = shared()
                ctx_budget = budget
            ctx = Ctx(world, {"owner": owner, "active": world.active(), "opponent": world.next_player(owner),
                              "event": payload}, ctx_budget, trigger.rule)
            if trigger.condition is None or trigger.condition(ctx):
                trigger.body(ctx)
                ran += 1
    finally:
        world.trigger_depth -= 1
    return ran


def modify(modifiers: Sequence[tuple[CompiledModifier, int]], world: World, query: str, value: Any,
           **params: Any) -> Any:
    """The value of ``query`` after every applicable modifier, in order."""
    who = params.get("player")
    for mod, owner in modifiers:
        if mod.query != query or not _hears(mod.by, who, owner, world) or mod.needs_value and not value:
            continue
        ctx = new_ctx(world, owner, mod.rule, {**params, "value": value})
        if mod.condition is None or mod.condition(ctx):
            value = mod.value(ctx)
    return value
