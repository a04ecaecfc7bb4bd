"""What never changes while a ruleset is played at one player count, worked out once.

A ``Game`` starts thousands of times in a simulation; the answers below (which card
types may be planted or traded, the options the engine branches on, the source spans
events name, the action tuples a seat can take on a field) depend only on the ruleset
and the number of players, so each game of a run borrows them instead of recomputing
them. The ruleset is immutable, and so is everything here: a game never writes into it.
"""

from __future__ import annotations

from typing import Any

from engine.game.actions import BUY_FIELD, HARVEST, PASS, PLANT, Action
from engine.rules.model import Ruleset, Zone

#: Fields whose action tuples are made in advance; a game with more builds its own.
PREBUILT_FIELDS = 24
#: Most fields whose harvests are tabled by the fields' sizes (``Fixed.harvest_tables``).
TABLED_FIELDS = 3
#: Field sizes the harvest grids cover (``Fixed.harvest_grid2``); no bean has this many cards.
GRID_SIZE = 40
#: Distinct (ruleset, players) pairs remembered; a sweep plays a handful at a time.
CACHE_SIZE = 32


class Fixed:
    """The per-(ruleset, player count) facts a game reads on its hot paths."""

    def __init__(self, rules: Ruleset, players: int) -> None:
        self.rules = rules
        self.players = players
        #: the beanometer's source span of each bean (events name it)
        self.bean_rules: list[Any] = [rules.origin("beans", i, "beanometer") for i in range(len(rules.beans))]
        #: the span of the run-out count in the player-count table
        self.runout_rule: Any = rules.origin("player_counts", str(players), "end_after_runouts")
        card_types = [b.id for b in rules.beans]
        type_kinds = ["bean"] * len(card_types)
        for kind in rules.kinds:
            for card in kind.cards:
                card_types.append(card.id)
                type_kinds.append(kind.id)
        n_beans = len(rules.beans)
        #: card types that may not be planted (other kinds' cards, unless their kind says so)
        self.unplantable = frozenset(i for i in range(n_beans, len(card_types))
                                     if not any(k.plant for k in rules.kinds if k.id == type_kinds[i]))
        #: card types that may not be traded (their kind says ``trade: false``)
        self.untradable = frozenset(i for i in range(n_beans, len(card_types))
                                    if not any(k.trade for k in rules.kinds if k.id == type_kinds[i]))
        decks = rules.decks()
        self.deck_id = decks[0].id
        self.reshuffles = decks[0].reshuffle == "discard"
        self.decks: dict[str, Zone] = {z.id: z for z in decks}
        #: zones whose cards no seat sees: every deck and every hidden zone
        self.hidden = frozenset(z.id for z in rules.zones if z.kind == "deck" or z.visibility == "hidden")
        self.has_card_rules = any(c.effect is not None for k in rules.kinds for c in k.cards)
        self.protection = rules.option("harvest_protection")
        surplus = rules.options.get("harvest_surplus")
        self.surplus_from_discard = surplus is not None and surplus.value == "from_discard"
        same = rules.options.get("same_bean_fields")
        self.one_field_per_bean = same is not None and same.value == "one_field_per_bean"
        self.runout_at_next_draw = rules.option("runout_counts") == "at_next_draw"
        self.one_runout_per_failed_draw = rules.option("empty_discard_at_reshuffle") == "one_runout"
        self.shuffle_short_deck = rules.option("short_deck") == "shuffle_with_discards"
        self._options: dict[str, str] = {}
        seats = range(players)
        #: ready-made actions, shared by every game (actions are immutable tuples)
        self.harvest_actions = [tuple(Action(HARVEST, s, i) for i in range(PREBUILT_FIELDS)) for s in seats]
        self.plant_actions = [tuple(Action(PLANT, s, i) for i in range(PREBUILT_FIELDS)) for s in seats]
        self.pass_actions = tuple(Action(PASS, s) for s in seats)
        self.buy_field_actions = tuple(Action(BUY_FIELD, s) for s in seats)
        #: ``harvest_tables[seat][n][code]``: the harvests ``plain_harvests`` lists for ``n`` fields
        #: (``n`` up to ``TABLED_FIELDS``) whose sizes, read as 0, 1 or 2 (two or more), make
        #: ``code`` in base 3, the first field the lowest digit (``Game.decision`` reads it)
        self.harvest_tables = [_harvest_table(ready) for ready in self.harvest_actions]
        #: the same tables indexed by the fields' sizes as they are, up to ``GRID_SIZE`` - 1
        #: cards a field: ``harvest_grid2[seat][len(f0)][len(f1)]`` and
        #: ``harvest_grid3[seat][len(f0)][len(f1)][len(f2)]`` (``Game.decision`` reads them
        #: with no arithmetic; a longer field raises IndexError and is listed the long way)
        self.harvest_grid2 = [_grid(t[2], 2) for t in self.harvest_tables]
        self.harvest_grid3 = [_grid(t[3], 3) for t in self.harvest_tables]
        #: per bean type, the coins a harvest of n cards pays (``coins_for``) for n up to
        #: its highest threshold; more cards pay the last entry
        self.coin_tables = [tuple(b.coins_for(n) for n in range(max((t for t in b.beanometer if t is not None), default=0) + 1))
                            for b in rules.beans]
        #: the same read by any count up to ``GRID_SIZE`` - 1 (``coin_grid[bean][count]``)
        self.coin_grid = [tuple(t[n] if n < len(t) else t[-1] for n in range(GRID_SIZE)) for t in self.coin_tables]
        limits = {k.id: frozenset(k.zones) for k in rules.kinds if k.zones}
        #: the only zones each card type may be in (None: anywhere), from its kind's ``zones``
        self.kind_zones: tuple[frozenset[str] | None, ...] = tuple(limits.get(k) for k in type_kinds)
        #: the card types that may be traded and go anywhere (their kind says no ``trade:
        #: false`` and no ``zones``): beans, mostly
        self.free_types = frozenset(t for t, allowed in enumerate(self.kind_zones) if allowed is None and t not in self.untradable)
        self._kept_out: dict[str, frozenset[int]] = {}

    def kept_out(self, zone: str) -> frozenset[int]:
        """The card types whose kind's ``zones`` leave out ``zone``, remembered."""
        found = self._kept_out.get(zone)
        if found is None:
            found = self._kept_out[zone] = frozenset(t for t, allowed in enumerate(self.kind_zones)
                                                     if allowed is not None and zone not in allowed)
        return found

    def option(self, name: str) -> str:
        """``Ruleset.option``, remembered."""
        value = self._options.get(name)
        if value is None:
            value = self._options[name] = self.rules.option(name)
        return value


