"""What a declared action's test reads from the game, found in its syntax tree.

Why: a game lists the declared actions of the seat to move at every decision (a dozen
per seat in an expansion), and most decisions change nothing those tests
read (a trade offer declined, a card planted elsewhere). When every input of an
action's values, cost and condition is known, a listing can remember its answer for
those inputs and reuse it while they are the same (``engine.game.declared``). The
answer is a function of the inputs only: the language has no hidden state, and the
functions below read nothing but their arguments and the parts of the game named here.

``action_reads`` returns the inputs as a sorted tuple of

- ``("active",)``: the seat to move; ``("own_turn",)``: only whether it is the owner
  (``owner == active``); ``("phase",)``, ``("step",)``, or only whether the phase (step)
  is one of some names, ``("phase_in", names)`` (``phase() in ["a", "b"]``, ``== "a"``);
- ``("counter", NAME, all)``: a counter of the owner (``all`` False) or of any seat;
- ``("zone", ZONE, mode)``: the cards of a zone, ``mode`` "shared", "owner" (the owner's
  copy of a per-player zone) or "all" (every seat's copy);
- ``("coins", all)``: how many coins the owner (or any seat) has;
- ``("fields", all)``: the owner's (or every seat's) fields, each with its cards
  (``fields``, ``growing``, ``field_cards`` and a field's attributes read them);
- ``("field_sizes", all)``: only how many cards lie on each field (``item(fields(P),
  i).size``), and ``("field_count", all)``: only how many fields there are
  (``count(fields(P))``): a bean planted changes the sizes, never the cards' test;
- ``("zone_kind", ZONE, mode, op, KIND)``: only the zone's cards whose kind is (``==``)
  or is not (``!=``) KIND, in order (``[c in cards(ZONE) if c.kind == "KIND"]``): a
  bean drawn into a hand changes no test of the other kind's cards in it;
- ``("zone_size", ZONE, mode)``: only how many cards a zone holds (``count(cards(ZONE))``,
  also of a list made of such lists: ``first(L, n)``, ``L + M``, ``if … then L else M``):
  a card traded for another leaves the count of a hand as it was;
- ``("own_turn_unless", NAME, VALUE, when_equal)``: whether it is the owner's turn, read
  only when option NAME's value equals VALUE (``when_equal`` True) or differs from it
  (``option("NAME") == "VALUE" or owner == active``: the option decides the rest);
- ``("may_harvest",)``: whether the owner may harvest now (with its fields: which);
  remembered only while no rule modifies the `may_harvest` query;
- ``("beanometer",)``: the printed beanometers (a listing remembers nothing while a rule
  modifies the `beanometer` query);

(a finer read beside the whole one it is part of is left out), or None when the test
reads anything else (a hand, ``may_plant``, a field's ``only``, an
event, a function this module does not know): such an action is always evaluated. A list
filter or map reads what its list, test and result read.

The tuple returned is an ``ActionReads``: it also names, for an action with a parameter,
the inputs of its list of values alone (``values``), read finer: ``fields(P)`` there is
only ``("field_count", all)`` (the list of P's field references: how many fields P has)
and ``growing(P)`` only ``("growing", all)`` (which beans grow in P's fields), since a
field's cards are read by the condition, through the field's attributes (a field's
attribute read in the values list itself names every seat's fields). When the list is
empty the action lists nothing whatever its condition reads (``declared`` asks these
inputs when an action's full inputs changed: a bean planted changes the fields, rarely
which beans grow).
Options, the player-count row, the seats' order and the cards' types never change
during a game, so reading them adds no input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.lang import ast as A
from engine.lang.vocab import QUERIES

if TYPE_CHECKING:
    from engine.lang.checker import CheckEnv

#: Functions that read nothing but their arguments (and what never changes in a game).
PURE = frozenset({"count", "sum", "min", "max", "any", "all", "distinct", "item", "first", "beans", "of_bean",
                  "top", "front", "cards", "next", "others", "players", "option", "column", "bean_types"})
#: Attributes of a card or a bean: its type's, fixed for the game.
FIXED_ATTRS = {"card": frozenset({"bean", "kind", "id"}), "bean": frozenset({"count", "id"}), "player": frozenset({"seat"})}
#: Attributes of a field read off its cards: a field value comes from ``fields(P)`` in the
#: same test, whose input (P's fields, each with its cards) is named then.
FIELD_ATTRS = frozenset({"bean", "size", "cards", "beans", "owner", "index"})


class _Unknown(Exception):
    """The test reads something this module does not follow."""


class ActionReads(tuple):  # type: ignore[type-arg]
    """The inputs of an action's values, cost and condition (a sorted tuple, compared and
    hashed as one), with ``values``: the inputs of its list of values alone, read finer
    (the module docstring), or None (no parameter, or an input not followed)."""

    values: tuple[tuple[Any, ...], ...] | None

    def __new__(cls, reads: tuple[tuple[Any, ...], ...],
                values: tuple[tuple[Any, ...], ...] | None = None) -> ActionReads:
        made = super().__new__(cls, reads)
        made.values = values
        return made


class _Reads:
    def __init__(self, types: dict[int, str], env: CheckEnv, bound: frozenset[str], fine: bool = False) -> None:
        self.types = types
        #: reading a list of values alone: ``fields`` and ``growing`` read finer
        self.fine = fine
        self.zones = env.zones
        self.beans = env.beans
        self.card_attrs = env.card_attrs
        self.bound = bound  # names a listing binds: owner, active, opponent and the parameter
        self.seat_params: frozenset[str] = frozenset()  # the parameter, when its values are seats
        #: a field's limit (``field.only``) is followed, as ``("field_only",)`` (``modifier_reads``)
        self.limits = False
        self.found: set[tuple[Any, ...]] = set()

    def seat_mode(self, e: A.Expr) -> bool:
        """Whether a player argument may be any seat (anything but ``owner`` written out).
        It must be a seat of the table by construction (see ``_seat``): a counter of a
        number beyond the table would be an input no listing could name."""
        if not _seat(e, self.seat_params):
            raise _Unknown("player")
        self.expr(e)
        return not (isinstance(e, A.Name) and e.id == "owner")

    def zone(self, zid: str, all_seats: bool, read: str = "zone") -> None:
        """The read ``read`` ("zone": its cards, "zone_size": how many) of zone ``zid``, the
        owner's copy or every seat's (``all_seats``) of a per-player zone."""
        owner = self.zones.get(zid)
        if owner is None:
            raise _Unknown(zid)
        mode = "shared" if owner == "shared" else ("all" if all_seats else "owner")
        self.found.add((read, zid, mode))

    def expr(self, e: A.Expr | None) -> None:
        if e is None or isinstance(e, (A.Int, A.Str, A.Bool, A.NoneLit)):
            return
        if isinstance(e, A.Name):
            self.name(e)
        elif isinstance(e, A.Attr):
            if e.name == "size" and (player := _nth_field_of(e.obj)) is not None:
                # ``item(fields(P), i).size``: how many cards lie on P's i-th field, read
                # off the fields' sizes alone (a card planted on a field of the same size
                # elsewhere changes nothing it reads)
                self.found.add(("field_sizes", self.seat_mode(player)))
                self.expr(e.obj.args[1])  # type: ignore[union-attr]
                return
            t = self.types.get(id(e.obj), "any")
            allowed = FIXED_ATTRS.get(t)
            if t == "player" and e.name in ("coins", "fields"):
                self.found.add((e.name, self.seat_mode(e.obj)))
                return
            if t == "field" and e.name == "only" and self.limits:
                self.found.add(("field_only",))  # the field's limit (``modifier_reads``)
                self.expr(e.obj)
                return
            if not (allowed is not None and e.name in allowed or t == "card" and e.name in self.card_attrs
                    or t == "field" and e.name in FIELD_ATTRS):
                raise _Unknown(e.name)
            if t == "field" and self.fine:
                self.found.add(("fields", True))  # its ``fields(P)`` named only P's field count
            self.expr(e.obj)
        elif isinstance(e, A.Call):
            self.call(e)
        elif isinstance(e, A.ListLit):
            for item in e.items:
                self.expr(item)
        elif (test := _phase_test(e)) is not None:
            self.found.add(test)  # `phase() in ["a", "b"]`: only whether it holds
        elif isinstance(e, A.BoolOp) and (decided := _turn_unless_option(e)) is not None:
            self.found.add(decided)  # `option("N") == "V" or owner == active`: the turn read only when it counts
        elif isinstance(e, A.Compare) and e.op in ("==", "!=") and _owner_and_active(e.left, e.right):
            self.found.add(("own_turn",))  # `owner == active`: whether it is the owner's turn, not whose
        elif isinstance(e, (A.BinOp, A.Compare, A.BoolOp)):
            self.expr(e.left)
            self.expr(e.right)
        elif isinstance(e, A.In):
            self.expr(e.item)
            self.expr(e.collection)
        elif isinstance(e, (A.Not, A.Neg)):
            self.expr(e.operand)
        elif isinstance(e, A.Cond):
            self.expr(e.test)
            self.expr(e.then)
            self.expr(e.orelse)
        elif isinstance(e, A.ListComp):
            self.comprehension(e)
        else:  # a node added later
            raise _Unknown(type(e).__name__)

    def comprehension(self, e: A.ListComp) -> None:
        """A list filter or map: the inputs of its list, then of its test and result with
        the variable bound to each item. An item is a value of that list, read by what
        the list's input names (a card's type, a field's cards); as a seat it is followed
        no further (``seat_mode`` refuses it). A filter of a zone's cards by their kind
        reads only that zone's cards of the kind (``zone_kind``)."""
        var = e.var
        if var in self.bound or var in self.zones or var in self.beans or var == "this":
            raise _Unknown(var)  # a variable hiding another name: not worth following
        if (kind := self._kind_filter(e)) is not None:
            self.found.add(kind)
            return
        self.expr(e.iterable)
        outer = self.bound
        self.bound = outer | {var}
        try:
            self.expr(e.test)
            self.expr(e.result)
        finally:
            self.bound = outer

    def _kind_filter(self, e: A.ListComp) -> tuple[Any, ...] | None:
        """``("zone_kind", ZONE, mode, op, KIND)`` for ``[c in cards(ZONE) if c.kind == "KIND"]``
        (or ``!=``): the filter's items are that zone's cards whose kind passes, in order;
        a card of another kind coming or going changes nothing it reads (a card of a
        kind of its own among the beans of a hand)."""
        call, test = e.iterable, e.test
        if not (isinstance(call, A.Call) and call.func == "cards" and len(call.args) == 1 and not call.kwargs):
            return None
        zone = call.args[0]
        if e.result is not None or not isinstance(zone, A.Name) or zone.id in self.bound \
                or self.types.get(id(zone)) != "zone" or zone.id not in self.zones:
            return None
        if not (isinstance(test, A.Compare) and test.op in ("==", "!=")):
            return None
        attr, kind = (test.left, test.right) if isinstance(test.right, A.Str) else (test.right, test.left)
        if not (isinstance(kind, A.Str) and isinstance(attr, A.Attr) and attr.name == "kind"
                and isinstance(attr.obj, A.Name) and attr.obj.id == e.var):
            return None
        mode = "shared" if self.zones[zone.id] == "shared" else "owner"
        return ("zone_kind", zone.id, mode, test.op, kind.value)

    def size(self, e: A.Expr) -> bool:
        """Whether ``e``'s length is read off zones' sizes alone, the reads that tell it
        added (False, nothing added: read it whole). Such a list is a zone's cards
        (``cards(ZONE)``, ``cards(zone(ZONE, P))``), its first ``n`` (``first(L, n)``), two
        such lists joined (``L + M``), either of two by a test (``if T then L else M``: T
        read as it is) or a list written out (its items read as they are).

        Why: a test of whether a seat has any cards of a few zones to act on (``count(…) >
        0``) reads their cards, so every trade or bean drawn was a new input, though the
        answer is the same while the zones hold as many cards."""
        if isinstance(e, A.ListLit):
            for item in e.items:
                self.expr(item)
            return True
        if isinstance(e, A.BinOp) and e.op == "+":
            if not self.types.get(id(e), "").startswith("list"):  # (numbers added: not a list's length)
                return False
            found = set(self.found)
            if self.size(e.left) and self.size(e.right):
                return True
            self.found = found  # (the left side's reads kept back: the whole list is read)
            return False
        if isinstance(e, A.Cond):
            found = set(self.found)
            if self.size(e.then) and self.size(e.orelse):
                self.expr(e.test)
                return True
            self.found = found
            return False
        if not isinstance(e, A.Call) or e.kwargs:
            return False
        if e.func == "first" and len(e.args) == 2:
            found = set(self.found)
            if self.size(e.args[0]):
                self.expr(e.args[1])
                return True
            self.found = found
            return False
        if e.func != "cards" or len(e.args) != 1:
            return False
        zone = e.args[0]
        if isinstance(zone, A.Name) and zone.id not in self.bound and self.types.get(id(zone)) == "zone" \
                and zone.id in self.zones:
            self.zone(zone.id, False, "zone_size")
            return True
        if isinstance(zone, A.Call) and zone.func == "zone" and zone.args and isinstance(zone.args[0], A.Name) \
                and len(zone.args) <= 2 and not zone.kwargs and zone.args[0].id in self.zones:
            self.zone(zone.args[0].id, len(zone.args) == 2 and self.seat_mode(zone.args[1]), "zone_size")
            return True
        return False

    def name(self, e: A.Name) -> None:
        key = e.id
        if key in self.bound:
            if key == "active":
                self.found.add(("active",))
            return
        t = self.types.get(id(e))
        if t == "zone" and key in self.zones:
            self.zone(key, False)  # the owner's copy, or the shared zone
            return
        if t == "bean" and key in self.beans:
            return  # a bean written out
        raise _Unknown(key)

    def call(self, call: A.Call) -> None:
        func = call.func
        args = list(call.args) + [v for _, v in call.kwargs]
        if func == "zone":
            zid = call.args[0].id if call.args and isinstance(call.args[0], A.Name) else None
            if zid is None or len(args) > 2:
                raise _Unknown("zone")
            self.zone(zid, len(args) == 2 and self.seat_mode(args[1]))
            return
        if func == "counter":
            if len(args) != 2 or not isinstance(args[1], A.Str):
                raise _Unknown("counter")
            self.found.add(("counter", args[1].value, self.seat_mode(args[0])))
            return
        if func == "coins":
            if len(args) != 1:
                raise _Unknown("coins")
            self.found.add(("coins", self.seat_mode(args[0])))
            return
        if func == "count" and len(args) == 1 and not call.kwargs and self.size(args[0]):
            return  # how many cards, not which
        if func == "count" and len(args) == 1 and isinstance(args[0], A.Call) and args[0].func == "fields" \
                and len(args[0].args) == 1 and not args[0].kwargs:
            self.found.add(("field_count", self.seat_mode(args[0].args[0])))  # how many fields, not their cards
            return
        if func in ("fields", "growing", "field_cards"):
            if len(args) != 1:
                raise _Unknown(func)
            kind = {"fields": "field_count", "growing": "growing"}.get(func, "fields") if self.fine else "fields"
            self.found.add((kind, self.seat_mode(args[0])))
            return
        if func == "may_harvest":
            if len(args) != 2 or not (isinstance(args[0], A.Name) and args[0].id == "owner"):
                raise _Unknown(func)
            self.found.update({("may_harvest",), ("fields", False)})
            self.expr(args[1])
            return
        if func in ("coins_for", "most_coins_for", "beanometer"):
            self.found.add(("beanometer",))
        elif func in ("phase", "step"):
            self.found.add((func,))
        elif func not in PURE:
            raise _Unknown(func)
        for arg in args:
            self.expr(arg)


