"""Listing the declared actions a seat may take now, each test's answer remembered by its inputs.

Why: the seat to move is offered its declared actions at every decision, and a ruleset
of an expansion declares a dozen; most decisions (an offer declined, a bean
planted elsewhere) change nothing an action's test reads, yet each test ran again from
scratch. ``engine.lang.reads`` finds, when the ruleset loads, every input of an
action's values, cost and condition (a counter, a zone's cards, the phase…). Here a
listing reads those inputs off the game into a key (one generated function per action,
see ``_source``), and when an earlier listing for the same seat had the same key, the
value numbers that passed then pass now: the test is a function of exactly those
inputs. An action whose inputs are not all known (its ``reads`` is None, a card's
action) is tested every time.

What a listing does, in order, for each action ``seat`` may own in the step being played
(``GameEffects._seat_actions``), exactly as it always has: the actions of a card only
while the seat holds the card; none taken ``MAX_ACTION_USES`` times this turn; the
timing (``own_turn``, ``others_turn``); the action's first test (``required_guard``,
answered here by a plain function); then its values and condition in one context made
for the whole listing. The plans (the actions in order with their guard and key
functions) are made once per seat, step and whether it is the seat's turn.

The remembered answers are keyed by content, so a look-ahead copy of the game shares them
(``__deepcopy__``): what one position found for a key holds in any position of the same
game. Each entry keeps the action it was made for, so an action added later at the same
index (an item bought in a copy) never reads another's answer. A remembered answer
spends none of the decision's evaluation budget (as a failed guard spends none).
"""

from __future__ import annotations

import itertools
import re
from typing import TYPE_CHECKING, Any, Callable

from engine.game.actions import ACT, Action
from engine.game.holders import HOLDER
from engine.game.keys import _key_parts, _tuple, options_read
from engine.lang.compiler import GUARD_OPS, Ctx

if TYPE_CHECKING:
    from engine.game.effects import GameEffects
    from engine.lang.compiler import CompiledAction

#: Times one seat may take one declared action in a turn.
MAX_ACTION_USES = 10
#: Values of one action's parameter offered at once (the first ones of its list).
MAX_ACTION_VALUES = 50

#: Reads the inputs of one action for a seat: (effects, seat, step id) -> key, or None
#: when the answer may not be remembered now (a rule modifies the beanometer).
Reader = Callable[["GameEffects", int, str], Any]
Guard = Callable[["GameEffects", int], bool]
#: Answers kept at most (a bound for strangers' rulesets; a game needs a few hundred).
MAX_ENTRIES = 4096
_NUMBERS = itertools.count(1)


def make_guard(guard: tuple[Any, ...]) -> Guard:
    """``GameEffects._guard_holds`` for one guard, as a function of the game and seat."""
    kind = guard[0]
    if kind == "phase":
        names = guard[1]
        return lambda fx, seat: fx.game.phase.id in names
    if kind == "this_in":  # (a rule of no card: ``this`` is unbound, nothing is skipped)
        return lambda fx, seat: True
    if kind == "card_in":  # a card's action: the card in its holder's zone (``this in cards(ZONE)``)
        zid, shared, card = guard[1], guard[2], guard[3]

        def held(fx: GameEffects, seat: int) -> bool:
            st = fx.game.state
            cards = st.shared.get(zid)  # a shared zone of that id first, as ``_zone_list`` looks
            if cards is None:
                zones = None if shared else st.per_player.get(zid)
                cards = zones[seat] if zones is not None and 0 <= seat < len(zones) else None
            return cards is not None and card in cards
        return held
    op, n = GUARD_OPS[guard[-2]], guard[-1]
    if kind == "counter":
        name = guard[1]
        return lambda fx, seat: op(fx.counters.get((seat, name), 0), n)
    zid, shared = guard[1], guard[2]

    def count(fx: GameEffects, seat: int) -> bool:
        st = fx.game.state
        cards = st.shared.get(zid)  # a shared zone of that id first, as ``_zone_list`` looks
        if cards is not None:
            return op(len(cards), n)
        zones = None if shared else st.per_player.get(zid)
        return op(len(zones[seat]) if zones is not None and 0 <= seat < len(zones) else 0, n)
    return count


