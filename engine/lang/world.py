"""The interface between compiled effects and a game, and a small table for tests.

Compiled effects never touch game internals: they call a ``World``. The engine adapts
its state to this protocol; ``TableWorld`` is a plain in-memory implementation used by
the language's tests, its benchmark, and anyone trying a rule in isolation. Runtime
values are plain: players are seat numbers, beans are bean ids, cards are integers, a
field is ``FieldRef(player, index)`` and a zone is ``ZoneRef(id, player or None)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple, Protocol, Sequence

from engine.errors import Span


class FieldRef(NamedTuple):
    player: int
    slot: int


class ZoneRef(NamedTuple):
    id: str
    player: int | None


class CancelAction(Exception):
    """Raised by the ``cancel`` statement: the engine undoes the action being played."""


class CardIndexed(Protocol):
    """Card -> a text of it, read by a subscript (``World.kind_names``)."""

    def __getitem__(self, card: int, /) -> str: ...


class World(Protocol):
    """What effects may ask of and do to a game."""

    trigger_depth: int
    @property
    def counters(self) -> Mapping[tuple[int, str], int]:
        """(Seat, name) -> a counter's value (one never set is 0): ``counter(p, name)`` is
        ``counters.get((p, name), 0)``, which the generated expressions read without a call."""

    @property
    def bean_names(self) -> Sequence[str]:
        """Card -> the id of its type, what ``bean_of`` answers: the generated expressions
        (``engine.lang.inline``) read ``card.bean`` from it without a call."""

    @property
    def kind_names(self) -> CardIndexed:
        """Card -> its kind, what ``card_kind`` answers: the generated expressions read
        ``card.kind`` from it without a call (a filter of a hand by kind reads every card)."""

    def players(self) -> list[int]: ...
    def active(self) -> int: ...
    def next_player(self, player: int) -> int: ...
    def cards(self, zone: ZoneRef) -> list[int]: ...
    def zone_size(self, zone: ZoneRef) -> int: ...  # len(cards(zone)), without the copy
    def zone_item(self, zone: ZoneRef, i: int) -> int | None: ...  # item(cards(zone), i) for i >= 0, without the copy
    def seat_zone_item(self, zid: str, player: int, i: int) -> int | None: ...  # zone_item(ZoneRef(zid, player), i)
    def hand(self, player: int) -> list[int]: ...
    def bean_of(self, card: int) -> str: ...
    def card_kind(self, card: int) -> str: ...
    def card_id(self, card: int) -> str: ...
    def card_attr(self, card: int, name: str) -> Any: ...
    def bean_count(self, bean: str) -> int: ...
    def bean_types(self) -> list[str]: ...
    def phase(self) -> str: ...
    def step(self) -> str: ...
    def column(self, name: str) -> int: ...
    def fields(self, player: int) -> list[FieldRef]: ...
    def field_cards(self, f: FieldRef) -> list[int]: ...
    # what the generated expressions ask instead of building a list to read one thing of it
    # (``engine.lang.inline``): each answers what the plain reading answers
    def field_size(self, f: FieldRef) -> int: ...  # len(field_cards(f))
    def field_count(self, player: int) -> int: ...  # len(fields(player))
    def field_at(self, player: int, i: int) -> FieldRef | None: ...  # item(fields(player), i)
    def field_size_at(self, player: int, i: int) -> int | None: ...  # item(fields(player), i).size
    def zone_has(self, card: Any, zone: ZoneRef) -> bool: ...  # card in cards(zone)
    def field_only(self, f: FieldRef) -> list[str]: ...
    def growing(self, player: int) -> list[str]: ...
    def coins(self, player: int) -> int: ...
    def query(self, name: str, **params: Any) -> Any: ...
    def counter(self, player: int, name: str) -> int: ...
    def choose(self, player: int, options: Sequence[Any], prompt: str, optional: bool,
               worths: Sequence[float] | None = None) -> Any: ...
    def takes_lone(self, player: int) -> bool: ...  # a lone option that must be taken: taken unasked
    def ask(self, player: int, prompt: str) -> bool: ...
    def choose_secretly(self, choosers: Sequence[tuple[int, list[Any]]], count: int, prompt: str,
                        worths: Sequence[list[float]] | None = None) -> list[list[Any]]: ...
    def option(self, name: str) -> str: ...
    def procedure(self, name: str) -> Any: ...
    def may_plant(self, player: int, card: int, field: FieldRef) -> bool: ...
    def may_harvest(self, player: int, field: FieldRef) -> bool: ...
    def do(self, statement: str, args: dict[str, Any], rule: Span | None = None) -> None: ...


def growing_on(world: World, player: int) -> list[str]:
    """``growing(player)`` from the questions every world answers: the beans on the
    player's fields, each once, in field order (a mixed field adds each of its beans)."""
    out: list[str] = []
    for f in world.fields(player):
        for card in world.field_cards(f):
            bean = world.bean_of(card)
            if bean not in out:
                out.append(bean)
    return out