def _phase_test(e: A.Expr) -> tuple[str, tuple[str, ...]] | None:
    """``("phase_in", names)`` for ``phase() in ["a", …]``, ``phase() == "a"`` or ``!=``
    (``step()`` alike: ``"step_in"``): the test's truth is all it reads of the phase."""
    if isinstance(e, A.In) and isinstance(e.collection, A.ListLit) and e.collection.items \
            and all(isinstance(x, A.Str) for x in e.collection.items):
        call, names = e.item, [x.value for x in e.collection.items if isinstance(x, A.Str)]
    elif isinstance(e, A.Compare) and e.op in ("==", "!="):
        call, const = (e.left, e.right) if isinstance(e.right, A.Str) else (e.right, e.left)
        if not isinstance(const, A.Str):
            return None
        names = [const.value]
    else:
        return None
    if isinstance(call, A.Call) and call.func in ("phase", "step") and not call.args and not call.kwargs:
        return (f"{call.func}_in", tuple(sorted(set(names))))
    return None


def _turn_unless_option(e: A.BoolOp) -> tuple[str, str, str, bool] | None:
    """``("own_turn_unless", NAME, VALUE, when_equal)`` for ``option("NAME") == "VALUE" or
    owner == active`` (``and``, ``!=``, either side first), or None for another test.

    Why: an option is fixed for the game, so it alone decides whether the test reads whose
    turn it is (a sale allowed at any time unless an option limits it to one's own turn):
    keyed by the turn anyway, such an action was evaluated again whenever the turn passed
    to or from its owner. The turn is an input only when the option's value equals VALUE (``when_equal``
    True) or differs from it (False); the key reads the option when it is made
    (``engine.game.keys``)."""
    if e.op not in ("and", "or"):
        return None
    for test, other in ((e.left, e.right), (e.right, e.left)):
        if not (isinstance(other, A.Compare) and other.op in ("==", "!=") and _owner_and_active(other.left, other.right)):
            continue
        if not (isinstance(test, A.Compare) and test.op in ("==", "!=")):
            continue
        call, value = (test.left, test.right) if isinstance(test.right, A.Str) else (test.right, test.left)
        if (isinstance(value, A.Str) and isinstance(call, A.Call) and call.func == "option" and len(call.args) == 1
                and not call.kwargs and isinstance(call.args[0], A.Str)):
            # `T or X` reads X when T is false, `T and X` when T is true
            return ("own_turn_unless", call.args[0].value, value.value, (e.op == "and") == (test.op == "=="))
    return None


