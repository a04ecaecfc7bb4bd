"""What a rule's syntax tree tells the engine before the rule runs.

Why a module of its own: these read the checked AST only (no world, no compiled code),
and their answers are stored on the compiled rules (``compiled``) so the engine can pass
a rule over cheaply — a trigger on another event or step, an action whose first test
fails, a modifier that never changes a falsy answer or answers alike for every field —
with exactly the result running it would give. ``engine.game`` reads ``GUARD_OPS`` and
``_guard_passes`` to answer the same tests.
"""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Any, Callable

from engine.lang import ast as A
from engine.lang.world import World

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


def _conjuncts(expr: Any) -> list[Any]:
    """The tests of an ``and`` chain in the order they are asked (``a and b and c``)."""
    if isinstance(expr, A.BoolOp) and expr.op == "and":
        return _conjuncts(expr.left) + _conjuncts(expr.right)
    return [expr]


def _held_in(test: Any, param: str | None, zones: dict[str, str]) -> tuple[Any, ...] | None:
    """``this in cards(ZONE)`` (a zone of the ruleset, the owner's if per player) ->
    ``("this_in", ZONE, shared?)``, else None."""
    if not (isinstance(test, A.In) and not test.negate and isinstance(test.item, A.Name) and test.item.id == "this"
            and param != "this"):
        return None
    inner = test.collection
    if isinstance(inner, A.Call) and inner.func == "cards" and len(inner.args) == 1 and not inner.kwargs:
        zone = inner.args[0]
        if (isinstance(zone, A.Name) and zone.id in zones and zone.id != param
                and zone.id not in ("owner", "active", "opponent", "this")):
            return ("this_in", zone.id, zones[zone.id] != "player")
    return None


def required_guard(condition: Any, values: Any, param: str | None, zones: dict[str, str],
                   plain: bool = False) -> tuple[Any, ...] | None:
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
    and no error skipped (like ``required_step``).

    ``plain``: the action has neither a cost nor values (its condition is all a listing
    asks). Its condition may then start with ``this in cards(ZONE)``, or with
    ``step() == "X"`` (``required_step``: the action is listed in step X only, where that
    test holds) and then ``this in cards(ZONE)``: ``("this_in", ZONE, shared?)``, which a
    card's action binds to the card (``("card_in", ZONE, shared?, CARD)``, see
    ``GameEffects``): a card's action that the holder keeps elsewhere (used, on the
    table) is passed over without its context being made."""
    if plain and condition is not None:
        tests = _conjuncts(condition)
        if required_step(condition) is not None and len(tests) > 1:
            tests = tests[1:]
        held = _held_in(tests[0], param, zones)
        if held is not None:
            return held
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


#: The names a trigger's condition is evaluated with (``GameEffects._execute``; ``this`` for a
#: card's rule): a bean of one of these names would be that name's value there
_TRIGGER_NAMES = frozenset({"owner", "active", "opponent", "event", "this"})


def leading_guard(condition: Any, is_bean: Callable[[A.Name], bool] | None = None) -> tuple[str, str, str] | None:
    """What a trigger's condition starts by requiring, when its first conjunct is a text
    compared with ``==`` to ``event.NAME`` (``("event", NAME, text)``), ``step()`` or
    ``phase()`` (``("step" | "phase", "", text)``): ``when phase_began if event.phase ==
    "plant" and …`` is false on every other phase, and nothing else of it is read first.

    A bean written out (``event.bean == red``, ``is_bean`` telling the bean's name from
    another name) is its id, the text an event names a bean by: ``when harvested if
    event.bean == red and …`` is false at every harvest of another bean."""
    while isinstance(condition, A.BoolOp) and condition.op == "and":
        condition = condition.left
    if not (isinstance(condition, A.Compare) and condition.op == "=="):
        return None
    for side, const in ((condition.left, condition.right), (condition.right, condition.left)):
        if isinstance(const, A.Str):
            text = const.value
        elif (isinstance(const, A.Name) and is_bean is not None and const.id not in _TRIGGER_NAMES
              and is_bean(const)):
            text = const.id  # (a bean's name is its value unless a name the rule is run with hides it)
        else:
            continue
        if isinstance(side, A.Attr) and isinstance(side.obj, A.Name) and side.obj.id == "event":
            return ("event", side.name, text)
        if isinstance(side, A.Call) and side.func in ("step", "phase") and not side.args:
            return (side.func, "", text)
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
