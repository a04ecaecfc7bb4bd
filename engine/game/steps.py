"""The step kinds the engine provides; rulesets compose turns from them.

Each kind is a small class: ``enter`` sets it up (automatic steps finish right there),
``decider`` names the seat to act, ``legal`` lists its choices and ``apply`` performs
one. Numbers come from the step's parameters or the player-count table. A kind knows
cards, zones and fields — never a particular game. New kinds register in
``STEP_KINDS``; the schema lists the same names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.game.actions import DISCARD, PASS, PLANT, Action
from engine.game.copyable import mypyc_attr
from engine.game.fixed import PREBUILT_FIELDS
from engine.game.steprun import StepRun
from engine.game.trading import Trade
from engine.rules.model import Step

if TYPE_CHECKING:
    from engine.game.core import Game


def _distinct_bean_positions(game: Game, cards: list[int]) -> list[int]:
    """The first position of each bean type among ``cards``: planting order between
    cards of one type makes no difference, so listing one keeps choices small."""
    seen: set[int] = set()
    out = []
    bean_of = game.state.bean_of
    for i, card in enumerate(cards):
        bean = bean_of[card]
        if bean not in seen:
            seen.add(bean)
            out.append(i)
    return out


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class _FromHand(StepRun):
    """Shared by steps that take between ``min`` and ``max`` cards from the hand, one
    action each; passing is allowed once ``min`` is reached or the hand is empty."""

    def __init__(self, game: Game, spec: Step) -> None:
        StepRun.__init__(self, game, spec)
        self._fixed_bounds = spec.number("min", game.row), spec.number("max", game.row)

    def bounds(self, game: Game) -> tuple[int, int]:
        return self._fixed_bounds

    def enter(self, game: Game) -> None:
        self.low, self.high = self.bounds(game)
        self.taken = 0
        self.done = not game.state.hands[game.state.active] or self.high == 0

    def choices(self, game: Game, seat: int, hand: list[int]) -> list[Action]:
        raise NotImplementedError

    def take(self, game: Game, action: Action, hand: list[int]) -> None:
        raise NotImplementedError

    def legal(self, game: Game, seat: int) -> list[Action]:
        hand = game.state.hands[seat]
        out = self.choices(game, seat, hand) if hand and self.taken < self.high else []
        if self.taken >= self.low or not hand or (self.plants and not game.plantable(hand[0])):
            out.append(game._fixed.pass_actions[seat])
        return out

    def apply(self, game: Game, action: Action) -> None:
        if action.kind == PASS:
            self.done = True
            return
        hand = game.state.hands[action.seat]
        self.take(game, action, hand)
        self.taken += 1
        self.done = self.taken >= self.high or not hand


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class PlantFromHand(_FromHand):
    """Plant from the front of the hand: at least ``min``, at most ``max`` cards. A front
    card that may not be planted (a card of another kind) ends the planting."""

    kind: ClassVar[str] = "plant_from_hand"
    plants: ClassVar[bool] = True
    free_quiet: ClassVar[bool] = True  # (``after_free_action``: only a rule takes the front card)

    def bounds(self, game: Game) -> tuple[int, int]:
        low, high = _FromHand.bounds(self, game)
        fx = game.fx
        if fx is not None:  # (the rules asked only when one applies to the seat)
            seat = game.state.active
            if "plant_min" in fx.modifiers and fx.applies("plant_min", seat):
                low = fx.modified("plant_min", low, player=seat, step=self.kind)
            if "plant_max" in fx.modifiers and fx.applies("plant_max", seat):
                high = fx.modified("plant_max", high, player=seat, step=self.kind)
        return low, high

    def choices(self, game: Game, seat: int, hand: list[int]) -> list[Action]:
        # (only ``legal`` asks, and not in a game that plants plainly: it lists those itself)
        ready = game._fixed.plant_actions[seat]
        fields = game.state.fields[seat]
        if len(fields) <= PREBUILT_FIELDS and game.plants_plainly(seat):
            # no rule or field limit of the seat's: ``fitting_fields`` spelt out
            bean_of = game.state.bean_of
            bean = bean_of[hand[0]]
            unplantable = game._unplantable
            if unplantable and bean in unplantable:
                return []
            out = []
            i = 0
            if game._fixed.one_field_per_bean:
                for f in fields:  # its bean's fields; else, when no field grows it, the empty ones
                    if f and bean_of[f[0]] == bean:
                        out.append(ready[i])
                    i += 1
                if out:
                    return out
                i = 0
                for f in fields:
                    if not f:
                        out.append(ready[i])
                    i += 1
                return out
            for f in fields:
                if not f or bean_of[f[0]] == bean:
                    out.append(ready[i])
                i += 1
            return out
        out = []
        for i in game.fitting_fields(seat, hand[0]):  # (a plain loop: a comprehension would make closure cells)
            out.append(ready[i] if i < PREBUILT_FIELDS else Action(PLANT, seat, i))
        return out

    def legal(self, game: Game, seat: int) -> list[Action]:
        # ``_FromHand.legal`` with ``plants`` and ``plantable`` spelt out (the hottest step)
        hand = game.state.hands[seat]
        if not hand:
            return [game._fixed.pass_actions[seat]]
        taken = self.taken
        out: list[Action]
        if taken >= self.high:
            out = []
        elif game.plain_plant:  # ``choices`` spelt out
            ready = game._fixed.plant_actions[seat]
            bean_of = game.state.bean_of
            bean = bean_of[hand[0]]
            fields = game.state.fields[seat]
            if len(fields) == 2:  # (the four- and five-player game's two fields, unrolled)
                f0, f1 = fields
                out = [ready[0]] if not f0 or bean_of[f0[0]] == bean else []
                if not f1 or bean_of[f1[0]] == bean:
                    out.append(ready[1])
            else:
                out = []
                i = 0
                for f in fields:
                    if not f or bean_of[f[0]] == bean:
                        out.append(ready[i])
                    i += 1
        else:
            out = self.choices(game, seat, hand)
        unplantable = game._unplantable
        if taken >= self.low or (unplantable and game.state.bean_of[hand[0]] in unplantable):
            out.append(game._fixed.pass_actions[seat])
        return out

    def is_legal(self, game: Game, action: Action) -> bool:
        # `card` names a hand position; 0 is the front card, the only one planted here
        return action.card in (-1, 0) and action._replace(card=-1) in self.legal(game, action.seat)

    def refusal(self, game: Game, action: Action) -> str:
        if action.kind == PLANT and action.card > 0:
            return f"only the front card of the hand is planted here, not card {action.card}"
        return ""

    def enter(self, game: Game) -> None:
        # ``_FromHand.enter`` spelt out, with the front card kept; the bounds are asked only of rules
        st = game.state
        self.low, self.high = self._fixed_bounds if game.fx is None else self.bounds(game)
        self.taken = 0
        hand = st.hands[st.active]
        self.done = not hand or self.high == 0
        self.front = hand[0] if hand else None

    def apply(self, game: Game, action: Action) -> None:
        # ``_FromHand.apply`` spelt out, with the planting and the front card kept
        st = game.state
        if action[0] == PASS:  # [0]: the kind
            self.done = True
        elif game.fx is None and not game.logging:  # ``plant`` when nothing listens
            # (the seat is the active one, who decides this step: its hand has the front)
            hand = st.hands[st.active]
            st.fields[action[1]][action[2]].append(hand.pop(0))  # [1]: the seat, [2]: the field
            taken = self.taken = self.taken + 1
            self.done = taken >= self.high or not hand
            self.front = hand[0] if hand else None
            return
        else:
            hand = st.hands[action[1]]  # [1]: the seat
            game.plant(action[1], hand.pop(0), action[2], "hand")  # [2]: the field
            self.taken += 1
            self.done = self.taken >= self.high or not hand
        hand = st.hands[st.active]
        self.front = hand[0] if hand else None

    def after_free_action(self, game: Game, action: Action) -> None:
        """A rule that takes the front card out of the hand during this step (a store, say)
        plays that card: it counts as one of the cards the step requires and allows."""
        hand = game.state.hands[game.state.active]
        if self.front is not None and self.front not in hand:
            self.taken += 1
            self.done = self.taken >= self.high or not hand
        self.front = hand[0] if hand else None


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Reveal(StepRun):
    """Turn up ``count`` cards from the deck into a display zone (fewer if it is spent)."""

    kind: ClassVar[str] = "reveal"

    def __init__(self, game: Game, spec: Step) -> None:
        StepRun.__init__(self, game, spec)
        self.to = spec.zone("to")
        self.count = spec.number("count", game.row)
        self.deck: str | None = spec.params.get("from")
        #: from the draw pile, with no short-deck house rule
        self._plain = self.deck is None and not game._fixed.shuffle_short_deck
        #: the card types whose kind's zones leave out ``to`` (each one drawn is refused, G620)
        self._stop = game._fixed.kept_out(self.to)

    def enter(self, game: Game) -> None:
        fx = game.fx
        if (self._plain and not game.logging
                and (fx is None or ("reveal_count" not in fx.modifiers and "revealed" not in fx.triggers))):
            deck_cards = game.state.deck
            count = self.count
            # nothing to ask or tell, the deck cannot run out, and no card to refuse: the top
            # ``count`` cards, one by one, in one move
            if 0 < count < len(deck_cards) and (not self._stop or _may_take(game, deck_cards, count, self._stop)):
                taken = deck_cards[-count:]
                del deck_cards[-count:]
                taken.reverse()
                game.state.shared[self.to].extend(taken)
                self.done = True
                return
        to = self.to
        zone = game.state.shared[to]
        count = self.count
        fx = game.fx
        if fx is not None:
            count = fx.modified("reveal_count", count, player=game.state.active)
        deck = self.deck
        if deck is None and game._fixed.shuffle_short_deck:
            game.prepare_draw(count)
        draw = game.draw_one
        if fx is None and not game._zone_limited and not game.logging:  # nothing to check or tell
            pile = game.state.deck if deck is None else None
            if pile is not None and 0 < count < len(pile):
                # the deck cannot run out: the top ``count`` cards, one by one, in one move
                taken = pile[-count:]
                del pile[-count:]
                taken.reverse()
                zone.extend(taken)
                self.done = True
                return
            for _ in range(count):
                if pile is not None and len(pile) > 1:  # ``draw_one`` when the deck does not run out
                    zone.append(pile.pop())
                    continue
                card = draw(deck)
                if card is None:
                    break
                zone.append(card)
            self.done = True
            return
        for _ in range(count):
            card = draw(deck)
            if card is None:
                break
            if game._zone_limited:
                game.check_goes(card, to, "reveal")
            zone.append(card)
            if game.logging:
                game.emit("revealed", seat=game.state.active, bean=game.bean_name(card), zone=to)
            if fx is not None and "revealed" in fx.triggers:  # (``signal`` spelt out: no payload built for nobody)
                fx.fire("revealed", {"player": game.state.active, "bean": game.bean_name(card), "card": card})
        self.done = True


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class RevealMatchingDiscards(StepRun):
    """While the discard pile's top card matches a revealed bean, add it to the display."""

    kind: ClassVar[str] = "reveal_matching_discards"

    def enter(self, game: Game) -> None:
        st = game.state
        zone = st.shared[self.spec.zone("to")]
        beans = {st.bean_of[c] for c in zone}
        while st.discard and st.bean_of[st.discard[-1]] in beans:
            if game._zone_limited:
                game.check_goes(st.discard[-1], self.spec.zone("to"), "reveal_matching_discards")
            card = st.discard.pop()
            zone.append(card)
            game.emit("revealed", seat=st.active, bean=game.bean_name(card), zone=self.spec.zone("to"), source="discard")
        self.done = True


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Draw(StepRun):
    """Draw ``count`` cards one at a time to the back of the active player's hand."""

    kind: ClassVar[str] = "draw"

    def __init__(self, game: Game, spec: Step) -> None:
        StepRun.__init__(self, game, spec)
        self.count = spec.number("count", game.row)
        self.deck: str | None = spec.params.get("from")
        #: from the draw pile, with no short-deck house rule
        self._plain = self.deck is None and not game._fixed.shuffle_short_deck
        #: the card types whose kind's zones leave out the hands (each one drawn is refused, G620)
        self._stop = game._fixed.kept_out(game.hand_id)

    def enter(self, game: Game) -> None:
        st = game.state
        fx = game.fx
        # (with rules, as the loop below draws: only while the game is not ending, which
        # stops a draw at its first card in a phase marked ``stop``)
        if self._plain and (fx is None or (not st.ending and "draw_count" not in fx.modifiers and "drew" not in fx.triggers)):
            deck_cards = st.deck
            count = self.count
            # the deck cannot run out, and no card to refuse: the top ``count`` cards, one by
            # one, in one move
            if 0 < count < len(deck_cards) and (not self._stop or _may_take(game, deck_cards, count, self._stop)):
                taken = deck_cards[-count:]
                del deck_cards[-count:]
                taken.reverse()
                st.hands[st.active].extend(taken)
                if game.logging:
                    game.emit("drew", seat=st.active, cards=count)
                self.done = True
                return
        hand = st.hands[st.active]
        drawn = 0
        count = self.count
        if game.fx is not None:
            count = game.fx.modified("draw_count", count, player=st.active)
        deck = self.deck
        if deck is None and game._fixed.shuffle_short_deck:
            game.prepare_draw(count)
        draw = game.draw_one
        limited = game._zone_limited
        pile = st.deck if deck is None else None
        if pile is not None and not limited and 0 < count < len(pile):
            # the deck cannot run out: the top ``count`` cards, one by one, in one move
            drawn = count
            taken = pile[-count:]
            del pile[-count:]
            taken.reverse()
            hand.extend(taken)
            count = 0
        for _ in range(count):
            card: int | None
            if pile is not None and len(pile) > 1:  # ``draw_one`` when the deck does not run out
                card = pile.pop()
            else:
                card = draw(deck)
                if card is None:
                    break
            if limited:
                game.check_goes(card, game.hand_id, "draw")
            hand.append(card)
            drawn += 1
            if st.ending and game.phase.when_game_ends == "stop":
                break
        if game.logging:
            game.emit("drew", seat=st.active, cards=drawn)
        fx = game.fx
        if fx is not None and "drew" in fx.triggers:  # (``signal`` spelt out: no payload built for nobody)
            fx.fire("drew", {"player": st.active, "cards": drawn})
        self.done = True


