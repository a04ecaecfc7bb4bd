"""The typed, immutable ``Ruleset`` the engine runs.

Built once from a merged, validated document. Everything downstream reads these
dataclasses, never the YAML, so the game loop does no dictionary digging or parsing.
The merged document is kept (read-only by convention) for provenance: ``origin(path)``
says which file and line set any value.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from engine.errors import BohnError, Diagnostic, Span, did_you_mean
from engine.lang.compiler import Compiled
from engine.rules.located import LMap, child_span, span_at, to_plain


@dataclass(frozen=True, slots=True)
class Bean:
    """A bean type: its cards and its beanometer (fewest beans for 1, 2, 3… coins)."""

    id: str
    name: str
    count: int
    beanometer: tuple[int | None, ...]

    def coins_for(self, beans: int) -> int:
        """Coins a harvest of ``beans`` cards of this type pays: the highest entry reached."""
        return coins_for(self.beanometer, beans)


def coins_for(beanometer: Sequence[int | None], beans: int) -> int:
    """The highest coin value whose threshold ``beans`` reaches (0 if none)."""
    earned = 0
    for coins, threshold in enumerate(beanometer, start=1):
        if threshold is not None and beans >= threshold:
            earned = coins
    return earned


@dataclass(frozen=True, slots=True)
class Zone:
    """A place cards can be. A zone of kind ``deck`` may name its own ``discard`` pile,
    a ``reshuffle`` rule (``discard``: the pile is shuffled in when the deck is empty;
    ``never``) and whether its run-outs count towards the game's end."""

    id: str
    kind: str
    owner: str
    visibility: str
    description: str = ""
    discard: str | None = None
    reshuffle: str = "discard"
    runouts: bool = True
    #: the short name a rulesheet puts into its sentences (``name:``; "" for none)
    name: str = ""


#: Attribute types a card kind may declare, and the effect-language type each reads as.
ATTRIBUTE_TYPES: Mapping[str, str] = MappingProxyType({
    "number": "int", "text": "str", "bean": "bean",
    "numbers": "list[int]", "texts": "list[str]", "beans": "list[bean]",
})


@dataclass(frozen=True, slots=True)
class CardType:
    """One card of a kind as printed: how many copies, its attribute values, its own effect."""

    id: str
    name: str
    kind: str
    count: int
    values: Mapping[str, Any]
    description: str
    effect: Compiled | None
    span: Span | None
    #: statements run once when the card is bought (kinds with ``buy``)
    on_buy: Compiled | None = None


@dataclass(frozen=True, slots=True)
class Purchase:
    """A kind's ``buy:`` section: its cards are bought out of the zone they start in.

    A card's price is its ``price`` attribute, its group its ``group`` attribute (default:
    its id), and with a ``pay_with`` attribute every coin paid must show that bean. The
    bought card goes to the buyer's ``to`` zone, where its rules are the buyer's (they
    belong to whoever holds a card); once the player-count column ``group_owner_limit``
    of players own a card of a group, the group's other cards go to ``removed_to``."""

    supply: str
    to: str
    removed_to: str | None
    paid_to: str
    limit_per_group: int
    when: str
    priority: str
    called: tuple[str, str]


@dataclass(frozen=True, slots=True)
class CardKind:
    """A kind of card that is not a bean (action, order, ship…: the name is data).

    ``starts_in`` is the zone its cards are shuffled into at the start (one set per seat
    when it is a per-player zone); ``zones`` limits where they may ever be (empty: no
    limit); ``plant`` and ``trade`` say whether they may be planted and traded."""

    id: str
    name: str
    attributes: Mapping[str, str]
    starts_in: str
    zones: tuple[str, ...]
    plant: bool
    trade: bool
    cards: tuple[CardType, ...]
    description: str
    span: Span | None
    buy: Purchase | None = None


@dataclass(frozen=True, slots=True)
class SetupStep:
    """One line of ``setup:``: deal cards (of a kind) from a zone to zones, or give coins."""

    action: str            # deal | coins
    count: Any             # int or {table: column}
    kind: str | None
    source: str | None
    to: tuple[str, ...]
    at: str
    span: Span | None

    def number(self, row: PlayerCountRow) -> int:
        if isinstance(self.count, Mapping):
            return row.columns[self.count["table"]]
        return int(self.count)


