"""Refusing an illegal action: the checks ``Game.apply`` and ``Game.check`` make, and
the messages that say why (G600: not legal now; G601: not this seat's turn to act).

Why a module of its own: an action taken from the game's latest listing is known to be
legal (agents take those), so these checks run only for actions from elsewhere — a
scenario, a replayed log, a person at the terminal — and their wording (the legal
alternatives, what a field purchase lacked) is the one part of acting that is there to be
read. ``core`` keeps the game loop; the refusals live here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import BohnError, did_you_mean
from engine.game.actions import ACT, BUY_FIELD, BUY_ITEM, FREE_KINDS, HARVEST, PLANT, PROPOSE, Action

if TYPE_CHECKING:
    from engine.game.core import Game


def refuse_illegal(game: Game, action: Action) -> None:
    """Raise G600/G601 unless ``action`` is legal now (``Game.apply`` asks it of an action
    not in its latest listing, ``Game.check`` of any)."""
    if not 0 <= action.seat < game.players:
        raise BohnError.one("G600", f"there is no seat {action.seat}")
    if action.kind in (PLANT, HARVEST) and action.target not in (-1, action.seat):
        raise BohnError.one("G600", f"illegal: {action}: a player plants on and harvests only their own fields",
                            hint=f"seat {action.seat} cannot {action.kind} on a field of seat {action.target}")
    if action.kind in FREE_KINDS:
        if not game._free_is_legal(action):
            raise BohnError.one("G600", f"illegal: {action}", hint=why_not(game, action))
        return
    decider = game.step.decider(game)
    if action.seat != decider:
        raise BohnError.one("G601", f"seat {action.seat} cannot act now; seat {decider} decides ({game.phase.id})")
    if action.kind == PROPOSE:
        problem = game.step.check_proposal(game, action)
        if problem:
            raise BohnError.one("G600", f"illegal proposal: {problem}")
    elif not game.step.is_legal(game, action):
        reason = game.step.refusal(game, action)
        raise BohnError.one("G600", f"illegal in {game.phase.id}/{game.step.kind}: {action}" + (f": {reason}" if reason else ""),
                            hint="legal now: " + "; ".join(str(a) for a in game.legal_actions(action.seat)[:8]))


def why_not(game: Game, action: Action) -> str:
    """The hint of a refused free action: what a field purchase or a card's purchase
    lacked, when a declared action may be taken, or the rules of harvesting."""
    if action.kind == BUY_FIELD:
        fields = len(game.state.fields[action.seat])
        return (f"fields {fields}/{game.max_fields(action.seat)}, price {game.field_price(action.seat)}, "
                f"coins {len(game.state.coins[action.seat])}")
    if action.kind == BUY_ITEM:
        return _why_not_bought(game, action)
    if action.kind == ACT:
        return "a declared action is taken when its timing (`on`) and its condition (`if`) allow it and its cost is paid"
    return "a field needs beans, single beans are protected, and harvest timing is set by the player-count row"


def _why_not_bought(game: Game, action: Action) -> str:
    """What a refused purchase of a card lacked: a card for sale, the price (in coins of
    its bean, when it names one), room in its group, or the buyer's own turn."""
    items = game.items
    if items is None:
        return "nothing is for sale in this ruleset"
    if len(action.want) != 1:
        return "a purchase names one card (`want`: its id)"
    item_id = action.want[0]
    if item_id not in items.by_id:
        return f"no card `{item_id}` is for sale{did_you_mean(str(item_id), list(items.by_id))}"
    if not items.available(item_id):
        return f"`{item_id}` is owned or out of the game"
    seat = action.seat
    item = items.by_id[item_id]
    limit, own_turn_only = items.rules_of[item.kind].limit_per_group, items.rules_of[item.kind].when == "own_turn"
    owned = sum(1 for other, owner in items.owner.items() if owner == seat and items.by_id[other].group == item.group)
    paid_in = f" in `{item.pay_with}`" if item.pay_with else ""
    hint = (f"`{item_id}`: price {items.price(seat, item)}{paid_in}, coins {len(items.coins_of(seat, item))}, "
            f"group `{item.group}` {owned}/{limit} owned")
    if own_turn_only and seat != game.state.active:
        hint += ", sold on the buyer's own turn only"
    return hint