def _may_take(game: Game, deck: list[int], count: int, stop: frozenset[int]) -> bool:
    """Whether none of the top ``count`` cards of ``deck`` is of a type in ``stop``."""
    bean_of = game.state.bean_of
    for card in deck[-count:]:
        if bean_of[card] in stop:
            return False
    return True


#: seat orders from each active seat, per number of players (made once per process)
_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _seat_orders(n: int) -> tuple[tuple[int, ...], ...]:
    """``_ORDERS[n]``: the seats clockwise from each active seat, made at the first use."""
    orders = _ORDERS.get(n)
    if orders is None:
        orders = _ORDERS[n] = tuple(tuple((active + k) % n for k in range(n)) for active in range(n))
    return orders
#: ``_PLANT_CARD[seat][j][i]``: Action(PLANT, seat, i, j), planting card ``j`` of a zone on
#: field ``i`` (made once per process and shared: actions are immutable tuples)
_PLANT_CARD: list[list[tuple[Action, ...]]] = []


def _fitting_plants(game: Game, seat: int, cards: list[int]) -> list[Action]:
    """Each distinct bean of ``cards`` planted on each field it fits, as the rules say
    (``fitting_fields``). A function of its own: as a comprehension in
    ``PlantSetAside.legal`` it would make ``game``, ``seat`` and ``cards`` closure cells,
    slower to read on that method's plain paths too."""
    new = tuple.__new__  # the named-tuple constructor costs three times as much
    out: list[Action] = []
    for j in _distinct_bean_positions(game, cards):
        for f in game.fitting_fields(seat, cards[j]):
            out.append(new(Action, (PLANT, seat, f, j, -1, (), ())))
    return out