class _KindsOf:
    """A table world's ``kind_names``: each card's kind as ``card_kind`` answers it."""

    def __init__(self, world: TableWorld) -> None:
        self.world = world

    def __getitem__(self, card: int) -> str:
        return self.world.card_kind(card)


@dataclass
class TableWorld:
    """A minimal game table: zones of cards, fields, coins, counters and scripted choices.

    ``choices`` answers ``choose`` and ``ask`` in order (an option's index, or a
    callable picking from the options); with none left the first option is taken.
    Every statement performed is appended to ``log``.
    """

    beans: dict[str, tuple[int, list[int | None]]]          # id -> (card count, beanometer)
    card_beans: list[str] = field(default_factory=list)      # card id -> bean id
    card_kinds: dict[int, tuple[str, dict[str, Any]]] = field(default_factory=dict)  # card -> (kind, values), beans omitted
    n_players: int = 2
    zones: dict[ZoneRef, list[int]] = field(default_factory=dict)
    field_lists: dict[int, list[list[int]]] = field(default_factory=dict)
    field_limits: dict[FieldRef, list[str]] = field(default_factory=dict)
    counters: dict[tuple[int, str], int] = field(default_factory=dict)
    active_player: int = 0
    phase_id: str = ""
    step_id: str = ""
    columns: dict[str, int] = field(default_factory=dict)
    choices: list[Any] = field(default_factory=list)
    log: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    query_hook: Callable[[str, dict[str, Any]], Any] | None = None
    options: dict[str, str] = field(default_factory=dict)
    procedures: dict[str, Any] = field(default_factory=dict)
    trigger_depth: int = 0
    discard_id: str = "discard"
    staging_id: str = "set_aside"
    hand_id: str = "hand"
    coins_id: str = "coins"

    def coin_pile(self, player: int) -> list[int]:
        return self.zones.setdefault(ZoneRef(self.coins_id, player), [])

    def card(self, bean: str) -> int:
        """Make a new card of ``bean`` (test set-up)."""
        self.card_beans.append(bean)
        return len(self.card_beans) - 1

    def put(self, zone: ZoneRef, *beans: str) -> list[int]:
        cards = [self.card(b) for b in beans]
        self.zones.setdefault(zone, []).extend(cards)
        return cards

    def plant_beans(self, player: int, index: int, *beans: str) -> None:
        fields = self.field_lists.setdefault(player, [])
        while len(fields) <= index:
            fields.append([])
        fields[index].extend(self.card(b) for b in beans)

    def give_coins(self, player: int, *beans: str) -> None:
        self.coin_pile(player).extend(self.card(b) for b in beans)

    # ------------------------------------------------------------------ reading
    def players(self) -> list[int]:
        return list(range(self.n_players))

    def active(self) -> int:
        return self.active_player

    def next_player(self, player: int) -> int:
        return (player + 1) % self.n_players

    def cards(self, zone: ZoneRef) -> list[int]:
        return list(self.zones.get(zone, []))

    def zone_size(self, zone: ZoneRef) -> int:
        return len(self.zones.get(zone, []))

    def zone_item(self, zone: ZoneRef, i: int) -> int | None:
        cards = self.zones.get(zone, [])
        return cards[i] if i < len(cards) else None

    def seat_zone_item(self, zid: str, player: int, i: int) -> int | None:
        return self.zone_item(ZoneRef(zid, player), i)

    def hand(self, player: int) -> list[int]:
        return list(self.zones.get(ZoneRef(self.hand_id, player), []))

    def bean_of(self, card: int) -> str:
        return self.card_beans[card]

    @property
    def bean_names(self) -> list[str]:
        return self.card_beans

    @property
    def kind_names(self) -> _KindsOf:
        return _KindsOf(self)

    def card_kind(self, card: int) -> str:
        return self.card_kinds.get(card, ("bean", {}))[0]

    def card_id(self, card: int) -> str:
        return self.card_beans[card]

    def card_attr(self, card: int, name: str) -> Any:
        return self.card_kinds.get(card, ("bean", {}))[1].get(name)

    def bean_count(self, bean: str) -> int:
        return self.beans[bean][0]

    def bean_types(self) -> list[str]:
        return list(self.beans)

    def phase(self) -> str:
        return self.phase_id

    def step(self) -> str:
        return self.step_id

    def column(self, name: str) -> int:
        return self.columns.get(name, 0)

    def fields(self, player: int) -> list[FieldRef]:
        return [FieldRef(player, i) for i in range(len(self.field_lists.get(player, [])))]

    def field_cards(self, f: FieldRef) -> list[int]:
        return list(self.field_lists[f.player][f.slot])

    def field_size(self, f: FieldRef) -> int:
        return len(self.field_lists[f.player][f.slot])

    def field_count(self, player: int) -> int:
        return len(self.field_lists.get(player, []))

    def field_at(self, player: int, i: int) -> FieldRef | None:
        return FieldRef(player, i) if 0 <= i < self.field_count(player) else None

    def field_size_at(self, player: int, i: int) -> int | None:
        return len(self.field_lists[player][i]) if 0 <= i < self.field_count(player) else None

    def zone_has(self, card: Any, zone: ZoneRef) -> bool:
        return card in self.zones.get(zone, [])

    def field_only(self, f: FieldRef) -> list[str]:
        return list(self.field_limits.get(f, []))

    def growing(self, player: int) -> list[str]:
        """The beans on ``player``'s fields, each once, in field order."""
        return growing_on(self, player)

    def coins(self, player: int) -> int:
        return len(self.zones.get(ZoneRef(self.coins_id, player), []))

    def query(self, name: str, **params: Any) -> Any:
        if self.query_hook is not None:
            return self.query_hook(name, params)
        if name == "beanometer":
            return list(self.beans[params["bean"]][1])
        raise KeyError(name)

    def counter(self, player: int, name: str) -> int:
        return self.counters.get((player, name), 0)

    def _answer(self, options: Sequence[Any]) -> Any:
        if not self.choices:
            return options[0] if options else None
        answer = self.choices.pop(0)
        if callable(answer):
            return answer(options)
        if answer is None:
            return None
        return options[answer]

    def choose(self, player: int, options: Sequence[Any], prompt: str, optional: bool,
               worths: Sequence[float] | None = None) -> Any:
        if not options:
            return None
        return self._answer(list(options))

    def takes_lone(self, player: int) -> bool:
        return False  # every choice is answered by ``choices`` in order

    def ask(self, player: int, prompt: str) -> bool:
        return bool(self._answer([True, False]))

    def choose_secretly(self, choosers: Sequence[tuple[int, list[Any]]], count: int, prompt: str,
                        worths: Sequence[list[float]] | None = None) -> list[list[Any]]:
        """Each player's ``count`` picks in turn, from the options the earlier picks left;
        ``choices`` answers every pick in order (players first to last)."""
        out: list[list[Any]] = []
        for _player, options in choosers:
            left, mine = list(options), []
            for _ in range(min(count, len(left))):
                picked = self._answer(left)
                if picked is None or picked not in left:
                    picked = left[0]
                left.remove(picked)
                mine.append(picked)
            out.append(mine)
        return out

    # ------------------------------------------------------------------ changing
    def _remove(self, card: int) -> None:
        for cards in self.zones.values():
            if card in cards:
                cards.remove(card)
                return
        for fields in self.field_lists.values():
            for f in fields:
                if card in f:
                    f.remove(card)
                    return

    def option(self, name: str) -> str:
        return self.options[name]

    def procedure(self, name: str) -> Any:
        return self.procedures[name]

    def may_plant(self, player: int, card: int, field: FieldRef) -> bool:
        """On a table: an own field that is empty or of the card's bean, within its limits,
        then the `may_plant` query (``query_hook``) when one is set."""
        if field.player != player:
            return False
        cards = self.field_cards(field)
        bean = self.bean_of(card)
        only = self.field_only(field)
        base = (not cards or self.bean_of(cards[0]) == bean) and (not only or bean in only)
        if self.query_hook is not None:
            return bool(self.query_hook("may_plant", {"player": player, "bean": bean, "field": field, "value": base}))
        return base

    def may_harvest(self, player: int, field: FieldRef) -> bool:
        """On a table: an own field holding beans, then the `may_harvest` query when set."""
        base = field.player == player and bool(self.field_cards(field))
        if self.query_hook is not None and field.player == player:
            return bool(self.query_hook("may_harvest", {"player": player, "field": field, "value": base}))
        return base

    def do(self, statement: str, args: dict[str, Any], rule: Span | None = None) -> None:
        self.log.append((statement, dict(args)))
        handler = getattr(self, f"_do_{statement}", None)
        if handler is not None:
            handler(**args)

    def _do_move(self, cards: list[int], to: ZoneRef, at: str = "top") -> None:
        for c in list(cards):
            self._remove(c)
            target = self.zones.setdefault(to, [])
            if at in ("bottom", "front"):
                target.insert(0, c)
            else:
                target.append(c)

    def _do_gain(self, player: int, amount: int, **extra: Any) -> None:
        source = extra.get("from") or ZoneRef(self.discard_id, None)
        pile = self.zones.setdefault(source, [])
        for _ in range(min(amount, len(pile))):
            self.coin_pile(player).append(pile.pop())

    def _do_pay(self, player: int, amount: int, to: ZoneRef | None = None) -> None:
        coins = self.coin_pile(player)
        target = self.zones.setdefault(to or ZoneRef(self.discard_id, None), [])
        for _ in range(min(amount, len(coins))):
            target.append(coins.pop())

    def _do_give(self, cards: list[int], to: int) -> None:
        self._do_move(cards, ZoneRef(self.staging_id, to))

    def _do_harvest(self, field: FieldRef) -> None:
        cards = self.field_lists[field.player][field.slot]
        if not cards:
            return
        bean = self.card_beans[cards[0]]
        meter = self.query("beanometer", player=field.player, bean=bean)
        earned = 0
        for coins, threshold in enumerate(meter, start=1):
            if threshold is not None and len(cards) >= threshold:
                earned = coins
        earned = min(earned, len(cards))
        self.coin_pile(field.player).extend(cards[len(cards) - earned:])
        self.zones.setdefault(ZoneRef(self.discard_id, None), []).extend(cards[: len(cards) - earned])
        cards.clear()

    def _do_plant(self, card: int, field: FieldRef) -> None:
        self._remove(card)
        self.field_lists[field.player][field.slot].append(card)

    def _do_discard(self, cards: list[int]) -> None:
        self._do_move(cards, ZoneRef(self.discard_id, None))

    def _do_draw(self, player: int, count: int, **extra: Any) -> None:
        deck = self.zones.setdefault(extra.get("from") or ZoneRef("draw_pile", None), [])
        for _ in range(min(count, len(deck))):
            self.zones.setdefault(ZoneRef(self.hand_id, player), []).append(deck.pop())

    def _do_reveal(self, count: int, to: ZoneRef, **extra: Any) -> None:
        deck = self.zones.setdefault(extra.get("from") or ZoneRef("draw_pile", None), [])
        for _ in range(min(count, len(deck))):
            self.zones.setdefault(to, []).append(deck.pop())

    def _do_add_field(self, player: int, only: list[str] | None = None) -> None:
        fields = self.field_lists.setdefault(player, [])
        fields.append([])
        if only:
            self.field_limits[FieldRef(player, len(fields) - 1)] = list(only)

    def _do_remove_field(self, field: FieldRef) -> None:
        del self.field_lists[field.player][field.slot]

    def _do_add_counter(self, player: int, name: str, amount: int) -> None:
        self.counters[(player, name)] = self.counters.get((player, name), 0) + amount

    def _do_set_counter(self, player: int, name: str, value: int) -> None:
        self.counters[(player, name)] = value
