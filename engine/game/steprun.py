"""The base of every step kind: what a step is asked (enter, decider, legal, apply).

Why apart from ``steps``: the kinds live in two modules (``steps`` and ``trading``), and
``steps`` lists them all in ``STEP_KINDS``; with their base here, below both, ``trading``
needs nothing from ``steps`` and ``steps`` imports ``trading`` at the top (no import
hidden in a function to dodge a circle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.game.actions import Action
from engine.game.copyable import mypyc_attr

if TYPE_CHECKING:
    from engine.game.core import Game
    from engine.rules.model import Step


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class StepRun:
    """Base of all step kinds: no decisions, finished at once.

    A game makes each step of its turn once, when it is first entered, and enters the
    same object again every turn after: ``__init__`` resolves what the spec and the
    player-count row fix for the whole game (zone ids, numbers), ``enter`` resets all
    that one pass through the step changes."""

    kind: ClassVar[str] = ""
    #: True while the decider must place cards on fields: it may then harvest even when
    #: harvesting is otherwise limited to one's own turn (the forced harvest).
    plants: ClassVar[bool] = False
    #: kinds of action whose ``apply`` changes only this step's own bookkeeping (who is
    #: asked next, an offer noted), unless it ends the step: no card, coin, counter or
    #: anything else a listing reads. The game then keeps its listings (``Game.free_listing``)
    keeps_position: ClassVar[frozenset[str]] = frozenset()
    #: whether ``after_free_action`` may be skipped in a game without rules: it reacts only
    #: to cards a rule moved (a harvest or a field bought touches no hand, zone or offer)
    free_quiet: ClassVar[bool] = False
    #: whether the active player always decides (``decider`` is not overridden): the
    #: game loop then reads the seat without calling ``decider``
    active_decides: bool = False
    #: the step's mode, where its kind has modes (a trading step answering an offer is in
    #: ``respond``); "" for the others. A default here so that the game loop reads it at
    #: every decision as a plain attribute, not through ``getattr`` with a default
    mode: str = ""

    def __init__(self, game: Game, spec: Step) -> None:
        self.spec = spec
        self.span = spec.span
        self.done = False
        self.active_decides = type(self).decider is StepRun.decider

    def enter(self, game: Game) -> None:
        self.done = True

    def decider(self, game: Game) -> int | None:
        return game.state.active

    def legal(self, game: Game, seat: int) -> list[Action]:
        return []

    def is_legal(self, game: Game, action: Action) -> bool:
        return action in self.legal(game, action.seat)

    def apply(self, game: Game, action: Action) -> None:  # pragma: no cover - nothing is legal
        raise NotImplementedError

    def check_proposal(self, game: Game, action: Action) -> str:
        return "no trading in this step"

    def refusal(self, game: Game, action: Action) -> str:
        """Why an action that is not legal here is refused, when more can be said than
        "not among the legal actions" ("" otherwise)."""
        return ""

    def after_free_action(self, game: Game, action: Action) -> None:
        """A harvest or purchase happened; most steps need not react."""
