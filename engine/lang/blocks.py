"""Statement blocks compiled to one Python function each, instead of a closure per statement.

Why: a rule's body is run at every event or action it answers, and as closures each
statement cost three calls (the budget's ``step``, the statement, the block's loop), each
of its expressions one more, and a rule's part one more (``guarded``). Here a block
becomes the source of one function: the budget is spent, ``let`` binds, ``if``/``repeat``/
``for`` branch and loop, ``choose`` asks, procedures are called and the world's statements
are performed in its own lines, with the expressions written into them by ``inline``'s
``Inliner`` (a list filter, a secret choice and what ``inline`` does not write out are
still called as ``Compiler`` compiles them). It does exactly what ``Compiler.closures``
does, in the same order, with the same budget, limits and errors. A rule's whole part also
carries its guard and may bind ``this`` (``parts``), so running it is one call.

Untrusted input: as in ``inline``, nothing a ruleset writes is put into the source; every
name, text and span is a constant the function reads as a global of its own (``_k3``), and blocks
nested deeper than ``MAX_BLOCK_DEPTH`` are compiled apart (Python limits the nesting of
loops and ``try`` in one function), so the source stays small whatever the input.
"""

from __future__ import annotations

import itertools
from typing import Any, Protocol, Sequence

from engine.errors import Span
from engine.lang import ast as A
from engine.lang import vocab as V
from engine.lang.context import Ctx, Fn, _runaway
from engine.lang.inline import Inliner, NodeCompiler
from engine.lang.limits import MAX_STEPS
from engine.lang.parts import guarded_source
from engine.lang.world import CancelAction


class BlockCompiler(NodeCompiler, Protocol):
    """What this module asks of ``compiler.Compiler`` (a protocol: no import of it)."""

    procs: dict[str, tuple[tuple[str, str], ...]]
    local: dict[str, Any]

    def expr(self, e: A.Expr) -> Fn: ...

    def _stmt(self, s: A.Stmt) -> Fn: ...


#: Compound statements nested deeper than this in one generated function are compiled apart.
MAX_BLOCK_DEPTH = 8

_NUMBERS = itertools.count(1)


