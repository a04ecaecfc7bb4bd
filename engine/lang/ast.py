"""The effect language's syntax tree: small frozen dataclasses, each with its source span.

Spans are already mapped to the YAML file (line and column of the snippet inside the
scalar), so the checker and the evaluator report positions users can click.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import Span


@dataclass(frozen=True, slots=True)
class Node:
    span: Span | None


# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Int(Node):
    value: int


@dataclass(frozen=True, slots=True)
class Str(Node):
    value: str


@dataclass(frozen=True, slots=True)
class Bool(Node):
    value: bool


@dataclass(frozen=True, slots=True)
class NoneLit(Node):
    pass


@dataclass(frozen=True, slots=True)
class Name(Node):
    id: str


@dataclass(frozen=True, slots=True)
class Attr(Node):
    obj: Expr
    name: str


@dataclass(frozen=True, slots=True)
class Call(Node):
    func: str
    args: tuple[Expr, ...]
    kwargs: tuple[tuple[str, Expr], ...] = ()


@dataclass(frozen=True, slots=True)
class ListLit(Node):
    items: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class BinOp(Node):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Compare(Node):
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class In(Node):
    item: Expr
    collection: Expr
    negate: bool = False


@dataclass(frozen=True, slots=True)
class BoolOp(Node):
    op: str  # and | or
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Not(Node):
    operand: Expr


@dataclass(frozen=True, slots=True)
class Neg(Node):
    operand: Expr


@dataclass(frozen=True, slots=True)
class Cond(Node):
    test: Expr
    then: Expr
    orelse: Expr


@dataclass(frozen=True, slots=True)
class ListComp(Node):
    """``[result for var in iterable if test]``; a filter ``[var in iterable if test]``
    has ``result`` None (the items themselves)."""

    var: str
    iterable: Expr
    test: Expr | None
    result: Expr | None


Expr = Int | Str | Bool | NoneLit | Name | Attr | Call | ListLit | BinOp | Compare | In | BoolOp | Not | Neg | Cond | ListComp


# ---------------------------------------------------------------- statements


@dataclass(frozen=True, slots=True)
class Let(Node):
    name: str
    value: Expr


@dataclass(frozen=True, slots=True)
class If(Node):
    test: Expr
    body: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...] = ()


@dataclass(frozen=True, slots=True)
class Repeat(Node):
    count: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class For(Node):
    var: str
    iterable: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Choose(Node):
    var: str
    options: Expr
    chooser: Expr | None
    optional: bool
    body: tuple[Stmt, ...]
    #: ``worth EXPR``: what each option is worth to the chooser, for bots (NAME bound)
    worth: Expr | None = None


@dataclass(frozen=True, slots=True)
class SecretChoose(Node):
    """``secretly for P in PLAYERS choose VAR from OPTIONS [count N] { … }``: each player
    picks ``N`` items of their own options without seeing the others' picks; the body
    runs once per player, in order, only after every pick is in."""

    player_var: str
    players: Expr
    var: str
    options: Expr
    count: Expr | None
    body: tuple[Stmt, ...]
    #: ``worth EXPR``: what each option (bound to VAR, one item) is worth to its picker, for bots
    worth: Expr | None = None


@dataclass(frozen=True, slots=True)
class Cancel(Node):
    pass


@dataclass(frozen=True, slots=True)
class CallStmt(Node):
    call: Call


Stmt = Let | If | Repeat | For | Choose | SecretChoose | Cancel | CallStmt


# ---------------------------------------------------------------- rules


@dataclass(frozen=True, slots=True)
class Trigger(Node):
    event: str
    by: str
    condition: Expr | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Modifier(Node):
    query: str
    by: str
    condition: Expr | None
    value: Expr


@dataclass(frozen=True, slots=True)
class ActionDecl(Node):
    name: str
    timing: str
    condition: Expr | None
    cost: Expr | None
    body: tuple[Stmt, ...]
    #: ``action NAME(var in LIST)``: the action is offered once per value of the list
    param: str | None = None
    values: Expr | None = None
    #: ``worth EXPR``: what taking the action is worth to its owner, as bots see it
    worth: Expr | None = None


@dataclass(frozen=True, slots=True)
class Worth(Node):
    """``worth EXPR`` in a card's rules: what holding the card is worth to its holder, in
    coins, as bots see it (a hint for their look-ahead; the rules never read it)."""

    value: Expr


@dataclass(frozen=True, slots=True)
class Procedure(Node):
    """``proc NAME(a: T, …) { … }``: statements any rule of the ruleset may call."""

    name: str
    params: tuple[tuple[str, str], ...]
    body: tuple[Stmt, ...]


Rule = Trigger | Modifier | ActionDecl | Procedure | Worth


@dataclass(frozen=True, slots=True)
class Program(Node):
    """A parsed snippet: rules, and statements run when the snippet itself is played."""

    rules: tuple[Rule, ...]
    statements: tuple[Stmt, ...] = field(default=())
