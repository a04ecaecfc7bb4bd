"""Type checking at load time: names, arities, argument and value types, contexts.

The checker walks a parsed ``Program`` once, collects every problem (so a rule author
sees them all), and records the type of each expression for the compiler, which uses
them to pick the right attribute accessor without looking at values at run time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from engine.errors import BohnError, Diagnostic, Span, did_you_mean
from engine.lang import ast as A
from engine.lang import vocab as V
from engine.lang.limits import MAX_INT


#: Words authors write for a `by` clause, and the one the language uses.
_WHO_SYNONYMS = {"everyone": "anyone", "everybody": "anyone", "all": "anyone", "any": "anyone", "each": "anyone",
                 "self": "owner", "me": "owner", "opponents": "others", "other": "others"}


@dataclass(frozen=True)
class CheckEnv:
    """What the ruleset declares: bean ids, and zone ids with their owner (shared/player)."""

    beans: frozenset[str] = frozenset()
    zones: dict[str, str] = field(default_factory=dict)
    #: the ruleset's option names; None: not known (a snippet checked on its own)
    options: frozenset[str] | None = None
    #: procedures declared anywhere in the ruleset: (name, ((param, type), …))
    procs: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    #: attributes the ruleset's card kinds declare (``card.NAME``), with their types
    card_attrs: dict[str, str] = field(default_factory=dict)
    #: names bound in every rule besides ``owner``/``active``/``opponent`` (``this`` in a card's rules)
    names: dict[str, str] = field(default_factory=dict)
    #: the numbers some player-count row has (``column("name")``); None: not known
    columns: frozenset[str] | None = None

    @classmethod
    def of(cls, beans: Iterable[str], zones: dict[str, str], options: Iterable[str] | None = None,
           procs: Iterable[tuple[str, tuple[tuple[str, str], ...]]] = (), card_attrs: dict[str, str] | None = None,
           names: dict[str, str] | None = None, columns: Iterable[str] | None = None) -> CheckEnv:
        return cls(frozenset(beans), dict(zones), None if options is None else frozenset(options), tuple(sorted(procs)),
                   dict(card_attrs or {}), dict(names or {}), None if columns is None else frozenset(columns))

    def key(self) -> tuple[object, ...]:
        """What makes two environments compile a snippet differently (the compile cache key)."""
        return (self.beans, tuple(sorted(self.zones.items())), self.options, self.procs,
                tuple(sorted(self.card_attrs.items())), tuple(sorted(self.names.items())), self.columns)

    def context(self) -> dict[str, str]:
        return {**V.CONTEXT, **self.names}


#: Types a procedure's parameter may have.
PARAM_TYPES = ("int", "bool", "str", "bean", "card", "field", "player", "zone")


def _empty_list(e: A.Expr) -> bool:
    return isinstance(e, A.ListLit) and not e.items


def _known_type(t: str) -> bool:
    return t in PARAM_TYPES or (V.element(t) in PARAM_TYPES)


class Types(dict):  # type: ignore[type-arg]
    """Expression node id -> type, filled by the checker for the compiler."""


_RULE_NAMES = {"event": "triggers", "value": "modifiers"}


class Checker:
    def __init__(self, env: CheckEnv) -> None:
        self.env = env
        self.problems: list[Diagnostic] = []
        self.types = Types()
        #: whether `cancel` means something here: in an action, or a trigger on `action_played`
        self.cancellable = False
        #: callable procedures: the ruleset's and this snippet's own
        self.procs: dict[str, tuple[tuple[str, str], ...]] = dict(env.procs)

    def error(self, code: str, message: str, span: Span | None, hint: str | None = None) -> str:
        self.problems.append(Diagnostic(code, message, span, "error", hint))
        return "any"

    def bad_who(self, who: str, span: Span | None) -> None:
        """`by WHO` names whose events or queries a rule hears; not a value name."""
        guess = _WHO_SYNONYMS.get(who.lower())
        suggestion = f" (did you mean `{guess}`?)" if guess else did_you_mean(who, V.WHO)
        self.error("L801", f"`by {who}`: say owner, others, anyone or active{suggestion}", span,
                   hint="`by` says whose events a trigger hears (or whose queries a modifier changes): "
                        "owner (the default), others, anyone or active.")

    # ------------------------------------------------------------------ program

    def program(self, program: A.Program) -> None:
        for rule in program.rules:
            if isinstance(rule, A.Procedure):
                self.procs[rule.name] = rule.params
        worths = 0
        for rule in program.rules:
            if isinstance(rule, A.Worth):
                worths += 1
                self.card_worth(rule, worths)
            elif isinstance(rule, A.Trigger):
                self.trigger(rule)
            elif isinstance(rule, A.Modifier):
                self.modifier(rule)
            elif isinstance(rule, A.Procedure):
                self.procedure(rule)
            else:
                self.action(rule)
        self.block(program.statements, self.env.context())

    def trigger(self, rule: A.Trigger) -> None:
        scope = self.env.context()
        if rule.event not in V.EVENTS:
            self.error("L804", f"no event `{rule.event}`{did_you_mean(rule.event, list(V.EVENTS))}", rule.span)
        else:
            scope["event"] = f"event:{rule.event}"
        if rule.by not in V.WHO:
            self.bad_who(rule.by, rule.span)
        if rule.condition is not None:
            self.expect(rule.condition, scope, "bool", "a trigger's condition")
        self.cancellable = rule.event == "action_played"
        self.block(rule.body, scope)
        self.cancellable = False

    def modifier(self, rule: A.Modifier) -> None:
        scope = self.env.context()
        if rule.query not in V.QUERIES:
            self.error("L805", f"no query `{rule.query}`{did_you_mean(rule.query, list(V.QUERIES))}", rule.span)
            value_type = "any"
        else:
            params, value_type, _ = V.QUERIES[rule.query]
            scope.update(params)
            scope["value"] = value_type
        if rule.by not in V.WHO:
            self.bad_who(rule.by, rule.span)
        if rule.condition is not None:
            self.expect(rule.condition, scope, "bool", "a modifier's condition")
        self.expect(rule.value, scope, value_type, f"the value of `{rule.query}`")

    def procedure(self, rule: A.Procedure) -> None:
        if rule.name in V.STATEMENTS or rule.name in V.FUNCTIONS:
            self.error("T734", f"procedure `{rule.name}` would hide the language's own `{rule.name}`; choose another name", rule.span)
        scope = dict(V.CONTEXT)
        for name, t in rule.params:
            if not _known_type(t):
                self.error("T734", f"procedure `{rule.name}`: parameter `{name}` has unknown type `{t}` (say "
                           f"{', '.join(PARAM_TYPES)} or list[…] of one){did_you_mean(t, PARAM_TYPES)}", rule.span)
            scope[name] = t if _known_type(t) else "any"
        self.block(rule.body, scope)

    def worth(self, e: A.Expr, scope: dict[str, str], what: str) -> None:
        """A bot's hint: an int, asking no one anything (a bot reads it while weighing
        its choices, so it must not change the game or its log)."""
        self.expect(e, scope, "int", what)
        stack: list[object] = [e]
        while stack:
            node = stack.pop()
            if isinstance(node, tuple):
                stack.extend(node)
            elif isinstance(node, A.Node):
                if isinstance(node, A.Call) and node.func == "ask":
                    self.error("T756", f"{what} may not `ask`: bots read it while they weigh their choices", node.span)
                stack.extend(getattr(node, f) for f in node.__dataclass_fields__ if f != "span")

    def card_worth(self, rule: A.Worth, seen: int) -> None:
        if "this" not in self.env.names:
            self.error("T755", "`worth` on its own says what holding a card is worth: it belongs in a card's rules "
                       "(an action's worth is written `action NAME … worth EXPR { … }`)", rule.span)
        elif seen > 1:
            self.error("T755", "a card's rules say its `worth` once", rule.span)
        self.worth(rule.value, self.env.context(), "a card's worth")

    def action(self, rule: A.ActionDecl) -> None:
        scope = self.env.context()
        if rule.param is not None and rule.values is not None:
            t = self.expr(rule.values, scope)
            scope[rule.param] = self._element(t, rule.values.span, "an action's values")
        if rule.timing not in V.TIMINGS:
            self.error("L801", f"`on {rule.timing}`: say {', '.join(V.TIMINGS)}{did_you_mean(rule.timing, V.TIMINGS)}", rule.span)
        if rule.condition is not None:
            self.expect(rule.condition, scope, "bool", "an action's condition")
        if rule.cost is not None:
            self.expect(rule.cost, scope, "int", "an action's cost")
        if rule.worth is not None:
            self.worth(rule.worth, scope, "an action's worth")
        self.cancellable = True
        self.block(rule.body, scope)
        self.cancellable = False

    # ------------------------------------------------------------------ statements

    def block(self, body: tuple[A.Stmt, ...], scope: dict[str, str]) -> None:
        scope = dict(scope)
        for stmt in body:
            self.stmt(stmt, scope)

    def stmt(self, s: A.Stmt, scope: dict[str, str]) -> None:
        if isinstance(s, A.Let):
            scope[s.name] = self.expr(s.value, scope)
        elif isinstance(s, A.If):
            self.expect(s.test, scope, "bool", "an `if` condition")
            self.block(s.body, scope)
            self.block(s.orelse, scope)
        elif isinstance(s, A.Repeat):
            self.expect(s.count, scope, "int", "a `repeat` count")
            self.block(s.body, scope)
        elif isinstance(s, A.For):
            t = self.expr(s.iterable, scope)
            inner = dict(scope)
            inner[s.var] = self._element(t, s.iterable.span, "`for`")
            self.block(s.body, inner)
        elif isinstance(s, A.Choose):
            t = self.expr(s.options, scope)
            inner = dict(scope)
            inner[s.var] = self._element(t, s.options.span, "`choose`")
            if s.chooser is not None:
                self.expect(s.chooser, scope, "player", "who chooses")
            if s.worth is not None:
                self.worth(s.worth, inner, "a choice's worth")
            self.block(s.body, inner)
        elif isinstance(s, A.SecretChoose):
            self.expect(s.players, scope, "list[player]", "who chooses in secret")
            inner = dict(scope)
            inner[s.player_var] = "player"
            element = self._element(self.expr(s.options, inner), s.options.span, "`secretly … choose`")
            if s.count is not None:
                self.expect(s.count, scope, "int", "a secret choice's count")
            if s.worth is not None:
                hint = dict(inner)
                hint[s.var] = element
                self.worth(s.worth, hint, "a choice's worth")
            inner[s.var] = "list[any]" if element == "any" else f"list[{element}]"
            self.block(s.body, inner)
        elif isinstance(s, A.Cancel):
            if not self.cancellable:
                self.error("T730", "`cancel` stops a declared action: use it in an `action` or in "
                           "`when action_played`; here nothing would be cancelled", s.span)
        elif isinstance(s, A.CallStmt):
            if s.call.func in V.FUNCTIONS:
                self.error("L807", f"`{s.call.func}` computes a value and changes nothing; use it inside an expression", s.span)
            else:
                self.call(s.call, scope, statement=True)

    def _element(self, t: str, span: Span | None, where: str) -> str:
        if t == "any":
            return "any"
        e = V.element(t)
        if e is None:
            return self.error("L803", f"{where} needs a list, not {t}", span)
        return e

    # ------------------------------------------------------------------ expressions

    def expect(self, e: A.Expr, scope: dict[str, str], wanted: str, what: str) -> None:
        t = self.expr(e, scope)
        if not V.assignable(t, wanted):
            self.error("L803", f"{what} must be {wanted}, not {t}", e.span)

    def expr(self, e: A.Expr, scope: dict[str, str]) -> str:
        t = self._expr(e, scope)
        self.types[id(e)] = t
        return t

    def _expr(self, e: A.Expr, scope: dict[str, str]) -> str:
        if isinstance(e, A.Int):
            if not -MAX_INT <= e.value <= MAX_INT:  # the compiler would refuse it: say so while validating
                self.error("L821", f"the number {str(e.value)[:20]}… is beyond ±{MAX_INT:,}", e.span)
            return "int"
        if isinstance(e, A.Str):
            return "str"
        if isinstance(e, A.Bool):
            return "bool"
        if isinstance(e, A.NoneLit):
            return "none"
        if isinstance(e, A.Name):
            return self.name(e, scope)
        if isinstance(e, A.Attr):
            return self.attr(e, scope)
        if isinstance(e, A.Call):
            return self.call(e, scope, statement=False)
        if isinstance(e, A.ListLit):
            t = "none"
            for item in e.items:
                t = V.join(t, self.expr(item, scope))
            return V.list_of("any" if t == "none" and not e.items else t)
        if isinstance(e, A.BinOp):
            lt, rt = self.expr(e.left, scope), self.expr(e.right, scope)
            if e.op == "+" and V.element(lt) is not None:
                if not V.assignable(rt, lt) and not V.assignable(lt, rt):
                    return self.error("L803", f"cannot add {rt} to {lt}", e.span)
                return V.join(lt, rt)
            for side, t in ((e.left, lt), (e.right, rt)):
                if not V.assignable(t, "int"):
                    self.error("L803", f"`{e.op}` needs numbers, not {t}", side.span)
            return "int"
        if isinstance(e, A.Compare):
            lt, rt = self.expr(e.left, scope), self.expr(e.right, scope)
            if e.op in ("<", ">", "<=", ">="):
                for side, t in ((e.left, lt), (e.right, rt)):
                    if not V.assignable(t, "int"):
                        self.error("L803", f"`{e.op}` compares numbers, not {t}", side.span)
            elif not (V.assignable(lt, rt) or V.assignable(rt, lt)):
                self.error("L803", f"comparing {lt} with {rt} is always {'false' if e.op == '==' else 'true'}", e.span)
            return "bool"
        if isinstance(e, A.In):
            it, ct = self.expr(e.item, scope), self.expr(e.collection, scope)
            el = self._element(ct, e.collection.span, "`in`")
            if not (V.assignable(it, el) or V.assignable(el, it)):
                self.error("L803", f"a {it} is never in a list of {el}", e.span)
            return "bool"
        if isinstance(e, A.BoolOp):
            self.expect(e.left, scope, "bool", f"`{e.op}`")
            self.expect(e.right, scope, "bool", f"`{e.op}`")
            return "bool"
        if isinstance(e, A.Not):
            self.expect(e.operand, scope, "bool", "`not`")
            return "bool"
        if isinstance(e, A.Neg):
            self.expect(e.operand, scope, "int", "`-`")
            return "int"
        if isinstance(e, A.Cond):
            self.expect(e.test, scope, "bool", "an `if` condition")
            then, orelse = self.expr(e.then, scope), self.expr(e.orelse, scope)
            # `if … then fields(owner) else []`: the empty list's items are of the other
            # branch's type (vacuously), so an action's parameter over it stays typed
            if _empty_list(e.orelse) and V.element(then) is not None:
                return then
            if _empty_list(e.then) and V.element(orelse) is not None:
                return orelse
            return V.join(then, orelse)
        if isinstance(e, A.ListComp):
            inner = dict(scope)
            inner[e.var] = self._element(self.expr(e.iterable, scope), e.iterable.span, "a list filter")
            if e.test is not None:
                self.expect(e.test, inner, "bool", "a list filter's condition")
            if e.result is None:
                return V.list_of(inner[e.var])
            return V.list_of(self.expr(e.result, inner))
        return self.error("L800", "unknown expression", getattr(e, "span", None))  # pragma: no cover

    def name(self, e: A.Name, scope: dict[str, str]) -> str:
        if e.id in scope:
            return scope[e.id]
        if e.id in self.env.beans:
            return "bean"
        if e.id in self.env.zones:
            return "zone"
        if e.id in _RULE_NAMES:
            return self.error("L810", f"`{e.id}` exists only in {_RULE_NAMES[e.id]}", e.span)
        query_params = {p for params, _, _ in V.QUERIES.values() for p in params}
        if e.id in query_params:
            return self.error("L810", f"`{e.id}` is bound only in modifiers of queries that have it", e.span)
        known = [*scope, *self.env.beans, *self.env.zones, "true", "false", "none"]
        return self.error("L801", f"unknown name `{e.id}`{did_you_mean(e.id, known)}", e.span)

    def attr(self, e: A.Attr, scope: dict[str, str]) -> str:
        t = self.expr(e.obj, scope)
        if t == "any":
            return "any"
        if t.startswith("event:"):
            payload = V.EVENTS[t[6:]]
            if e.name in payload:
                return payload[e.name]
            return self.error("L806", f"event `{t[6:]}` has no `{e.name}`{did_you_mean(e.name, list(payload))} (it has {', '.join(payload)})", e.span)
        table = V.ATTRIBUTES.get(t)
        if t == "card" and self.env.card_attrs:
            table = {**self.env.card_attrs, **V.ATTRIBUTES["card"]}
        if table is None:
            return self.error("L806", f"a {t} has no attributes", e.span)
        if e.name not in table:
            return self.error("L806", f"a {t} has no `{e.name}`{did_you_mean(e.name, list(table))} (it has {', '.join(table)})", e.span)
        return table[e.name]

    def call(self, e: A.Call, scope: dict[str, str], *, statement: bool) -> str:
        if e.func in self.procs and e.func not in V.STATEMENTS and e.func not in V.FUNCTIONS:
            if not statement:
                return self.error("L812", f"procedure `{e.func}` changes the game and has no value; call it as a statement", e.span)
            signature = V.Signature(tuple(V.Param(n, t) for n, t in self.procs[e.func]), "none", "")
            return self._arguments(e, signature, scope)
        if e.func in V.STATEMENTS:
            if not statement:
                return self.error("L812", f"`{e.func}` changes the game and has no value; use it as a statement", e.span)
            signature = V.STATEMENTS[e.func]
        elif e.func in V.FUNCTIONS:
            signature = V.FUNCTIONS[e.func]
        else:
            known = [*V.STATEMENTS, *V.FUNCTIONS, *self.procs]
            ours = V.OTHER_NAMES.get(e.func)
            hint = f" (did you mean `{ours}`?)" if ours is not None else did_you_mean(e.func, known)
            return self.error("L807", f"no statement, function or procedure `{e.func}`{hint}", e.span)
        if e.func in ("min", "max") and not e.kwargs:
            return self._min_max(e, scope)
        return self._arguments(e, signature, scope)

    def _arguments(self, e: A.Call, signature: V.Signature, scope: dict[str, str]) -> str:
        params = signature.params
        given: dict[str, A.Expr] = {}
        if len(e.args) > len(params):
            self.error("L802", f"`{e.func}` takes at most {len(params)} argument(s), {len(e.args)} given", e.span)
        for param, arg in zip(params, e.args):
            given[param.name] = arg
        names = [p.name for p in params]
        for key, arg in e.kwargs:
            if key not in names:
                self.error("L811", f"`{e.func}` has no argument `{key}`{did_you_mean(key, names)}", arg.span)
            elif key in given:
                self.error("L802", f"`{e.func}`: `{key}` given twice", arg.span)
            else:
                given[key] = arg
        missing = [p.name for p in params if not p.default and p.name not in given]
        if missing:
            self.error("L802", f"`{e.func}` needs {', '.join(f'`{m}`' for m in missing)}", e.span)
        for param in params:
            if param.name in given:
                arg = given[param.name]
                if e.func == "option" and param.name == "name":
                    if not isinstance(arg, A.Str):
                        self.error("T731", "`option` names an option with a string literal, as in `option(\"tie_break\")`", arg.span)
                    elif self.env.options is not None and arg.value not in self.env.options:
                        self.error("T731", f"no option `{arg.value}` in this ruleset"
                                   f"{did_you_mean(arg.value, sorted(self.env.options))}", arg.span)
                if (e.func == "column" and param.name == "name" and isinstance(arg, A.Str)
                        and self.env.columns is not None and arg.value not in self.env.columns):
                    # (a name read from an expression is the author's to get right: it reads 0 when no row has it)
                    self.error("T733", f"no numeric column `{arg.value}` in `player_counts`"
                               f"{did_you_mean(arg.value, sorted(self.env.columns))}", arg.span)
                if e.func == "zone" and param.name == "id":
                    if not (isinstance(arg, A.Name) and arg.id in self.env.zones):
                        self.error("L803", "`zone` takes a zone id as its first argument", arg.span)
                    self.types[id(arg)] = "zone"
                    continue
                self.expect(arg, scope, param.type, f"argument `{param.name}` of `{e.func}`")
        if signature.returns in ("element", "same"):
            first = self.types.get(id(e.args[0]), "any") if e.args else "any"
            if signature.returns == "same":
                return first
            return V.element(first) or "any"
        return signature.returns

    def _min_max(self, e: A.Call, scope: dict[str, str]) -> str:
        """``min(a, b)`` of two numbers, or ``min(list)`` of a list of numbers (0 when empty)."""
        if len(e.args) == 1:
            self.expect(e.args[0], scope, "list[int]", f"the list of `{e.func}`")
        elif len(e.args) == 2:
            for arg in e.args:
                self.expect(arg, scope, "int", f"an argument of `{e.func}`")
        else:
            self.error("L802", f"`{e.func}` takes two numbers or one list of numbers, not {len(e.args)} argument(s)", e.span)
        return "int"


def check(program: A.Program, env: CheckEnv) -> Types:
    """Check a program; raise ``BohnError`` with every problem, or return the types."""
    checker = Checker(env)
    checker.program(program)
    if checker.problems:
        raise BohnError(checker.problems)
    return checker.types