class _Writer:
    def __init__(self, compiler: BlockCompiler) -> None:
        self.compiler = compiler
        self.consts: dict[str, Any] = {}
        self.lines: list[str] = []
        self.names = 0

    def const(self, value: Any) -> str:
        name = f"_k{len(self.consts)}"
        self.consts[name] = value
        return name

    def local(self, stem: str) -> str:
        self.names += 1
        return f"_{stem}{self.names}"

    def put(self, indent: int, line: str) -> None:
        self.lines.append("    " * indent + line)

    def value(self, e: A.Expr, indent: int) -> str:
        """The source of ``e``, as ``Inliner`` writes it for one function of its own: its
        repeated parts' locals are set unread on the line before (``indent``), so each
        expression reads them afresh; its constants are this block's."""
        writer = Inliner(self.compiler)
        writer.consts = self.consts  # one namespace: ``_k`` numbers stay unique
        writer.repeated(e)
        text = writer.src(e, 0)
        slots = sorted(set(writer.slots.values()), key=lambda n: int(n[2:]))
        if slots and writer.unread is not None:
            self.put(indent, f"{' = '.join(slots)} = {writer.unread}")
        return text.replace("ctx.world", "_W").replace("ctx.vars", "_V")

    def charge(self, indent: int, span: Span | None) -> None:
        """One unit of the budget, as ``Compiler.stmt``'s ``step`` spends it."""
        self.put(indent, "_B[0] -= 1")
        self.put(indent, "if _B[0] < 0:")
        self.put(indent + 1, f"raise {self.const(_runaway)}(ctx, {self.const(span)})")

    def block(self, body: Sequence[A.Stmt], indent: int, depth: int) -> None:
        if not body:
            self.put(indent, "pass")
        for s in body:
            self.charge(indent, s.span)
            self.stmt(s, indent, depth)

    def stmt(self, s: A.Stmt, indent: int, depth: int) -> None:
        c = self.compiler
        if isinstance(s, A.Let):
            self.put(indent, f"_V[{self.const(s.name)}] = {self.value(s.value, indent)}")
            return
        if isinstance(s, (A.If, A.Repeat, A.For, A.Choose)) and depth >= MAX_BLOCK_DEPTH:
            self.put(indent, f"{self.const(c._stmt(s))}(ctx)")  # its blocks compiled apart
            return
        if isinstance(s, A.If):
            self.put(indent, f"if {self.value(s.test, indent)}:")
            self.block(s.body, indent + 1, depth + 1)
            if s.orelse:
                self.put(indent, "else:")
                self.block(s.orelse, indent + 1, depth + 1)
            return
        if isinstance(s, A.Repeat):
            self.put(indent, f"for _ in range(max(0, {self.value(s.count, indent)})):")
            self.charge(indent + 1, s.span)
            self.block(s.body, indent + 1, depth + 1)
            return
        if isinstance(s, A.For):
            item = self.local("i")
            self.put(indent, f"for {item} in list({self.value(s.iterable, indent)}):")
            self.charge(indent + 1, s.span)
            self.put(indent + 1, f"_V[{self.const(s.var)}] = {item}")
            self.block(s.body, indent + 1, depth + 1)
            return
        if isinstance(s, A.Choose):
            self.choose(s, indent, depth)
            return
        if isinstance(s, A.Cancel):
            self.put(indent, f"raise {self.const(CancelAction)}(ctx.rule)")
            return
        if isinstance(s, A.CallStmt) and s.call.func in V.STATEMENTS:
            given = self.arguments(s.call, V.STATEMENTS[s.call.func], indent)
            self.put(indent, f"_W.do({self.const(s.call.func)}, {{{given}}}, {self.const(s.span)})")
            return
        if isinstance(s, A.CallStmt):
            self.procedure(s.call, indent)
            return
        self.put(indent, f"{self.const(c._stmt(s))}(ctx)")  # a secret choice

    def arguments(self, call: A.Call, signature: V.Signature, indent: int) -> str:
        """``NAME: VALUE, …`` of a statement's or procedure's call, in the signature's
        order, each value read in turn (what ``Compiler._arguments`` gives)."""
        given: dict[str, A.Expr] = {}
        for param, arg in zip(signature.params, call.args):
            given[param.name] = arg
        given.update(dict(call.kwargs))
        return ", ".join(f"{self.const(p.name)}: {self.value(given[p.name], indent)}"
                         for p in signature.params if p.name in given)

    def choose(self, s: A.Choose, indent: int, depth: int) -> None:
        """What ``Compiler._stmt``'s ``choose`` does: no options, nothing asked; each
        option's worth on a budget of its own; none picked (optional), nothing bound.
        A worth that reads the game quietly (``_quiet``: it asks nobody, runs no rule and
        cannot fail) is not worked out for the one option of a choice that must be taken
        when the world takes that option unasked (``takes_lone``): nobody would read it."""
        opts, who, picked = self.local("o"), self.local("w"), self.local("p")
        self.put(indent, f"{opts} = list({self.value(s.options, indent)})")
        self.put(indent, f"if {opts}:")
        inner = indent + 1
        chooser = self.value(s.chooser, inner) if s.chooser is not None else "_V['owner']"
        self.put(inner, f"{who} = {chooser}")
        worths = "None"
        if s.worth is not None:  # each option's worth to the chooser, on a budget of its own
            worth, hint, worths, option = self.const(self.compiler.expr(s.worth)), self.local("h"), self.local("v"), \
                self.local("x")
            at = inner
            if not s.optional and _quiet(s.worth, s.var, self.compiler.types):
                self.put(inner, f"if len({opts}) == 1 and _W.takes_lone({who}):")
                self.put(inner + 1, f"{worths} = None")
                self.put(inner, "else:")
                at = inner + 1
            self.put(at, f"{hint} = {self.const(Ctx)}(_W, dict(_V), [{self.const(MAX_STEPS)}], ctx.rule)")
            self.put(at, f"{worths} = []")
            self.put(at, f"for {option} in {opts}:")
            self.put(at + 1, f"{hint}.vars[{self.const(s.var)}] = {option}")
            self.put(at + 1, f"{worths}.append(float({worth}({hint})))")
        prompt = self.const(f": choose {s.var}")
        self.put(inner, f"{picked} = _W.choose({who}, {opts}, ctx.rule + {prompt}, {self.const(s.optional)}, {worths})")
        self.put(inner, f"if {picked} is not None:")
        self.put(inner + 1, f"_V[{self.const(s.var)}] = {picked}")
        self.block(s.body, inner + 1, depth + 1)

    def procedure(self, call: A.Call, indent: int) -> None:
        """What ``Compiler.call_procedure`` does: the procedure found (the snippet's own
        first), then a scope of the caller's owner, active player and opponent and its
        parameters, on the caller's budget."""
        c = self.compiler
        params = c.procs[call.func]
        signature = V.Signature(tuple(V.Param(n, t) for n, t in params), "none", "")
        name, proc = self.const(call.func), self.local("q")
        self.put(indent, f"{proc} = {self.const(c.local)}.get({name}) or _W.procedure({name})")
        given = self.arguments(call, signature, indent)
        scope = "'owner': _V['owner'], 'active': _V['active'], 'opponent': _V['opponent']" + (", " + given if given else "")
        self.put(indent, f"{proc}.body({self.const(Ctx)}(_W, {{{scope}}}, _B, ctx.rule))")


