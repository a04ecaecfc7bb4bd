"""One ply ahead: what an action would do for its seat, tried on a copy of the game.

Bots weigh declared actions (sail a ship, sell a card, play an action card) by their
effect, which only running them can tell. ``preview`` copies the game (the ruleset and
its compiled rules are shared, never copied), applies the action to the copy and reports
what changed *for the acting seat, in counts only*: its score, coins, cards in hand,
cards on its fields and fields, and the ``worth`` hints of the cards it holds (a ruleset
tells bots what an action card or a ship is worth to hold; the card whose own action is
weighed is left out, since playing it is how its worth is earned). The copy's draw pile is shuffled with a seed of its own
first, so a preview never tells the true order of hidden cards, and choices inside
effects take the first option. The real game, its log and its random numbers are
untouched; even the counts before the action are read on the copy, since reading rules
spends the effect budget of the game read (tests/game/test_preview_isolation.py dumps
every object of a game before and after previews and compares them).

Why a copy, and what makes it cheap. An undo journal (apply the action to the real game,
read the counts, roll back) would copy nothing, but one missed cache and the real game
changes under the bot. A copy is exact by construction, so the work goes into copying
less: the ruleset, compiled rules and rule objects are
shared (registered with ``copy`` as atomic), as are the parts of a game fixed when it
starts (``_copy_zones``); the zones, the bulk of a game, are sliced; and a tuple found to
hold only shared things is remembered (``_FROZEN``) and shared at once the next time,
where the generic copy looked inside it again on every copy (the cards for sale and their
index were about a hundred such tuples in a game with buildings for sale). What a copy costs is mostly calls,
so a part that is shared or already copied (in the memo) is found inline, without a call
of ``_copy``, a container is copied whole by C code and only its parts that are not
shared are replaced, and the copy's deck is shuffled by :func:`shuffle` (``random.shuffle``'s
order without its two calls per card). After the preview the copy is emptied
(:func:`_release`), so it is freed at once rather than left to the cyclic collector. A copy made by ``pickle`` (C code) was tried and
gained little: its per-object memo and the shared objects' hooks cost what the Python
loop costs.
"""

from __future__ import annotations

import copy
import copyreg
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import BohnError
from engine.game.actions import ACT, HARVEST, PASS, PLANT
from engine.lang.context import new_ctx
from engine.lang.limits import MAX_STEPS