#: The options the engine reads, with the choices it gives a meaning to. A ruleset may
#: declare other options only if an effect reads them with `option("name")` (R470, R471).
#: The first choice is the one played by a ruleset that does not declare the option.
ENGINE_OPTIONS: dict[str, tuple[str, ...]] = {
    "harvest_protection": ("at_most_one", "exactly_one", "none"),
    "tie_break": ("most_cards_in_hand", "shared"),
    "harvest_surplus": ("capped", "from_discard"),
    "same_bean_fields": ("allowed", "one_field_per_bean"),
    "hand_trading": ("with_revealed", "after_revealed"),
    "runout_counts": ("when_last_card_drawn", "at_next_draw"),
    "empty_discard_at_reshuffle": ("all_remaining_runouts", "one_runout"),
    "short_deck": ("draw_then_reshuffle", "shuffle_with_discards"),
    "open_offers": ("active_player", "any_seat"),
}


@dataclass(frozen=True, slots=True)
class Option:
    id: str
    description: str
    choices: Mapping[str, str]
    value: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class Assumption:
    id: str
    text: str
    where: str
    span: Span | None
    source: str = ""


@dataclass(frozen=True, slots=True)
class PlayerCountRow:
    """The rules for one player count; ``deal`` is expanded to one size per seat."""

    players: int
    remove_beans: tuple[str, ...]
    fields: int
    max_fields: int
    field_price: int
    field_payment_to: str
    deal: tuple[int, ...]
    reveal: int
    draw: int
    end_after_runouts: int
    harvest_when: str
    turn: str
    columns: Mapping[str, int]
    span: Span | None
    group_owner_limit: int = 0


@dataclass(frozen=True, slots=True)
class Step:
    """A step of a phase: its kind, its parameters and where it was written."""

    kind: str
    params: Mapping[str, Any]
    span: Span | None

    def number(self, key: str, row: PlayerCountRow) -> int:
        """A numeric parameter, looked up in the player-count table when written ``{table: col}``.
        The schema requires every key the steps ask (`min` and `max`, `count`), so there is
        no default (a seed-52 mutant changing one showed it was never read)."""
        value = self.params[key]
        if type(value) is int:  # the common case, on the hot path: no ABC isinstance check
            return value
        if isinstance(value, dict) or isinstance(value, Mapping):
            return row.columns[value["table"]]
        return int(value)

    def zone(self, key: str) -> str:
        return str(self.params[key])


@dataclass(frozen=True, slots=True)
class Phase:
    id: str
    name: str
    when_game_ends: str
    steps: tuple[Step, ...]
    span: Span | None


@dataclass(frozen=True, slots=True)
class Effect:
    """A compiled effect that every player owns a copy of."""

    id: str
    description: str
    compiled: Compiled
    span: Span | None


