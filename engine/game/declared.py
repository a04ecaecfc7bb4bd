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
from typing import TYPE_CHECKING, Any, Callable

from engine.lang.compiler import GUARD_OPS, Ctx

if TYPE_CHECKING:
    from engine.game.effects import GameEffects
    from engine.lang.compiler import CompiledAction

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


def _source(reads: tuple[tuple[Any, ...], ...], fx: GameEffects, consts: dict[str, Any]) -> str | None:
    """The body of a key function for ``reads``: one tuple expression. Every name or
    text a ruleset wrote is passed as a constant (``_kN``), never written into the source."""
    st = fx.game.state
    players = fx.game.players

    def const(value: Any) -> str:
        name = f"_k{len(consts)}"
        consts[name] = value
        return name

    parts: list[str] = []
    tests: list[str] = []
    for read in reads:
        kind = read[0]
        if kind == "active":
            parts.append("st.active")
        elif kind == "own_turn":
            parts.append("st.active == seat")
        elif kind == "phase":
            parts.append("fx.game.phase.id")
        elif kind == "step":
            parts.append("step")
        elif kind == "counter":
            k = const(read[1])
            parts.append(f"({', '.join(f'c.get(({p}, {k}), 0)' for p in range(players))},)" if read[2]
                         else f"c.get((seat, {k}), 0)")
        elif kind == "coins":
            parts.append("tuple(map(len, st.coins))" if read[1] else "len(st.coins[seat])")
        elif kind == "fields":
            parts.append("tuple([tuple(map(tuple, f)) for f in st.fields])" if read[1]
                         else "tuple(map(tuple, st.fields[seat]))")
        elif kind == "zone":
            zid = read[1]
            k = const(zid)
            if zid in st.shared:  # a shared zone of that id first, as ``_zone_list`` looks
                parts.append(f"tuple(st.shared[{k}])")
            elif zid in st.per_player:
                parts.append(f"tuple(map(tuple, st.per_player[{k}]))" if read[2] == "all"
                             else f"tuple(st.per_player[{k}][seat])")
            else:
                parts.append("None")
        elif kind == "may_harvest":
            tests.append(f"{const('may_harvest')} in fx.modifiers")
            parts.append("fx.game.harvest_allowed_now(seat)")
        elif kind == "beanometer":
            tests.append(f"{const('beanometer')} in fx.modifiers")
        else:
            return None
    body = "    st = fx.game.state\n    c = fx.counters\n"
    if tests:  # a rule changes the answer: its inputs are not all named here
        body += f"    if {' or '.join(tests)}:\n        return None\n"
    return body + f"    return ({''.join(p + ', ' for p in parts)})\n"


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
                 for r in reads if r[0] == "zone")
    cache_key = (reads, fx.game.players, lies)
    if cache_key in _READERS:
        return _READERS[cache_key]
    if len(_READERS) >= MAX_READERS:
        _READERS.clear()
    reader = _READERS[cache_key] = _make_reader(reads, fx)
    return reader


def _make_reader(reads: tuple[tuple[Any, ...], ...], fx: GameEffects) -> Reader | None:
    consts: dict[str, Any] = {}
    body = _source(reads, fx, consts)
    if body is None:
        return None
    params = "".join(f", {k}={k}" for k in consts)
    space: dict[str, Any] = dict(consts)
    code = f"def _key(fx, seat, step{params}):\n{body}"
    exec(compile(code, f"<action inputs {next(_NUMBERS)}>", "exec"), space)  # noqa: S102 - our own source, constants passed apart
    reader: Reader = space["_key"]
    return reader


#: One action of a listing's plan: its index, the action, whether a card holds it (its
#: owner is the card's holder), its guard and its key function (None: none).
Plan = tuple[int, "CompiledAction", bool, Guard | None, Reader | None]


