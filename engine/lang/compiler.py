"""Compile checked ASTs into Python closures, once, when a ruleset loads.

Each expression becomes ``fn(ctx) -> value`` and each statement ``fn(ctx) -> None``;
evaluating a rule is a chain of direct calls with no parsing or tree walking. Every
statement spends one unit of the evaluation budget — one budget per decision, shared by
every trigger and modifier it sets off — lists and numbers have size limits, and trigger
chains have a depth limit, so a runaway rule stops with an error that names it (L808,
L809, L820, L821).

This module is the compiler only (``Compiler``, ``compile_program``); what it builds on
lives below it: the run-time context and limits (``context``), the functions and
operators (``builtins``), what a condition lets the engine skip (``guards``), and the
compiled rules with ``fire`` and ``modify`` (``compiled``). Their names are re-exported
here, where callers have always imported them.
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.errors import BohnError, Span
from engine.lang import ast as A
from engine.lang import vocab as V
from engine.lang.builtins import (_BINOPS, _COMPARE, _DIRECT, ATTR_IMPL, FUNCTION_IMPL, _card_attribute, _compare_constant,
                                  _players_from, read_untyped)
from engine.lang.blocks import compile_block
from engine.lang.parts import is_guarded
from engine.lang.checker import CheckEnv, Types
# re-exported below this line too: the engine and the tests import these from here
from engine.lang.compiled import (Compiled, CompiledAction, CompiledModifier, CompiledProcedure,  # noqa: F401
                                  CompiledTrigger, _hears, fire, modifier_stage, modify)
from engine.lang.context import Ctx, Fn, _bounded, _runaway, guarded, new_ctx  # noqa: F401
from engine.lang.guards import (GUARD_OPS, _guard_passes, field_free, leading_guard, leads_with_value,  # noqa: F401
                                reads_name, required_guard, required_step)
from engine.lang.inline import inline
from engine.lang.limits import MAX_INT, MAX_STEPS, MAX_TRIGGER_DEPTH  # noqa: F401
from engine.lang.reads import action_reads, modifier_inputs, modifier_reads
from engine.lang.usage import uses
from engine.lang.world import CancelAction, ZoneRef


def _may_plant_of(e: A.Expr | None, var: str) -> bool:
    """Whether ``e`` is ``may_plant(P, C, VAR)`` with ``P`` and ``C`` plain names other
    than ``VAR`` (what ``plantable_filter`` answers for a whole list, as a filter or a map)."""
    return (isinstance(e, A.Call) and e.func == "may_plant" and len(e.args) == 3 and not e.kwargs
            and isinstance(e.args[2], A.Name) and e.args[2].id == var
            and all(isinstance(a, A.Name) and a.id != var for a in e.args[:2]))


class Compiler:
    """Compiles one snippet's expressions (one generated function each where ``inline``
    can write it, else a closure per node) and statements (a closure each, spending the
    budget); ``compile_program`` wraps its output into the compiled rules."""

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
        The map ``[may_plant(P, C, f) for f in FIELDS]`` likewise (a card's worth asking
        whether it fits any field): the answers themselves. The items are paid for as the
        comprehension pays. None for any other filter or map."""
        asked = e.result if e.test is None else e.test
        if (e.test is not None and e.result is not None) or not _may_plant_of(asked, e.var):
            return None
        assert isinstance(asked, A.Call)
        iterable, player, card, span = self.expr(e.iterable), self.expr(asked.args[0]), self.expr(asked.args[1]), e.span
        keep = e.test is not None  # a filter: the fields that pass; a map: the answers

        def build(ctx: Ctx) -> list[Any]:
            items = list(iterable(ctx))
            ctx.budget[0] -= len(items)
            if ctx.budget[0] < 0:
                raise _runaway(ctx, span)
            if not items:
                return []
            world = ctx.world
            p, c = player(ctx), card(ctx)
            listed = getattr(world, "plantable", None) if keep else None
            if listed is not None:  # the world lists them itself (the same answers)
                return listed(p, c, items)  # type: ignore[no-any-return]
            answers = getattr(world, "may_plant_all", None)
            fits = answers(p, c, items) if answers is not None else [world.may_plant(p, c, f) for f in items]
            return [f for f, ok in zip(items, fits) if ok] if keep else fits
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
        """``body`` as one generated function (``blocks``), else a closure per statement."""
        fn = compile_block(self, body)
        return fn if fn is not None else self.closures(body)

    def rule_block(self, body: Sequence[A.Stmt], rule: str, span: Span | None) -> Fn:
        """A rule's body, with the rule's guard (``guarded``) in the function itself."""
        fn = compile_block(self, body, (rule, span))
        return fn if fn is not None else guarded(self.closures(body), rule, span)

    def rule_expr(self, e: A.Expr, rule: str, span: Span | None) -> Fn:
        """A rule's expression part (a condition, a value, a cost…), with its guard."""
        fn = inline(self, e, (rule, span))
        if fn is not None and is_guarded(fn):
            return fn
        return guarded(fn if fn is not None else self.closure(e), rule, span)

    def closures(self, body: Sequence[A.Stmt]) -> Fn:
        """``body`` as a closure per statement (what ``blocks`` writes out as one function)."""
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

    def g(e: A.Expr, span: Span | None) -> Fn:
        return c.rule_expr(e, label, span)

    def gb(body: Sequence[A.Stmt], span: Span | None) -> Fn:
        return c.rule_block(body, label, span)

    def is_bean(e: A.Name) -> bool:  # (a name the checker typed as a bean of the ruleset: ``Compiler.name``)
        return c.types.get(id(e)) == "bean" and e.id in env.beans

    for rule in program.rules:
        sp = rule.span
        if isinstance(rule, A.Trigger):
            out.triggers.append(CompiledTrigger(
                rule.event, rule.by, g(rule.condition, sp) if rule.condition else None, gb(rule.body, sp), sp, label,
                leading_guard(rule.condition, is_bean)))
        elif isinstance(rule, A.Modifier):
            reads = modifier_reads(rule, c.types, env)
            out.modifiers.append(CompiledModifier(
                rule.query, rule.by, g(rule.condition, sp) if rule.condition else None, g(rule.value, sp), sp, label,
                adjusts=reads_name(rule.condition, "value") or reads_name(rule.value, "value"),
                needs_value=leads_with_value(rule.condition), field_free=field_free(rule),
                pure=reads == "pure", pure_limits=reads != "", inputs=modifier_inputs(rule, c.types, env)))
        elif isinstance(rule, A.Procedure):
            c.local[rule.name] = CompiledProcedure(rule.name, tuple(n for n, _ in rule.params), gb(rule.body, sp),
                                                   sp, label)
        elif isinstance(rule, A.Worth):
            out.worth = g(rule.value, sp)
        else:
            out.actions.append(CompiledAction(
                rule.name, rule.timing, g(rule.condition, sp) if rule.condition else None,
                g(rule.cost, sp) if rule.cost else None, gb(rule.body, sp), sp, label,
                rule.param, g(rule.values, sp) if rule.values is not None else None,
                g(rule.worth, sp) if rule.worth is not None else None, required_step(rule.condition),
                required_guard(rule.condition, rule.values, rule.param, env.zones,
                               plain=rule.cost is None and rule.values is None), action_reads(rule, c.types, env)))
    if program.statements:
        out.body = gb(program.statements, program.span)
    return out