def _nth_field_of(e: A.Expr) -> A.Expr | None:
    """The player P of ``item(fields(P), i)``, or None for another expression."""
    if isinstance(e, A.Call) and e.func == "item" and len(e.args) == 2 and not e.kwargs:
        fields = e.args[0]
        if isinstance(fields, A.Call) and fields.func == "fields" and len(fields.args) == 1 and not fields.kwargs:
            return fields.args[0]
    return None


def _owner_and_active(left: A.Expr, right: A.Expr) -> bool:
    names = {x.id for x in (left, right) if isinstance(x, A.Name)}
    return names == {"owner", "active"}


def _seat(e: A.Expr, params: frozenset[str]) -> bool:
    """Whether ``e`` is a seat of the table whatever the game: ``owner``, ``active``,
    ``opponent``, a parameter whose values are seats, or ``next(…)`` of a seat."""
    if isinstance(e, A.Name):
        return e.id in ("owner", "active", "opponent") or e.id in params
    return isinstance(e, A.Call) and e.func == "next" and len(e.args) == 1 and not e.kwargs and _seat(e.args[0], params)


def _seats(e: A.Expr | None) -> bool:
    """Whether every item of the list ``e`` is a seat (``others(…)``, ``players()``, a
    list of seats, or a choice between such lists)."""
    if isinstance(e, A.Call):
        return e.func == "players" or e.func == "others" and len(e.args) == 1 and not e.kwargs and _seat(e.args[0], frozenset())
    if isinstance(e, A.ListLit):
        return all(_seat(item, frozenset()) for item in e.items)
    if isinstance(e, A.Cond):
        return _seats(e.then) and _seats(e.orelse)
    return False


