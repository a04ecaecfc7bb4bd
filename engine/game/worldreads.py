"""What the effects read of a game, the lowest layer of ``GameEffects``: players, zones,
cards, fields, coins, counters and options, as the language's ``World`` protocol names
them (``engine.lang.world``), read off the game's state without copies where a read is
asked at every decision.

Why a module of its own: ``GameEffects`` is built in layers, one concern a module — these
reads; which rules apply to whom (``engine.game.ruleindex``); and the rules run
(``engine.game.effects``: triggers, modifiers, declared actions, choices, statements). A
layer calls only those below it; the attributes it reads are declared on it and set by
``GameEffects.__init__``.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

from engine.game.copyable import mypyc_attr
from engine.lang.world import FieldRef, ZoneRef

if TYPE_CHECKING:
    from engine.game.choices import ChoiceHook
    from engine.game.core import Game

#: (seat, number of fields) -> the references ``fields`` lists (a few per seat, made once)
_FIELD_REFS: dict[tuple[int, int], tuple[FieldRef, ...]] = {}


def _field_refs(player: int, n: int) -> tuple[FieldRef, ...]:
    refs = _FIELD_REFS.get((player, n))
    if refs is None:
        refs = _FIELD_REFS[(player, n)] = tuple(FieldRef(player, i) for i in range(n))
    return refs


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies the effects (engine/game/copyable.py)
class WorldReads:
    """The ``World`` protocol's reads of one game."""

    game: Game
    counters: dict[tuple[int, str], int]
    field_limits: dict[tuple[int, int], list[str]]
    choice_hook: ChoiceHook
    lone: tuple[Any, frozenset[int]]
    _step_seen: tuple[Any, str]
    _growing_seen: dict[int, tuple[list[list[int]], tuple[str, ...]]]
    epoch: int
    plant_hint: tuple[int, int, int, int, list[int]] | None
    _bean_by_id: Any
    _values: list[Any]
    #: (the state, (zone id, seat or None) -> the zone's live list): see ``_zones_by_ref``
    _zone_lists: tuple[Any, dict[tuple[str, int | None], list[int]]]

    def players(self) -> list[int]:
        return list(range(self.game.players))

    def active(self) -> int:
        return self.game.state.active

    def next_player(self, player: int) -> int:
        return (player + 1) % self.game.players

    def _zones_by_ref(self) -> dict[tuple[str, int | None], list[int]]:
        """Every zone reference of a seat of the table (and of no seat, for a shared zone)
        with the zone's live list, as ``_zone_list`` finds it (a shared zone of an id first).

        Why: ``count(cards(…))`` and ``item(cards(…), i)`` ask a zone by its reference at
        almost every rule's test (a seat's pile, a display's top card), and finding it by
        its id in the shared zones, then the seats' ones, then checking the seat, was a
        tenth of a listing's work. A zone's list is the same object all game (the state
        makes each once), so a reference finds it in one lookup; it is made again for a
        look-ahead's copy (its own state). A reference not in it (a seat beyond the table)
        is read the long way."""
        st = self.game.state
        known = self._zone_lists
        if known[0] is st:
            return known[1]
        found: dict[tuple[str, int | None], list[int]] = {}
        seats = range(self.game.players)
        for zid, zones in st.per_player.items():
            for seat in seats:
                if seat < len(zones):
                    found[(zid, seat)] = zones[seat]
        for zid, cards in st.shared.items():  # (a shared zone of an id first)
            found[(zid, None)] = cards
            for seat in seats:
                found[(zid, seat)] = cards
        self._zone_lists = (st, found)
        return found

    def _zone_list(self, zone: ZoneRef) -> list[int] | None:
        known = self._zone_lists
        if known[0] is self.game.state:  # (``_zones_by_ref`` made for this state)
            found = known[1].get(zone)
            if found is not None:
                return found
        else:
            found = self._zones_by_ref().get(zone)
            if found is not None:
                return found
        st = self.game.state
        zid, player = zone
        found = st.shared.get(zid)
        if found is not None:
            return found
        zones = st.per_player.get(zid)
        if zones is not None and player is not None and 0 <= player < len(zones):
            return zones[player]
        return None

    def cards(self, zone: ZoneRef) -> list[int]:
        """A copy of the zone's cards (``_zone_list`` spelt out: effects ask it very often)."""
        known = self._zone_lists
        if known[0] is self.game.state:
            found = known[1].get(zone)
            if found is not None:
                return list(found)
        st = self.game.state
        zid, player = zone
        found = st.shared.get(zid)
        if found is None:
            zones = st.per_player.get(zid)
            if zones is None or player is None or not 0 <= player < len(zones):
                return []
            found = zones[player]
        return list(found)

    def zone_size(self, zone: ZoneRef) -> int:
        """``len(cards(zone))`` without copying the zone (``count(cards(…))`` asks it)."""
        known = self._zone_lists  # ``_zone_list`` spelt out: a ruleset's listings may ask it at every decision
        if known[0] is self.game.state:
            found = known[1].get(zone)
            if found is not None:
                return len(found)
        else:
            found = self._zones_by_ref().get(zone)
            if found is not None:
                return len(found)
        st = self.game.state
        zid, player = zone
        found = st.shared.get(zid)
        if found is None:
            zones = st.per_player.get(zid)
            if zones is None or player is None or not 0 <= player < len(zones):
                return 0
            found = zones[player]
        return len(found)

    def zone_item(self, zone: ZoneRef, i: int) -> int | None:
        """``item(cards(zone), i)`` for ``i >= 0`` without copying the zone (a rule reading
        the first card of a seat's pile is asked at every planting)."""
        known = self._zone_lists  # ``_zone_list`` spelt out
        if known[0] is self.game.state:
            found = known[1].get(zone)
            if found is not None:
                return found[i] if i < len(found) else None
        else:
            found = self._zones_by_ref().get(zone)
            if found is not None:
                return found[i] if i < len(found) else None
        st = self.game.state
        zid, player = zone
        found = st.shared.get(zid)
        if found is None:
            zones = st.per_player.get(zid)
            if zones is None or player is None or not 0 <= player < len(zones):
                return None
            found = zones[player]
        return found[i] if i < len(found) else None

    def seat_zone_item(self, zid: str, player: int, i: int) -> int | None:
        """``zone_item(ZoneRef(zid, player), i)`` for a per-player zone (whose id no shared
        zone has), without the reference."""
        zones = self.game.state.per_player.get(zid)
        if zones is None or player is None or not 0 <= player < len(zones):
            return None
        found = zones[player]
        return found[i] if i < len(found) else None

    def hand(self, player: int) -> list[int]:
        return list(self.game.state.hands[player])

    def bean_of(self, card: int) -> str:
        return self.game._names[card]  # ``Game.bean_name``, one call less

    def card_kind(self, card: int) -> str:
        st = self.game.state
        return st.type_kinds[st.bean_of[card]]

    def card_id(self, card: int) -> str:
        return self.game.bean_name(card)

    def card_attr(self, card: int, name: str) -> Any:
        return self._values[self.game.state.bean_of[card]].get(name)

    def bean_count(self, bean: str) -> int:
        return self._bean_by_id[bean].count

    def bean_types(self) -> list[str]:
        return [b for b in self.game.state.bean_ids if b not in self.game.row.remove_beans]

    def phase(self) -> str:
        return self.game.phase.id

    def column(self, name: str) -> int:
        return int(self.game.row.columns.get(name, 0))

    def step(self) -> str:
        step = self.game.step
        seen = self._step_seen  # the last step asked about and its id (a step's spec never changes)
        if step is seen[0] and step is not None:
            return seen[1]
        text = str(step.spec.params.get("id", step.kind)) if step is not None and step.spec is not None else ""
        self._step_seen = (step, text)
        return text

    def fields(self, player: int) -> list[FieldRef]:
        key = (player, len(self.game.state.fields[player]))
        refs = _FIELD_REFS.get(key)  # ``_field_refs`` spelt out
        return list(refs if refs is not None else _field_refs(*key))

    def field_cards(self, f: FieldRef) -> list[int]:
        return list(self.game.state.fields[f.player][f.slot])

    def field_size(self, f: FieldRef) -> int:
        return len(self.game.state.fields[f.player][f.slot])

    def field_count(self, player: int) -> int:
        return len(self.game.state.fields[player])

    def field_at(self, player: int, i: int) -> FieldRef | None:
        n = len(self.game.state.fields[player])
        return _field_refs(player, n)[i] if 0 <= i < n else None

    def field_size_at(self, player: int, i: int) -> int | None:
        fields = self.game.state.fields[player]
        return len(fields[i]) if 0 <= i < len(fields) else None

    def zone_has(self, card: Any, zone: ZoneRef) -> bool:
        cards = self._zone_list(zone)
        return cards is not None and card in cards

    def growing(self, player: int) -> list[str]:
        """What ``growing_on`` answers, read off the state: each card's type index, no
        field references or copied lists (gifts and bots' worths ask it very often)."""
        st = self.game.state
        fields = st.fields[player]
        known = self._growing_seen.get(player)
        if known is not None and known[0] == fields:  # the fields as last answered (one comparison, no copy)
            return list(known[1])
        # each type once, in the order first met (read in C: a field holds a dozen cards)
        seen = dict.fromkeys(map(st.bean_of.__getitem__, chain.from_iterable(fields)))
        names = st.card_types
        out = [names[t] for t in seen]
        self._growing_seen[player] = ([list(f) for f in fields], tuple(out))
        return out

    def field_only(self, f: FieldRef) -> list[str]:
        return list(self.field_limits.get((f.player, f.slot), []))

    def coins(self, player: int) -> int:
        return len(self.game.state.coins[player])

    def counter(self, player: int, name: str) -> int:
        return self.counters.get((player, name), 0)

    def option(self, name: str) -> str:
        return self.game.rules.option(name)

    def may_plant(self, player: int, card: int, field: FieldRef) -> bool:
        """The engine's own answer: ``Game.fitting_fields`` (field limits, `may_plant`)."""
        fields = self.game.state.fields
        if field.player != player or not 0 <= field.slot < len(fields[player]):
            return False
        return self.game.fits_field(player, card, field.slot)

    def plant_fits(self, player: int, card: int, slot: int) -> bool:
        """``Game.fits(player, card, slot)`` for the `plant` statement being performed: the
        fields the card fits as ``plantable`` last listed them when nothing ran since (the
        statement's own ``do`` aside: no rule started, no other statement, no action, the
        position untouched; the fields the card fits are then the same, and a rule of
        `may_plant` that reads no field answers every field alike, ``field_free``), else
        asked afresh. A procedure that plants a card given to a player filters the fields
        by `may_plant` and plants on one of them."""
        hint = self.plant_hint
        game = self.game
        if (hint is not None and hint[0] == self.epoch - 1 and hint[1] == player and hint[2] == card
                and hint[3] == game.version):
            return slot in hint[4]
        return game.fits(player, card, slot)

    def may_harvest(self, player: int, field: FieldRef) -> bool:
        """The engine's own answer: harvest timing, protection and `may_harvest`."""
        return field.player == player and self.game.harvest_allowed_now(player) and field.slot in self.game.harvestable(player)