def _constants() -> tuple[dict[str, Any], Callable[[Any], str]]:
    """The constants of a generated function and the function naming each: an equal
    value (of the same type) gets the same name, so equal key items read alike."""
    consts: dict[str, Any] = {}
    names: dict[tuple[type, Any], str] = {}

    def const(value: Any) -> str:
        try:
            known = names.get((type(value), value))
        except TypeError:  # not hashable: a name of its own
            known = None
        if known is not None:
            return known
        name = f"_k{len(consts)}"
        consts[name] = value
        try:
            names[(type(value), value)] = name
        except TypeError:
            pass
        return name
    return consts, const


def _define(name: str, params: str, body: str, consts: dict[str, Any], label: str) -> Any:
    """Compile ``def name(params, _k0=_k0, …): body`` with the constants passed apart."""
    defaults = "".join(f", {k}={k}" for k in consts)
    space: dict[str, Any] = dict(consts)
    code = f"def {name}({params}{defaults}):\n{body}"
    exec(compile(code, f"<{label} {next(_NUMBERS)}>", "exec"), space)  # noqa: S102 - our own source, constants passed apart
    return space[name]


#: Key functions made, by their inputs, the table's size and where each zone read lies
#: (shared, per player, neither): games of one ruleset share them.
_READERS: dict[tuple[Any, ...], Reader | None] = {}
#: Key functions remembered at most (each is one small generated function).
MAX_READERS = 512


def make_reader(reads: tuple[tuple[Any, ...], ...], fx: GameEffects) -> Reader | None:
    """The key function of the inputs ``reads`` (see ``engine.lang.reads``) in the game
    of ``fx`` (its zones are made with the game and never added to), or None for an input
    it does not know."""
    st = fx.game.state
    lies = tuple("shared" if r[1] in st.shared else "player" if r[1] in st.per_player else "none"
                 for r in reads if r[0] in ("zone", "zone_size"))
    cache_key = (reads, fx.game.players, lies, options_read([reads], fx.game.rules.option))
    if cache_key in _READERS:
        return _READERS[cache_key]
    if len(_READERS) >= MAX_READERS:
        _READERS.clear()
    reader = _READERS[cache_key] = _make_reader(reads, fx)
    return reader


def _make_reader(reads: tuple[tuple[Any, ...], ...], fx: GameEffects) -> Reader | None:
    consts, const = _constants()
    made = _key_parts(reads, fx.game.state, fx.game.players, const, option=fx.game.rules.option)
    if made is None:
        return None
    tests, parts = made
    key = _tuple(parts)
    body = "    st = fx.game.state\n    c = fx.counters\n"
    if any(r[0] in ("phase", "phase_in") for r in reads):
        body += "    phase = fx.game.phase.id\n"
    if any(r[0] == "zone_kind" for r in reads):
        body += "    memo = fx.listing_memo\n"
    if tests:  # a rule changes the answer: its inputs are not all named here
        body += f"    if {' or '.join(tests)}:\n        return None\n"
    reader: Reader = _define("_key", "fx, seat, step", body + f"    return {key}\n", consts, "action inputs")
    return reader


#: Not read yet (a generated listing's shared item of keys, read when first needed; the
#: values' key ``evaluate`` is not given).
_UNSET = object()
#: One action of a listing's plan: its index, the action, whether a card holds it (its
#: owner is the card's holder), its guard and its key function (None: none).
Plan = tuple[int, "CompiledAction", bool, Guard | None, Reader | None]
#: A generated listing: (effects, seat, step id, memo) -> the listing.
Listing = Callable[["GameEffects", int, str, "ListingMemo", tuple[int, ...]], list[Any]]


