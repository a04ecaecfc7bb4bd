"""A competent heuristic player, using only what its seat may see.

It plants to avoid ruinous harvests (matching field first, then an empty one, and it
skips the optional second plant when that would block a field), harvests when a field
cannot earn more, buys an extra field while the game still has a long way to go (on the
deck's last pass: while a dozen cards per coin of its price are still to come), buys
the dearest item it can afford whenever it can (an item's price counts at the end, so
buying turns coins into score plus the item's attribute and the bonus for owning many),
gives away revealed cards it cannot use, offers unwanted hand cards for beans it grows,
trades and gives away the cards of the zones a trading step lets it also give from
(``also_from``: a store) as it does hand cards, and accepts offers whose cards all fit
its fields; it never accepts a card it cannot plant, so it has none to trade again. Declared actions (ships, action cards,
a market…) are weighed by the ruleset's `worth` hint when the action has one, and
otherwise one ply ahead: each is tried on a private copy of the game
(``SeatView.preview``, counts only, the `worth` of cards held included) and the best is
taken when it gains something. Choices inside effects follow the `choose … worth` hint.
A plant or pass it chooses is steered by the `worth` of the cards it holds
(:mod:`engine.agents.steering`): it plants towards a card worth more on other fields.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any

from engine.game.actions import (ACCEPT, ACT, BUY_FIELD, BUY_ITEM, DECLINE, DISCARD, END_TRADING, FREE_KINDS, HARVEST, PASS,
                                 PLANT, PROPOSE, Action)
from engine.agents.steering import steer
from engine.game.view import SeatView

Fields = list[tuple[str | None, int]]
#: (the first field at its bean's last beanometer step or -1, the beans grown, the number
#: of empty fields, the bean of the first of the fullest planted fields or None, the
#: fields themselves as ``SeatView.fields`` reads them)
Known = tuple[int, "set[str]", int, "str | None", Fields]

#: the free actions other than a harvest: ``GreedyBot.choose`` picks them out of a listing
#: (a harvest it looks for only when a field has reached its bean's last beanometer step)
RARE_KINDS = FREE_KINDS - {HARVEST}

#: distinct fields a bot remembers what it read off (``GreedyBot._learn``); then it starts over
KNOWN_FIELDS = 256

#: a field's bean and count (``SeatView.fields``), for ``map``
BEAN, COUNT = itemgetter(0), itemgetter(1)

#: Cards still to come in the deck's last pass, per coin a field costs, for the field to pay.
FIELD_PAYBACK_CARDS = 12

#: the zone name of a seat's hand in card references, and the target of an offer to the table
HAND = "hand"
OPEN = -1

#: Look-aheads (copies of the game) one seat tries in one turn at most: a ruleset with many
#: actions of many values (50 each) cannot make a bot's turn copy the game thousands of
#: times. Beyond it only actions with a `worth` hint are weighed.
MAX_PREVIEWS_PER_TURN = 60


class GreedyBot:
    name = "greedy"
    #: The bot builds its own offers, so the engine need not list every possible one.
    wants_offers = False
    #: It answers an offer from the step's own actions (accept or decline, ``_answer``), so
    #: the engine need not list its free actions then (``Game.free_listing``).
    free_in_answers = False
    #: Its answer to a choice inside an effect among one option that must be taken is that
    #: option, whatever the worths (``choose_option``), so the game need not ask it
    #: (``GameEffects.takes_lone``), nor work out the option's worth.
    takes_lone_choice = True

    def __init__(self, seed: int = 0, max_offers: int = 3) -> None:
        self.rng = random.Random(seed)
        self.max_offers = max_offers
        self._turn = -1
        self._offers = 0
        self._tried: set[Action] = set()
        self._top: dict[str, int] = {}  # last beanometer step per bean (the printed card's)
        #: declared actions weighed this turn: (action number, value number, times taken) -> value
        self._weighed: dict[tuple[int, int, int], float] = {}
        self._taken: dict[int, int] = {}
        self._previews = 0
        #: what the bot reads off its own fields, per distinct fields (they change only when
        #: it plants or harvests): see ``_learn``
        self._known: dict[int, Known] = {}
        #: coins a harvest of (bean, count) pays by the printed beanometer
        self._pays: dict[tuple[str, int], int] = {}
        #: the other seats, clockwise from a seat (a game's seats never change)
        self._others: dict[tuple[int, int], list[int]] = {}

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _fits(fields: Fields, bean: str) -> bool:
        for b, _ in fields:
            if b == bean or b is None:
                return True
        return False

    @staticmethod
    def _grows(fields: Fields, bean: str) -> bool:
        for b, _ in fields:
            if b == bean:
                return True
        return False

    def _best_harvest(self, view: SeatView, harvests: list[Action], fields: Fields) -> Action:
        """The harvest paying most by the printed beanometer, then of the fewest beans
        (``max`` by (coins, -beans), spelt out: the first of the best, as ``max`` keeps,
        and the value read inline, a call fewer per harvest listed)."""
        pays_of = self._pays
        best: Action | None = None
        best_value = (0, 0)
        for a in harvests:
            bean, count = fields[a[2]]  # [2]: the field
            if not bean:
                value = (0, -count)
            else:
                pays = pays_of.get((bean, count))
                if pays is None:  # the printed beanometer never changes: read once per bean and count
                    pays = pays_of[(bean, count)] = view.bean(bean).coins_for(count)
                value = (pays, -count)
            if best is None or value > best_value:
                best, best_value = a, value
        assert best is not None  # (``harvests`` is never empty)
        return best

    def _last_step(self, view: SeatView, bean: str) -> int:
        """The beans ``bean``'s last beanometer step needs (remembered in ``_top``)."""
        meter = [t for t in view.bean(bean).beanometer if t is not None]
        last = self._top[bean] = meter[-1] if meter else 10**9
        return last

    def _learn(self, view: SeatView, fields: Fields, key: int) -> Known:
        """What the bot reads off ``fields`` (see ``Known``), remembered under ``key`` (the
        view's ``fields_token``: equal for the same fields)."""
        known = self._known
        if len(known) >= KNOWN_FIELDS:
            known.clear()
        grown: set[str] = set()
        empties = 0
        fullest: str | None = None
        most = -1
        maxed = -1
        top = self._top
        i = 0
        for bean, count in fields:  # a plain loop: a few fields, cheaper than C calls on them
            if bean is None:
                empties += 1
            else:
                grown.add(bean)
                if count > most:
                    fullest, most = bean, count
                # the first field that has reached its bean's last beanometer step (a step of
                # 0 beans, were there one, is merely read again: ``_last_step`` gives it anew)
                if maxed < 0 and count >= (top.get(bean) or self._last_step(view, bean)):
                    maxed = i
            i += 1
        info = known[key] = (maxed, grown, empties, fullest, fields)  # (``grown`` is never changed after)
        return info

    # ------------------------------------------------------------------ choice

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if legal[0][0] == DECLINE:  # [0]: the kind; an answer reads none of the turn's counters
            return self._answer(view, legal)  # (the next other decision starts the turn anew)
        turn, step, active, key, held = view.now()
        if turn != self._turn:
            self._turn, self._offers = turn, 0
            if self._tried:  # (emptied only when filled: most turns weigh and take nothing)
                self._tried.clear()
            if self._weighed:
                self._weighed.clear()
            if self._taken:
                self._taken.clear()
            self._previews = 0
        info = self._known.get(key)
        if info is None:  # (the fields ``now`` has just read with the token)
            info = self._learn(view, view.token_read, key)
        maxed = info[0]
        if maxed >= 0:  # a field at its bean's last step: its harvest, if listed
            for a in legal:
                if a[0] == HARVEST and a[2] == maxed:  # the kind, the field
                    return a
        rare: list[Action] | None = None  # the free actions listed other than harvests (in their order), if any
        for a in legal:  # a plain loop over a few actions: cheaper than C calls on them (``map``, a set)
            if a[0] in RARE_KINDS:  # [0]: the kind
                if rare is None:
                    rare = [a]
                else:
                    rare.append(a)
        if rare is not None:
            chosen = self._free(view, rare, step)
            if chosen is not None:
                return chosen
        if step == "trade":  # (``_trade`` spelt out: a call fewer at each of the many trading choices)
            if self._offers < self.max_offers:
                offer = self._pick_offer(view, info, active)
                while offer is not None and view.offer_problem(offer):  # e.g. a hand card the options keep back
                    self._tried.add(offer)
                    offer = self._pick_offer(view, info, active)
                if offer is not None:
                    self._offers += 1
                    self._tried.add(offer)
                    return offer
            for a in legal:  # ``_end`` spelt out
                kind = a[0]
                if kind == END_TRADING or kind == PASS:
                    return a
            raise IndexError("no end of trading among the legal actions")
        if step == "discard_from_hand":
            return self._discard(view, legal, info[4])
        return self._plant(view, legal, info[4], step, info[2], held)

    def _free(self, view: SeatView, rare: list[Action], step: str) -> Action | None:
        """A declared action worth taking, a field worth buying, or an item to buy, in that
        order (None: none of them), among ``rare`` (the free actions listed other than
        harvests, in their order: ``choose`` picks them out as it looks at the listing);
        ``step`` is the kind of the step now."""
        # one pass: the declared actions, the first field to buy, the items
        acts: list[Action] | None = None
        field: Action | None = None
        buys: list[Action] | None = None
        for a in rare:
            kind = a[0]  # [0]: the kind
            if kind == BUY_ITEM:
                if buys is None:
                    buys = [a]
                else:
                    buys.append(a)
            elif kind == ACT:
                if acts is None:
                    acts = [a]
                else:
                    acts.append(a)
            elif kind == BUY_FIELD and field is None:
                field = a
        if acts is not None:
            act = self._best_act(view, acts)
            if act is not None:
                self._taken[act.card] = self._taken.get(act.card, 0) + 1
                return act
        if field is not None and self._wants_field(view):
            return field
        if buys is None:
            return None
        # the dearest item (the first of them, by price and id)
        best, price = view.dearest_buy(buys)
        if best is None:
            return None
        # attributes (price 2+) at once; plain price-1 items when the end is near
        if price >= 2 or step == "last_round":
            return best
        runouts, end = view.runouts()
        return best if runouts >= end - 1 else None

    def choose_option(self, view: SeatView, options: list[Any], prompt: str, optional: bool) -> int | None:
        """Choices inside effects: the option worth most by the `choose … worth` hint (none
        of an optional choice when each is worth less than nothing); without a hint "yes",
        and otherwise the first option offered."""
        worths = view.option_worths()
        if not worths or len(worths) != len(options):
            return 0
        best = 0  # the first of the options worth most (``max`` by worth, then the lower index)
        for i in range(1, len(worths)):
            if worths[i] > worths[best]:
                best = i
        return None if optional and worths[best] < 0 else best

    def _best_act(self, view: SeatView, acts: list[Action]) -> Action | None:
        """The declared action worth most (by its `worth` hint, or else one ply ahead), if
        any gains at all; each is weighed once per turn and number of times already taken."""
        best, best_value = None, 0.0
        taken = self._taken
        weighed = self._weighed
        for a in acts:
            card = a[3]  # [3]: the action's number, [2]: its value's (``card``, ``field``: by index, no attribute lookups)
            key = (card, a[2], taken.get(card, 0))
            value = weighed.get(key)
            if value is None:
                hint = view.action_worth(a)
                if hint is None:
                    if self._previews >= MAX_PREVIEWS_PER_TURN:
                        continue
                    self._previews += 1
                    hint = view.preview(a).value()
                value = weighed[key] = hint
            if value > best_value:
                best, best_value = a, value
        return best

    def _wants_field(self, view: SeatView) -> bool:
        """Buy a field while the game has a long way to go: before the deck's last pass, or
        on it while about a dozen cards per coin of the price are still to come (at two
        players the whole game is one pass, and a third field for 3 coins bought early
        gains about one point a game against a bot that never buys)."""
        runouts, end = view.runouts()
        price = view.field_limits()[2]
        if view.coins() < price:
            return False
        return runouts < end - 1 or (runouts == end - 1 and view.deck_size() >= FIELD_PAYBACK_CARDS * max(price, 1))

    def _plant(self, view: SeatView, legal: list[Action], fields: Fields, step: str, empties: int,
               held: bool = False) -> Action:
        """The plant, pass, discard or harvest to take (in a planting step), steered by
        held worth (``steer``) when ``held`` and another plant or pass is listed."""
        # one pass: the first plant, pass and discard, and the plants on a planted field
        # (the first of them, and the first on the fullest), and how many plants and passes
        # (``steer`` has nothing to weigh with one: most plant choices)
        plant = passing = discard = matching = fullest = None
        most = -1
        steerable = 0
        for a in legal:
            kind = a[0]  # the kind
            if kind == PLANT:
                steerable += 1
                if plant is None:
                    plant = a
                bean, count = fields[a[2]]  # the field
                if bean is not None:
                    if matching is None:
                        matching = a
                    if count > most:
                        fullest, most = a, count
            elif kind == PASS:
                steerable += 1
                if passing is None:
                    passing = a
            elif kind == DISCARD:
                if discard is None:
                    discard = a
        chosen: Action | None = None
        if step == "plant_from_hand":
            if plant is not None:
                if matching is not None:
                    chosen = matching
                elif passing is None or empties >= 2:
                    chosen = plant
            if chosen is None:
                chosen = passing
        elif fullest is not None:
            chosen = fullest
        elif plant is not None and (passing is None or step != "keep_revealed" or empties):
            chosen = plant
        elif discard is not None:
            chosen = discard
        else:
            chosen = passing
        if chosen is not None:
            return steer(view, legal, chosen) if held and steerable > 1 else chosen
        harvests: list[Action] = []
        for a in legal:  # (a plain loop: a comprehension is a call of its own)
            if a[0] == HARVEST:  # [0]: the kind
                harvests.append(a)
        if harvests:
            return self._best_harvest(view, harvests, fields)
        return legal[0]

    def _discard(self, view: SeatView, legal: list[Action], fields: Fields) -> Action:
        hand = view.hand()
        for a in legal:
            if a.kind == DISCARD and not self._fits(fields, hand[a.card]) and hand.count(hand[a.card]) == 1:
                return a
        return next(a for a in legal if a.kind == PASS) if any(a.kind == PASS for a in legal) else legal[0]

    # ------------------------------------------------------------------ trading

    def _pick_offer(self, view: SeatView, info: Known, active: int) -> Action | None:
        """Build an offer from what the seat sees (the engine need not list them all)."""
        revealed = view.trade_display()
        me = view.seat
        grown = info[1]  # the beans this seat grows
        tried = self._tried
        new = tuple.__new__
        if me != active:
            # ask for the first revealed bean we grow, paying with a hand card we do not grow
            for b in revealed:
                if b in grown:
                    want = (b,)
                    break
            else:
                return None  # nothing revealed that this seat grows: no request to make
            # paid first with a card of a zone it may also trade from (a store's card has no
            # other use), then with a hand card
            for zone, beans in (*view.trade_sources(), (HAND, view.hand())):
                for index, bean in enumerate(beans):
                    if bean in grown:
                        continue
                    offer = new(Action, (PROPOSE, me, -1, -1, active, ((zone, index),), want))
                    if offer not in tried and view.may_trade(zone, index):
                        return offer
            return None
        if info[2]:
            return None  # an empty field: every card fits, nothing to give away
        players = view.players
        others = self._others.get((me, players))
        if others is None:
            others = self._others_of(me, players)
        seen: dict[int, set[str]] = {}  # other seats' grown beans, looked at once per offer built
        # revealed cards we cannot use, then those of the zones it may also trade from (a
        # store, the cards received this turn): give them to a seat that grows them
        sources = view.trade_sources()
        for zone, beans in ((view.trade_zone(), revealed), *sources) if revealed else sources:
            for index, bean in enumerate(beans):
                if bean in grown:
                    continue
                for seat in others:
                    theirs = seen.get(seat)
                    if theirs is None:
                        theirs = seen[seat] = view.planted(seat)
                    if bean not in theirs:
                        continue
                    gift = new(Action, (PROPOSE, me, -1, -1, seat, ((zone, index),), ()))
                    if gift not in tried and view.may_trade(zone, index):
                        return gift
        # unwanted front hand cards, offered to the table for the bean we grow most
        most = info[3]  # the bean of the first of the fullest planted fields
        if most is None:
            return None
        want = (most,)
        for index, bean in enumerate(view.hand(3)):
            if bean in grown:
                continue
            offer = new(Action, (PROPOSE, me, -1, -1, OPEN, ((HAND, index),), want))
            if offer in tried:
                continue
            for seat in others:
                theirs = seen.get(seat)
                if theirs is None:
                    theirs = seen[seat] = view.planted(seat)
                if bean in theirs:
                    if view.may_trade(HAND, index):
                        return offer
                    break
        return None

    def _others_of(self, me: int, players: int) -> list[int]:
        """The other seats, clockwise from ``me``, remembered in ``_others``. A method of its
        own: as a comprehension in ``_pick_offer`` it would make ``me`` and ``players``
        closure cells, slower to read at every offer built."""
        others = self._others[(me, players)] = [(me + k) % players for k in range(1, players)]
        return others

    def _answer(self, view: SeatView, legal: list[Action]) -> Action:
        offer, incoming = view.offer_waiting()
        if offer is None:
            return legal[0]
        for accept in legal:
            if accept[0] == ACCEPT:  # [0]: the kind
                break
        else:
            return legal[0]
        if not incoming:
            return legal[0]  # a request for a gift: decline
        key, fields = view.token_fields()
        info = self._known.get(key)
        if info is None:
            info = self._learn(view, fields, key)
        grown, empties = info[1], info[2]
        # the new types offered need empty fields (one card, the common offer: without a set)
        if ((incoming[0] not in grown) if len(incoming) == 1 else len(set(incoming).difference(grown))) > empties:
            return legal[0]
        for zone, index in accept[5]:  # the cards it would give
            if zone == HAND and view.hand_card(index) in grown:
                return legal[0]
        return accept
