"""The statements effects perform on a game (``move``, ``gain``, ``plant``, …), one
function each, and the table ``GameEffects.do`` dispatches them by.

Why apart from ``engine.game.effects``: reading the game for the effect language and
indexing its rules (when a rule applies, who holds a card) is one concern, changing
the game is another; each statement here checks what it is given (an unknown zone, a
card of a kind that may not go there, a field too many) and tells the game's listeners
what it did with an event. Every function takes the game's ``GameEffects`` first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from engine.errors import BohnError, Span
from engine.lang.world import FieldRef, ZoneRef

if TYPE_CHECKING:
    from engine.game.effects import GameEffects

#: Where ``move`` may put cards: the end of a list (top of a pile, back of a hand) or its start.
MOVE_POSITIONS = ("top", "bottom", "front", "back")


def take(fx: GameEffects, card: int) -> None:
    """Take ``card`` from the zone or field it is in (L813 if none: a card is always somewhere).

    A card is in exactly one place (the conservation invariant), so the order of the
    search never changes which list loses it. The lists effects mostly take cards from
    are searched first, the long ones last (``_search_order``): the shared displays (the
    revealed cards), the players' zones but their coins, the fields, then the coins and
    the other shared zones (the long deck and discard pile)."""
    order = fx._take_order
    if order is None:
        order = fx._take_order = _search_order(fx)
    for zone in order[0]:
        if card in zone:
            zone.remove(card)
            return
    for fields in fx.game.state.fields:
        for f in fields:
            if card in f:
                f.remove(card)
                return
    for zone in order[1]:
        if card in zone:
            zone.remove(card)
            return
    raise BohnError.one("L813", f"card {card} is nowhere in the game")


def _search_order(fx: GameEffects) -> tuple[tuple[list[int], ...], tuple[list[int], ...]]:
    """The zones' lists ``take`` searches before the fields and after them (every list of
    every zone once; the lists are made with the game and never replaced)."""
    st = fx.game.state
    kinds = {z.id: z.kind for z in fx.game.rules.zones}
    before: list[list[int]] = [st.shared[z] for z in st.shared if kinds.get(z) == "display"]
    after: list[list[int]] = []
    for zid, zones in st.per_player.items():
        (after if kinds.get(zid) == "coins" else before).extend(zones)
    after += [st.shared[z] for z in st.shared if kinds.get(z) != "display"]
    return tuple(before), tuple(after)


def _target(fx: GameEffects, zone: ZoneRef) -> list[int]:
    """The cards of ``zone`` (the list itself), L813 for a zone the game does not have."""
    target = fx._zone_list(zone)
    if target is None:
        raise BohnError.one("L813", f"no zone `{zone.id}`" + (f" for seat {zone.player}" if zone.player is not None else ""))
    return target


def move(fx: GameEffects, cards: list[int], to: ZoneRef, at: str = "top") -> None:
    target = _target(fx, to)
    if at not in MOVE_POSITIONS:
        raise BohnError.one("L813", f"`move(..., at: \"{at}\")`: say one of {', '.join(MOVE_POSITIONS)}")
    if fx.has("storage_capacity"):
        capacity = fx.modified("storage_capacity", -1, player=to.player, zone=to)
        if capacity >= 0:
            cards = [c for c in cards if c not in target][: max(0, capacity - len(target))]
    for card in cards:
        _check_goes(fx, card, to.id)
    moved = list(cards)
    for card in moved:
        take(fx, card)
    if at in ("bottom", "front"):
        target[:0] = moved
    else:
        target.extend(moved)
    if not fx.game.logging:  # nobody reads the event: its names are not looked up
        return
    if at == "top":  # the event reads as it always has where nothing new is said
        fx.game.emit("moved", seat=to.player, beans=[fx.bean_of(c) for c in cards], to=to.id)
    else:
        fx.game.emit("moved", seat=to.player, beans=[fx.bean_of(c) for c in cards], to=to.id, at=at)


def _check_goes(fx: GameEffects, card: int, zone: str) -> None:
    """G625 when a statement would put ``card`` where its kind may not be."""
    allowed = fx._kind_zones[fx.game.state.bean_of[card]]
    if allowed is not None and zone not in allowed:
        raise BohnError.one("G625", f"a `{fx.game.bean_name(card)}` may not go to `{zone}` (its kind may be in "
                            f"{', '.join(sorted(allowed))})", kind_span(fx, card))


def kind_span(fx: GameEffects, card: int) -> Span | None:
    """Where the kind of ``card`` is declared (its ``zones`` list the places it may be):
    what G625 points at, the rule that moved the card being one of many that may."""
    kind = fx.game.state.type_kinds[fx.game.state.bean_of[card]]
    return next((k.span for k in fx.game.rules.kinds if k.id == kind), None)


def gain(fx: GameEffects, player: int, amount: int, source: ZoneRef | None = None) -> None:
    pile = _target(fx, source or ZoneRef(fx._discard, None))
    got = 0
    for _ in range(min(max(0, amount), len(pile))):
        fx.game.state.coins[player].append(pile.pop())
        got += 1
    if fx.game.logging:
        fx.game.emit("gained", seat=player, coins=got, source=(source.id if source else fx._discard))


def pay(fx: GameEffects, player: int, amount: int, to: ZoneRef | None = None) -> None:
    coins = fx.game.state.coins[player]
    target = _target(fx, to or ZoneRef(fx._discard, None))
    paid = min(max(0, amount), len(coins))
    for _ in range(paid):
        target.append(coins.pop())
    if fx.game.logging:
        fx.game.emit("paid", seat=player, coins=paid, to=(to.id if to else fx._discard))


def give(fx: GameEffects, cards: list[int], to: int) -> None:
    if fx._staging is None:
        raise BohnError.one("L813", "`give` needs a zone of kind staging")
    move(fx, cards, ZoneRef(fx._staging, to))


def harvest(fx: GameEffects, field: FieldRef) -> None:
    if fx.game.state.fields[field.player][field.slot]:
        fx.game.harvest(field.player, field.slot)


def plant(fx: GameEffects, card: int, field: FieldRef) -> None:
    if not fx.plant_fits(field.player, card, field.slot):  # ``Game.fits``, as the filter before found it
        raise BohnError.one("L813", f"a {fx.bean_of(card)} cannot be planted on field {field.slot} of seat {field.player}")
    take(fx, card)
    fx.game.plant(field.player, card, field.slot, "effect")


def discard(fx: GameEffects, cards: list[int]) -> None:
    move(fx, cards, ZoneRef(fx._discard, None))


def _deck(fx: GameEffects, source: ZoneRef | None) -> str | None:
    """The deck a ``from:`` argument names (None: the game's draw pile); L813 for another zone."""
    if source is None:
        return None
    if source.id not in fx.game.state.shared or fx.game.rules.zone(source.id).kind != "deck":
        raise BohnError.one("L813", f"`from: {source.id}`: cards are drawn from a deck")
    return source.id


def draw(fx: GameEffects, player: int, count: int, source: ZoneRef | None = None) -> None:
    deck = _deck(fx, source)
    if deck is None:
        fx.game.prepare_draw(count)
    drawn: list[int] = []
    for _ in range(max(0, count)):
        card = fx.game.draw_one(deck)
        if card is None:
            break
        _check_goes(fx, card, fx.game.hand_id)
        fx.game.state.hands[player].append(card)
        drawn.append(card)
    if fx.game.logging:
        fx.game.emit("drew", seat=player, cards=len(drawn), beans=[fx.bean_of(c) for c in drawn])


def reveal(fx: GameEffects, count: int, to: ZoneRef, source: ZoneRef | None = None) -> None:
    target = _target(fx, to)
    deck = _deck(fx, source)
    if deck is None:
        fx.game.prepare_draw(count)
    for _ in range(max(0, count)):
        card = fx.game.draw_one(deck)
        if card is None:
            break
        _check_goes(fx, card, to.id)
        target.append(card)
        if fx.game.logging:
            fx.game.emit("revealed", seat=None, bean=fx.bean_of(card), to=to.id)


def add_field(fx: GameEffects, player: int, only: list[str] | None = None) -> None:
    from engine.game.freelist import MAX_FIELDS

    fields = fx.game.state.fields[player]
    if len(fields) >= MAX_FIELDS:
        raise BohnError.one("L813", f"seat {player} already has {MAX_FIELDS} fields, the most a player may have")
    fields.append([])
    if only:
        fx.field_limits[(player, len(fields) - 1)] = list(only)
    fx.game.emit("field_added", seat=player, only=list(only or []))


def remove_field(fx: GameEffects, field: FieldRef) -> None:
    fields = fx.game.state.fields[field.player]
    if fields[field.slot]:
        raise BohnError.one("L813", "only an empty field can be removed")
    del fields[field.slot]
    fx.game.emit("field_removed", seat=field.player, field=field.slot)
    # restrictions belong to fields, not slots: those behind the removed one move down
    limits = fx.field_limits
    moved = {(p, s - 1 if p == field.player and s > field.slot else s): only
             for (p, s), only in limits.items() if (p, s) != (field.player, field.slot)}
    limits.clear()
    limits.update(moved)


def shuffle(fx: GameEffects, zone: ZoneRef) -> None:
    fx.game.state.rng.shuffle(_target(fx, zone))
    fx.game.emit("shuffled", seat=zone.player, zone=zone.id)


def add_counter(fx: GameEffects, player: int, name: str, amount: int) -> None:
    fx.counters[(player, name)] = fx.counters.get((player, name), 0) + amount
    if fx.game.logging:
        fx.game.emit("counter", seat=player, name=name, value=fx.counters[(player, name)])


def set_counter(fx: GameEffects, player: int, name: str, value: int) -> None:
    fx.counters[(player, name)] = value
    if fx.game.logging:
        fx.game.emit("counter", seat=player, name=name, value=value)


def next_phase(fx: GameEffects, id: str, step: str = "") -> None:  # noqa: A002 - the statement's argument name
    """When the phase being played ends, the turn goes on with phase ``id`` of this
    turn (again, or further on), from its first step of kind ``step`` when given (the
    steps before it do not run). The last call before the phase ends counts."""
    from engine.errors import did_you_mean

    game = fx.game
    ids = [p.id for p in game.phases]
    if id not in ids:
        raise BohnError.one("L840", f"`next_phase(\"{id}\")`: this turn has no phase `{id}` "
                            f"({', '.join(ids)}){did_you_mean(id, ids)}", game.cause)
    index = ids.index(id)
    kinds = [s.kind for s in game.phases[index].steps]
    if step and step not in kinds:
        raise BohnError.one("L840", f"`next_phase(\"{id}\", step: \"{step}\")`: phase `{id}` has no step `{step}` "
                            f"({', '.join(kinds)}){did_you_mean(step, kinds)}", game.cause)
    game.state.next_phase = index
    game.state.next_step = kinds.index(step) if step else 0


def show(fx: GameEffects, cards: list[int], to: int) -> None:
    if fx.game.logging:  # the event is all `show` does
        fx.game.emit("shown", seat=to, cards=len(cards), beans=[fx.bean_of(c) for c in cards])


def note(fx: GameEffects, text: str) -> None:
    fx.game.emit("note", seat=None, text=text)


#: statement name -> the function performing it (``GameEffects.do``)
STATEMENTS: dict[str, Callable[..., None]] = {
    "move": move,
    "gain": gain,
    "pay": pay,
    "give": give,
    "harvest": harvest,
    "plant": plant,
    "discard": discard,
    "draw": draw,
    "reveal": reveal,
    "add_field": add_field,
    "remove_field": remove_field,
    "shuffle": shuffle,
    "add_counter": add_counter,
    "set_counter": set_counter,
    "next_phase": next_phase,
    "show": show,
    "note": note,
}
