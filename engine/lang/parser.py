"""Parse effect snippets into the AST with Lark's LALR parser.

The parser is built once per process (Lark's grammar cache makes later processes start
fast), and every syntax error becomes a coded ``BohnError`` at the snippet's position
in its YAML file, with the tokens that would have been accepted.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from engine.errors import BohnError, Span
from engine.lang import ast as A
from engine.lang.limits import MAX_INT
from engine.lang.source import SnippetSource

GRAMMAR = Path(__file__).with_name("effects.lark")
#: Longest snippet accepted; card texts are a few hundred characters.
MAX_SNIPPET = 20_000

_PRETTY = {
    "LBRACE": "`{`", "RBRACE": "`}`", "LPAR": "`(`", "RPAR": "`)`", "LSQB": "`[`", "RSQB": "`]`", "COMMA": "`,`",
    "COLON": "`:`", "EQUAL": "`=`", "SEMICOLON": "`;`", "DOT": "`.`", "NAME": "a name", "INT": "a number",
    "STRING": "a string", "COMP_OP": "a comparison", "PLUS": "`+`", "MINUS": "`-`", "MUL_OP": "`*`, `//` or `%`",
    "$END": "the end",
}


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser, built once per process and cached on disk between processes."""
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True, cache=True,
                maybe_placeholders=True)


def _pretty_expected(expected: set[str]) -> str:
    names = sorted({_PRETTY.get(t, f"`{t.lower()}`" if t.isupper() and not t.startswith("__") else t) for t in expected})
    names = [n for n in names if not n.startswith("__")]
    if not names:
        return ""
    return " (expected " + ", ".join(names[:8]) + (" …" if len(names) > 8 else "") + ")"


class _FilterShape(Exception):
    """A ``[… if …]`` whose head is not ``NAME in LIST``."""

    def __init__(self, span: Span | None) -> None:
        super().__init__("filter")
        self.span = span


class _TooLong(Exception):
    """A numeral of more digits than Python's ``int()`` reads (4300 by default): far beyond
    ``MAX_INT``, said as the checker says it (L821) instead of Python's own words."""

    def __init__(self, span: Span, digits: str) -> None:
        super().__init__("numeral")
        self.span = span
        self.digits = digits