def _found(reads: _Reads) -> tuple[tuple[Any, ...], ...]:
    for func in ("phase", "step"):
        if (func,) in reads.found:  # read as it is somewhere: its tests add nothing
            reads.found = {r for r in reads.found if r[0] != f"{func}_in"}
    # a finer read of what another read names whole adds nothing: the fields' sizes or
    # count beside their cards, their count beside their sizes, a zone's cards of a kind
    # beside all its cards
    found = reads.found
    if ("own_turn",) in found:  # the turn read as it is somewhere: an option deciding it adds nothing
        found = {r for r in found if r[0] != "own_turn_unless"}
    whole = {r[1] for r in found if r[0] == "fields"}
    sizes = {r[1] for r in found if r[0] == "field_sizes"}
    zones = {(r[1], r[2]) for r in found if r[0] == "zone"}
    reads.found = {r for r in found
                   if not (r[0] in ("field_sizes", "field_count") and (r[1] in whole or True in whole)
                           or r[0] == "field_count" and (r[1] in sizes or True in sizes)
                           or r[0] in ("zone_kind", "zone_size") and ((r[1], r[2]) in zones or (r[1], "all") in zones))}
    return tuple(sorted(reads.found, key=repr))


def values_reads(rule: A.ActionDecl, types: dict[int, str], env: CheckEnv) -> tuple[tuple[Any, ...], ...] | None:
    """The inputs of ``rule``'s list of values alone, read finer (the module docstring),
    or None (no parameter, or an input not followed)."""
    if rule.param is None or rule.values is None:
        return None
    reads = _Reads(types, env, frozenset({"owner", "active", "opponent"}), fine=True)
    try:
        reads.expr(rule.values)
    except _Unknown:
        return None
    return _found(reads)