class ListingMemo:
    """A game's listing of declared actions (``legal``) and its remembered answers:
    (action index, seat, key) -> (the action, the seat's ``act`` actions that passed, each
    naming the action index as its card and the value number as its field; -1 for a plain
    action).

    Why the seat's actions themselves rather than (index, action, value number): the free
    actions of the seat to move are listed at every decision, and building an ``act``
    from each remembered answer again was a sixtieth of a game with declared actions;
    actions are immutable tuples, shared by every listing that finds the answer."""

    __slots__ = ("entries", "values", "parts", "plans", "max_uses", "max_values", "step_of", "kinds", "contexts",
                 "shared")

    def __init__(self) -> None:
        self.max_uses = MAX_ACTION_USES
        self.max_values = MAX_ACTION_VALUES
        self.entries: dict[tuple[int, int, Any], tuple[CompiledAction, tuple[Any, ...]]] = {}
        #: (action index, seat, key of the values' inputs) -> (the action, its list of
        #: values, at most ``max_values``): asked when the action's full key is new
        self.values: dict[tuple[int, int, Any], tuple[CompiledAction, tuple[Any, ...]]] = {}
        #: action -> (the action, its guard function, its key function, the key function of
        #: its values' inputs), by the action's id
        self.parts: dict[int, tuple[CompiledAction, Guard | None, Reader | None, Reader | None]] = {}
        #: (seat, step, the seat's turn) -> (the seat's action indices it was made from, the
        #: plan, its generated listing, the plan's action indices, the effects' index of
        #: actions by seat (``GameEffects._by_seat``) it was last found to stand with: while
        #: that is the same object for as many actions, the plan stands without asking;
        #: when every action of the plan is a card's, ({card: the places in the plan of its
        #: actions}, the per-player zone ZONE when every one's guard is ``this in
        #: cards(ZONE)``, else None), else None: a seat then lists the actions of the cards
        #: it holds alone (in ZONE alone), found with one look at the zones they may be in)
        self.plans: dict[tuple[int, str, bool], tuple[list[int], list[Plan], Listing | None, tuple[int, ...], Any,
                                                      tuple[dict[int, tuple[int, ...]], str | None] | None]] = {}
        #: the step being played and its id (``GameEffects.step``), asked again when it changes
        self.step_of: tuple[Any, str] = (None, "")
        #: kind -> the game's cards of that kind (``of_kind``; the cards never change kind)
        self.kinds: dict[str, frozenset[int]] = {}
        #: seat -> the context its last listing evaluated in (``_context``), its own per copy
        self.contexts: dict[int, Ctx] = {}
        #: (the index of actions by seat its games start with, the plans made with it) when
        #: the game started from a ruleset's shared start (``share``), else None
        self.shared: tuple[Any, dict[tuple[int, str, bool], Any]] | None = None

    def share(self, by_seat: Any, plans: dict[tuple[int, str, bool], Any], parts: dict[int, Any],
              kinds: dict[str, frozenset[int]]) -> None:
        """Start from the plans, parts and kinds that earlier games of the same ruleset and
        player count made (``effects._Start``), with their index of actions by seat
        ``by_seat`` (``GameEffects._by_seat``, which the game is then given); a plan this
        game makes while its actions are still those it started with is added to ``plans``.

        Why: every game made its two dozen plans afresh (the seat's actions in a step, the
        generated listing looked up by its actions, zones and options), 1.7 % of the
        instructions of a game of an expansion with a declared action; they are the same in every
        game that starts with the same actions: a plan is a function of the actions, the
        seat, the step and the turn, and otherwise of the ruleset and player count alone.
        A plan stands only while its index ``by_seat`` is the game's and counts the game's
        actions (``legal``), so a game that acquires actions makes its own plans, as
        before, in its own copy of the plans' map. The parts (an action's guard and key
        functions, by the action) and the cards of each kind are functions of the action
        or of the ruleset's cards: shared as they are."""
        self.shared = (by_seat, plans)
        self.plans = dict(plans)
        self.parts = parts
        self.kinds = kinds

    def of_kind(self, fx: GameEffects, kind: str) -> frozenset[int]:
        """The game's cards of ``kind`` (what ``card.kind == kind`` answers for), made
        when a key first reads them: a key filters a zone by this set's membership test."""
        cards = self.kinds.get(kind)
        if cards is None:
            st = fx.game.state
            kinds, types = st.type_kinds, st.bean_of
            cards = self.kinds[kind] = frozenset(c for c, t in enumerate(types) if kinds[t] == kind)
        return cards

    def __deepcopy__(self, memo: dict[int, Any]) -> ListingMemo:
        """A look-ahead copy shares the answers (keyed by content) and the functions made
        per action; its plans are its own (made from its own list of actions)."""
        twin = ListingMemo.__new__(ListingMemo)
        twin.max_uses, twin.max_values = self.max_uses, self.max_values
        twin.entries, twin.values, twin.parts = self.entries, self.values, self.parts
        twin.plans, twin.step_of, twin.kinds, twin.contexts = {}, (None, ""), self.kinds, {}
        twin.shared = None  # (its index of actions by seat is a copy: its plans are its own)
        return twin

    def _parts(self, fx: GameEffects, action: CompiledAction) -> tuple[CompiledAction, Guard | None, Reader | None,
                                                                         Reader | None]:
        made = self.parts.get(id(action))
        if made is None or made[0] is not action:
            guard = make_guard(action.guard) if action.guard is not None else None
            reads = action.reads
            reader = make_reader(reads, fx) if reads is not None else None
            fine = getattr(reads, "values", None)  # an ``ActionReads``' inputs of the values alone
            values = make_reader(fine, fx) if reader is not None and fine is not None else None
            made = self.parts[id(action)] = (action, guard, reader, values)
        return made

    def _plan(self, fx: GameEffects, seat: int, step: str, own: bool) -> tuple[list[Plan], Listing | None, tuple[int, ...]]:
        """The plan of ``seat``'s listing in ``step`` (on its turn or not), its generated
        listing function (None while a card's action is in it: the plan is then read by
        ``legal``'s loop) and the plan's action indices (the listing's ``I``)."""
        indices = fx._seat_actions(seat, step)  # less the actions of other steps (`only_step`)
        made = self.plans.get((seat, step, own))
        if made is not None and made[0] is indices:
            if made[4] is not fx._by_seat:
                self.plans[(seat, step, own)] = made[:4] + (fx._by_seat, made[5])
            return made[1], made[2], made[3]
        chosen = []
        for index in indices:
            action, owner = fx.actions[index]
            if action.timing == "own_turn" and not own or action.timing == "others_turn" and own:
                continue
            chosen.append((index, action, owner == HOLDER))
        listing = None if any(card for _, _, card in chosen) else make_listing([a for _, a, _ in chosen], fx)
        plan: list[Plan] = []
        if listing is None:
            for index, action, card in chosen:
                _, guard, reader, _ = self._parts(fx, action)
                plan.append((index, action, card, guard, reader))
        at = tuple(index for index, _, _ in chosen)
        cards: tuple[dict[int, tuple[int, ...]], str | None] | None = None
        if listing is None and all(card for _, _, card in chosen):
            places: dict[int, tuple[int, ...]] = {}
            for place, (index, _, _, _, _) in enumerate(plan):
                held = fx._action_cards[index]
                places[held] = places.get(held, ()) + (place,)
            guards = {action.guard[:3] if action.guard is not None and action.guard[0] == "card_in" else None
                      for _, action, _ in chosen}
            only = guards.pop() if len(guards) == 1 else None
            # the guard read off that zone alone (a zone of that id shared too is looked at first: not then)
            zone = only[1] if only is not None and not only[2] and only[1] not in fx.game.state.shared else None
            cards = (places, zone)
        made = self.plans[(seat, step, own)] = (indices, plan, listing, at, fx._by_seat, cards)
        shared = self.shared
        if shared is not None and fx._by_seat is shared[0]:  # (the actions it started with: ``share``)
            shared[1][(seat, step, own)] = made
        return plan, listing, at

    def store(self, index: int, seat: int, key: Any, action: CompiledAction, listed: tuple[Any, ...]) -> None:
        """Remember what ``action`` listed for ``seat`` with inputs ``key``."""
        entries = self.entries
        if len(entries) >= MAX_ENTRIES:
            entries.clear()
        entries[(index, seat, key)] = (action, listed)

    def store_values(self, index: int, seat: int, key: Any, action: CompiledAction, values: tuple[Any, ...]) -> None:
        """Remember ``action``'s list of values for ``seat`` with the values' inputs ``key``."""
        found = self.values
        if len(found) >= MAX_ENTRIES:
            found.clear()
        found[(index, seat, key)] = (action, values)

    def legal(self, fx: GameEffects, seat: int) -> list[Action]:
        """The ``act`` of every declared action ``seat`` may take now, each naming the
        action's index (``card``) and value number (``field``; -1 for a plain action)
        (the module docstring says in which order it asks; ``GameEffects.legal_actions``
        reads them as (index, action, value number))."""
        game = fx.game
        if game.step is self.step_of[0]:  # a step object keeps its spec: its id is known
            step = self.step_of[1]
        else:
            step = fx.step()
            self.step_of = (game.step, step)
        own = seat == game.state.active
        stood = self.plans.get((seat, step, own))
        by_seat = fx._by_seat
        if stood is not None and stood[4] is by_seat and by_seat is not None and by_seat[0] == len(fx.actions):
            at = stood[3]
            if not at:  # no action to list in this step (most decisions of a ruleset's other steps)
                return []
            plan, listing = stood[1], stood[2]  # it stands (what ``_plan`` would give)
        else:
            plan, listing, at = self._plan(fx, seat, step, own)
            stood = self.plans[(seat, step, own)]
        if not at:  # no action of the seat's in this step (every other seat at most decisions)
            return []
        if listing is not None:
            return listing(fx, seat, step, self, at)
        cards_only = stood[5]
        if cards_only:  # only cards' actions: those of the cards the seat holds, in the plan's order
            # ``_action_cards_holding`` and ``_held_of`` spelt out (every seat at most decisions)
            count = len(fx.actions)
            known = fx._action_holding
            spec = known[count] if known is not None and count in known else fx._action_cards_holding()
            if spec is None:
                return []
            wanted, zones, on_fields = spec
            places, guarded_in = cards_only
            st = game.state
            per_player = st.per_player
            found: list[int] = []
            if guarded_in is not None:  # every action's guard: its card in the seat's zone ``guarded_in``
                if guarded_in in zones and 0 <= seat < len(per_player[guarded_in]):
                    cards = per_player[guarded_in][seat]
                    if not wanted.isdisjoint(cards):
                        found += wanted.intersection(cards)
            else:
                for zone in zones:
                    cards = per_player[zone][seat]
                    if not wanted.isdisjoint(cards):
                        found += wanted.intersection(cards)
                if on_fields:
                    for planted in st.fields[seat]:
                        if not wanted.isdisjoint(planted):
                            found += wanted.intersection(planted)
            if not found:
                return []
            order = sorted({place for card in found for place in places.get(card, ())})
            plan = [plan[place] for place in order]
        uses = fx.uses
        entries = self.entries
        cap = self.max_uses
        out: list[Action] = []
        made: list[Ctx] = []  # one context for the listing, made when a first rule is read
        held: set[int] | None = None  # the cards with actions the seat holds, found when first needed
        guarded = cards_only is not None and cards_only is not False and cards_only[1] is not None  # (every guard held: ``found``)
        for index, action, card, guard, reader in plan:
            if card and not cards_only:
                if held is None:
                    held = fx._held_of(seat, fx._action_cards_holding())
                if fx._action_cards[index] not in held:
                    continue
            if uses and uses.get((seat, index), 0) >= cap:
                continue
            if guard is not None and not guarded and not guard(fx, seat):
                continue  # its first test fails (`required_guard`): no value, or its condition is false
            key = None if reader is None else reader(fx, seat, step)
            if key is not None:  # its inputs are known: the same inputs pass the same values
                entry = entries.get((index, seat, key))
                if entry is not None and entry[0] is action:
                    out.extend(entry[1])
                    continue
            evaluate(fx, seat, out, index, action, key, made, self, step)
        return out