def _plants_of(seat: int, card: int) -> tuple[Action, ...]:
    """``_PLANT_CARD[seat][card]``, made as far as needed."""
    while len(_PLANT_CARD) <= seat:
        _PLANT_CARD.append([])
    row = _PLANT_CARD[seat]
    while len(row) <= card:
        j = len(row)
        row.append(tuple([Action(PLANT, seat, i, j) for i in range(PREBUILT_FIELDS)]))
    return row[card]


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class PlantSetAside(StepRun):
    """Every player plants all set-aside cards in the order they choose, active player first."""

    kind: ClassVar[str] = "plant_set_aside"
    plants: ClassVar[bool] = True
    free_quiet: ClassVar[bool] = True  # (``after_free_action``: only a rule takes set-aside cards)

    def __init__(self, game: Game, spec: Step) -> None:
        StepRun.__init__(self, game, spec)
        self.zone_id = spec.zone("zone")
        #: the seats in planting order from each active seat
        self._orders = _seat_orders(game.players)

    def enter(self, game: Game) -> None:
        st = game.state
        zone = self.zone = st.per_player[self.zone_id]
        active = st.active
        queue: list[int] = []
        for s in self._orders[active]:
            if zone[s]:
                queue.append(s)
        self.queue = queue
        self.done = not queue
        #: kept true exactly while the active seat is the one to plant (the game loop then
        #: reads the seat without calling ``decider``)
        self.active_decides = bool(queue) and queue[0] == active

    def decider(self, game: Game) -> int | None:
        return self.queue[0] if self.queue else None

    def legal(self, game: Game, seat: int) -> list[Action]:
        cards = self.zone[seat]
        fields = game.state.fields[seat]
        if game.plain_plant:
            # ``_distinct_bean_positions`` and ``fitting_fields`` spelt out, in the same order
            bean_of = game.state.bean_of
            out: list[Action] = []
            seen: list[int] = []  # one or two beans, mostly: a list beats a set
            j = 0
            if len(fields) == 2:  # the fields' beans read once (-1: empty), the two fields unrolled
                f0, f1 = fields
                b0 = bean_of[f0[0]] if f0 else -1
                b1 = bean_of[f1[0]] if f1 else -1
                for card in cards:
                    bean = bean_of[card]
                    if bean not in seen:
                        seen.append(bean)
                        try:
                            ready = _PLANT_CARD[seat][j]
                        except IndexError:
                            ready = _plants_of(seat, j)
                        if b0 == bean or b0 < 0:
                            out.append(ready[0])
                        if b1 == bean or b1 < 0:
                            out.append(ready[1])
                    j += 1
                return out
            for card in cards:
                bean = bean_of[card]
                if bean not in seen:
                    seen.append(bean)
                    try:
                        ready = _PLANT_CARD[seat][j]
                    except IndexError:
                        ready = _plants_of(seat, j)
                    i = 0
                    for f in fields:
                        if not f or bean_of[f[0]] == bean:
                            out.append(ready[i])
                        i += 1
                j += 1
            return out
        if len(fields) <= PREBUILT_FIELDS and game.plants_plainly(seat):
            # no rule or field limit of the seat's: ``_distinct_bean_positions`` and
            # ``fitting_fields`` spelt out, in the same order, each field's bean read once
            bean_of = game.state.bean_of
            unplantable = game._unplantable
            one_per_bean = game._fixed.one_field_per_bean
            out = []
            seen = []
            j = 0
            n = len(fields)
            if n == 2 or n == 3:  # two or three fields unrolled, each field's bean read once (-1: empty)
                f0, f1 = fields[0], fields[1]
                b0 = bean_of[f0[0]] if f0 else -1
                b1 = bean_of[f1[0]] if f1 else -1
                f2 = fields[2] if n == 3 else None
                b2 = -2 if f2 is None else bean_of[f2[0]] if f2 else -1  # (-2: no third field)
                for card in cards:
                    bean = bean_of[card]
                    if bean not in seen:
                        seen.append(bean)
                        if not unplantable or bean not in unplantable:
                            try:
                                ready = _PLANT_CARD[seat][j]
                            except IndexError:
                                ready = _plants_of(seat, j)
                            if one_per_bean and (b0 == bean or b1 == bean or b2 == bean):
                                if b0 == bean:  # only its bean's fields (no empty one)
                                    out.append(ready[0])
                                if b1 == bean:
                                    out.append(ready[1])
                                if b2 == bean:
                                    out.append(ready[2])
                            else:  # (under ``one_field_per_bean``: no field grows it, so the empty ones)
                                if b0 == bean or b0 == -1:
                                    out.append(ready[0])
                                if b1 == bean or b1 == -1:
                                    out.append(ready[1])
                                if b2 == bean or b2 == -1:
                                    out.append(ready[2])
                    j += 1
                return out
            grown: list[int] = []
            for f in fields:  # (-1: empty; a plain loop: a comprehension would make closure cells)
                grown.append(bean_of[f[0]] if f else -1)
            for card in cards:
                bean = bean_of[card]
                if bean not in seen:
                    seen.append(bean)
                    if not unplantable or bean not in unplantable:
                        try:
                            ready = _PLANT_CARD[seat][j]
                        except IndexError:
                            ready = _plants_of(seat, j)
                        i = 0
                        if one_per_bean and bean in grown:  # only its bean's fields (no empty one)
                            for b in grown:
                                if b == bean:
                                    out.append(ready[i])
                                i += 1
                        else:  # (under ``one_field_per_bean``: no field grows it, so the empty ones)
                            for b in grown:
                                if b == bean or b < 0:
                                    out.append(ready[i])
                                i += 1
                j += 1
            return out
        return _fitting_plants(game, seat, cards)

    def is_legal(self, game: Game, action: Action) -> bool:
        cards = self.zone[action.seat]
        return (
            action.kind == PLANT
            and 0 <= action.card < len(cards)
            and 0 <= action.field < len(game.state.fields[action.seat])
            and game.fits(action.seat, cards[action.card], action.field)
        )

    def apply(self, game: Game, action: Action) -> None:
        seat = action[1]  # the fields by index: kind, seat, field, card
        cards = self.zone[seat]
        card = cards.pop(action[3])
        if game.fx is None and not game.logging:  # ``plant`` when nothing listens
            game.state.fields[seat][action[2]].append(card)
        else:
            game.plant(seat, card, action[2], self.zone_id)
        if not cards:
            self.queue.pop(0)
        self.done = not self.queue
        self.active_decides = bool(self.queue) and self.queue[0] == game.state.active

    def after_free_action(self, game: Game, action: Action) -> None:
        """A rule may take set-aside cards elsewhere (stored, not planted): seats left with
        nothing to plant are done."""
        zone = self.zone
        for s in self.queue:
            if not zone[s]:
                self.queue = [s for s in self.queue if zone[s]]
                break
        self.done = not self.queue
        self.active_decides = bool(self.queue) and self.queue[0] == game.state.active


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class ResolveOffer(StepRun):
    """Plant or discard, one by one, the cards left in a zone for the active player."""

    kind: ClassVar[str] = "resolve_offer"
    plants: ClassVar[bool] = True

    def enter(self, game: Game) -> None:
        self.zone = game.state.shared[self.spec.zone("zone")]
        self.done = not self.zone

    def legal(self, game: Game, seat: int) -> list[Action]:
        card = self.zone[0]
        out = [Action(PLANT, seat, f) for f in game.fitting_fields(seat, card)]
        if game.may_go(card, game.discard_id):  # a kind that may not be discarded is not offered
            out.append(Action(DISCARD, seat, -1, 0))
        return out

    def apply(self, game: Game, action: Action) -> None:
        card = self.zone.pop(0)
        if action.kind == PLANT:
            game.plant(action.seat, card, action.field, self.spec.zone("zone"))
        else:
            game.state.discard.append(card)
            game.emit("discarded", seat=action.seat, bean=game.bean_name(card), source=self.spec.zone("zone"))
        self.done = not self.zone


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class DiscardFromHand(_FromHand):
    """Discard between ``min`` and ``max`` cards from anywhere in the hand."""

    kind: ClassVar[str] = "discard_from_hand"

    def choices(self, game: Game, seat: int, hand: list[int]) -> list[Action]:
        pile = game.discard_id  # a card whose kind may not go to the discard pile is not offered
        return [Action(DISCARD, seat, -1, j) for j in range(len(hand)) if game.may_go(hand[j], pile)]

    def legal(self, game: Game, seat: int) -> list[Action]:
        out = _FromHand.legal(self, game, seat)
        if not out:  # nothing in the hand may be discarded: the step lets the seat pass
            out.append(Action(PASS, seat))
        return out

    def refusal(self, game: Game, action: Action) -> str:
        hand = game.state.hands[action.seat]
        if action.kind == DISCARD and 0 <= action.card < len(hand) and not game.may_go(hand[action.card], game.discard_id):
            return f"a `{game.bean_name(hand[action.card])}` may not go to `{game.discard_id}` (its kind's zones)"
        return ""

    def take(self, game: Game, action: Action, hand: list[int]) -> None:
        card = hand.pop(action.card)
        game.state.discard.append(card)
        game.emit("discarded", seat=action.seat, bean=game.bean_name(card), source="hand", position=action.card)


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class KeepRevealed(StepRun):
    """The active player plants any displayed cards; the rest move to another zone."""

    kind: ClassVar[str] = "keep_revealed"
    plants: ClassVar[bool] = True

    def enter(self, game: Game) -> None:
        self.zone = game.state.shared[self.spec.zone("zone")]
        self.rest = self.spec.zone("rest_to")
        self.done = not self.zone

    def legal(self, game: Game, seat: int) -> list[Action]:
        out = [
            Action(PLANT, seat, f, j)
            for j in _distinct_bean_positions(game, self.zone)
            for f in game.fitting_fields(seat, self.zone[j])
        ]
        out.append(Action(PASS, seat))
        return out

    def apply(self, game: Game, action: Action) -> None:
        if action.kind == PLANT:
            card = self.zone.pop(action.card)
            game.plant(action.seat, card, action.field, self.spec.zone("zone"))
            self.done = not self.zone
            return
        target = game.state.shared[self.rest] if self.rest in game.state.shared else game.state.per_player[self.rest][action.seat]
        for card in self.zone:
            game.check_goes(card, self.rest, "keep_revealed")
        moved = [game.bean_name(c) for c in self.zone]
        target.extend(self.zone)
        self.zone.clear()
        game.emit("moved", seat=action.seat, beans=moved, to=self.rest)
        self.done = True


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Actions(StepRun):
    """A window for declared actions: the chosen seats may take the actions the rules
    allow them now (listed as free actions) and pass; nothing else is offered, so no card
    leaves a hand unless an action says so. ``seats``: ``active`` (the active player until
    they pass), ``each`` (every seat in turn from the active one, once each) or ``all``
    (rounds from the active seat until every seat passes in a row)."""

    kind: ClassVar[str] = "actions"

    def __init__(self, game: Game, spec: Step) -> None:
        StepRun.__init__(self, game, spec)
        #: the step's ``seats`` (fixed by the spec: read once, not at every entry)
        self._seats = str(spec.params.get("seats", "active"))

    def enter(self, game: Game) -> None:
        self.mode = self._seats
        order = _seat_orders(game.players)[game.state.active]  # (the seats clockwise from the active one)
        self.queue = [order[0]] if self.mode == "active" else list(order)
        self.passes = 0
        self.rounds = 0
        self.done = not self.queue

    def decider(self, game: Game) -> int | None:
        return self.queue[0] if self.queue else None

    def legal(self, game: Game, seat: int) -> list[Action]:
        return [game._fixed.pass_actions[seat]]  # (the ready-made pass: the named tuple's constructor costs more)

    def apply(self, game: Game, action: Action) -> None:
        seat = self.queue.pop(0)
        if self.mode == "all":
            self.passes += 1
            if self.passes >= game.players or self.rounds >= MAX_WINDOW_ROUNDS:
                self.queue.clear()  # every seat passed in a row
            else:
                self.queue.append(seat)
        self.done = not self.queue

    def after_free_action(self, game: Game, action: Action) -> None:
        if self.mode == "all" and action.seat == self.decider(game):
            self.passes = 0  # someone acted: everyone gets another chance before the window closes
            self.rounds += 1


