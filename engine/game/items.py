"""Purchasable items (buildings, ships…): availability, payment, ownership, removal.

An item costs ``price`` coins — all showing ``pay_with`` when the ruleset says so — paid
to ``item_rules.paid_to``. A player owns at most ``limit_per_group`` items of a group.
Once ``group_owner_limit`` players (a player-count column) own an item of a group, the
group's remaining items leave the game. The buyer owns the item's effects from that
moment, its ``on_buy`` statements run once, and the counters ``items`` and
``item_value`` of the buyer grow, so a ruleset's scoring effects can read them; the
counter ``item:<id>`` becomes 1, so any rule can ask whether a seat owns an item
(``counter(event.player, "item:market_3") > 0``).

With ``item_rules.priority: active_then_clockwise`` a purchase is a claim: before a seat
buys, every seat ahead of it — the active player, then clockwise up to the buyer — that
could buy the same item now is asked, in that order, whether it buys it instead (the
question goes through the effects' choice protocol, so agents and scenario scripts answer
it and the log records it). The first to say yes buys it; the claimant's purchase then
happens only if the item is still there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game.actions import BUY_ITEM, Action
from engine.rules.model import Item

if TYPE_CHECKING:
    from engine.game.core import Game


class Items:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.by_id: dict[str, Item] = {it.id: it for it in game.rules.items}
        self.owner: dict[str, int] = {}
        self.removed: set[str] = set()
        bean_index = {b: i for i, b in enumerate(game.state.bean_ids)}
        self.pay_index: dict[str, int] = {it.id: bean_index.get(it.pay_with, -1) if it.pay_with else -1 for it in game.rules.items}
        # kept up to date on every purchase and removal, so listing purchases is cheap
        self._open: list[tuple[Item, int]] = [(it, self.pay_index[it.id]) for it in game.rules.items]
        self._groups: list[dict[str, int]] = [{} for _ in range(game.players)]

    def available(self, item_id: str) -> bool:
        return item_id not in self.owner and item_id not in self.removed

    def _coins_of(self, seat: int, item: Item) -> list[int]:
        coins = self.game.state.coins[seat]
        bean = self.pay_index[item.id]
        if bean < 0:
            return coins
        bean_of = self.game.state.bean_of
        return [c for c in coins if bean_of[c] == bean]

    def can_buy(self, seat: int, item: Item) -> bool:
        """The one purchase rule lives in ``actions``; this asks it about one item."""
        return any(a.want[0] == item.id for a in self.actions(seat))

    def actions(self, seat: int) -> list[Action]:
        """Every purchase ``seat`` can make now (one pass over its coins)."""
        game = self.game
        coins = game.state.coins[seat]
        if not self._open or (game.rules.item_when == "own_turn" and seat != game.state.active):
            return []
        bean_of = game.state.bean_of
        per_bean: dict[int, int] = {}
        for c in coins:
            b = bean_of[c]
            per_bean[b] = per_bean.get(b, 0) + 1
        total = len(coins)
        owned = self._groups[seat]
        limit = game.rules.item_limit
        priced = game.fx is not None and game.fx.has("price")  # printed prices unless a rule changes them
        return [Action(BUY_ITEM, seat, want=(it.id,)) for it, pay in self._open
                if owned.get(it.group, 0) < limit
                and (total if pay < 0 else per_bean.get(pay, 0)) >= (self.price(seat, it) if priced else it.price)]

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
        if game.rules.item_priority == "active_then_clockwise" and fx is not None:
            item = self.by_id[item_id]
            n = game.players
            ahead = [(game.state.active + k) % n for k in range(n)]
            for other in ahead[: ahead.index(seat)]:
                if self.can_buy(other, item) and fx.ask(other, f"Seat {seat} buys {item.name}; buy it first (priority)?"):
                    self.buy(other, item_id)
                    game.emit("preempted", seat=seat, item=item_id, by=other, rule=game.rules.origin("item_rules", "priority"))
                    break
        if self.available(item_id) and self.can_buy(seat, self.by_id[item_id]):
            self.buy(seat, item_id)

    def buy(self, seat: int, item_id: str) -> None:
        game = self.game
        item = self.by_id[item_id]
        price = self.price(seat, item)
        paying = self._coins_of(seat, item)[-price:] if price else []
        coins = game.state.coins[seat]
        for card in paying:
            coins.remove(card)
        target = game.state.shared.get(game.rules.item_paid_to)
        if target is None:
            target = game.state.per_player[game.rules.item_paid_to][seat]
        target.extend(paying)
        game.emit("bought", seat=seat, item=item.id, group=item.group, price=price,
                  paid=[game.bean_name(c) for c in paying], rule=item.span)
        self.take(seat, item)
        fx = game.fx
        if fx is not None and item.on_buy is not None:
            item.on_buy.run(fx, seat)
        self.enforce_owner_limit(item.group)
        game.signal("bought", player=seat, item=item.id, group=item.group, price=price)

    def take(self, seat: int, item: Item) -> None:
        """``seat`` owns ``item`` from now on (bought, or given by a set-up): its rules
        apply and its counters count it; ``on_buy`` is the buyer's business."""
        self.owner[item.id] = seat
        self._open = [(it, pay) for it, pay in self._open if it.id != item.id]
        self._groups[seat][item.group] = self._groups[seat].get(item.group, 0) + 1
        fx = self.game.fx
        if fx is not None:
            counters = fx.counters
            counters[(seat, "items")] = counters.get((seat, "items"), 0) + 1
            counters[(seat, "item_value")] = counters.get((seat, "item_value"), 0) + item.price
            counters[(seat, "item:" + item.id)] = 1
            if item.effect is not None:
                fx.own(item.effect, seat)

    def enforce_owner_limit(self, group: str | None = None) -> None:
        """Once ``group_owner_limit`` players own an item of a group, the group's other
        items leave the game. Checked after every purchase (for the bought group) and
        after a set-up (for every group), so the limit holds in every position."""
        limit = self.game.row.group_owner_limit
        if not limit:
            return
        groups = [group] if group is not None else list(dict.fromkeys(it.group for it in self.game.rules.items))
        for g in groups:
            owners = {s for i, s in self.owner.items() if self.by_id[i].group == g}
            if len(owners) < limit:
                continue
            gone = [it.id for it in self.game.rules.items if it.group == g and self.available(it.id)]
            if gone:
                self.remove(gone, g)

    def remove(self, ids: list[str], group: str | None = None) -> None:
        """These items leave the game: nobody can buy them any more."""
        self.removed.update(ids)
        self._open = [(it, pay) for it, pay in self._open if it.id not in self.removed]
        self.game.emit("items_removed", seat=None, items=list(ids), group=group,
                       rule=self.game.rules.origin("player_counts", str(self.game.players), "group_owner_limit"))