#: Names a quiet worth may read: always bound where a choice is made (its option too).
_BOUND = frozenset({"owner", "opponent", "active"})
#: Attributes of a named value a quiet worth may read: each gives none for none, and
#: reads the game without a rule (``inline._ATTRS``, and a field's bean).
_QUIET_ATTRS = frozenset({("field", "size"), ("field", "owner"), ("field", "index"), ("field", "bean"),
                          ("card", "bean"), ("card", "kind"), ("card", "id"), ("bean", "id"), ("player", "seat")})


def _quiet(e: A.Expr, var: str, types: Any) -> bool:
    """Whether the worth ``e`` of a choice's option ``var`` reads the game quietly: it
    asks nobody (no ``ask``), runs no rule (no query), spends nothing and cannot fail
    (no arithmetic on a value that may be none, no list built), so leaving it unread
    changes nothing but the work. Only constants, the option and the seats' names, their
    attributes in ``_QUIET_ATTRS``, comparisons, ``and``/``or``/``not``, ``if … then …
    else …`` and ``X in growing(SEAT)``."""
    if isinstance(e, (A.Int, A.Str, A.Bool, A.NoneLit)):
        return True
    if isinstance(e, A.Name):
        return e.id == var or e.id in _BOUND
    if isinstance(e, A.Attr):
        return (isinstance(e.obj, A.Name) and (e.obj.id == var or e.obj.id in _BOUND)
                and (types.get(id(e.obj)), e.name) in _QUIET_ATTRS)
    if isinstance(e, (A.Compare, A.BoolOp)):
        return _quiet(e.left, var, types) and _quiet(e.right, var, types)
    if isinstance(e, A.Not):
        return _quiet(e.operand, var, types)
    if isinstance(e, A.Cond):
        return all(_quiet(x, var, types) for x in (e.test, e.then, e.orelse))
    if isinstance(e, A.In):
        coll = e.collection
        return (_quiet(e.item, var, types) and isinstance(coll, A.Call) and coll.func == "growing"
                and len(coll.args) == 1 and not coll.kwargs and isinstance(coll.args[0], A.Name)
                and coll.args[0].id in _BOUND)
    return False


def _source(writer: _Writer, guard: tuple[str, Span | None] | None) -> str:
    body = ["_B = ctx.budget", "_V = ctx.vars", "_W = ctx.world"] + writer.lines
    if guard is None:
        return "def _block(ctx):\n" + "\n".join("    " + line for line in body) + "\n"
    rule, span = guard
    return guarded_source("_block", writer, body, rule, span)


def made(name: str, code: str, consts: dict[str, Any], label: str) -> Fn | None:
    """The function ``name`` that ``code`` defines (None if Python cannot compile it).
    Its constants are its globals, not default arguments: a call copies every default
    into the frame, a block's hundred constants too, while a global is read only where
    a line reads it."""
    space: dict[str, Any] = dict(consts)
    try:
        exec(compile(code, f"<{label} {next(_NUMBERS)}>", "exec"), space)  # noqa: S102 - our own source, constants passed apart
    except (RecursionError, MemoryError, SyntaxError):  # pragma: no cover - bounded depth makes these unlikely
        return None
    fn: Fn = space[name]
    return fn


def compile_block(compiler: BlockCompiler, body: Sequence[A.Stmt], guard: tuple[str, Span | None] | None = None) -> Fn | None:
    """``body`` as one generated function (with a rule's guard when ``guard`` gives its
    name and span), or None when it cannot be made."""
    writer = _Writer(compiler)
    try:
        writer.block(body, 0, 0)
    except RecursionError:  # pragma: no cover - bounded depth makes this unlikely
        return None
    return made("_block", _source(writer, guard), writer.consts, "effect block")