def _harvest_table(ready: tuple[Action, ...]) -> tuple[tuple[tuple[Action, ...], ...], ...]:
    """A seat's harvests under the rulebook's protection for each pattern of up to
    ``TABLED_FIELDS`` field sizes (see ``Fixed.harvest_tables``)."""
    from engine.game.freelist import plain_harvests

    table = []
    for n in range(TABLED_FIELDS + 1):
        rows = []
        for code in range(3**n):
            out: list[Action] = []
            plain_harvests([[0] * ((code // 3**i) % 3) for i in range(n)], ready, out)
            rows.append(tuple(out))
        table.append(tuple(rows))
    return tuple(table)


def _grid(rows: tuple[tuple[Action, ...], ...], n: int) -> Any:
    """``rows`` (by base-3 code, the first field the lowest digit) nested ``n`` deep by the
    fields' sizes; sizes of two or more share one entry, so the grid holds few objects."""
    def level(code: int, i: int) -> Any:
        if i == n:
            return rows[code]
        by_digit = [level(code + d * 3**i, i + 1) for d in range(3)]
        return tuple(by_digit[min(size, 2)] for size in range(GRID_SIZE))
    return level(0, 0)


_CACHE: list[Fixed] = []


def facts(rules: Ruleset, players: int) -> Fixed:
    """The facts of ``rules`` at ``players``, made on first use and then shared."""
    for entry in _CACHE:
        if entry.rules is rules and entry.players == players:
            return entry
    entry = Fixed(rules, players)
    _CACHE.insert(0, entry)
    del _CACHE[CACHE_SIZE:]
    return entry
