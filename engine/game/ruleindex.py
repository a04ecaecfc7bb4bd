"""Which rules apply to whom, the middle layer of ``GameEffects``: the holders of the cards
that carry rules, whether any rule of a query applies to a seat (``applies``, asked at
every decision by the free listing), which rules hear a seat, and the cards with actions
a seat holds.

Why a module of its own: the engine asks these before it runs any rule, to skip the work
for a seat no rule touches; they read the rules owned and where the cards are, never run
a rule (``engine.game.worldreads`` says how ``GameEffects`` is layered).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.game.copyable import mypyc_attr
from engine.game.fixed import facts
from engine.game.holders import HOLDER
from engine.game.worldreads import WorldReads
from engine.lang.compiler import _hears

if TYPE_CHECKING:
    from engine.game.holders import HolderIndex
    from engine.lang.compiler import CompiledAction, CompiledModifier, CompiledTrigger


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies the effects (engine/game/copyable.py)
class RuleIndex(WorldReads):
    """Who holds the cards with rules, and which rules apply to a seat."""

    triggers: dict[str, list[tuple[CompiledTrigger, int]]]
    modifiers: dict[str, list[tuple[CompiledModifier, int]]]
    actions: list[tuple[CompiledAction, int]]
    holder_index: HolderIndex
    _applies: Any
    _quiet: Any
    _action_holding: Any
    _kind_zones: list[frozenset[str] | None]
    _action_cards: dict[int, int]

    def holders(self) -> dict[int, int]:
        """Card (that carries rules) -> the seat holding it (in a per-player zone or on a field)."""
        return self.holder_index.held()

    def _held(self, rules: list[tuple[Any, int]]) -> list[tuple[Any, int]]:
        """``rules`` with each card's rule given to the seat holding the card (left out
        while nobody holds it)."""
        index = self.holder_index
        where = index._where
        out = []
        for rule, owner in rules:
            if owner < HOLDER:  # ``HolderIndex.seat`` spelt out, as in ``modified``
                card = -2 - owner
                entry = where.get(card)
                owner = entry[1] if entry is not None and card in entry[0] else index.seat(card)
                if owner < 0:
                    continue
            out.append((rule, owner))
        return out

    def applying(self, kind: str, name: str) -> list[tuple[Any, int]]:
        """The modifiers of query ``name`` (``kind`` "modifiers") or the triggers of event
        ``name`` ("triggers") that apply now, in the order they apply, with their owners:
        a card's rules only while a seat holds the card."""
        rules = (self.modifiers if kind == "modifiers" else self.triggers).get(name, [])
        return self._held(rules)  # type: ignore[arg-type]

    def action_owner(self, index: int) -> int | None:
        """Who owns declared action ``index`` now (a card's action: its holder, if any)."""
        action, owner = self.actions[index]
        if owner != HOLDER:
            return owner
        seat = self.holder_index.seat(self._action_cards[index])
        return None if seat < 0 else seat

    def has(self, query: str) -> bool:
        return query in self.modifiers

    def applies(self, query: str, seat: int) -> bool:
        """Whether some rule could change ``seat``'s answer to ``query`` (a rule of a card
        may, whoever holds it): when none does, ``modified`` returns the value it is given,
        so a caller asking once per field can skip the asking altogether. Answered from
        ``_applies_index``: the seats the owned rules hear, and whether a seat holds one
        of the cards whose rules hear (a set test of its few zones, no holder lookups)."""
        index = self._applies
        if index is None:
            index = self._applies = self._applies_index()
        entry = index.get(query)
        if entry is None:
            return False
        static, by_active, owner_cards, others_cards, anyone_cards, active_cards, _ = entry
        if not 0 <= seat < len(static):
            return self._applies_slow(query, seat)
        if static[seat]:
            return True
        if entry[6]:  # only cards whose rules hear their holder: does the seat hold one?
            return self._holds(seat, owner_cards)
        active = self.game.state.active
        if by_active and seat == active:
            return True
        if owner_cards is not None and self._holds(seat, owner_cards):
            return True
        if others_cards is not None:
            for other in range(len(static)):
                if other != seat and self._holds(other, others_cards):
                    return True
        if anyone_cards is not None:
            for other in range(len(static)):
                if self._holds(other, anyone_cards):
                    return True
        if active_cards is not None and seat == active:
            for other in range(len(static)):
                if self._holds(other, active_cards):
                    return True
        return False

    def applies_to_none(self, queries: tuple[str, ...], seat: int) -> bool:
        """True when ``applies(q, seat)`` is False for every query ``q`` of ``queries``,
        found with one look at the seat's zones; False also when that cannot be said so
        (a rule the seat owns, or one hearing the active player or the others).

        Why: a seat's free actions ask three queries at every decision (harvest
        protection, field price, field count); where their rules are carried by cards
        that apply to their holder, a seat holding none of those cards (every seat early
        in the game, most seats later) is answered by the row's numbers at once. The
        look is ``_holds``'s, per zone with the cards of the queries that may lie there,
        so its answer is the three ``applies`` answers whatever lies where."""
        made = self._quiet
        if made is None or queries not in made:
            made = dict(made or {})
            made[queries] = self._quiet_spec(queries)
            made = self._quiet = MappingProxyType(made)  # read only: a look ahead's copy shares it
        spec = made[queries]
        if spec is None:
            return False
        zones, on_fields = spec
        if not 0 <= seat < self.game.players:
            return False
        st = self.game.state
        per_player = st.per_player
        for zone, wanted in zones:
            if not wanted.isdisjoint(per_player[zone][seat]):
                return False
        if on_fields is not None:
            for planted in st.fields[seat]:
                if not on_fields.isdisjoint(planted):
                    return False
        return True

    def _quiet_spec(self, queries: tuple[str, ...]) -> Any:
        """For ``applies_to_none``: each zone with the cards of ``queries`` whose rules may
        lie there, and the cards that may lie on fields (None: none), or None when some
        rule of them applies otherwise than to the holder of its card."""
        index = self._applies
        if index is None:
            index = self._applies = self._applies_index()
        zones: dict[str, set[int]] = {}
        on_fields: set[int] = set()
        for query in queries:
            entry = index.get(query)
            if entry is None:
                continue  # no rule: nothing applies
            if not entry[6] or any(entry[0]):  # a rule owned, or hearing others: not answered here
                return None
            wanted, where, fields = entry[2]
            for zone in where:
                zones.setdefault(zone, set()).update(wanted)
            if fields:
                on_fields.update(wanted)
        return (tuple((zone, frozenset(cards)) for zone, cards in zones.items()),
                frozenset(on_fields) if on_fields else None)

    def _applies_slow(self, query: str, seat: int) -> bool:
        """``applies`` rule by rule (a seat outside the table)."""
        seat_of = self.holder_index.seat
        for mod, owner in self.modifiers.get(query, ()):
            if owner < HOLDER:  # a card's rule: its holder's, while someone holds the card
                owner = seat_of(-2 - owner)
                if owner < 0:
                    continue
            # (``_hears`` asks the world only whose turn it is; ``self`` is always a whole GameEffects, a World)
            if mod.query == query and _hears(mod.by, seat, owner, self):  # type: ignore[arg-type]
                return True
        return False

    def _holds(self, seat: int, cards: tuple[frozenset[int], tuple[str, ...], bool]) -> bool:
        """Whether ``seat`` holds one of ``cards`` (the set, the per-player zones their kinds
        may be in, and whether they may lie on fields)."""
        wanted, zones, on_fields = cards
        st = self.game.state
        per_player = st.per_player
        for zone in zones:
            if not wanted.isdisjoint(per_player[zone][seat]):
                return True
        if on_fields:
            for planted in st.fields[seat]:
                if not wanted.isdisjoint(planted):
                    return True
        return False

    def _holding(self, cards: set[int]) -> tuple[frozenset[int], tuple[str, ...], bool] | None:
        """``cards`` as ``_holds`` reads them: the set, the per-player zones their kinds may
        be in (every one for a kind without ``zones``) and whether they may lie on fields
        (cards of a kind that is planted, or may be anywhere); None for no cards."""
        if not cards:
            return None
        st = self.game.state
        unplantable = facts(self.game.rules, self.game.players).unplantable
        player_zones = tuple(st.per_player)
        zones: set[str] = set()
        on_fields = False
        for card in cards:
            type_index = st.bean_of[card]
            allowed = self._kind_zones[type_index]
            zones.update(player_zones if allowed is None else (z for z in player_zones if z in allowed))
            on_fields = on_fields or allowed is None or type_index not in unplantable
        return frozenset(cards), tuple(z for z in player_zones if z in zones), on_fields

    def _held_of(self, seat: int, cards: tuple[frozenset[int], tuple[str, ...], bool] | None) -> set[int]:
        """Which of ``cards`` (see ``_holding``) ``seat`` holds."""
        out: set[int] = set()
        if cards is None:
            return out
        wanted, zones, on_fields = cards
        st = self.game.state
        per_player = st.per_player
        for zone in zones:
            out.update(wanted.intersection(per_player[zone][seat]))
        if on_fields:
            for planted in st.fields[seat]:
                out.update(wanted.intersection(planted))
        return out

    def _action_cards_holding(self) -> tuple[frozenset[int], tuple[str, ...], bool] | None:
        """The cards that declare actions, as ``_holding`` gives them (remade when actions
        are added; a read-only map, so a look ahead's copy shares it)."""
        count = len(self.actions)
        made = self._action_holding
        if made is None or count not in made:
            made = self._action_holding = MappingProxyType({count: self._holding(set(self._action_cards.values()))})
        spec: tuple[frozenset[int], tuple[str, ...], bool] | None = made[count]
        return spec

    def _applies_index(self) -> Any:
        """Query -> (for each seat, whether a rule it owns hears it; whether an owned rule
        hears the active player; then the cards whose rules hear their holder, the
        others, anyone and the active player, each as ``_holds`` reads them, or None).
        A read-only map (a look ahead's copy shares it); ``own`` drops it."""
        n = self.game.players
        held_in = self._holding
        out = {}
        for query, mods in self.modifiers.items():
            static = [False] * n
            by_active = False
            cards: dict[str, set[int]] = {"owner": set(), "others": set(), "anyone": set(), "active": set()}
            for mod, owner in mods:
                by = mod.by if mod.by in ("owner", "others", "anyone") else "active"
                if owner < HOLDER:
                    cards[by].add(-2 - owner)
                elif by == "anyone":
                    static = [True] * n
                elif by == "owner":
                    if 0 <= owner < n:
                        static[owner] = True
                elif by == "others":
                    static = [s != owner or static[s] for s in range(n)]
                else:
                    by_active = True
            entry = (tuple(static), by_active, held_in(cards["owner"]), held_in(cards["others"]),
                     held_in(cards["anyone"]), held_in(cards["active"]))
            # the common case, answered by ``applies`` straight away
            only_holders = not by_active and entry[2] is not None and entry[3] is None and entry[4] is None \
                and entry[5] is None
            out[query] = (*entry, only_holders)
        return MappingProxyType(out)

    def hearing(self, query: str, seat: int) -> list[tuple[CompiledModifier, int]]:
        """The rules of ``query`` that hear ``seat`` now (a query asked with ``player`` the
        seat), each with its owner (a card's rule: the seat holding the card), in the order
        ``modified`` reads them: what ``modified`` would evaluate, for ``modified_by``."""
        out: list[tuple[CompiledModifier, int]] = []
        active = self.game.state.active
        index = self.holder_index
        for mod, owner in self.modifiers.get(query, ()):
            if owner < HOLDER:  # a card's rule: its holder's, while someone holds the card
                owner = index.seat(-2 - owner)
                if owner < 0:
                    continue
            by = mod.by
            if by != "anyone" and (seat != owner if by == "owner" else seat == owner if by == "others" else seat != active):
                continue
            out.append((mod, owner))
        return out