def _context(fx: GameEffects, seat: int, action: CompiledAction, made: list[Ctx], memo: ListingMemo) -> Ctx:
    """The listing's one context for ``action`` (taken when a first rule is read).

    Why kept per seat (``ListingMemo.contexts``) from one listing to the next: a listing
    that evaluates anything (a few hundred a game: a test reading the fields' sizes is
    asked again after every planting) made a context of its own, a sixth of an
    evaluation. A kept one is given the decision's budget, the seat to move and the rule;
    its variables are made again when anything besides the three names is left in them
    (a rule of a card binds ``this``, an evaluation that failed may leave its parameter)."""
    if made:
        ctx = made[0]
        ctx.rule = action.rule
        return ctx
    budget = fx.budget()  # (asked once per listing that evaluates, as before: it counts the rules read, ``epoch``)
    kept = memo.contexts.get(seat)
    if kept is not None and kept.world is fx and len(kept.vars) == 3:
        ctx = kept
        ctx.vars["active"] = fx.game.state.active
        ctx.budget = budget
        ctx.rule = action.rule
    else:
        ctx = memo.contexts[seat] = Ctx(fx, {"owner": seat, "active": fx.game.state.active,
                                             "opponent": fx.next_player(seat)}, budget, action.rule)
    made.append(ctx)
    return ctx