@dataclass(frozen=True, slots=True)
class Item:
    """A card that is bought (a card of a kind with ``buy:``), seen as the purchase sees it:
    price, payment bean, group, and the rules its buyer holds. Derived from the card kinds;
    there is no second model of purchasable things."""

    id: str
    name: str
    group: str
    price: int
    pay_with: str | None
    description: str
    effect: Compiled | None
    on_buy: Compiled | None
    span: Span | None
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A complete, checked ruleset (one variant chosen, or none)."""

    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    beans: tuple[Bean, ...]
    zones: tuple[Zone, ...]
    options: Mapping[str, Option]
    assumptions: tuple[Assumption, ...]
    player_counts: Mapping[int, PlayerCountRow]
    turns: Mapping[str, tuple[Phase, ...]]
    final_harvest: bool
    score: str
    variants: Mapping[str, str]
    variant: str | None
    effects: tuple[Effect, ...]
    items: tuple[Item, ...]
    item_paid_to: str
    item_limit: int
    item_when: str
    item_priority: str
    item_called: tuple[str, str]
    last_round: bool
    sources: tuple[str, ...]
    document: LMap = field(repr=False, compare=False)
    digest: str = ""
    warnings: tuple[Diagnostic, ...] = ()
    kinds: tuple[CardKind, ...] = ()
    setup: tuple[SetupStep, ...] = ()

    def default_players(self) -> int:
        """The player count a command plays when none is given: 4 when the ruleset
        supports it (the base game's most common table), else the fewest it supports (a
        two-player game such as a duel must not need ``--players 2`` to start)."""
        return 4 if self.min_players <= 4 <= self.max_players and 4 in self.player_counts else self.min_players

    def row(self, players: int) -> PlayerCountRow:
        if players not in self.player_counts:
            raise BohnError.one(
                "C503", f"{self.id} supports {self.min_players}-{self.max_players} players, not {players}"
            )
        return self.player_counts[players]

    def bean(self, bean_id: str) -> Bean:
        for bean in self.beans:  # eleven-odd beans: a scan is as fast as a dict here
            if bean.id is bean_id or bean.id == bean_id:
                return bean
        raise KeyError(bean_id)

    def zone_of_kind(self, kind: str) -> Zone:
        for zone in self.zones:
            if zone.kind == kind:
                return zone
        raise KeyError(kind)

    def decks(self) -> tuple[Zone, ...]:
        """Every zone of kind deck; the first is the draw pile."""
        return tuple(z for z in self.zones if z.kind == "deck")

    def zone(self, zone_id: str) -> Zone:
        for zone in self.zones:
            if zone.id == zone_id:
                return zone
        raise KeyError(zone_id)

    def option(self, name: str) -> str:
        """The chosen value of option ``name``; an option the engine reads
        (``ENGINE_OPTIONS``) is its first choice when the ruleset omits it."""
        option = self.options.get(name)
        if option is None and name in ENGINE_OPTIONS:
            return ENGINE_OPTIONS[name][0]
        return self.options[name].value

    def origin(self, *path: str | int) -> Span | None:
        """Which file, line and column set the value at ``path`` of the merged ruleset."""
        return span_at(self.document, list(path))


def _row(key: str, raw: LMap) -> PlayerCountRow:
    players = int(key)
    deal = raw["deal"]
    deal_sizes = tuple(deal) if isinstance(deal, list) else (deal,) * players
    columns = {k: v for k, v in raw.items() if isinstance(v, int) and not isinstance(v, bool)}
    columns.update(raw.get("columns", {}))
    return PlayerCountRow(
        players=players,
        remove_beans=tuple(raw["remove_beans"]),
        fields=raw["fields"],
        max_fields=raw["max_fields"],
        field_price=raw["field_price"],
        field_payment_to=raw["field_payment_to"],
        deal=deal_sizes,
        reveal=raw["reveal"],
        draw=raw["draw"],
        end_after_runouts=raw["end_after_runouts"],
        harvest_when=raw["harvest_when"],
        turn=raw["turn"],
        columns=MappingProxyType(columns),
        span=raw.span,
        group_owner_limit=raw.get("group_owner_limit", 0),
    )


def _phase(raw: LMap) -> Phase:
    steps = tuple(
        Step(s["kind"], MappingProxyType({k: to_plain(v) for k, v in s.items() if k != "kind"}), s.span) for s in raw["steps"]
    )
    return Phase(raw["id"], raw["name"], raw["when_game_ends"], steps, raw.span)


def _effects(doc: LMap) -> list[Effect]:
    from engine.lang import compile_effect
    from engine.rules.semantic import effect_env

    env = effect_env(doc)
    return [
        Effect(e["id"], e.get("description", ""), compile_effect(e["effect"], env=env, origin=child_span(e, "effect"), name=e["id"]),
               child_span(e, "effect"))
        for e in doc.get("effects", [])
    ]


def _items(kinds: list[CardKind]) -> list[Item]:
    """The bought cards as the purchase sees them (one per card type of a kind with ``buy``)."""
    return [Item(c.id, c.name, str(c.values.get("group", c.id)), int(c.values.get("price", 0)), c.values.get("pay_with"),
                 c.description, c.effect, c.on_buy, c.span, k.id)
            for k in kinds if k.buy is not None for c in k.cards]


def _purchase(kind: LMap, start: str) -> Purchase | None:
    buy = kind.get("buy")
    if buy is None:
        return None
    called = buy.get("called", {})
    return Purchase(start, buy["to"], buy.get("removed_to"), buy.get("paid_to", "discard"), buy.get("limit_per_group", 1),
                    buy.get("when", "any_time"), buy.get("priority", "none"),
                    (called.get("one", kind["id"]), called.get("many", kind["id"] + "s")))


def _kinds(doc: LMap) -> list[CardKind]:
    from engine.lang import compile_effect
    from engine.rules.semantic import card_effect_env

    deck = next(z["id"] for z in doc["zones"] if z["kind"] == "deck")
    env = card_effect_env(doc)
    out = []
    for k in doc.get("cards", []):
        kind_effect = k.get("effect")
        cards = []
        for c in k["cards"]:
            text = c.get("effect", kind_effect)
            where = child_span(c, "effect") if "effect" in c else child_span(k, "effect")
            effect = compile_effect(text, env=env, origin=where, name=c["id"]) if text else None
            on_buy = compile_effect(c["on_buy"], env=env, origin=child_span(c, "on_buy"), name=c["id"]) if "on_buy" in c else None
            cards.append(CardType(c["id"], c.get("name", c["id"]), k["id"], c["count"],
                                  MappingProxyType(to_plain(c.get("values", {}))), c.get("description", ""), effect, c.span,
                                  on_buy))
        out.append(CardKind(k["id"], k.get("name", k["id"]), MappingProxyType(dict(k.get("attributes", {}))),
                            k.get("starts_in", deck), tuple(k.get("zones", ())), k.get("plant", False), k.get("trade", True),
                            tuple(cards), k.get("description", ""), k.span, _purchase(k, k.get("starts_in", deck))))
    return out


def _setup(doc: LMap) -> list[SetupStep]:
    out = []
    for s in doc.get("setup", []):
        action = "deal" if "deal" in s else "coins"
        to = s.get("to", ())
        out.append(SetupStep(action, to_plain(s[action]), s.get("kind"), s.get("from"),
                             tuple(to) if isinstance(to, list) else (to,) if to else (), s.get("at", "top"), s.span))
    return out


def _zones(doc: LMap) -> tuple[Zone, ...]:
    """The zones; the draw pile (the first deck) keeps the game's discard pile and its
    run-outs count unless it says otherwise; other decks have neither by default."""
    main = next(z["id"] for z in doc["zones"] if z["kind"] == "deck")
    discard = next(z["id"] for z in doc["zones"] if z["kind"] == "discard")
    out = []
    for z in doc["zones"]:
        is_main = z["id"] == main
        out.append(Zone(z["id"], z["kind"], z["owner"], z["visibility"], z.get("description", ""),
                        z.get("discard", discard if is_main else None),
                        z.get("reshuffle", "discard" if is_main or "discard" in z else "never"),
                        z.get("runouts", is_main), str(z.get("name", ""))))
    return tuple(out)


def digest_of(document: Any) -> str:
    """A stable hash of the merged rules, written into game logs to detect edits."""
    text = json.dumps(to_plain(document), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def build(document: LMap, *, variant: str | None, sources: tuple[str, ...], warnings: list[Diagnostic]) -> Ruleset:
    """Turn a merged, schema- and semantics-checked document into a ``Ruleset``."""
    doc = document
    kinds = _kinds(doc)
    items = _items(kinds)
    sold = next((k.buy for k in kinds if k.buy is not None), None)
    return Ruleset(
        id=doc["id"],
        name=doc["name"],
        description=doc.get("description", ""),
        min_players=doc["players"]["min"],
        max_players=doc["players"]["max"],
        beans=tuple(Bean(b["id"], b["name"], b["count"], tuple(b["beanometer"])) for b in doc["beans"]),
        zones=_zones(doc),
        options=MappingProxyType(
            {k: Option(k, o["description"], MappingProxyType(dict(o["choices"])), o["value"], o.get("source", "")) for k, o in doc["options"].items()}
        ),
        assumptions=tuple(
            Assumption(a["id"], a["text"], a.get("where", ""), child_span(a, "id"), a.get("source", "")) for a in doc.get("assumptions", [])
        ),
        player_counts=MappingProxyType({int(k): _row(k, r) for k, r in doc["player_counts"].items()}),
        turns=MappingProxyType({name: tuple(_phase(p) for p in phases) for name, phases in doc["turns"].items()}),
        final_harvest=doc["end"]["final_harvest"],
        score=doc["end"]["score"],
        variants=MappingProxyType({k: v["description"] for k, v in doc.get("variants", {}).items()}),
        variant=variant,
        effects=tuple(_effects(doc)),
        items=tuple(items),
        item_paid_to=sold.paid_to if sold else "discard",
        item_limit=sold.limit_per_group if sold else 1,
        item_when=sold.when if sold else "any_time",
        item_priority=sold.priority if sold else "none",
        item_called=sold.called if sold else ("item", "items"),
        last_round=doc["end"].get("last_round", False),
        sources=sources,
        document=doc,
        digest=digest_of(doc),
        warnings=tuple(warnings),
        kinds=tuple(kinds),
        setup=tuple(_setup(doc)),
    )


def unknown_variant(name: str, known: list[str], span: Span | None) -> BohnError:
    choices = ", ".join(known) if known else "none"
    return BohnError.one("O306", f"no variant `{name}` (variants: {choices}){did_you_mean(name, known)}", span)
