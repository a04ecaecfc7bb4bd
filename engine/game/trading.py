"""Trading as an engine primitive: offers, donations, answers and the trading window.

With ``partners: active`` (the rulebook) only trades that involve the active player
exist; with ``partners: any`` other seats may also trade among themselves. The active
player may offer revealed and hand cards; other seats offer hand cards.
An offer names the cards given (by position) and the bean types wanted; a donation
wants nothing. The receiver accepts by naming cards that match the wanted types, or
declines, and a declined offer changes nothing. Cards received are set aside (they
cannot be traded again) and planted in the next step. When the window closes, the
revealed cards nobody took are set aside for the active player.

An offer by the active player may name a seat, or be open to the table (``target``
-1): the other seats then answer clockwise and the first to accept trades. The
window's order: the active player proposes until it ends trading; then each other
seat, clockwise, may make one proposal to the active player. If any trade was
accepted in that round, the active player gets the floor again. ``MAX_ROUNDS`` and
``MAX_PROPOSALS`` bound the window so that no agent can keep a game from ending.

Two options of the ruleset change the window. ``hand_trading: after_revealed`` keeps
the active player's hand out of trading while revealed cards lie on the table; ending
trading then keeps those cards (set aside to plant) and opens hand trading, and a
second end passes the floor to the other seats. ``open_offers: any_seat`` lets the
other seats offer to the table too, and the first seat to accept trades.

``legal`` lists the single-card offers (one card for at most one bean, or given away;
open offers for the active player, and for every seat under ``open_offers: any_seat``) — enough for bots and menus; ``apply`` accepts any
valid offer too: to a named seat, or of several cards for several beans.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

from engine.game.actions import ACCEPT, DECLINE, END_TRADING, PASS, PROPOSE, Action, CardRef
from engine.game.copyable import mypyc_attr
from engine.game.steprun import StepRun

if TYPE_CHECKING:
    from engine.game.core import Game
    from engine.rules.model import Step

#: Rounds of proposals from the other seats in one window.
MAX_ROUNDS = 3
#: Proposals one seat may make in one window.
MAX_PROPOSALS = 30

HAND = "hand"
#: ``target`` of an offer open to every other seat.
OPEN = -1


def _position(ref: CardRef) -> int:
    """A card reference's position in its zone (a sort key)."""
    return ref[1]


