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

from engine.errors import BohnError
from engine.game.actions import BUY_FIELD, FREE_KINDS, HARVEST, PLANT, PROPOSE, Action

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
    """The hint of a refused free action: what a field purchase lacked, or the rules of
    harvesting."""
    if action.kind == BUY_FIELD:
        fields = len(game.state.fields[action.seat])
        return (f"fields {fields}/{game.max_fields(action.seat)}, price {game.field_price(action.seat)}, "
                f"coins {len(game.state.coins[action.seat])}")
    return "a field needs beans, single beans are protected, and harvest timing is set by the player-count row"