#: Most times an ``all`` window may reopen after a seat acts (each reopening needs an action).
MAX_WINDOW_ROUNDS = 1000


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class LastRound(StepRun):
    """After the final harvest: each seat from the active one on may take free actions
    (buy items), then passes. Not a step a turn lists: ``end.last_round`` turns it on."""

    kind: ClassVar[str] = "last_round"

    def __init__(self, game: Game) -> None:
        self.spec = None  # type: ignore[assignment]
        self.span = None
        n = game.players
        self.queue = [(game.state.active + k) % n for k in range(n)]
        self.done = False

    def decider(self, game: Game) -> int | None:
        return self.queue[0] if self.queue else None

    def legal(self, game: Game, seat: int) -> list[Action]:
        return [game._fixed.pass_actions[seat]]  # (the ready-made pass: the named tuple's constructor costs more)

    def apply(self, game: Game, action: Action) -> None:
        self.queue.pop(0)
        self.done = not self.queue


def _step_kinds() -> dict[str, type[StepRun]]:
    kinds: list[type[StepRun]] = [
        PlantFromHand, Reveal, RevealMatchingDiscards, Draw, PlantSetAside, ResolveOffer, DiscardFromHand, KeepRevealed, Trade,
        Actions,
    ]
    return {k.kind: k for k in kinds}


STEP_KINDS: dict[str, type[StepRun]] = _step_kinds()
