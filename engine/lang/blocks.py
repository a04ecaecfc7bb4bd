"""Statement blocks compiled to one Python function each, instead of a closure per statement.

Why: a rule's body is run at every event or action it answers, and as closures each
statement cost three calls (the budget's ``step``, the statement, the block's loop) and a
rule's part one more (``guarded``). Here a block becomes the source of one function: the
budget is spent, ``let`` binds, ``if``/``repeat``/``for`` branch and loop, and the world's
statements are performed in its own lines; the other statements (``choose``, a secret
choice, a procedure call) and every expression are still called as ``Compiler`` compiles
them. It does exactly what ``Compiler.block``'s closures do, in the same order, with the
same budget, limits and errors. A rule's whole part also carries its guard (``guarded``:
an unexpected failure becomes L813 naming the rule) and may bind ``this`` (``bind_this``),
so running it is one call.

Untrusted input: as in ``inline``, nothing a ruleset writes is put into the source; every
name, text and span is a constant passed as a default argument (``_k3``), and blocks
nested deeper than ``MAX_BLOCK_DEPTH`` are compiled apart (Python limits the nesting of
loops and ``try`` in one function), so the source stays small whatever the input.
"""

from __future__ import annotations

import itertools
from types import FunctionType
from typing import Any, Protocol, Sequence

from engine.errors import BohnError, Span
from engine.lang import ast as A
from engine.lang import vocab as V
from engine.lang.context import Fn, _runaway, failed, nested
from engine.lang.world import CancelAction


class BlockCompiler(Protocol):
    """What this module asks of ``compiler.Compiler`` (a protocol: no import of it)."""

    def expr(self, e: A.Expr) -> Fn: ...

    def _stmt(self, s: A.Stmt) -> Fn: ...

    def _arguments(self, call: A.Call, signature: V.Signature) -> list[tuple[str, Fn]]: ...

    def block(self, body: Sequence[A.Stmt]) -> Fn: ...


#: Compound statements nested deeper than this in one generated function are compiled apart.
MAX_BLOCK_DEPTH = 8

#: The default of a generated part's ``_this``: no card to bind (see ``bind_this``).
_NO_THIS = object()
_NUMBERS = itertools.count(1)


class _Writer:
    def __init__(self, compiler: BlockCompiler) -> None:
        self.compiler = compiler
        self.consts: dict[str, Any] = {}
        self.lines: list[str] = []
        self.loops = 0

    def const(self, value: Any) -> str:
        name = f"_k{len(self.consts)}"
        self.consts[name] = value
        return name

    def put(self, indent: int, line: str) -> None:
        self.lines.append("    " * indent + line)

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
            self.put(indent, f"_V[{self.const(s.name)}] = {self.const(c.expr(s.value))}(ctx)")
            return
        if isinstance(s, (A.If, A.Repeat, A.For)) and depth >= MAX_BLOCK_DEPTH:
            self.put(indent, f"{self.const(c._stmt(s))}(ctx)")  # its blocks compiled apart
            return
        if isinstance(s, A.If):
            self.put(indent, f"if {self.const(c.expr(s.test))}(ctx):")
            self.block(s.body, indent + 1, depth + 1)
            if s.orelse:
                self.put(indent, "else:")
                self.block(s.orelse, indent + 1, depth + 1)
            return
        if isinstance(s, A.Repeat):
            self.loops += 1
            self.put(indent, f"for _ in range(max(0, {self.const(c.expr(s.count))}(ctx))):")
            self.charge(indent + 1, s.span)
            self.block(s.body, indent + 1, depth + 1)
            return
        if isinstance(s, A.For):
            self.loops += 1
            item = f"_i{self.loops}"
            self.put(indent, f"for {item} in list({self.const(c.expr(s.iterable))}(ctx)):")
            self.charge(indent + 1, s.span)
            self.put(indent + 1, f"_V[{self.const(s.var)}] = {item}")
            self.block(s.body, indent + 1, depth + 1)
            return
        if isinstance(s, A.Cancel):
            self.put(indent, f"raise {self.const(CancelAction)}(ctx.rule)")
            return
        if isinstance(s, A.CallStmt) and s.call.func in V.STATEMENTS:
            args = c._arguments(s.call, V.STATEMENTS[s.call.func])
            given = ", ".join(f"{self.const(k)}: {self.const(f)}(ctx)" for k, f in args)
            self.put(indent, f"ctx.world.do({self.const(s.call.func)}, {{{given}}}, {self.const(s.span)})")
            return
        self.put(indent, f"{self.const(c._stmt(s))}(ctx)")  # a choice, a secret choice, a procedure call


def _source(writer: _Writer, guard: tuple[str, Span | None] | None) -> str:
    body = writer.lines
    head = ["_B = ctx.budget", "_V = ctx.vars"]
    if guard is None:
        lines = ["    " + line for line in head + body]
        params = "".join(f", {k}={k}" for k in writer.consts)
        return f"def _block(ctx{params}):\n" + "\n".join(lines) + "\n"
    rule, span = guard
    return guarded_source("_block", writer, head + body, rule, span)


def guarded_source(name: str, writer: Any, body: list[str], rule: str, span: Span | None) -> str:
    """``def NAME(ctx, _this, constants…)`` running ``body`` (unindented lines) under a
    rule's guard, what ``context.guarded`` does around a part: BohnError and cancel pass,
    too deep a nesting is L808, any other failure L813 naming the rule. ``_this``, when
    given (``bind_this``), is bound first. ``writer.const`` names the constants."""
    no_this, known = writer.const(_NO_THIS), writer.const((BohnError, CancelAction))
    fail, deep, label, where = writer.const(failed), writer.const(nested), writer.const(rule), writer.const(span)
    params = "".join(f", {k}={k}" for k in writer.consts)
    lines = [f"def {name}(ctx, _this={no_this}{params}):",
             f"    if _this is not {no_this}:",
             "        ctx.vars['this'] = _this",
             "    try:"]
    lines += ["        " + line for line in body]
    lines += [f"    except {known}:",
              "        raise",
              "    except RecursionError:",
              f"        raise {deep}({label}, {where}) from None",
              "    except Exception as _exc:  # a world or a value the checker could not foresee",
              f"        raise {fail}({label}, {where}, _exc) from None"]
    return "\n".join(lines) + "\n"


def made(name: str, code: str, consts: dict[str, Any], label: str) -> Fn | None:
    """The function ``name`` that ``code`` defines (None if Python cannot compile it)."""
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


def is_guarded(fn: Any) -> bool:
    """Whether ``fn`` is a rule's part made by ``guarded_source`` (it carries its guard)."""
    if not isinstance(fn, FunctionType) or fn.__code__.co_varnames[1:2] != ("_this",):
        return False
    defaults = fn.__defaults__
    return defaults is not None and len(defaults) > 0 and defaults[0] is _NO_THIS


def bind_this(fn: Any, card: int) -> Fn | None:
    """A guarded part made here or by ``inline`` with ``this`` bound to ``card``: the same
    code with another default, so the binding costs no call; None for another function."""
    if not is_guarded(fn):
        return None
    bound = FunctionType(fn.__code__, fn.__globals__, fn.__name__, (card, *fn.__defaults__[1:]), fn.__closure__)
    return bound
