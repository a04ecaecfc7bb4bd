"""Buying cards: the purchase of a card kind with ``buy:`` (buildings, ships…).

Such cards start face up in a shared zone (the kind's ``starts_in``: the cards for sale).
A card costs its ``price`` attribute in coins — all showing its ``pay_with`` bean when it
has one — paid to ``buy.paid_to``. The bought card moves to the buyer's ``buy.to`` zone;
from then on its rules are the buyer's, as any card's rules belong to whoever holds it
(there is no second mechanism: this module moves the card, the card model does the rest).
A player owns at most ``limit_per_group`` cards of a group (the ``group`` attribute, else
the card's id). Once ``group_owner_limit`` players (a player-count column) own a card of
a group, the group's other cards move to ``buy.removed_to`` and leave the game. A
card's ``on_buy`` statements run once, when it is bought, and the buyer's counters
``items`` and ``item_value`` grow, so scoring effects can read them; the counter
``item:<id>`` becomes 1, so any rule can ask whether a seat owns a card
(``counter(event.player, "item:market_3") > 0``).

With ``priority: active_then_clockwise`` a purchase is a claim: before a seat buys, every
seat ahead of it — the active player, then clockwise up to the buyer — that could buy the
same card now is asked, in that order, whether it buys it instead (the question goes
through the effects' choice protocol, so agents and scenario scripts answer it and the log
records it). The first to say yes buys it; the claimant's purchase then happens only if
the card is still there.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from engine.game.actions import BUY_ITEM, Action
from engine.game.copyable import mypyc_attr
from engine.game.holders import NOBODY
from engine.rules.model import Item, Purchase

if TYPE_CHECKING:
    from engine.game.core import Game


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Items:
    """The cards for sale of every kind with ``buy:``, by card id."""

    def __init__(self, game: Game) -> None:
        self.game = game
        st = game.state
        # what never changes during a game is held in read-only maps, made once per ruleset
        # and player count (``_sale``): every game shares them, and a look-ahead's copy too
        sale = _sale(game)
        self.by_id: Mapping[str, Item] = sale.by_id
        self.rules_of: Mapping[str, Purchase] = sale.rules_of
        #: the card of each card id for sale (its first copy)
        self.card: Mapping[str, int] = sale.card
        self._kind_index: Mapping[str, int] = sale.kind_index
        self.owner: dict[str, int] = {}
        self.removed: set[str] = set()
        self.pay_index: Mapping[str, int] = sale.pay_index
        # kept up to date on every purchase and removal, so listing purchases is cheap: each
        # card for sale (by id, in the ruleset's order) with its payment bean, its kind's
        # limit per group and whether its kind sells only on the buyer's own turn; read-only
        # and made anew on a change, so a look-ahead's copy shares it
        self._open: Mapping[str, tuple[Item, int, int, bool]] = sale.open
        self._groups: list[dict[str, int]] = [{} for _ in range(game.players)]
        #: each seat's purchase action of each card, made once (actions are immutable; a
        #: read-only map, so a look-ahead's copy shares it)
        self._buy_action: Mapping[str, tuple[Action, ...]] = sale.buy_action
        self._by_pay: Mapping[int, tuple[tuple[int, int, str, int, bool, tuple[Action, ...]], ...]] = sale.by_pay
        #: the lowest price of a card for sale (0 when none is): a seat with fewer coins
        #: buys nothing at printed prices
        self._cheapest = sale.cheapest
        #: each group's card ids, in the ruleset's order (``enforce_owner_limit``)
        self._group_items: Mapping[str, tuple[str, ...]] = sale.group_items
        #: bumped whenever the cards for sale or a seat's groups change (``take``, ``remove``)
        self.epoch = 1
        #: each seat's last purchases at printed prices on its turn (at ``2 * seat + 1``)
        #: and on another's (at ``2 * seat``), with what they were read from: (epoch, the
        #: seat's coins, the purchases); see ``listing``. Read-only and made anew when an
        #: answer is added (rarely: coins change seldom), so a look-ahead's copy shares it
        #: (its answers hold for the copy too, being keyed by what they were read from)
        #: until either adds one
        self._listed: Mapping[int, tuple[int, list[int], tuple[Action, ...]]] = MappingProxyType({})
        fx = game.fx
        if fx is not None:  # the cards for sale lie in their supply: the holder index is told
            for item_id, card in self.card.items():
                supply = st.shared.get(self.rules_of[self.by_id[item_id].kind].supply)
                if supply is not None and card in supply:
                    fx.holder_index.place(card, supply, NOBODY)

    def _drop(self, ids: list[str], buyer: int = -1) -> None:
        """The cards ``ids`` are for sale no more: ``_open`` and ``_by_pay`` without them (the
        others keep their order and their places), the cheapest price read again and the
        epoch bumped. The purchases remembered (``_listed``) of every seat but ``buyer``
        (whose groups changed) stay, less the cards dropped: a seat's coins and groups being
        the same, the other cards it could buy it still can (each payment bean's cards are
        read in price order up to the first it cannot pay, and no card before that one
        was dropped to change it), so they are what ``_affordable`` would find. ``_by_pay`` holds the cards for sale by payment bean (-1: any coin),
        cheapest first, each with its place in ``_open``, group, kind's limit, whether it
        sells on the buyer's own turn only, and every seat's purchase action; a seat's
        purchases at printed prices then look only at the beans it has coins of, and stop at
        the first card it cannot afford (``_affordable``, which sorts what it finds by
        place). Both maps are read-only and made anew (a look-ahead's copy shares them)."""
        open_ = dict(self._open)
        by_pay = dict(self._by_pay)
        for item_id in ids:
            entry = open_.pop(item_id, None)
            if entry is None:
                continue
            made = self._buy_action[item_id]
            left = tuple(e for e in by_pay[entry[1]] if e[5] is not made)  # [1]: the payment bean, [5]: the actions
            if left:
                by_pay[entry[1]] = left
            else:
                del by_pay[entry[1]]
        self._open = MappingProxyType(open_)
        self._by_pay = MappingProxyType(by_pay)
        self._cheapest = max(min((entries[0][0] for entries in by_pay.values()), default=0), 0)
        epoch = self.epoch
        self.epoch = epoch + 1
        kept: dict[int, tuple[int, list[int], tuple[Action, ...]]] = {}
        for at, (made_at, coins, found) in self._listed.items():
            if made_at == epoch and at // 2 != buyer:
                kept[at] = (epoch + 1, coins, tuple([a for a in found if a[6][0] not in ids]) if found else found)
        self._listed = MappingProxyType(kept)

    def available(self, item_id: str) -> bool:
        return item_id not in self.owner and item_id not in self.removed

    def coins_of(self, seat: int, item: Item) -> list[int]:
        """The coins of ``seat`` that can pay for ``item``: all of them, or those of the bean
        the item is paid in (a refusal's hint counts them, a purchase takes the last)."""
        coins = self.game.state.coins[seat]
        bean = self.pay_index[item.id]
        if bean < 0:
            return coins
        bean_of = self.game.state.bean_of
        return [c for c in coins if bean_of[c] == bean]

    def can_buy(self, seat: int, item: Item) -> bool:
        """The one purchase rule lives in ``actions``; this asks it about one card."""
        return any(a.want[0] == item.id for a in self.actions(seat))

    def actions(self, seat: int) -> list[Action]:
        """Every purchase ``seat`` can make now (one pass over its coins)."""
        return list(self.listing(seat))

    def listing(self, seat: int) -> tuple[Action, ...]:
        """``actions`` as a tuple, remembered per seat at printed prices.

        Why remembered: the engine lists a seat's purchases at every decision, and they
        change only with the seat's coins (which are rarely spent or earned), whether it
        is the seat's turn, and what is for sale and what the seat owns (``epoch``). The
        answer at printed prices is a function of exactly these, so it is kept with them
        and given again while all are equal: the coins are compared as a tuple (one C
        comparison of a few numbers); one answer is kept for the seat's turn and one for
        the others', which alternate. With a ``price`` rule the price may read anything,
        and the purchases are found afresh every time."""
        game = self.game
        if not self._open:
            return ()
        st = game.state
        coins = st.coins[seat]
        fx = game.fx
        if fx is not None and "price" in fx.modifiers:  # printed prices unless a rule changes them
            return tuple(self._priced(seat, seat == st.active, coins))
        if len(coins) < self._cheapest:  # (most seats, most of the time: no coins at all)
            return ()
        own_turn = seat == st.active
        at = 2 * seat + own_turn
        last = self._listed.get(at)
        if last is not None and last[0] == self.epoch and last[1] == coins:  # (the coins compared in C)
            return last[2]
        found = self._affordable(seat, own_turn, coins)
        listed = dict(self._listed)
        listed[at] = (self.epoch, list(coins), found)  # (a copy: the seat's coins change in place)
        self._listed = MappingProxyType(listed)
        return found

    def _coins_by_bean(self, coins: list[int]) -> dict[int, int]:
        """How many of ``coins`` are of each bean (a bean-paid price counts those)."""
        bean_of = self.game.state.bean_of
        per_bean: dict[int, int] = {}
        for c in coins:
            b = bean_of[c]
            per_bean[b] = per_bean.get(b, 0) + 1
        return per_bean

    def _priced(self, seat: int, own_turn: bool, coins: list[int]) -> list[Action]:
        """The purchases when a rule may change prices: every card for sale asked."""
        per_bean = self._coins_by_bean(coins)
        total = len(coins)
        owned = self._groups[seat]
        return [self._buy_action[it.id][seat] for it, pay, limit, own_only in self._open.values()
                if owned.get(it.group, 0) < limit and (own_turn or not own_only)
                and (total if pay < 0 else per_bean.get(pay, 0)) >= self.price(seat, it)]

    def _affordable(self, seat: int, own_turn: bool, coins: list[int]) -> tuple[Action, ...]:
        """The purchases at printed prices, in the order of ``_open``, found through
        ``_by_pay`` instead of a pass over every card for sale: one count of the coins by
        bean, then each payment bean's cards only as far as the first one its coins do
        not pay for."""
        owned = self._groups[seat]
        found: list[tuple[int, Action]] = []
        by_pay = self._by_pay
        per_bean = self._coins_by_bean(coins)
        per_bean[-1] = len(coins)  # (-1: cards paid with any coin)
        for pay, have in per_bean.items():  # the beans the seat has coins of, not every payment bean
            entries = by_pay.get(pay)
            if entries is None or have < entries[0][0]:
                continue
            for price, order, group, limit, own_only, made in entries:
                if price > have:
                    break
                if (own_turn or not own_only) and owned.get(group, 0) < limit:
                    found.append((order, made[seat]))
        if not found:
            return ()
        if len(found) > 1:
            found.sort()  # (by place in ``_open``)
        return tuple([a for _, a in found])

    def price(self, seat: int, item: Item) -> int:
        """What ``seat`` pays for ``item``: its printed price after `price` modifiers."""
        fx = self.game.fx
        if fx is None or not fx.has("price"):
            return item.price
        return max(0, int(fx.modified("price", item.price, player=seat, item=item.id)))

    def claim(self, seat: int, item_id: str) -> None:
        """``seat`` wants to buy ``item_id``: seats with priority may take it first."""
        game = self.game
        fx = game.fx
        item = self.by_id[item_id]
        if self.rules_of[item.kind].priority == "active_then_clockwise" and fx is not None:
            n = game.players
            ahead = [(game.state.active + k) % n for k in range(n)]
            for other in ahead[: ahead.index(seat)]:
                if self.can_buy(other, item) and fx.ask(other, f"Seat {seat} buys {item.name}; buy it first (priority)?"):
                    self.buy(other, item_id)
                    game.emit("preempted", seat=seat, item=item_id, by=other,
                              rule=game.rules.origin("cards", self._kind_index[item.kind], "buy", "priority"))
                    break
        if self.available(item_id) and self.can_buy(seat, item):
            self.buy(seat, item_id)

    def buy(self, seat: int, item_id: str) -> None:
        game = self.game
        item = self.by_id[item_id]
        price = self.price(seat, item)
        paying = self.coins_of(seat, item)[-price:] if price else []
        coins = game.state.coins[seat]
        for card in paying:
            coins.remove(card)
        paid_to = self.rules_of[item.kind].paid_to
        target = game.state.shared.get(paid_to)
        if target is None:
            target = game.state.per_player[paid_to][seat]
        target.extend(paying)
        if game.logging:
            game.emit("bought", seat=seat, item=item.id, group=item.group, price=price,
                      paid=[game.bean_name(c) for c in paying], rule=item.span)
        self.take(seat, item)
        fx = game.fx
        if fx is not None and item.on_buy is not None:
            item.on_buy.run(fx, seat, this=self.card[item.id])
        self.enforce_owner_limit(item.group)
        game.signal("bought", player=seat, item=item.id, group=item.group, price=price)

    def take(self, seat: int, item: Item) -> None:
        """``seat`` owns ``item`` from now on (bought, or given by a set-up): the card moves
        to its ``buy.to`` zone, where its rules are the holder's; ``on_buy`` is the buyer's
        business."""
        st = self.game.state
        card = self.card[item.id]
        buy = self.rules_of[item.kind]
        st.shared[buy.supply].remove(card)
        zone = st.per_player[buy.to][seat]
        zone.append(card)
        fx = self.game.fx
        if fx is not None:  # the card's rules are the seat's now: the holder index is told
            fx.holder_index.place(card, zone, seat)
        self.owner[item.id] = seat
        self._groups[seat][item.group] = self._groups[seat].get(item.group, 0) + 1
        self._drop([item.id], buyer=seat)
        if fx is not None:
            counters = fx.counters
            counters[(seat, "items")] = counters.get((seat, "items"), 0) + 1
            counters[(seat, "item_value")] = counters.get((seat, "item_value"), 0) + item.price
            counters[(seat, "item:" + item.id)] = 1

    def enforce_owner_limit(self, group: str | None = None) -> None:
        """Once ``group_owner_limit`` players own a card of a group, the group's other
        cards leave the game. Checked after every purchase (for the bought group) and
        after a set-up (for every group), so the limit holds in every position."""
        limit = self.game.row.group_owner_limit
        if not limit:
            return
        by_group = self._group_items
        groups = [group] if group is not None else list(by_group)
        owner = self.owner
        removed = self.removed
        for g in groups:
            ids = by_group.get(g, ())  # (the group's cards in the ruleset's order)
            owners = {owner[i] for i in ids if i in owner}
            if len(owners) < limit:
                continue
            gone = [i for i in ids if i not in owner and i not in removed]  # (``available`` spelt out)
            if gone:
                self.remove(gone, g)

    def remove(self, ids: list[str], group: str | None = None) -> None:
        """These cards leave the game (to their kind's ``buy.removed_to``): nobody can buy
        them any more."""
        st = self.game.state
        for item_id in ids:
            buy = self.rules_of[self.by_id[item_id].kind]
            if buy.removed_to is not None:
                card = self.card[item_id]
                st.shared[buy.supply].remove(card)
                out = st.shared[buy.removed_to]
                out.append(card)
                fx = self.game.fx
                if fx is not None:  # nobody holds it: the holder index is told
                    fx.holder_index.place(card, out, NOBODY)
        self.removed.update(ids)
        self._drop(ids)
        if self.game.logging:
            self.game.emit("items_removed", seat=None, items=list(ids), group=group,
                           rule=self.game.rules.origin("player_counts", str(self.game.players), "group_owner_limit"))


class _Sale:
    """What ``Items`` reads of a ruleset at one player count and never changes: shared by
    every game of it (read-only maps; actions are immutable tuples)."""

    def __init__(self, game: Game) -> None:
        rules = game.rules
        st = game.state
        self.rules = rules
        self.players = game.players
        #: the card types of the cards, as the game numbers them (the same in every game of
        #: the ruleset and player count; compared with a new game's to make sure)
        self.bean_of = list(st.bean_of)
        self.by_id: Mapping[str, Item] = MappingProxyType({it.id: it for it in rules.items})
        self.rules_of: Mapping[str, Purchase] = MappingProxyType({k.id: k.buy for k in rules.kinds if k.buy is not None})
        card: dict[str, int] = {}
        for number, type_index in enumerate(st.bean_of):
            name = st.card_types[type_index]
            if name in self.by_id:
                card.setdefault(name, number)
        self.card: Mapping[str, int] = MappingProxyType(card)
        self.kind_index: Mapping[str, int] = MappingProxyType({k.id: i for i, k in enumerate(rules.kinds)})
        bean_index = {b: i for i, b in enumerate(st.bean_ids)}
        self.pay_index: Mapping[str, int] = MappingProxyType(
            {it.id: bean_index.get(it.pay_with, -1) if it.pay_with else -1 for it in rules.items})
        self.open: Mapping[str, tuple[Item, int, int, bool]] = MappingProxyType({
            it.id: (it, self.pay_index[it.id], self.rules_of[it.kind].limit_per_group, self.rules_of[it.kind].when == "own_turn")
            for it in rules.items if it.id in self.card})
        self.buy_action: Mapping[str, tuple[Action, ...]] = MappingProxyType({
            it.id: tuple(Action(BUY_ITEM, s, want=(it.id,)) for s in range(game.players)) for it in rules.items})
        self.by_pay, self.cheapest = _by_pay(self.open, self.buy_action)
        groups: dict[str, list[str]] = {}
        for it in rules.items:
            groups.setdefault(it.group, []).append(it.id)
        self.group_items: Mapping[str, tuple[str, ...]] = MappingProxyType({g: tuple(ids) for g, ids in groups.items()})


#: ``_Sale`` of the latest rulesets and player counts played (a sweep plays a handful)
_SALES: list[_Sale] = []
_SALES_MAX = 16


def _sale(game: Game) -> _Sale:
    """The ``_Sale`` of ``game``'s ruleset and player count, made on first use."""
    bean_of = game.state.bean_of
    for sale in _SALES:
        if sale.rules is game.rules and sale.players == game.players and sale.bean_of == bean_of:
            return sale
    sale = _Sale(game)
    _SALES.insert(0, sale)
    del _SALES[_SALES_MAX:]
    return sale


def _by_pay(open_: Mapping[str, tuple[Item, int, int, bool]], buy_action: Mapping[str, tuple[Action, ...]]) -> tuple[
        Mapping[int, tuple[tuple[int, int, str, int, bool, tuple[Action, ...]], ...]], int]:
    """``Items._by_pay`` of the cards for sale ``open_`` (see ``Items._drop``), and the
    lowest price among them (0 when none is for sale)."""
    by_pay: dict[int, list[tuple[int, int, str, int, bool, tuple[Action, ...]]]] = {}
    for order, (it, pay, limit, own_only) in enumerate(open_.values()):
        by_pay.setdefault(pay, []).append((it.price, order, it.group, limit, own_only, buy_action[it.id]))
    # read-only and made anew on every change: a look-ahead's copy shares it
    made = MappingProxyType({pay: tuple(sorted(entries, key=lambda e: (e[0], e[1]))) for pay, entries in by_pay.items()})
    cheapest = min((entries[0][0] for entries in made.values()), default=0)
    return made, max(cheapest, 0)