class _ToAst(Transformer):  # type: ignore[type-arg]
    def __init__(self, source: SnippetSource) -> None:
        super().__init__()
        self.source = source

    def _span(self, meta: Any) -> Span | None:
        if getattr(meta, "empty", True):
            return None
        return self.source.span(meta.line, meta.column)

    def _tok(self, token: Token) -> Span:
        return self.source.span(token.line or 1, token.column or 1)

    # expressions
    @v_args(meta=True)
    def int_(self, meta: Any, c: list[Token]) -> A.Int:
        digits = str(c[0]).lstrip("0") or "0"
        try:
            value = int(digits)
        except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits)
            raise _TooLong(self._tok(c[0]), digits) from None
        return A.Int(self._tok(c[0]), value)

    @v_args(meta=True)
    def string(self, meta: Any, c: list[Token]) -> A.Str:
        return A.Str(self._tok(c[0]), str(c[0])[1:-1])

    @v_args(meta=True)
    def true(self, meta: Any, c: list[Any]) -> A.Bool:
        return A.Bool(self._span(meta), True)

    @v_args(meta=True)
    def false(self, meta: Any, c: list[Any]) -> A.Bool:
        return A.Bool(self._span(meta), False)

    @v_args(meta=True)
    def none(self, meta: Any, c: list[Any]) -> A.NoneLit:
        return A.NoneLit(self._span(meta))

    @v_args(meta=True)
    def name(self, meta: Any, c: list[Token]) -> A.Name:
        return A.Name(self._tok(c[0]), str(c[0]))

    @v_args(meta=True)
    def attr(self, meta: Any, c: list[Any]) -> A.Attr:
        return A.Attr(self._tok(c[1]), c[0], str(c[1]))

    @v_args(meta=True)
    def call(self, meta: Any, c: list[Any]) -> A.Call:
        args: list[A.Expr] = []
        kwargs: list[tuple[str, A.Expr]] = []
        for item in c[1:]:
            if item is None:
                continue
            if isinstance(item, tuple):
                kwargs.append(item)
            else:
                args.append(item)
        return A.Call(self._tok(c[0]), str(c[0]), tuple(args), tuple(kwargs))

    def kwarg(self, c: list[Any]) -> tuple[str, A.Expr]:
        return (str(c[0]), c[1])

    @v_args(meta=True)
    def list_(self, meta: Any, c: list[Any]) -> A.ListLit:
        return A.ListLit(self._span(meta), tuple(x for x in c if x is not None))

    @v_args(meta=True)
    def list_map(self, meta: Any, c: list[Any]) -> A.ListComp:
        result, var, iterable, test = c
        return A.ListComp(self._span(meta), str(var), iterable, test, result)

    @v_args(meta=True)
    def list_filter(self, meta: Any, c: list[Any]) -> A.ListComp:
        head, test = c
        if not (isinstance(head, A.In) and isinstance(head.item, A.Name) and not head.negate):
            raise _FilterShape(head.span if head is not None else self._span(meta))
        return A.ListComp(self._span(meta), head.item.id, head.collection, test, None)

    @v_args(meta=True)
    def binop(self, meta: Any, c: list[Any]) -> A.BinOp:
        return A.BinOp(self._tok(c[1]), str(c[1]), c[0], c[2])

    @v_args(meta=True)
    def compare(self, meta: Any, c: list[Any]) -> A.Compare:
        return A.Compare(self._tok(c[1]), str(c[1]), c[0], c[2])

    @v_args(meta=True)
    def in_(self, meta: Any, c: list[Any]) -> A.In:
        return A.In(self._span(meta), c[0], c[1], False)

    @v_args(meta=True)
    def not_in(self, meta: Any, c: list[Any]) -> A.In:
        return A.In(self._span(meta), c[0], c[1], True)

    @v_args(meta=True)
    def or_(self, meta: Any, c: list[Any]) -> A.BoolOp:
        return A.BoolOp(self._span(meta), "or", c[0], c[1])

    @v_args(meta=True)
    def and_(self, meta: Any, c: list[Any]) -> A.BoolOp:
        return A.BoolOp(self._span(meta), "and", c[0], c[1])

    @v_args(meta=True)
    def not_(self, meta: Any, c: list[Any]) -> A.Not:
        return A.Not(self._span(meta), c[0])

    @v_args(meta=True)
    def neg(self, meta: Any, c: list[Any]) -> A.Neg:
        return A.Neg(self._span(meta), c[1])

    @v_args(meta=True)
    def cond(self, meta: Any, c: list[Any]) -> A.Cond:
        return A.Cond(self._span(meta), c[0], c[1], c[2])

    # statements
    def block(self, c: list[Any]) -> tuple[A.Stmt, ...]:
        return tuple(c)

    @v_args(meta=True)
    def let_stmt(self, meta: Any, c: list[Any]) -> A.Let:
        return A.Let(self._tok(c[0]), str(c[0]), c[1])

    @v_args(meta=True)
    def if_stmt(self, meta: Any, c: list[Any]) -> A.If:
        orelse = c[2] if len(c) > 2 and c[2] is not None else ()
        return A.If(self._span(meta), c[0], c[1], orelse)

    def else_clause(self, c: list[Any]) -> tuple[A.Stmt, ...]:
        return c[0] if isinstance(c[0], tuple) else (c[0],)

    @v_args(meta=True)
    def repeat_stmt(self, meta: Any, c: list[Any]) -> A.Repeat:
        return A.Repeat(self._span(meta), c[0], c[1])

    @v_args(meta=True)
    def for_stmt(self, meta: Any, c: list[Any]) -> A.For:
        return A.For(self._tok(c[0]), str(c[0]), c[1], c[2])

    @v_args(meta=True)
    def choose_stmt(self, meta: Any, c: list[Any]) -> A.Choose:
        var, options, chooser, optional, worth, body = c
        return A.Choose(self._tok(var), str(var), options, chooser, optional is not None, body, worth)

    def chooser(self, c: list[Any]) -> A.Expr:
        return c[0]

    @v_args(meta=True)
    def secret_stmt(self, meta: Any, c: list[Any]) -> A.SecretChoose:
        pvar, players, var, options, count, worth, body = c
        return A.SecretChoose(self._tok(var), str(pvar), players, str(var), options, count, body, worth)

    def secret_count(self, c: list[Any]) -> A.Expr:
        return c[0]

    @v_args(meta=True)
    def cancel_stmt(self, meta: Any, c: list[Any]) -> A.Cancel:
        return A.Cancel(self._span(meta))

    @v_args(meta=True)
    def call_stmt(self, meta: Any, c: list[Any]) -> A.CallStmt:
        return A.CallStmt(c[0].span, c[0])

    # rules
    def by_clause(self, c: list[Token]) -> Token:
        return c[0]

    def if_clause(self, c: list[Any]) -> A.Expr:
        return c[0]

    def on_clause(self, c: list[Token]) -> Token:
        return c[0]

    def cost_clause(self, c: list[Any]) -> A.Expr:
        return c[0]

    def worth_clause(self, c: list[Any]) -> A.Expr:
        return c[0]

    @v_args(meta=True)
    def worth_rule(self, meta: Any, c: list[Any]) -> A.Worth:
        return A.Worth(self._span(meta), c[0])

    @v_args(meta=True)
    def trigger(self, meta: Any, c: list[Any]) -> A.Trigger:
        event, by, cond, body = c
        return A.Trigger(self._tok(event), str(event), str(by) if by is not None else "owner", cond, body)

    @v_args(meta=True)
    def modifier(self, meta: Any, c: list[Any]) -> A.Modifier:
        query, by, cond, value = c
        return A.Modifier(self._tok(query), str(query), str(by) if by is not None else "owner", cond, value)

    @v_args(meta=True)
    def action(self, meta: Any, c: list[Any]) -> A.ActionDecl:
        name, param, timing, cond, cost, worth, body = c
        var, values = param if param is not None else (None, None)
        return A.ActionDecl(self._tok(name), str(name), str(timing) if timing is not None else "own_turn", cond, cost, body,
                            var, values, worth)

    def action_param(self, c: list[Any]) -> tuple[str, A.Expr]:
        return (str(c[0]), c[1])

    @v_args(meta=True)
    def procedure(self, meta: Any, c: list[Any]) -> A.Procedure:
        name, *rest = c
        body = rest[-1]
        params = tuple(p for p in rest[:-1] if p is not None)
        return A.Procedure(self._tok(name), str(name), params, body)

    def param(self, c: list[Any]) -> tuple[str, str]:
        return (str(c[0]), c[1])

    def type_name(self, c: list[Any]) -> str:
        return f"{c[0]}[{c[1]}]" if len(c) > 1 and c[1] is not None else str(c[0])

    @v_args(meta=True)
    def start(self, meta: Any, c: list[Any]) -> A.Program:
        kinds = (A.Trigger, A.Modifier, A.ActionDecl, A.Procedure, A.Worth)
        rules = tuple(x for x in c if isinstance(x, kinds))
        stmts = tuple(x for x in c if not isinstance(x, kinds))
        return A.Program(self._span(meta), rules, stmts)