def action_reads(rule: A.ActionDecl, types: dict[int, str], env: CheckEnv) -> ActionReads | None:
    """Every input of ``rule``'s values, cost and condition (see the module docstring),
    or None when one of them is not followed."""
    bound = {"owner", "active", "opponent"}
    if rule.param is not None:
        if rule.param in env.zones:
            return None  # a parameter named like a zone hides it: not worth following
        bound.add(rule.param)
    reads = _Reads(types, env, frozenset(bound))
    if rule.param is not None and _seats(rule.values):
        reads.seat_params = frozenset([rule.param])
    try:
        for part in (rule.values, rule.cost, rule.condition):
            reads.expr(part)
    except _Unknown:
        return None
    if rule.cost is not None:
        reads.found.add(("coins", False))  # a cost is compared with the owner's coins
    return ActionReads(_found(reads), values_reads(rule, types, env))


def modifier_reads(rule: A.Modifier, types: dict[int, str], env: CheckEnv) -> str:
    """Whether ``rule``'s condition and value read nothing of the game but the query's
    parameters, ``value``, ``owner`` and ``opponent``, and what never changes (beans and
    cards' types, a field's attributes read off its cards, the pure functions): no zone, no
    counter, no phase, nor who is to move.

    Why: with the rules that hear a seat fixed (and their owners), such a rule's answer
    is a function of the parameters alone, so the engine may keep the answer of a seat's
    question (its field price, which of its fields it may harvest) with the parameters it
    was read from (``FreeListing.hearing``) instead of asking the rule again at every
    decision. A parameter that is a seat is followed no further (``coins(player)`` reads
    the game): only the names are bound.

    "pure" for such a rule; "limits" for one that also reads a field parameter's limit
    (``field.only``, the beans the field is kept for: the engine keys a field's answer by
    its limit too); "" for any other."""
    query = QUERIES.get(rule.query)
    if query is None:
        return ""
    # (a parameter that is a zone is not bound: the cards in it are the game's, not the question's)
    params = {name for name, kind in query[0].items() if kind != "zone"}
    reads = _Reads(types, env, frozenset({"owner", "opponent", "value", *params}))
    reads.limits = True
    try:
        reads.expr(rule.condition)
        reads.expr(rule.value)
    except _Unknown:
        return ""
    if not reads.found:
        return "pure"
    return "limits" if reads.found == {("field_only",)} else ""


