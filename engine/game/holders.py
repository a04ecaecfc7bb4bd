"""Who holds each card that carries rules: an index instead of a scan of every zone.

A card's rules belong to the seat holding it — in one of that seat's zones or on one of
its fields — and to nobody while it lies in a shared zone. Rules are consulted on every
query and event they touch (a bought building's beanometer at every harvest), so the
holder is looked up far more often than cards with rules move. The index remembers, for
each such card, the list it was last found in and that list's seat; a lookup checks that
the card is still in that list (one membership test of a short list) and searches the
zones again only when the card has moved. Zones are plain lists that the engine changes
in place, so a remembered list stays the live zone (a game's private copy for a look
ahead copies the index with its lists).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Iterable, Mapping

from engine.game.copyable import mypyc_attr

if TYPE_CHECKING:
    from engine.game.state import GameState

#: The seat of a card nobody holds.
NOBODY = -1
#: The owner a card's rules are listed with (actions) or below which they are (triggers,
#: modifiers: ``effects._card_owner``): whoever holds the card, looked up here when they apply.
HOLDER = -1


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class HolderIndex:
    """Card -> (the zone list it was last seen in, the seat holding that list or NOBODY)."""

    def __init__(self, state: GameState, cards: Iterable[int]) -> None:
        self.state = state
        #: the indexed cards (in a read-only map, which a look-ahead's copy shares: a
        #: frozenset it would look through item by item), in a set's order
        self.cards: Mapping[int, None] = MappingProxyType(dict.fromkeys(frozenset(cards)))
        self._where: dict[int, tuple[list[int], int]] = {}
        self.searches = 0  # how many lookups had to search the zones (the index's misses)

    def seat(self, card: int) -> int:
        """The seat holding ``card`` now, or NOBODY."""
        entry = self._where.get(card)
        if entry is not None and card in entry[0]:
            return entry[1]
        return self._search(card)

    def place(self, card: int, zone: list[int], seat: int) -> None:
        """``card`` was just put in ``zone`` (a zone list of the state) held by ``seat``
        (NOBODY for a shared zone): remembered, so the next lookup need not search the
        zones for it (what ``_search`` would find, the card being in one zone)."""
        if card in self.cards:
            self._where[card] = (zone, seat)

    def held(self) -> dict[int, int]:
        """Every indexed card some seat holds, with its seat."""
        out = {}
        for card in self.cards:
            seat = self.seat(card)
            if seat != NOBODY:
                out[card] = seat
        return out

    def _search(self, card: int) -> int:
        self.searches += 1
        st = self.state
        for zones in st.per_player.values():
            for seat, zone in enumerate(zones):
                if card in zone:
                    self._where[card] = (zone, seat)
                    return seat
        for seat, fields in enumerate(st.fields):
            for field in fields:
                if card in field:
                    self._where[card] = (field, seat)
                    return seat
        for zone in st.shared.values():
            if card in zone:
                self._where[card] = (zone, NOBODY)
                return NOBODY
        self._where.pop(card, None)  # between zones (taken, not yet placed): look again next time
        return NOBODY