@lru_cache(maxsize=512)
def _tree(text: str) -> Any:
    """Lark's tree of a snippet. It holds positions within the snippet only, so a snippet
    that moved in its file (an editor added a line above it) is not parsed again."""
    return parser().parse(text)


def parse(text: str, origin: Span | None = None, name: str = "<effect>") -> A.Program:
    """Parse one snippet. ``origin`` is the YAML scalar's span, for file positions."""
    source = SnippetSource(text, origin, name)
    if not isinstance(text, str) or not text.strip():
        raise BohnError.one("L800", "the effect is empty", source.span(1, 1))
    if len(text) > MAX_SNIPPET:
        raise BohnError.one("L800", f"the effect is longer than {MAX_SNIPPET} characters", source.span(1, 1))
    try:
        tree = _tree(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, source) from None
    except RecursionError:
        raise BohnError.one("L800", "the effect is nested too deeply", source.span(1, 1)) from None
    except LarkError as exc:  # pragma: no cover - any other parser failure is still a syntax error
        raise BohnError.one("L800", f"cannot parse the effect: {exc}", source.span(1, 1)) from None
    try:
        result = _ToAst(source).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, _TooLong):
            raise BohnError.one("L821", f"the number {exc.orig_exc.digits[:20]}… is beyond ±{MAX_INT:,}",
                                exc.orig_exc.span) from None
        if isinstance(exc.orig_exc, _FilterShape):
            raise BohnError.one("T732", "a list filter reads `[NAME in LIST if CONDITION]` (or `[EXPR for NAME in LIST "
                                "if CONDITION]`)", exc.orig_exc.span or source.span(1, 1)) from None
        raise BohnError.one("L800", f"cannot read the effect: {exc.orig_exc}", source.span(1, 1)) from None  # pragma: no cover
    except RecursionError:
        raise BohnError.one("L800", "the effect is nested too deeply", source.span(1, 1)) from None
    assert isinstance(result, A.Program)
    return result


def _syntax_error(exc: UnexpectedInput, source: SnippetSource) -> BohnError:
    hint: str | None = None
    line = getattr(exc, "line", 1) or 1
    col = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream if isinstance(exc.pos_in_stream, int) else -1
        ch = source.text[pos] if 0 <= pos < len(source.text) else "?"
        message = f"unexpected character `{ch}`"
    elif isinstance(exc, UnexpectedEOF):
        message = "the effect ends too early" + _pretty_expected(set(exc.expected))
        lines = source.text.splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
    elif isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            lines = source.text.splitlines() or [""]
            line, col = len(lines), len(lines[-1]) + 1
            message = "the effect ends too early" + _pretty_expected(set(exc.expected))
        else:
            message = f"unexpected `{token}`" + _pretty_expected(set(exc.expected))
            if str(token) == "=":
                message += " (did you mean `==`?)"
                hint = "`==` compares two values; a single `=` only gives a modifier its value (`modify QUERY = VALUE`)."
    else:
        message = "syntax error"
    return BohnError.one("L800", message, source.span(line, col), hint)

