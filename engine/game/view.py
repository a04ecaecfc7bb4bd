"""What one seat may see: its own hand, the table, and counts of what is hidden.

Agents get a ``SeatView``, never the ``Game``: it answers questions about public zones,
the seat's own hand and set-aside cards, and only the *sizes* of other hands, the deck
and coin piles (coins are face down). ``to_dict`` is the serialised observation used by
the terminal player and checked by the invariant tests.
"""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING, Any

from engine.game import lookahead
from engine.rules.model import Bean

if TYPE_CHECKING:
    from engine.game.core import Game
    from engine.game.actions import Action

#: ``fields_token`` values, shared by every view: two views never hand out the same token,
#: so a bot asking several views of one seat (or of several games) cannot mistake one
#: view's fields for another's
_TOKENS = count(1)


class SeatView:
    __slots__ = ("_game", "seat", "_beans", "_seen", "_token", "token_read", "_dearest")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat
        #: the ruleset's beans by id, made at the first ``bean`` question
        self._beans: dict[str, Bean] | None = None
        #: a copy of this seat's fields (card ids) as ``fields_token`` saw them last, and
        #: the token it handed out for them
        self._seen: list[list[int]] | None = None
        self._token = 0
        #: the fields as ``fields`` reads them, read when the token now handed out was made:
        #: what ``token_fields`` gives with it (right after ``now``, the fields now). Read only.
        #: Why an attribute: a bot that finds ``now``'s token new to it reads the fields
        #: without a second call (a third of its decisions)
        self.token_read: list[tuple[str | None, int]] = []
        #: the last buys ``dearest_buy`` was asked at printed prices (a copy) and its answer
        self._dearest: tuple[list[Action], tuple[Action | None, int]] | None = None

    # -- the seat's own cards
    def hand(self, first: int | None = None) -> list[str]:
        """The beans of this seat's hand, front first; with ``first``, of its first cards
        only (a bot offering from the front of its hand need not read the rest)."""
        g = self._game
        names = g._names
        cards = g.state.hands[self.seat]
        out: list[str] = []
        for c in cards if first is None else cards[:first]:  # a plain loop: a comprehension (a function of
            out.append(names[c])                              # its own) and ``map`` of a bound ``__getitem__``
        return out                                            # cost more for a few cards

    def hand_card(self, index: int) -> str:
        """The bean of this seat's hand card at ``index`` (what ``hand()[index]`` names,
        without reading the rest of the hand)."""
        g = self._game
        return g._names[g.state.hands[self.seat][index]]

    def set_aside(self, zone: str = "set_aside") -> list[str]:
        g = self._game
        cards = g.state.per_player.get(zone)
        return [g.bean_name(c) for c in cards[self.seat]] if cards else []

    def pending_choice(self) -> list[str]:
        """This seat's own picks so far in a secret choice being made (never another
        seat's: they are revealed only when every seat has picked)."""
        g = self._game
        fx = g.fx
        mine = fx.secret.get(self.seat, []) if fx is not None else []
        return [g.bean_name(c) if type(c) is int else str(c) for c in mine]

    # -- public information
    @property
    def players(self) -> int:
        return self._game.players

    @property
    def active(self) -> int:
        return self._game.state.active

    @property
    def phase(self) -> str:
        return self._game.phase.id

    @property
    def step(self) -> str:
        return self._game.step.kind

    @property
    def turn(self) -> int:
        return self._game.state.turn

    def now(self) -> tuple[int, str, int, int, bool]:
        """(turn, step kind, active seat, ``fields_token``, ``weighs_held``): what a bot
        asks at every decision, in one call."""
        g = self._game
        st = g.state
        fx = g.fx
        fields = st.fields[self.seat]
        if fields != self._seen:  # ``fields_token`` spelt out, and ``_new_token`` (a call fewer: the
            names = g._names      # fields change at about a third of a bot's decisions)
            seen: list[list[int]] = []
            read: list[tuple[str | None, int]] = []
            for f in fields:
                seen.append(f.copy())
                read.append((names[f[0]], len(f)) if f else (None, 0))
            self._seen = seen
            self.token_read = read
            self._token = next(_TOKENS)
        return (st.turn, g.step.kind, st.active, self._token, fx is not None and bool(fx.card_worths))

    def _new_token(self, fields: list[list[int]]) -> None:
        """The seat's ``fields`` changed: keep a copy of their cards to compare with, read
        them as ``fields`` does (for ``token_fields``, in the same pass) and hand out a new
        token."""
        names = self._game._names
        seen: list[list[int]] = []
        read: list[tuple[str | None, int]] = []
        for f in fields:  # a plain loop: a few fields (``map`` and the like cost more for so few)
            seen.append(f.copy())
            read.append((names[f[0]], len(f)) if f else (None, 0))
        self._seen = seen
        self.token_read = read
        self._token = next(_TOKENS)

    def token_fields(self) -> tuple[int, list[tuple[str | None, int]]]:
        """(``fields_token``, the seat's fields as ``fields`` reads them): what a bot asks
        when the token is new to it, in one call. The list is read once per token and
        handed out again while the token stays (the fields' cards are compared with the
        copy taken with it, as ``fields_token`` does, so it is always the fields now):
        a caller must not change it."""
        fields = self._game.state.fields[self.seat]
        if fields != self._seen:
            self._new_token(fields)
        return self._token, self.token_read

    @property
    def trades(self) -> bool:
        """Whether this game has trading at all (False: no offer is ever listed)."""
        return self._game.trading

    def fields(self, seat: int | None = None) -> list[tuple[str | None, int]]:
        """Each field of ``seat`` as (bean or None, number of beans)."""
        g = self._game
        names = g._names
        out: list[tuple[str | None, int]] = []
        for f in g.state.fields[self.seat if seat is None else seat]:  # a plain loop: a few fields
            out.append((names[f[0]], len(f)) if f else (None, 0))
        return out

    def fields_token(self) -> int:
        """A number that stays while this seat's fields hold the same cards and is new when
        they change (never handed out before, by any view): a bot remembers what it read
        off its fields under it and need not read them again while they stay as they were.

        Why a number: the fields' cards themselves as a token (a tuple of tuples) cost a
        tuple per field and a hash of every card at each of a bot's decisions; comparing
        them with a copy kept here allocates nothing while they stay (most decisions), and
        the number hashes at once. Fields that come back to cards seen before get a new
        number (the bot reads them again: only equal numbers must mean equal fields)."""
        fields = self._game.state.fields[self.seat]
        if fields != self._seen:
            self._new_token(fields)
        return self._token

    @property
    def weighs_held(self) -> bool:
        """Whether some card of the ruleset has a held ``worth`` (``worth_after`` can then
        be other than None): without one a bot need not weigh its plants by it."""
        fx = self._game.fx
        return fx is not None and bool(fx.card_worths)

    def planted(self, seat: int | None = None) -> set[str]:
        """The beans growing on the fields of ``seat`` (default: the viewer's), as a set:
        what ``fields`` names, without the counts and the empty fields."""
        g = self._game
        names = g._names
        out: set[str] = set()
        for f in g.state.fields[self.seat if seat is None else seat]:  # a plain loop: a few fields
            if f:
                out.add(names[f[0]])
        return out

    def zone(self, zone_id: str) -> list[str]:
        """The beans in a public shared zone (revealed cards, an offer); decks and hidden zones show nothing."""
        g = self._game
        cards = g.state.shared.get(zone_id)
        if cards is None or zone_id in g._fixed.hidden:
            return []
        names = g._names
        return [names[c] for c in cards]

    def may_trade(self, zone: str, index: int) -> bool:
        """Whether this seat may trade or donate its card at ``zone``[``index``] (a kind or a
        rule may forbid it)."""
        g = self._game
        if not g._untradable and g.fx is None:  # ``trade_limited`` without rules: no card is kept back
            return True
        if not g.trade_limited:
            return True
        cards = g.state.hands[self.seat] if zone == "hand" else g.state.shared.get(zone) or g.state.per_player.get(zone, [[]] * g.players)[self.seat]
        return 0 <= index < len(cards) and g.tradable(self.seat, cards[index])

    def trade_zone(self) -> str:
        """The id of the display zone of the trading window now open ('' if none)."""
        return str(getattr(self._game.step, "revealed_id", ""))

    def trade_sources(self) -> list[tuple[str, list[str]]]:
        """The per-player zones this seat may also give cards from in the trading window
        now open (the step's ``also_from``: a store, the cards received this turn), each
        with its beans, in order; [] when there is none (most trading windows).

        Why: a bot that offers only its hand and the revealed cards never trades what the
        rules let it trade besides, and a simulation then measures a building or a variant
        as though it did nothing."""
        g = self._game
        step = g.step
        if getattr(step, "_hand_only", True):  # (a trading step without ``also_from``, or no trading step)
            return []
        zones = getattr(step, "active_also_from" if self.seat == g.state.active else "also_from", None)
        if not zones:
            return []
        names = g._names
        per_player = g.state.per_player
        seat = self.seat
        out: list[tuple[str, list[str]]] = []
        for z in zones:  # plain loops (as in ``hand``): a comprehension is a call of its own, and a
            beans: list[str] = []  # bot asks at most of its trading choices in such a window
            for c in per_player[z][seat]:
                beans.append(names[c])
            out.append((z, beans))
        return out

    def trade_display(self) -> list[str]:
        """The revealed cards of the trading window now open, if any."""
        g = self._game
        zone = getattr(g.step, "revealed_id", None)
        if not zone:
            return []
        cards = g.state.shared.get(zone)
        if cards is None or zone in g._fixed.hidden:
            return []
        names = g._names
        out: list[str] = []
        for c in cards:  # a plain loop (as in ``hand``): a few cards
            out.append(names[c])
        return out

    def hand_size(self, seat: int) -> int:
        return len(self._game.state.hands[seat])

    def coins(self, seat: int | None = None) -> int:
        return len(self._game.state.coins[self.seat if seat is None else seat])

    def deck_size(self) -> int:
        return len(self._game.state.deck)

    def discard_top(self) -> str | None:
        d = self._game.state.discard
        return self._game.bean_name(d[-1]) if d else None

    def runouts(self) -> tuple[int, int]:
        """(run-outs so far, the run-out that ends the game)."""
        return self._game.state.runouts, self._game.row.end_after_runouts

    def bean(self, bean_id: str) -> Bean:
        beans = self._beans
        if beans is None:  # ``Ruleset.bean`` scans the beans: a bot asks often enough for a map
            beans = self._beans = {}
            for b in reversed(self._game.rules.beans):  # the first of an id wins, as in the scan
                beans[b.id] = b
        got = beans.get(bean_id)
        return got if got is not None else self._game.rules.bean(bean_id)  # (unknown: its KeyError)

    def beans_in_play(self) -> list[str]:
        g = self._game
        return [b for b in g.state.bean_ids if b not in g.row.remove_beans]

    def pending_offer(self) -> Action | None:
        return getattr(self._game.step, "pending", None)

    def offer_waiting(self) -> tuple[Action | None, list[str]]:
        """The offer waiting for an answer and the beans it gives (``pending_offer`` and
        ``offered_beans`` in one call: a bot asks both at every answer); (None, []) when
        no offer waits."""
        g = self._game
        step = g.step
        offer = getattr(step, "pending", None)
        if offer is None:
            return None, []
        names = g._names
        beans: list[str] = []
        for c in step.pending_cards:  # a plain loop (as in ``hand``): a card or two
            beans.append(names[c])
        return offer, beans

    def offered_beans(self, action: Action) -> list[str]:
        """The beans an offer gives (cards offered are shown openly when offered)."""
        g = self._game
        step = g.step
        if action is getattr(step, "pending", None):  # the offer waiting: its cards were taken note of
            names = g._names
            return [names[c] for c in step.pending_cards]
        return [g.bean_name(step._card(g, action.seat, ref)) for ref in action.give]

    def dearest_buy(self, buys: list[Action]) -> tuple[Action | None, int]:
        """The first of the dearest of ``buys`` (this seat's actions buying an item; the
        dearest by ``item_price``, then by the item's id) and its price; (None, 0) for none.

        Why here: a bot asks it whenever items are listed (at most decisions of a ruleset
        with items), mostly to find the dearest is not dear enough yet; one question for
        them all reads the game's items and modifiers once instead of once per item.

        At printed prices (no `price` modifier) the answer depends on nothing but the items
        ``buys`` name (a printed price, like the game's cards for sale by id, never
        changes), and a seat is listed the same purchases at decision after decision
        (its coins change seldom): the last answer is given again for equal ``buys``
        (compared in C: the very actions listed, mostly). With a modifier the prices may
        read anything and are asked every time."""
        g = self._game
        items = g.items
        fx = g.fx
        printed = fx is None or "price" not in fx.modifiers  # no modifier: the printed prices
        if printed:
            last = self._dearest
            if last is not None and last[0] == buys:
                return last[1]
        by_id = items.by_id if items is not None else None
        best: Action | None = None
        best_price = 0
        best_id = ""
        for a in buys:
            item_id = a[6][0]  # [6]: what it wants, the item's id
            item = by_id.get(item_id) if by_id is not None else None
            if item is None:
                price = 0
            elif printed:
                price = item.price
            else:
                price = self.item_price(item_id)
            if best is None or price > best_price or (price == best_price and item_id > best_id):
                best, best_price, best_id = a, price, item_id
        if printed:
            self._dearest = (list(buys), (best, best_price))
        return best, best_price

    def item_price(self, item_id: str, seat: int | None = None) -> int:
        """The price ``seat`` (default: the viewer) pays for an item, modifiers applied."""
        g = self._game
        items = g.items
        if items is None:
            return 0
        item = items.by_id.get(item_id)
        if item is None:
            return 0
        fx = g.fx
        if fx is None or "price" not in fx.modifiers:  # ``Items.price`` spelt out: the printed price
            return item.price
        return items.price(self.seat if seat is None else seat, item)

    def preview(self, action: Action) -> Any:
        """What one of this seat's actions would change for it, in counts only (see
        :mod:`engine.game.lookahead`): a bot's one-ply look ahead."""
        if action.seat != self.seat:
            raise ValueError("a seat previews only its own actions")
        return lookahead.preview(self._game, action)

    def worth_after(self, action: Action) -> float | None:
        """What the cards this seat holds would be worth by their `worth` hints once one of
        its plant, harvest or pass actions is taken (a light trial, see
        :func:`engine.game.lookahead.worth_after`); None when the ruleset gives no such hint."""
        if action.seat != self.seat:
            raise ValueError("a seat weighs only its own actions")
        fx = self._game.fx
        if fx is None or not fx.card_worths:  # no held worth: nothing to weigh (the common case)
            return None
        return lookahead.worth_after(self._game, action)

    def worths_after(self, actions: list[Action]) -> list[float] | None:
        """``worth_after`` of each of ``actions`` (this seat's) in turn, in one call (see
        :func:`engine.game.lookahead.worths_after`); None as soon as one of them is None."""
        seat = self.seat
        for action in actions:  # (a plain loop: a generator would make a frame)
            if action.seat != seat:
                raise ValueError("a seat weighs only its own actions")
        fx = self._game.fx
        if fx is None or not fx.card_worths:  # no held worth: nothing to weigh (the common case)
            return None
        return lookahead.worths_after(self._game, actions)  # (the module read at import: a bot asks at its plant choices)

    def option_worths(self) -> list[float] | None:
        """What the ruleset says each option of the choice being asked is worth to the
        chooser (its `choose … worth` hint), or None when it says nothing."""
        fx = self._game.fx
        return None if fx is None or fx.choice_worths is None else list(fx.choice_worths)

    def action_worth(self, action: Action) -> float | None:
        """What the ruleset says one of this seat's declared actions (``act``) is worth to
        it (its `worth` hint), or None when it says nothing (then bots look ahead)."""
        fx = self._game.fx
        number = action[3]  # [3]: the action's number (``card``), [1]: the seat, [2]: the value's number
        if fx is None or action[1] != self.seat or not 0 <= number < len(fx.actions):
            return None
        return fx.action_worth(self.seat, number, action[2])

    def item_name(self, item_id: str) -> str:
        """An item's name (the id itself for a declared action that is no item)."""
        items = self._game.items
        return items.by_id[item_id].name if items is not None and item_id in items.by_id else item_id

    def can_offer(self) -> bool:
        """Whether this seat may make a trade offer now (its turn in an open trading window)."""
        g = self._game
        step = g.step
        return (not g.state.over and step is not None and step.decider(g) == self.seat
                and step.mode in ("active", "solicit"))

    def offer_problem(self, action: Action) -> str:
        """Why the rules would refuse this offer now ('' when they take it)."""
        g = self._game
        step = g.step  # ``can_offer`` spelt out: a bot asks before each offer it makes
        st = g.state
        if (action[1] != self.seat or st.over or step is None
                or (st.active if step.active_decides else step.decider(g)) != self.seat
                or step.mode not in ("active", "solicit")):
            return "you cannot make an offer now"
        return step.check_proposal(g, action)

    def items_owned(self, seat: int | None = None) -> list[str]:
        items = self._game.items
        s = self.seat if seat is None else seat
        return sorted(i for i, owner in items.owner.items() if owner == s) if items is not None else []

    def field_limits(self) -> tuple[int, int, int]:
        """(fields now, most fields, price of one more)."""
        row = self._game.row
        return len(self._game.state.fields[self.seat]), row.max_fields, row.field_price

    def to_dict(self) -> dict[str, Any]:
        g = self._game
        return {
            "seat": self.seat,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "step": self.step,
            "hand": self.hand(),
            "set_aside": self.set_aside(),
            "pending_choice": self.pending_choice(),
            "hand_sizes": [self.hand_size(s) for s in range(g.players)],
            "fields": [self.fields(s) for s in range(g.players)],
            "coins": [self.coins(s) for s in range(g.players)],
            "zones": {z: self.zone(z) for z in g.state.shared if z not in _hidden(g)},
            "deck_size": self.deck_size(),
            "runouts": list(self.runouts()),
            "items": [self.items_owned(s) for s in range(g.players)],
        }


def _hidden(game: Game) -> frozenset[str]:
    """Shared zones whose cards no seat sees: every deck and every hidden zone."""
    return game._fixed.hidden