def evaluate(fx: GameEffects, seat: int, out: list[Any], index: int, action: CompiledAction, key: Any,
             made: list[Ctx], memo: ListingMemo, step: str, vkey: Any = _UNSET, found: Any = _UNSET) -> None:
    """Ask ``action``'s values and condition for ``seat`` and list what passes into
    ``out``; remember it under ``key`` unless None. ``made`` holds the listing's one
    context once the first rule is read (what ``new_ctx`` makes, without asking again what
    the listing knows). The list of values is itself remembered by its own inputs, when
    they are known (``ActionReads.values``): an empty list lists nothing, whatever else
    changed. ``vkey``: that key, when the caller read it (None: it may not be made now);
    ``found``: what the values' memo holds for it, when the caller looked (a generated
    listing does, to skip an empty list: asking again was a tenth of an evaluation).

    ``GameEffects._allowed`` is spelt out for an action without a cost (its condition
    asked directly for each value), and ``store`` too: a listing asks here whenever an
    action's inputs changed, a few hundred times a game."""
    first = len(out)
    condition = action.condition
    # (each passing value listed as the seat's ``act``, made as a plain tuple is)
    new, rule = tuple.__new__, (action.rule,)
    if action.values is None:
        if fx._allowed(action, _context(fx, seat, action, made, memo)):
            out.append(new(Action, (ACT, seat, -1, index, -1, (), rule)))
    else:
        if vkey is _UNSET:
            fine = memo._parts(fx, action)[3] if key is not None else None
            vkey = None if fine is None else fine(fx, seat, step)
        known = found if found is not _UNSET else None if vkey is None else memo.values.get((index, seat, vkey))
        if known is not None and known[0] is action:
            values = known[1]
            ctx = None
        else:
            ctx = _context(fx, seat, action, made, memo)
            values = tuple(list(action.values(ctx))[:memo.max_values])
            if vkey is not None:
                memo.store_values(index, seat, vkey, action, values)
        if not values:
            if key is not None:
                memo.store(index, seat, key, action, ())
            return
        if ctx is None:
            ctx = _context(fx, seat, action, made, memo)
        # the parameter is bound for each value in turn, and unbound after the last, so the
        # next rule finds the context as made
        param = str(action.param)
        bound = ctx.vars
        if action.cost is None and condition is not None:
            for number, value in enumerate(values):
                bound[param] = value
                if condition(ctx):
                    out.append(new(Action, (ACT, seat, number, index, -1, (), rule)))
        else:
            for number, value in enumerate(values):
                bound[param] = value
                if fx._allowed(action, ctx):
                    out.append(new(Action, (ACT, seat, number, index, -1, (), rule)))
        bound.pop(param, None)
    if key is not None:
        entries = memo.entries  # ``store`` spelt out
        if len(entries) >= MAX_ENTRIES:
            entries.clear()
        entries[(index, seat, key)] = (action, tuple(out[first:]))