def modifier_inputs(rule: A.Modifier, types: dict[int, str], env: CheckEnv) -> tuple[tuple[Any, ...], ...] | None:
    """Every input of ``rule``'s condition and value besides the query's parameters (the
    reads of the module docstring, a zone of a player parameter read as every seat's
    copy), or None when one is not followed or the rule reads a field parameter.

    Why: a `may_plant` rule that reads no field (``guards.field_free``) but reads the game
    (a pile of its player's saying which bean he never grows) is asked at every planting
    listed, for the same few beans. With the rules hearing a seat fixed (and their
    owners), its answer is a function of the parameters, ``value`` and these inputs, so
    the engine may keep it by them (``FieldWork.fitting_fields``) instead of asking the
    rule again. Unlike ``modifier_reads`` a seat parameter is followed (``zone(Z,
    player)`` reads every seat's copy of Z), and ``active`` is an input."""
    query = QUERIES.get(rule.query)
    if query is None:
        return None
    # (a zone parameter is the game's cards; a field parameter's attributes are its cards,
    # which no input here names: either is left unbound, so reading one gives None)
    params = {name for name, kind in query[0].items() if kind not in ("zone", "field")}
    reads = _Reads(types, env, frozenset({"owner", "active", "opponent", "value", *params}))
    reads.seat_params = frozenset(name for name, kind in query[0].items() if kind == "player")
    try:
        reads.expr(rule.condition)
        reads.expr(rule.value)
    except _Unknown:
        return None
    return _found(reads)