def _bean_names(game: Game, cards: list[int]) -> list[str]:
    """The bean names of ``cards``, for an event. Why a function: a comprehension in the
    method that tells the event would make ``game`` a closure cell there, slower to read
    at every call, told or not."""
    out: list[str] = []
    for c in cards:
        out.append(game.bean_name(c))
    return out


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Trade(StepRun):
    kind: ClassVar[str] = "trade"
    #: an offer made, declined or a turn to offer passed: only who answers or offers next
    #: changes (or the window closes, which ends the step)
    keeps_position: ClassVar[frozenset[str]] = frozenset({PROPOSE, DECLINE, PASS})
    free_quiet: ClassVar[bool] = True  # (``after_free_action``: only a rule moves an offer's cards)

    def __init__(self, game: Game, spec: Step) -> None:
        StepRun.__init__(self, game, spec)
        self.revealed_id = spec.zone("revealed")
        self.received_id = spec.zone("received")
        self.partners = str(self.spec.params.get("partners", "active"))
        also = self.spec.params.get("also_from", [])
        # one list for everyone, or {active: [...], others: [...]} when they differ
        self.also_from: list[str] = list(also) if isinstance(also, list) else list(also.get("others", []))
        self.active_also_from: list[str] = list(also) if isinstance(also, list) else list(also.get("active", []))
        #: cards given out of these zones land in the receiver's zone named here instead of
        #: ``received`` (beans out of a store must be planted, never stored again)
        self.received_from: dict[str, str] = dict(self.spec.params.get("received_from", {}))
        #: option `hand_trading: after_revealed`: the active player's hand waits until the
        #: revealed cards are gone (traded, given, or kept by ending trading once)
        self.hand_waits = game._fixed.option("hand_trading") == "after_revealed"
        #: option `open_offers: any_seat`: other seats may offer to the table too
        self.open_any = game._fixed.option("open_offers") == "any_seat"
        seats = range(game.players)
        #: ready-made answers of each seat (actions are immutable tuples)
        self._passes = game._fixed.pass_actions
        self._ends = tuple(Action(END_TRADING, s) for s in seats)
        self._declines = tuple(Action(DECLINE, s) for s in seats)
        self._accepts_gift = tuple(Action(ACCEPT, s) for s in seats)
        #: the other seats, clockwise from each seat: the seats an offer to the table reaches
        self._open_to = tuple(tuple((s + k) % game.players for k in range(1, game.players)) for s in seats)
        #: no zone but the hand and the revealed cards to give from (no ``also_from``)
        self._hand_only = not self.also_from and not self.active_also_from
        #: the card types that may be traded and go anywhere (their kind says no ``trade: false``
        #: and no ``zones``): ``_may_give`` lets them go without asking (beans, mostly)
        self._free_types = game._fixed.free_types
        #: (bean index, want tuple) of every bean in play, and the set of those beans: made at first use
        self._want_cache: list[tuple[int, tuple[str, ...]]] | None = None
        self._in_play: frozenset[str] = frozenset()
        #: whether a trade moves nothing a seat's free actions read, with what it was read
        #: from (``trades_unlisted``)
        self._unlisted: tuple[object, object, int, object, bool] | None = None

    def enter(self, game: Game) -> None:
        st = game.state
        revealed = self.revealed = st.shared[self.revealed_id]
        self.received = st.per_player[self.received_id]
        self.pending: Action | None = None
        if not game.trading:
            # No window opens: ``_close`` at once. The window's own bookkeeping is left as it
            # was (never read: the step is left as soon as it is entered; views ask ``pending``).
            self.mode = "closed"
            self.done = True
            self.active_decides = True
            if revealed:
                if game._zone_limited or game.logging:
                    self._keep_revealed(game)
                else:  # ``_keep_revealed`` with nothing to check or tell
                    self.received[st.active].extend(revealed)
                    revealed.clear()
            return
        self.mode = "active"          # active | respond | solicit | closed
        #: kept true exactly while the mode is neither ``respond`` nor ``solicit`` (then the
        #: active player decides: ``decider``), so that the game loop reads the seat without
        #: calling ``decider``; every change of ``mode`` sets it too
        self.active_decides = True
        self._resume = "active"       # the mode to return to once an offer is answered
        #: the last offer found good, and when (see ``check_proposal``)
        self._offer_ok: tuple[int, Action | None] = (-1, None)
        self.pending_cards: list[int] = []
        self.responders: list[int] = []
        self.solicit: list[int] = []
        self.rounds = 0
        self.accepted_this_round = False
        self.proposals = [0] * game.players
        self.done = False

    # ------------------------------------------------------------------ who decides

    def decider(self, game: Game) -> int | None:
        if self.mode == "respond":
            return self.responders[0]
        if self.mode == "solicit":
            return self.solicit[0]
        return game.state.active

    def _sources(self, game: Game, seat: int) -> list[tuple[str, list[int]]]:
        """Where ``seat`` may give cards from: revealed cards (the active player), the
        hand, and any per-player zones the step names in ``also_from``."""
        st = game.state
        if seat == st.active:
            sources: list[tuple[str, list[int]]] = [(self.revealed_id, self.revealed)]
            if not (self.hand_waits and self.revealed):
                sources.append((HAND, st.hands[seat]))
            extra = self.active_also_from
        else:
            sources = [(HAND, st.hands[seat])]
            extra = self.also_from
        if extra:
            per_player = st.per_player
            for z in extra:  # (a plain loop: a generator would make ``seat`` a closure cell)
                sources.append((z, per_player[z][seat]))
        return sources

    def _zone(self, game: Game, seat: int, zone: str) -> list[int]:
        if zone == self.revealed_id:
            return self.revealed
        if zone == HAND:
            return game.state.hands[seat]
        return game.state.per_player[zone][seat]

    def _lands(self, zone_id: str) -> str:
        """The zone a card given out of ``zone_id`` lands in (``received_from``, else ``received``)."""
        return self.received_from.get(zone_id) or self.received_id

    def _may_give(self, game: Game, seat: int, zone_id: str, card: int) -> bool:
        """Whether ``seat`` may give ``card`` out of ``zone_id``: tradable, and its kind may go
        where it would land (a kind whose ``zones`` leave out the received zone is never offered)."""
        fx = game.fx
        if game.state.bean_of[card] in self._free_types and (fx is None or "may_trade_card" not in fx.modifiers):
            return True  # (a card its kind lets be traded and go anywhere, and no rule of trading cards)
        return game.tradable(seat, card) and game.may_go(card, self._lands(zone_id))

    def _givable(self, game: Game, seat: int) -> list[CardRef]:
        if game.trade_limited or game._zone_limited:
            return [(zone, i) for zone, cards in self._sources(game, seat) for i, c in enumerate(cards)
                    if self._may_give(game, seat, zone, c)]
        return [(zone, i) for zone, cards in self._sources(game, seat) for i in range(len(cards))]

    def _card(self, game: Game, seat: int, ref: CardRef) -> int:
        return self._zone(game, seat, ref[0])[ref[1]]

    def _cards(self, game: Game, seat: int, refs: tuple[CardRef, ...]) -> list[int]:
        """The cards ``refs`` name (a plain loop: a comprehension here would make ``self``,
        ``game`` and ``seat`` closure cells, slower to read everywhere in the caller)."""
        out: list[int] = []
        for ref in refs:
            out.append(self._zone(game, seat, ref[0])[ref[1]])
        return out

    def _wants(self, game: Game) -> list[tuple[int, tuple[str, ...]]]:
        """(bean index, want tuple) for every bean in play, built once per window."""
        cached = self._want_cache
        if cached is None:
            ids = game.state.bean_ids
            cached = [(i, (ids[i],)) for i in range(len(ids)) if ids[i] not in game.row.remove_beans]
            self._want_cache = cached
            self._in_play = frozenset(w[0] for _, w in cached)
        return cached

    def _beans_in_play(self, game: Game) -> frozenset[str]:
        """The bean ids an offer may want (those of ``_wants``), as a set."""
        if self._want_cache is None:
            self._wants(game)
        return self._in_play

    def trades_unlisted(self, game: Game) -> bool:
        """Whether an accepted trade (or the end of a seat's turn to offer, which at most
        sets the revealed cards aside) moves only cards that no listing of free actions
        reads, so that every seat's free actions listed before it
        (``FreeListing.free_listing``) are still its free actions after it.

        Why: an offer accepted is the commonest action of a trading turn that changes the
        position (a gift of a revealed card, one bean for one card), and after it the seat
        that offered lists its free actions again, at every trading decision of a ruleset
        with declared actions (a dozen a seat may take at any time), though none of them
        reads a hand; and each seat asked for an offer in a second round lists again after
        the first. A trade
        moves cards between the hands, the revealed cards, ``also_from`` zones and the zones
        cards are received in, and tells ``traded`` and ``received``; the free actions read
        the fields, the coins, the cards for sale and the declared actions' inputs
        (``CompiledAction.reads``). So it holds when: no rule listens to those events, no
        rule modifies a query the listing asks (the harvest protection, the field price
        and count, prices: such a rule may read anything), there are no cards for sale and
        no card declares an action (a card may be traded), the seats' rule profiles read
        none of those zones, and every declared action's inputs are known and name none of
        them. Read again when the rules or the declared actions change."""
        fx = game.fx
        if fx is None:
            return game.items is None and game._rare.coins_id not in self._moved(game)
        known = self._unlisted
        if (known is not None and known[0] is fx._applies and known[1] is fx.actions and known[2] == len(fx.actions)
                and known[3] is fx.modifiers):
            return known[4]
        moved = self._moved(game)
        quiet = (game.items is None and not fx._action_cards and "traded" not in fx.triggers
                 and "received" not in fx.triggers and game._rare.coins_id not in moved
                 and fx.modifiers.keys().isdisjoint(("may_harvest", "field_price", "max_fields", "price")))
        if quiet:
            zones = game._profile_zones(fx)
            quiet = zones is not None and moved.isdisjoint(zones)
        for action, _ in fx.actions if quiet else ():  # (plain loops: a generator would make closure cells)
            reads = action.reads
            if reads is None:
                quiet = False
                break
            for r in reads:
                if r[0] in ("zone", "zone_kind", "zone_size") and r[1] in moved and not self._kind_kept(game, r):
                    quiet = False
                    break
            if not quiet:
                break
        if fx._applies is not None:  # (made by ``_profile_zones``: kept with it, the actions and the modifiers)
            self._unlisted = (fx._applies, fx.actions, len(fx.actions), fx.modifiers, quiet)
        return quiet

    def _kind_kept(self, game: Game, read: tuple[Any, ...]) -> bool:
        """Whether no trade of this step changes what ``read`` reads of a zone it moves cards
        of: a read of only the cards of one kind (``("zone_kind", ZONE, mode, "==",
        KIND)``) whose cards may never be traded (the kind says ``trade: false`` and no rule
        modifies `may_trade_card`), of a zone the revealed cards kept never go to.

        Why: a trade moves only cards that may be traded (``_may_give`` is asked of every
        card given), but for the revealed cards the active player keeps (set aside in the
        received zone), so such a zone's cards of that kind stay as they were, in the same
        order, and an action that reads a hand's cards of such a kind need not be listed
        again after each trade."""
        if read[0] != "zone_kind" or read[3] != "==":
            return False
        zone = read[1]  # (tested one by one: mypyc compiles no starred tuple in an `in` test)
        if zone == self.revealed_id or zone == self.received_id or zone in self.received_from.values():
            return False
        fx = game.fx
        if fx is not None and "may_trade_card" in fx.modifiers:
            return False
        untradable = game._untradable
        kind = read[4]
        return all(t in untradable for t, k in enumerate(game.state.type_kinds) if k == kind)

    def _moved(self, game: Game) -> frozenset[str]:
        """The zones a trade of this step takes cards from or puts them in."""
        return frozenset([HAND, self.revealed_id, self.received_id, *self.received_from.values(),
                          *self.also_from, *self.active_also_from])

    # ------------------------------------------------------------------ choices

    def legal(self, game: Game, seat: int) -> list[Action]:
        if self.mode == "respond":
            return self._answers(game, seat)
        active = game.state.active
        listing = game.listing_offers and self.proposals[seat] < MAX_PROPOSALS
        if self.mode == "solicit":
            out = [self._passes[seat]]
            if listing:
                out.extend(self._single_offers(game, seat, active))
                if self.open_any:
                    out.extend(self._single_offers(game, seat, OPEN))
            return out
        out = [self._ends[seat]]
        if listing:
            out.extend(self._single_offers(game, seat, OPEN))
        return out

    @staticmethod
    def _may_trade(game: Game, seat: int, other: int) -> bool:
        """The `may_trade` query: may ``seat`` offer to (or answer) ``other``?"""
        fx = game.fx
        return fx is None or not fx.has("may_trade") or bool(fx.modified("may_trade", True, player=seat, other=other))

    def _partners(self, game: Game, seat: int, target: int) -> list[int]:
        """The seats an offer of ``seat`` to ``target`` (or the table) would reach."""
        seats = [target] if target != OPEN else list(self._open_to[seat])
        fx = game.fx
        if fx is None or not fx.has("may_trade"):
            return seats
        reached: list[int] = []
        for s in seats:  # (a plain loop: a comprehension would make ``seat`` and more closure cells)
            if self._may_trade(game, seat, s) and self._may_trade(game, s, seat):
                reached.append(s)
        return reached

    def _single_offers(self, game: Game, seat: int, target: int) -> list[Action]:
        """One offer per distinct (zone, bean) card: positions of equal beans are alike.

        This is the hottest loop of a trading game, hence ``tuple.__new__`` instead of the
        named-tuple constructor (same objects, a third of the cost)."""
        if game.fx is not None and game.fx.has("may_trade") and not self._partners(game, seat, target):
            return []
        new = tuple.__new__
        bean_of = game.state.bean_of
        wants = self._wants(game)
        out: list[Action] = []
        seen: set[tuple[str, int]] = set()
        limited = game.trade_limited or game._zone_limited
        for zone_id, cards in self._sources(game, seat):
            for index, card in enumerate(cards):
                bean = bean_of[card]
                if (zone_id, bean) in seen or limited and not self._may_give(game, seat, zone_id, card):
                    continue
                seen.add((zone_id, bean))
                give = ((zone_id, index),)
                out.append(new(Action, (PROPOSE, seat, -1, -1, target, give, ())))
                for b, w in wants:  # (a plain loop: a comprehension would make five closure cells)
                    if b != bean:
                        out.append(new(Action, (PROPOSE, seat, -1, -1, target, give, w)))
        return out

    def _answers(self, game: Game, seat: int) -> list[Action]:
        """Decline, or accept with each distinct way of meeting the wanted types."""
        assert self.pending is not None
        out = [self._declines[seat]]
        want = self.pending.want
        names = game._names
        limited = game.trade_limited or game._zone_limited
        if len(want) <= 1:  # the common offers: a gift (nothing wanted) or one bean for one card
            if not want:
                out.append(self._accepts_gift[seat])
                return out
            bean = want[0]
            if not limited and self._hand_only and seat != game.state.active:  # ``_sources``: the hand alone
                i = 0
                for c in game.state.hands[seat]:  # the first card of that bean (a plain loop that stops there)
                    if names[c] == bean:
                        out.append(tuple.__new__(Action, (ACCEPT, seat, -1, -1, -1, ((HAND, i),), ())))
                        break
                    i += 1
                return out
            for zone, cards in self._sources(game, seat):  # the first givable card of that bean
                if limited:
                    for i, c in enumerate(cards):
                        if names[c] == bean and self._may_give(game, seat, zone, c):
                            out.append(tuple.__new__(Action, (ACCEPT, seat, -1, -1, -1, ((zone, i),), ())))
                            return out
                    continue
                i = 0
                for c in cards:  # every card may be given: the first of that bean
                    if names[c] == bean:
                        out.append(tuple.__new__(Action, (ACCEPT, seat, -1, -1, -1, ((zone, i),), ())))
                        return out
                    i += 1
            return out
        need: dict[str, int] = {}  # wanted bean -> how many, in the order first wanted
        for bean in want:
            need[bean] = need.get(bean, 0) + 1
        chosen: list[CardRef] = []
        pools: dict[str, list[CardRef]] = {}
        for zone, cards in self._sources(game, seat):  # the givable cards of the wanted beans, in order
            for i, c in enumerate(cards):
                name = names[c]
                if name in need and (not limited or self._may_give(game, seat, zone, c)):
                    pools.setdefault(name, []).append((zone, i))
        for bean, count in need.items():
            pool = pools.get(bean, [])
            if len(pool) < count:
                return out
            chosen.extend(pool[:count])
        out.append(Action(ACCEPT, seat, give=tuple(chosen)))
        return out

    def is_legal(self, game: Game, action: Action) -> bool:
        if self.mode == "respond":
            if action.kind == DECLINE:
                return True
            return action.kind == ACCEPT and not self._bad_answer(game, action)
        if action.kind in (END_TRADING,) and self.mode == "active":
            return True
        return action.kind == PASS and self.mode == "solicit"

    def check_proposal(self, game: Game, action: Action) -> str:
        """Why the rules refuse ``action`` as an offer now ('' when they take it). An offer
        found good is remembered until the next action: an agent that asks first (the
        greedy bot) and then plays it is not checked twice.

        A good offer by the seat that decides now also joins the game's latest listing
        (``Game._listed``, the actions ``Game.apply`` takes without checking them again):
        it is as legal as the actions listed, in the same position, and the listing is
        emptied at the next action (or made anew by the next listing), as this memory
        is forgotten then. So ``apply`` does not ask again who decides and what is wrong
        with the offer."""
        if self._offer_ok[0] == game.actions_taken and self._offer_ok[1] == action:
            return ""
        problem = self._proposal_problem(game, action)
        if not problem:
            self._offer_ok = (game.actions_taken, action)
            seat = action[1]  # (``refuse_illegal``'s own checks: a seat of the table, the one deciding)
            if 0 <= seat < game.players and seat == (game.state.active if self.active_decides else self.decider(game)):
                game._listed += (action,)
        return problem

    def _proposal_problem(self, game: Game, action: Action) -> str:
        if self.mode == "respond":
            return "an offer is waiting for an answer"
        seat, target, give, want = action[1], action[4], action[5], action[6]  # by index: no attribute lookups
        if self.proposals[seat] >= MAX_PROPOSALS:
            return f"at most {MAX_PROPOSALS} offers per seat in one trading window"
        active = game.state.active
        players = game.players
        if seat == active:
            if target == active or not OPEN <= target < players:
                return "the active player offers to another seat, or to all (-1)"
        elif self.partners == "active" and target != active and not (self.open_any and target == OPEN):
            return "trades are only with the active player"
        elif target == OPEN and self.open_any:
            pass  # open to the table (option `open_offers: any_seat`)
        elif target == seat or not 0 <= target < players:
            return "an offer goes to another seat"
        if not give and not want:
            return "an offer gives cards, wants cards, or both"
        fx = game.fx
        if fx is not None and fx.has("may_trade"):
            if not self._partners(game, seat, target):
                return "the rules (`may_trade`) let no seat trade with this offer"
        elif target == OPEN and players < 2:  # nobody to offer to (as `_partners` finds)
            return "the rules (`may_trade`) let no seat trade with this offer"
        problem = self._bad_refs(game, seat, give)
        if problem:
            return problem
        if want:
            beans = self._in_play if self._want_cache is not None else self._beans_in_play(game)
            for w in want:
                if w not in beans:
                    return f"no bean `{w}` in play"
        return ""

    def _bad_refs(self, game: Game, seat: int, refs: tuple[CardRef, ...]) -> str:
        fx = game.fx  # ``trade_limited`` spelt out
        limited = bool(game._untradable) or (fx is not None and fx.has("may_trade_card")) or game._zone_limited
        if len(refs) == 1:  # the common offer: one card of the hand or of the display
            zone, index = refs[0]
            if type(index) is int and index >= 0:
                st = game.state
                if zone == HAND and (seat != st.active or not (self.hand_waits and self.revealed)):
                    hand = st.hands[seat]
                    if index < len(hand) and (not limited or self._may_give(game, seat, zone, hand[index])):
                        return ""
                elif (zone == self.revealed_id and seat == st.active and index < len(self.revealed)
                      and (not limited or self._may_give(game, seat, zone, self.revealed[index]))):
                    return ""
            # anything else: the general reading below
        if len(refs) > 1 and len(set(refs)) != len(refs):
            return "a card is named twice"
        sources = self._sources(game, seat)
        for ref in refs:
            zone, index = ref
            if type(index) is not int:  # named oddly (1.0, True): compare as the listing does
                if ref not in set(self._givable(game, seat)):
                    return f"seat {seat} has no tradable card at {ref[0]}[{ref[1]}]"
                continue
            for z, cards in sources:
                if z == zone and 0 <= index < len(cards) and (not limited or self._may_give(game, seat, z, cards[index])):
                    break
            else:
                return f"seat {seat} has no tradable card at {ref[0]}[{ref[1]}]"
        return ""

    def _bad_answer(self, game: Game, action: Action) -> str:
        assert self.pending is not None
        problem = self._bad_refs(game, action.seat, action.give)
        if problem:
            return problem
        given = Counter(game.bean_name(self._card(game, action.seat, r)) for r in action.give)
        return "" if given == Counter(self.pending.want) else "the cards given must match the beans wanted"

    # ------------------------------------------------------------------ effects

    def apply(self, game: Game, action: Action) -> None:
        kind = action[0]  # the kind
        if kind == DECLINE and not game.logging:  # the commonest answer, spelt out
            responders = self.responders
            responders.pop(0)
            if responders:
                return
            self.pending = None
            mode = self.mode = self._resume
            self.active_decides = mode == "active"
            if mode == "solicit":
                self._next_solicited(game)
            return
        if kind == PASS:  # a seat asked for an offer makes none
            self._next_solicited(game)
            return
        if kind == PROPOSE:
            seat = action[1]
            self.proposals[seat] += 1
            self.pending = action
            give = action[5]
            self.pending_cards = ([self._zone(game, seat, give[0][0])[give[0][1]]] if len(give) == 1
                                  else self._cards(game, seat, give))
            self.responders = self._partners(game, seat, action[4])  # [4]: the target
            self._resume = self.mode
            self.mode = "respond"
            self.active_decides = False
            if game.logging:
                game.emit("offered", seat=action.seat, target=action.target,
                          give=_bean_names(game, self.pending_cards), want=list(action.want))
        elif kind in (ACCEPT, DECLINE):
            offer = self.pending
            assert offer is not None
            if kind == ACCEPT:
                self._exchange(game, offer, action)
                self.accepted_this_round = True
                if not game._plain_free and self.trades_unlisted(game):
                    game.restamp(game.version - 1)  # (``apply`` counted the trade a change: it moved nothing listed)
            else:
                if game.logging:
                    game.emit("declined", seat=action.seat, target=offer.seat)
                self.responders.pop(0)
                if self.responders:
                    return
            self.pending = None
            mode = self.mode = self._resume
            self.active_decides = mode == "active"
            if mode == "solicit":
                self._next_solicited(game)
        elif kind == END_TRADING:
            if self.hand_waits and self.revealed:
                self._keep_revealed(game)  # the revealed cards are placed; hand trading opens
            else:
                self._start_round(game)
            if not game._plain_free and self.trades_unlisted(game):
                game.restamp(game.version - 1)  # (it moved at most the revealed cards: nothing listed)

    def _exchange(self, game: Game, offer: Action, answer: Action) -> None:
        a_cards = self._take(game, offer[1], offer[5])  # [1]: the seat, [5]: the cards given
        b_cards = self._take(game, answer[1], answer[5]) if answer[5] else []
        self._deliver(game, answer[1], offer[5], a_cards)
        if b_cards:
            self._deliver(game, offer[1], answer[5], b_cards)
        fx = game.fx
        if not game.logging and (fx is None or ("traded" not in fx.triggers and "received" not in fx.triggers)):
            return  # nobody reads the names or listens: the common case of a simulation
        gave, got = _bean_names(game, a_cards), _bean_names(game, b_cards)
        game.emit("traded", seat=offer.seat, target=answer.seat, gave=gave, got=got)
        game.signal("traded", player=offer.seat, other=answer.seat, gave=gave, got=got)
        if a_cards:
            game.signal("received", player=answer.seat, other=offer.seat, cards=a_cards)
        if b_cards:
            game.signal("received", player=offer.seat, other=answer.seat, cards=b_cards)

    def after_free_action(self, game: Game, action: Action) -> None:
        """A rule may move a card of a pending offer (a store, say): the offer is then
        withdrawn, so nobody accepts cards other than those offered."""
        offer = self.pending
        if offer is None or self.mode != "respond":
            return
        sources = dict(self._sources(game, offer.seat))
        for (zone, index), card in zip(offer.give, self.pending_cards):  # (a plain loop: no closure cell)
            cards = sources.get(zone)
            if cards is None or index >= len(cards) or cards[index] != card:
                break
        else:
            return  # every card offered is still where it was
        game.emit("withdrawn", seat=offer.seat)
        self.pending = None
        self.mode = self._resume
        self.active_decides = self.mode == "active"
        if self.mode == "solicit":
            self._next_solicited(game)

    def _deliver(self, game: Game, seat: int, refs: tuple[CardRef, ...], cards: list[int]) -> None:
        """Set the cards aside for ``seat``: in ``received``, or where ``received_from``
        sends cards out of their source zone."""
        limited = game._zone_limited  # without kind zones every card may go anywhere
        for (zone_id, _), card in zip(refs, cards):
            target = self.received_from.get(zone_id)
            if limited:
                game.check_goes(card, target or self.received_id, "trade")
            (game.state.per_player[target][seat] if target else self.received[seat]).append(card)

    def _take(self, game: Game, seat: int, refs: tuple[CardRef, ...]) -> list[int]:
        """Remove the named cards; positions are resolved before any removal, and the
        rest of the hand keeps its order."""
        if len(refs) == 1:  # the common trade: one card
            zone_id, index = refs[0]
            return [self._zone(game, seat, zone_id).pop(index)]
        cards = self._cards(game, seat, refs)
        for zone_id, index in sorted(refs, key=_position, reverse=True):
            del self._zone(game, seat, zone_id)[index]
        return cards

    def _start_round(self, game: Game) -> None:
        n = game.players
        active = game.state.active
        if self.rounds >= MAX_ROUNDS:
            self._close(game)
            return
        self.rounds += 1
        self.accepted_this_round = False
        self.solicit = list(self._open_to[active])  # the other seats, clockwise from the active one
        self.mode = "solicit"
        self.active_decides = False
        if not self.solicit:
            self._close(game)

    def _next_solicited(self, game: Game) -> None:
        self.solicit.pop(0)
        if self.solicit:
            return
        if self.accepted_this_round:
            self.mode = "active"
            self.active_decides = True
        else:
            self._close(game)

    def _keep_revealed(self, game: Game) -> None:
        """The active player keeps the revealed cards nobody took: set aside to plant."""
        active = game.state.active
        if self.revealed:
            if game._zone_limited:  # otherwise every card may go anywhere
                for card in self.revealed:
                    game.check_goes(card, self.received_id, "trade (keeping the revealed cards)")
            if game.logging:
                game.emit("kept", seat=active, beans=_bean_names(game, self.revealed))
            self.received[active].extend(self.revealed)
            self.revealed.clear()

    def _close(self, game: Game) -> None:
        self._keep_revealed(game)
        self.mode = "closed"
        self.active_decides = True
        self.done = True