#: The comparisons a guard makes, as written in a generated listing (``GUARD_OPS``' keys).
_OPS = {"==": "==", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}
#: Generated listings, by seat, table size, zones, and the plan's (index, action) pairs:
#: games of one ruleset share them. Each holds its actions, so their ids stay theirs.
_LISTINGS: dict[tuple[Any, ...], Listing | None] = {}
#: Generated listings remembered at most.
MAX_LISTINGS = 512


def _guard_source(guard: tuple[Any, ...], st: Any, const: Callable[[Any], str]) -> str | None:
    """``make_guard``'s test as source (over ``phase``, ``c``, ``st`` and ``seat``)."""
    kind = guard[0]
    if kind == "phase":
        return f"phase in {const(guard[1])}"
    if kind in ("this_in", "card_in"):  # (only cards' actions hold this, and their plans are not generated)
        return None
    op = _OPS.get(guard[-2])
    if op is None:
        return None
    n = const(guard[-1])
    if kind == "counter":
        return f"c.get((seat, {const(guard[1])}), 0) {op} {n}"
    if kind != "count":
        return None
    zid, shared = guard[1], guard[2]
    if zid in st.shared:  # a shared zone of that id first, as ``_zone_list`` looks
        size = f"len(st.shared[{const(zid)}])"
    elif not shared and zid in st.per_player:
        size = f"len(st.per_player[{const(zid)}][seat])"
    else:
        size = "0"
    return f"{size} {op} {n}"