if TYPE_CHECKING:
    from engine.game.actions import Action
    from engine.game.core import Game


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one action changes for its seat (after minus before)."""

    score: int
    coins: int
    hand: int
    planted: int
    fields: int
    refused: bool = False
    #: change of the held cards' ``worth`` hints
    worth: float = 0.0

    def value(self) -> float:
        """A plain estimate in coins: score first, cards in hand and on fields a little,
        and what the ruleset says the cards held are worth."""
        if self.refused:
            return float("-inf")
        return self.score + 0.25 * self.hand + 0.1 * self.planted + 0.5 * self.fields + self.worth


def _standing(game: Game, seat: int, skip: int | None = None) -> tuple[int, int, int, int, int, float]:
    st = game.state
    coins = len(st.coins[seat])
    fx = game.fx
    score = int(fx.modified("score", coins, player=seat)) if fx is not None and fx.has("score") else coins
    worth = fx.held_worth(seat, skip) if fx is not None else 0.0
    return score, coins, len(st.hands[seat]), sum(len(f) for f in st.fields[seat]), len(st.fields[seat]), worth


_DISPATCH: dict[type, Any] = copy._deepcopy_dispatch  # type: ignore[attr-defined]
_DISPATCH_GET = _DISPATCH.get
_ATOMIC = copy._deepcopy_atomic  # type: ignore[attr-defined]
#: set once the rule types are registered with ``copy``
_SHARED: list[bool] = []


def _share_immutables() -> None:
    """Rule objects (the typed ruleset model, compiled effects, spans, read-only maps)
    never change after loading: a copy of a game shares them instead of copying them.
    Done once per process."""
    if _SHARED:
        return
    _SHARED.append(True)
    from types import MappingProxyType

    from engine.errors import Span
    from engine.lang import compiler
    from engine.rules import model

    from engine.game.actions import Action
    from engine.game.fixed import Fixed
    from engine.lang.world import FieldRef, ZoneRef

    # actions and references are tuples of strings and numbers: nothing in them changes
    shared: list[type] = [MappingProxyType, Span, compiler.Compiled, compiler.CompiledTrigger,
                          compiler.CompiledModifier, compiler.CompiledAction, Fixed, Action, FieldRef, ZoneRef]
    shared += [t for t in vars(model).values() if isinstance(t, type) and t.__module__ == model.__name__
               and getattr(getattr(t, "__dataclass_params__", None), "frozen", False)]
    for t in shared:
        copy._deepcopy_dispatch[t] = copy._deepcopy_atomic  # type: ignore[attr-defined]


def _copy_zones(game: Game, memo: dict[int, Any]) -> None:
    """Copy the state's card lists straight into ``memo`` (the bulk of a game, and plain
    lists of ints), so the deep copy finds them made; whatever else holds one of them (a
    step's zone) gets the same copy. A card's type never changes: ``bean_of`` is shared."""
    st = game.state
    memo[id(st.bean_of)] = st.bean_of
    memo[id(game._names)] = game._names
    memo[id(game._listed)] = game._listed  # a tuple of actions: nothing in it changes
    # the card types, their kinds and the zones and uses each may have: fixed when the game starts
    for fixed in (st.card_types, st.type_kinds, game._kind_zones, game._unplantable, game._untradable):
        memo[id(fixed)] = fixed
    for shared in (game._fixed.bean_rules, game._fixed.decks):  # the ruleset's, read only
        memo[id(shared)] = shared
    for part in _SET_AT_START:
        value = getattr(game.fx, part, None)
        if value is not None:
            memo[id(value)] = value
    # the copy's own random numbers, seeded apart from the game's
    memo[id(st.rng)] = random.Random(game.seed * 1_000_003 + game.actions_taken)
    for zone in st.shared.values():
        memo[id(zone)] = zone[:]
    memo[id(st.shared)] = {k: memo[id(v)] for k, v in st.shared.items()}
    for zones in st.per_player.values():
        for zone in zones:
            memo[id(zone)] = zone[:]
        memo[id(zones)] = [memo[id(z)] for z in zones]
    memo[id(st.per_player)] = {k: memo[id(v)] for k, v in st.per_player.items()}
    for fields in st.fields:
        for planted in fields:
            memo[id(planted)] = planted[:]
        memo[id(fields)] = [memo[id(f)] for f in fields]
    memo[id(st.fields)] = [memo[id(f)] for f in st.fields]


#: parts of the game's effects made when it starts and only read afterwards (the order
#: of declarations, the rules of the ruleset and of its cards, which apply to whoever holds
#: a card at the time): a copy shares them
_SET_AT_START = ("_rank", "triggers", "modifiers", "_trigger_keys", "_modifier_keys", "_card_events", "_card_queries",
                 "_rule_cards", "_action_cards", "_values", "_kind_zones")


#: tuples found to hold only what a copy shares (numbers, strings, rule objects, such
#: tuples), by id: a copy shares them without looking inside again. The tuple itself is
#: kept, so its id cannot be reused while it is here; cleared when it reaches MAX_FROZEN.
_FROZEN: dict[int, tuple[Any, ...]] = {}
MAX_FROZEN = 4096
#: a memo lookup that found nothing (None may be a copy's value)
_NOT_MADE: Any = object()
#: per class: whether ``deepcopy`` would copy its instances as plain objects (a new
#: instance of the class whose ``__dict__`` is a deep copy), so :func:`_copy` may too
_PLAIN_CLASSES: dict[type, bool] = {}
#: per class: the names of all its instances' attributes, for a class whose objects the
#: copy reads and fills one attribute at a time instead of through ``__dict__``. Why: in
#: CPython 3.11 reading ``obj.__dict__`` turns the object's compact attribute layout into
#: a dict for good, and the game's hot code then runs on both layouts and keeps falling
#: back to unspecialised lookups (``Game.COPY_NAMES``; a game with buildings measured 1.3% slower
#: with the game's dict made at its first preview).
_ATTRIBUTE_NAMES: dict[type, tuple[str, ...]] = {}
#: per class: whether it is a native class of the compiled build (see :func:`_native_class`)
_NATIVE_CLASSES: dict[type, bool] = {}


def _plain_class(kind: type) -> bool:
    """Whether ``copy.deepcopy`` copies instances of ``kind`` the default way: a Python
    class made by ``object.__new__``, without slots, and without any hook of its own
    (``__deepcopy__``, ``__reduce__``, ``__reduce_ex__``, ``__getstate__``, ``__setstate__``,
    a ``copyreg`` entry). Anything else is left to ``deepcopy``."""
    known = _PLAIN_CLASSES.get(kind)
    if known is None:
        known = (kind.__new__ is object.__new__
                 and kind not in copyreg.dispatch_table
                 and getattr(kind, "__deepcopy__", None) is None
                 and getattr(kind, "__setstate__", None) is None
                 and kind.__reduce_ex__ is object.__reduce_ex__  # type: ignore[comparison-overlap]
                 and kind.__reduce__ is object.__reduce__  # type: ignore[comparison-overlap]
                 and getattr(kind, "__getstate__", None) is getattr(object, "__getstate__", None)
                 and not any("__slots__" in vars(c) for c in kind.__mro__))
        _PLAIN_CLASSES[kind] = known
    return known


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(value, memo)``, made without its per-object machinery for what a
    game is made of (numbers, strings, lists, dicts, tuples and plain objects); anything
    else goes to ``deepcopy`` with the same memo, so the copy is the same.

    What a copy costs is Python steps per part, so a container or plain object is first
    copied whole by C code (``list[:]``, ``dict.copy``, ``__dict__.update``), which keeps
    every shared part as it is, and only the parts that are not shared are replaced: a
    number or a rule object (atomic for ``deepcopy``) and a tuple in ``_FROZEN`` are shared,
    one already copied is in the memo, anything else is copied."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    made = memo.get(id(value), _NOT_MADE)
    if made is not _NOT_MADE:
        return made
    if kind is list:
        items: list[Any] = value[:]
        memo[id(value)] = items
        i = 0
        for part in value:
            if type(part) is not int and _DISPATCH_GET(type(part)) is not _ATOMIC:
                ident = id(part)
                if ident not in _FROZEN:
                    made = memo.get(ident, _NOT_MADE)
                    items[i] = made if made is not _NOT_MADE else _copy(part, memo)
            i += 1
        return items
    if kind is dict:
        for key in value:
            if type(key) is not str and type(key) is not int and id(key) not in _FROZEN:
                return _copy_dict_keys(value, memo)  # a key to copy (rare)
        out: dict[Any, Any] = value.copy()
        memo[id(value)] = out
        for key, part in value.items():
            if type(part) is not int and _DISPATCH_GET(type(part)) is not _ATOMIC:
                ident = id(part)
                if ident not in _FROZEN:
                    made = memo.get(ident, _NOT_MADE)
                    out[key] = made if made is not _NOT_MADE else _copy(part, memo)
        return out
    if kind is tuple:
        if id(value) in _FROZEN:  # (it is kept there: no other object has its id)
            return value  # known to hold nothing a copy changes
        parts: list[Any] | None = None
        i = 0
        for part in value:
            if type(part) is not int and _DISPATCH_GET(type(part)) is not _ATOMIC:
                ident = id(part)
                if ident not in _FROZEN:
                    made = memo.get(ident, _NOT_MADE)
                    if made is _NOT_MADE:
                        made = _copy(part, memo)
                    if made is not part:
                        if parts is None:
                            parts = list(value)
                        parts[i] = made
            i += 1
        made = memo.get(id(value), _NOT_MADE)  # a part may hold the tuple itself
        if made is not _NOT_MADE:
            return made
        if parts is None:
            if len(_FROZEN) >= MAX_FROZEN:
                _FROZEN.clear()
            _FROZEN[id(value)] = value
            return value  # nothing in it changes: deepcopy shares such a tuple too
        made = memo[id(value)] = tuple(parts)
        return made
    if kind is set:
        made = memo[id(value)] = {_copy(part, memo) for part in value}
        return made
    if kind is frozenset:
        fparts = [part if type(part) is int or _DISPATCH_GET(type(part)) is _ATOMIC else _copy(part, memo)
                  for part in value]
        for old, new in zip(value, fparts):
            if old is not new:
                break
        else:
            return value  # nothing in it changes: a frozenset of the same items is the same
        made = memo[id(value)] = frozenset(fparts)
        return made
    if _DISPATCH_GET(kind) is _ATOMIC:
        return value
    if _plain_class(kind):
        twin = object.__new__(kind)
        memo[id(value)] = twin
        names = _ATTRIBUTE_NAMES.get(kind)
        if names is not None:  # read and filled by name: see _ATTRIBUTE_NAMES
            for key in names:
                part = getattr(value, key)
                if type(part) is not int and _DISPATCH_GET(type(part)) is not _ATOMIC and id(part) not in _FROZEN:
                    made = memo.get(id(part), _NOT_MADE)
                    part = made if made is not _NOT_MADE else _copy(part, memo)
                setattr(twin, key, part)
            return twin
        state = value.__dict__
        if state:
            twin_state = twin.__dict__
            twin_state.update(state)
            for key, part in state.items():
                if type(part) is not int and _DISPATCH_GET(type(part)) is not _ATOMIC:
                    ident = id(part)
                    if ident not in _FROZEN:
                        made = memo.get(ident, _NOT_MADE)
                        twin_state[key] = made if made is not _NOT_MADE else _copy(part, memo)
        return twin
    if _native_class(kind):  # the compiled build's classes, filled as the plain ones above
        maker: Any = kind
        twin = maker.__new__(maker)
        memo[id(value)] = twin
        twin.__setstate__({key: part if type(part) is int or _DISPATCH_GET(type(part)) is _ATOMIC
                           else memo[id(part)] if id(part) in memo else _copy(part, memo)
                           for key, part in value.__getstate__().items()})
        return twin
    return copy.deepcopy(value, memo)  # a compiled function comes back as it is (see _native_class)


def _copy_dict_keys(value: dict[Any, Any], memo: dict[int, Any]) -> dict[Any, Any]:
    """:func:`_copy` of a dict with a key to copy: item by item, keys too, in order."""
    out: dict[Any, Any] = {}
    memo[id(value)] = out
    for key, part in value.items():
        if type(key) is not str and type(key) is not int and id(key) not in _FROZEN:
            key = _copy(key, memo)
        out[key] = part if type(part) is int or _DISPATCH_GET(type(part)) is _ATOMIC else _copy(part, memo)
    return out


def _native_class(kind: type) -> bool:
    """Whether ``kind`` is a class the compiled build made native (mypyc), whose
    instances :func:`_copy` makes empty with ``__new__`` and fills with ``__setstate__``
    from ``__getstate__`` (every attribute, as a plain object's ``__dict__``). Such a class
    must be marked copyable (:mod:`engine.game.copyable`), or its ``__new__`` runs
    ``__init__`` and fails. A function the compiled build made native (a closure, with
    ``__mypyc_env__``) is shared, as ``deepcopy`` shares a Python function: registered
    with ``copy`` the first time one is met. Never true in the pure-Python build."""
    known = _NATIVE_CLASSES.get(kind)
    if known is None:
        if hasattr(kind, "__mypyc_env__"):
            copy._deepcopy_dispatch[kind] = copy._deepcopy_atomic  # type: ignore[attr-defined]
        known = (hasattr(kind, "__mypyc_attrs__") and hasattr(kind, "__setstate__")
                 and getattr(kind, "__deepcopy__", None) is None)  # a class's own copy is deepcopy's to call
        _NATIVE_CLASSES[kind] = known
    return known


#: whether ``random.Random.shuffle`` draws as :func:`shuffle` does (every CPython since 3.2;
#: tests/game/test_preview_isolation.py compares them)
_PLAIN_SHUFFLE = (getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0))


def shuffle(cards: list[int], seed: int) -> None:
    """``random.Random(seed).shuffle(cards)``: the same order, drawn without its two calls
    per card (a seventh of a copy's work went to shuffling the copy's deck)."""
    rng = random.Random(seed)
    if not _PLAIN_SHUFFLE:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def copy_game(game: Game) -> Game:
    """A private copy that shares the immutable ruleset and records and tells nothing."""
    _share_immutables()
    kind = type(game)
    if kind not in _ATTRIBUTE_NAMES and "COPY_NAMES" in vars(kind) and _plain_class(kind):
        _ATTRIBUTE_NAMES[kind] = kind.COPY_NAMES  # (a subclass's attributes are its own)
    memo: dict[int, Any] = {id(game.rules): game.rules, id(game.listeners): [], id(game.events): []}
    _copy_zones(game, memo)
    twin: Game = _copy(game, memo)
    twin.listeners = []
    twin.record = False
    twin.logging = False
    twin.events = []
    if twin.fx is not None:
        from engine.game.effects import first_option

        twin.fx.choice_hook = first_option
    shuffle(twin.state.deck, game.seed + 7 * game.actions_taken)
    twin.touch()  # its deck is another: nothing the game listed before is kept
    return twin


def _release(twin: Game) -> None:
    """Let the copy go at once: its parts point back at it (the effects at the game, the
    holder index at the state), so dropped as it is the copy is garbage only the cyclic
    collector finds, after it has looked through it and everything made since. Emptied,
    every part is freed as soon as the preview returns. (A native class of the compiled
    build has no ``__dict__``: its copy is left to the collector.)"""
    parts = getattr(twin, "__dict__", None)
    if parts is not None:
        parts.clear()


def preview(game: Game, action: Action) -> Outcome:
    """Apply ``action`` to a copy of ``game``; report the change for ``action.seat``."""
    seat = action.seat
    fx = game.fx
    skip = fx.action_card(action.card) if fx is not None and action.kind == ACT else None
    twin = copy_game(game)  # both builds copy a game (engine/game/copyable.py): a failure is a bug, not a refusal
    try:
        # read on the copy too: reading rules spends the effect budget of the game read
        before = _standing(twin, seat, skip)
        twin.apply(action)
        after = _standing(twin, seat, skip)
    except BohnError:
        return Outcome(0, 0, 0, 0, 0, refused=True)
    finally:
        _release(twin)
    # spelt out: a starred generator would also fill `refused`, which mypyc rejects
    return Outcome(after[0] - before[0], after[1] - before[1], after[2] - before[2], after[3] - before[3],
                   after[4] - before[4], False, after[5] - before[5])


def _plant_source(game: Game, action: Action) -> tuple[list[int], int] | None:
    """The list the card a plant action takes comes from, and its position there: a step
    that plants out of a zone names it ``zone`` (one list, or one per seat), and a step
    without one plants the front card of the hand."""
    zone = getattr(game.step, "zone", None)
    if zone is None:
        return game.state.hands[action.seat], 0
    if zone and type(zone[0]) is list:
        zone = zone[action.seat]
    index = max(action.card, 0)
    return (zone, index) if index < len(zone) else None


#: How to put back what a trial moved (``_try``): the field and, for a harvest, its cards;
#: for a planting, the zone the card came from, its place there and the card.
Undo = tuple[list[int], list[int] | None, list[int] | None, int, int]


def _try(game: Game, action: Action) -> Undo | None:
    """Move the cards of ``action`` (a harvest or a planting of its seat, on its own
    field) on the game itself: a harvest empties the field, a planting moves the card
    from where the step plants it. What ``_undo`` needs to put them back, or None when
    the action cannot be tried (no such field, no card to plant)."""
    fields = game.state.fields[action.seat]
    if not 0 <= action.field < len(fields):
        return None
    field = fields[action.field]
    if action.kind == HARVEST:
        saved = field[:]
        field.clear()
        return field, saved, None, 0, -1
    source = _plant_source(game, action)
    if source is None:
        return None
    cards, index = source
    card = cards.pop(index)
    field.append(card)
    return field, None, cards, index, card


def _undo(undo: Undo) -> None:
    """Put back what ``_try`` moved, exactly where it was."""
    field, saved, cards, index, card = undo
    if saved is not None:
        field[:] = saved
    else:
        assert cards is not None
        field.pop()
        cards.insert(index, card)


def worth_after(game: Game, action: Action) -> float | None:
    """What the cards ``action.seat`` holds would be worth (their ``worth`` hints, summed)
    once a plant, harvest or pass moved its cards: a light trial, far cheaper than
    :func:`preview`. The cards are moved on the game itself (``_try``), the hints read and
    the cards put back exactly where they were; nothing fires, nothing is recorded, and a
    harvest only empties the field (its coins are not counted: the hints weigh positions,
    the bot weighs harvests). None when the ruleset gives no held worth, or for another
    kind of action or another seat's field."""
    fx = game.fx
    if fx is None or not fx.card_worths:
        return None
    seat = action.seat
    if action.kind not in (PLANT, HARVEST, PASS) or action.target not in (-1, seat):
        return None
    if action.kind == PASS:
        return fx.held_worth(seat)
    undo = _try(game, action)
    if undo is None:
        return None
    try:
        return fx.held_worth(seat)
    except BohnError:  # a hint that runs out of budget says nothing
        return None
    finally:
        _undo(undo)


def worths_after(game: Game, actions: list[Action]) -> list[float] | None:
    """``worth_after`` of each of ``actions`` (all of one seat's) in turn, or None as soon
    as one of them is None (the rest are not tried): what a bot steering a plant choice
    weighs (``engine.agents.steering``), asked in one call.

    Why: the bot weighs two or three candidates at most of its plant choices, and each
    trial read the seat's held cards again and made a context of its own for the hints,
    a third of what a trial cost. Here the context is made once (each hint is read on a
    fresh budget in it, as ``held_worth`` reads several cards' hints in one), and the held
    cards are read once: a trial that moves no card with a hint (a bean planted, a field
    harvested where no such card may lie) leaves them where they were, in the same order."""
    fx = game.fx
    if fx is None or not fx.card_worths or not actions:
        return None
    seat = actions[0].seat
    worths = fx.card_worths
    held = fx.held_cards(seat)
    spec = fx._worth_holding["cards"]  # (made by ``held_cards``)
    on_fields = spec is None or spec[2]
    ctx = new_ctx(fx, seat, "", budget=[MAX_STEPS])
    fields = game.state.fields[seat]
    named: Any = getattr(game.step, "zone", None)  # where a planting takes its card (``_plant_source``)
    from_hand = named is None  # (then the front card of the hand, whatever the action's card)
    zone: list[int] = (game.state.hands[seat] if from_hand
                       else named[seat] if named and type(named[0]) is list else named)
    out: list[float] = []
    # ``_try`` and ``_undo`` spelt out, the step's zone read once, the actions read by index
    # ([0] the kind, [1] the seat, [2] the field, [3] the card, [4] the target): two calls
    # fewer per trial, at the two or three trials of each steered plant choice
    for action in actions:
        kind = action[0]
        if kind not in (PLANT, HARVEST, PASS) or action[4] not in (-1, seat) or action[1] != seat:
            return None
        if kind == PASS:
            out.append(fx.worth_of(seat, held, None, ctx))
            continue
        place = action[2]
        if not 0 <= place < len(fields):
            return None
        field = fields[place]
        if kind == HARVEST:
            saved = field[:]
            field.clear()
            try:
                out.append(fx.worth_of(seat, fx.held_cards(seat) if on_fields else held, None, ctx))
            except BohnError:  # a hint that runs out of budget says nothing
                return None
            finally:
                field[:] = saved
            continue
        index = 0 if from_hand or action[3] < 0 else action[3]
        if index >= len(zone):
            return None
        card = zone.pop(index)
        field.append(card)
        try:  # (a card with a hint moved: the held cards read again)
            out.append(fx.worth_of(seat, fx.held_cards(seat) if card in worths else held, None, ctx))
        except BohnError:  # a hint that runs out of budget says nothing
            return None
        finally:
            field.pop()
            zone.insert(index, card)
    return out