class ListingMemo:
    """A game's listing of declared actions (``legal``) and its remembered answers:
    (action index, seat, key) -> (the action, the value numbers that passed; -1 for a
    plain action that passed)."""

    __slots__ = ("entries", "parts", "plans", "max_uses", "max_values")

    def __init__(self) -> None:
        from engine.game.effects import MAX_ACTION_USES, MAX_ACTION_VALUES

        self.max_uses = MAX_ACTION_USES
        self.max_values = MAX_ACTION_VALUES
        self.entries: dict[tuple[int, int, Any], tuple[CompiledAction, tuple[int, ...]]] = {}
        #: action -> (the action, its guard function, its key function), by the action's id
        self.parts: dict[int, tuple[CompiledAction, Guard | None, Reader | None]] = {}
        #: (seat, step, the seat's turn) -> (the seat's action indices it was made from, the plan)
        self.plans: dict[tuple[int, str, bool], tuple[list[int], list[Plan]]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> ListingMemo:
        """A look-ahead copy shares the answers (keyed by content) and the functions made
        per action; its plans are its own (made from its own list of actions)."""
        twin = ListingMemo.__new__(ListingMemo)
        twin.max_uses, twin.max_values = self.max_uses, self.max_values
        twin.entries, twin.parts, twin.plans = self.entries, self.parts, {}
        return twin

    def _parts(self, fx: GameEffects, action: CompiledAction) -> tuple[CompiledAction, Guard | None, Reader | None]:
        made = self.parts.get(id(action))
        if made is None or made[0] is not action:
            guard = make_guard(action.guard) if action.guard is not None else None
            reader = make_reader(action.reads, fx) if action.reads is not None else None
            made = self.parts[id(action)] = (action, guard, reader)
        return made

    def _plan(self, fx: GameEffects, seat: int, step: str, own: bool) -> list[Plan]:
        indices = fx._seat_actions(seat, step)  # less the actions of other steps (`only_step`)
        made = self.plans.get((seat, step, own))
        if made is not None and made[0] is indices:
            return made[1]
        from engine.game.effects import HOLDER

        plan: list[Plan] = []
        for index in indices:
            action, owner = fx.actions[index]
            if action.timing == "own_turn" and not own or action.timing == "others_turn" and own:
                continue
            _, guard, reader = self._parts(fx, action)
            card = owner == HOLDER
            plan.append((index, action, card, guard, None if card else reader))
        self.plans[(seat, step, own)] = (indices, plan)
        return plan

    def legal(self, fx: GameEffects, seat: int) -> list[tuple[int, CompiledAction, int]]:
        """``GameEffects.legal_actions``: (index, action, value number) of every declared
        action ``seat`` may take now (the module docstring says in which order it asks)."""
        active = fx.game.state.active
        step = fx.step()
        uses = fx.uses
        entries = self.entries
        cap = self.max_uses
        out: list[tuple[int, CompiledAction, int]] = []
        ctx: Ctx | None = None  # one context for the listing, made when a first rule is read
        held: set[int] | None = None  # the cards with actions the seat holds, found when first needed
        for index, action, card, guard, reader in self._plan(fx, seat, step, seat == active):
            if card:
                if held is None:
                    held = fx._held_of(seat, fx._action_cards_holding())
                if fx._action_cards[index] not in held:
                    continue
            if uses and uses.get((seat, index), 0) >= cap:
                continue
            if guard is not None and not guard(fx, seat):
                continue  # its first test fails (`required_guard`): no value, or its condition is false
            key = None if reader is None else reader(fx, seat, step)
            if key is not None:  # its inputs are known: the same inputs pass the same values
                entry = entries.get((index, seat, key))
                if entry is not None and entry[0] is action:
                    for number in entry[1]:
                        out.append((index, action, number))
                    continue
            # what new_ctx(fx, seat, action.rule) makes, without asking again what this listing knows
            if ctx is None:
                ctx = Ctx(fx, {"owner": seat, "active": active, "opponent": fx.next_player(seat)}, fx.budget(), action.rule)
            else:
                ctx.rule = action.rule
            first = len(out)
            if action.values is None:
                if fx._allowed(action, ctx):
                    out.append((index, action, -1))
            else:
                values = list(action.values(ctx))[:self.max_values]
                # the parameter is bound for each value in turn, and unbound after the last,
                # so the next rule finds the context as made
                param = str(action.param)
                for number, value in enumerate(values):
                    ctx.vars[param] = value
                    if fx._allowed(action, ctx):
                        out.append((index, action, number))
                ctx.vars.pop(param, None)
            if key is not None:
                if len(entries) >= MAX_ENTRIES:
                    entries.clear()
                entries[(index, seat, key)] = (action, tuple([entry[2] for entry in out[first:]]))
        return out