#: The reads a generated listing takes once into a local (``make_listing``): a seat's
#: counter, a seat's copy of a zone, a shared zone, a seat's coins, whether it is the
#: seat's turn, whether the phase is one of some names.
_ATOMS = re.compile(r"c\.get\(\(seat, _k\d+\), 0\)|st\.per_player\[_k\d+\]\[seat\]|st\.shared\[_k\d+\]"
                    r"|len\(st\.coins\[seat\]\)|st\.active == seat|phase in _k\d+")


def make_listing(actions: list[CompiledAction], fx: GameEffects) -> Listing | None:
    """The listing of a plan's ``actions`` (no card's action among them) as one generated
    function of the seat and the plan's action indices ``I`` (every seat owns the same
    actions, at indices of its own): for each action in order, the uses test, its guard
    and its key written out, then the remembered answer or ``evaluate``. The same steps as
    ``ListingMemo.legal``'s loop, without a call per step. None when a guard or key
    cannot be written.

    Written for CPython's cost per operation (a listing runs at most decisions, and most
    of its time went to reading the same few inputs again): a read written more than once
    (``_ATOMS``: a counter, a zone of the seat…) is taken into a local at the start, each
    one a name after that; the uses test is asked of every action only when some action
    was taken as often as it may be this turn (the seat's or another's: an exact test
    either way); an item of several keys that copies cards is made once, when first
    needed."""
    st = fx.game.state
    any_time = bool(getattr(fx.game, "_harvest_any_time", False))  # fixed by the player-count row
    option = fx.game.rules.option  # (an option read by a key is written into the listing: its value keys it too)
    cache_key = (fx.game.players, any_time, frozenset(st.shared), frozenset(st.per_player), tuple(id(a) for a in actions),
                 options_read([r for a in actions for r in (a.reads, getattr(a.reads, "values", None))], option))
    if cache_key in _LISTINGS:
        return _LISTINGS[cache_key]
    if len(_LISTINGS) >= MAX_LISTINGS:
        _LISTINGS.clear()
    consts, const = _constants()
    cap, miss, unset = const(fx.listing_memo.max_uses), const(evaluate), const(_UNSET)
    keys = [None if a.reads is None else _key_parts(a.reads, st, fx.game.players, const, any_time, option)
            for a in actions]
    # the key of the values' inputs, asked first: a remembered empty list lists nothing
    fine = [None if k is None or getattr(a.reads, "values", None) is None
            # a list read off the phase or step alone is asked every time it is listed: no
            # position leaves it empty that its guard lets through often enough to pay
            or all(r[0] in ("phase", "phase_in", "step", "step_in") for r in a.reads.values)  # type: ignore[union-attr]
            else _key_parts(a.reads.values, st, fx.game.players, const, any_time, option)  # type: ignore[union-attr]
            for a, k in zip(actions, keys)]
    # an item several actions read (a ship's cards, the fields) is read once per listing,
    # when first needed (a guard may skip the action that reads it first); a read taken
    # into a local is no such item
    seen: dict[str, int] = {}
    for made in keys + fine:
        for part in set(made[1]) if made is not None else ():
            seen[part] = seen.get(part, 0) + 1
    shared = {part: f"_p{n}" for n, part in enumerate(p for p, times in seen.items()
                                                       if times > 1 and "(" in p and not _ATOMS.fullmatch(p))}

    def item(part: str) -> str:
        return f"({shared[part]} if {shared[part]} is not {unset} else ({shared[part]} := {part}))" if part in shared else part
    lines: list[str] = []
    phase = False
    for number, action in enumerate(actions):
        a, index = const(action), f"_i{number}"
        lines.append(f"    if full is False or uses.get((seat, {index}), 0) < {cap}:")
        pad = "        "
        if action.guard is not None:
            test = _guard_source(action.guard, st, const)
            if test is None:
                _LISTINGS[cache_key] = None
                return None
            phase = phase or action.guard[0] == "phase"
            lines.append(f"{pad}if {test}:")
            pad += "    "
        made = keys[number]
        if made is None:
            lines.append(f"{pad}{miss}(fx, seat, out, {index}, {a}, None, made, memo, step)")
            continue
        vkey = "None"
        if fine[number] is not None:
            vtests, vparts = fine[number]  # type: ignore[misc]
            phase = phase or any(read[0] in ("phase", "phase_in") for read in action.reads.values or ())  # type: ignore[union-attr]
            lines.append(f"{pad}v = None if {' or '.join(vtests)} else {_tuple([item(p) for p in vparts])}" if vtests
                         else f"{pad}v = {_tuple([item(p) for p in vparts])}")
            lines.append(f"{pad}ve = None if v is None else values.get(({index}, seat, v))" if vtests
                         else f"{pad}ve = values.get(({index}, seat, v))")
            lines.append(f"{pad}if ve is None or ve[0] is not {a} or ve[1]:")  # unless no value: nothing listed
            pad += "    "
            vkey = "v, ve"  # (the values' key and what their memo holds, passed on to ``evaluate``)
        tests, parts = made
        key = _tuple([item(p) for p in parts])
        phase = phase or any(read[0] in ("phase", "phase_in") for read in action.reads or ())
        if tests:
            lines.append(f"{pad}k = None if {' or '.join(tests)} else {key}")
            lines.append(f"{pad}e = None if k is None else entries.get(({index}, seat, k))")
        else:
            lines.append(f"{pad}k = {key}")
            lines.append(f"{pad}e = entries.get(({index}, seat, k))")
        lines.append(f"{pad}if e is not None and e[0] is {a}:")
        lines.append(f"{pad}    if e[1]:")
        lines.append(f"{pad}        out += e[1]")
        lines.append(f"{pad}else:")
        lines.append(f"{pad}    {miss}(fx, seat, out, {index}, {a}, k, made, memo, step, {vkey})")
    # the reads written more than once, each taken into a local first (in the order first
    # written: a zone of the seat is read as the guards read it)
    body = "\n".join(lines)
    atoms: dict[str, str] = {}
    for found in _ATOMS.finditer(body):
        if found.group() not in atoms and len(re.findall(re.escape(found.group()) + r"(?![\w\[(])", body)) > 1:
            atoms[found.group()] = f"_a{len(atoms)}"
    if atoms:
        body = re.sub("|".join(re.escape(atom) + r"(?![\w\[(])" for atom in sorted(atoms, key=len, reverse=True)),
                      lambda m: atoms[m.group()], body)
    head = ["    st = fx.game.state", "    c = fx.counters", "    uses = fx.uses", "    entries = memo.entries",
            "    values = memo.values",
            # whether an action may have been taken as often as it may be this turn
            f"    full = bool(uses) and max(uses.values()) >= {cap}",
            "    out = []", "    made = []"] + (["    phase = fx.game.phase.id"] if phase else [])

    head += [f"    {name} = {atom}" for atom, name in atoms.items()]
    if actions:
        head.append(f"    {''.join(f'_i{n}, ' for n in range(len(actions)))}= I")
    if shared:
        head.append(f"    {' = '.join(shared.values())} = {unset}")
    source = "\n".join(head) + "\n" + body + "\n    return out\n"
    listing: Listing = _define("_listing", "fx, seat, step, memo, I", source, consts, "declared listing")
    _LISTINGS[cache_key] = listing
    return listing
