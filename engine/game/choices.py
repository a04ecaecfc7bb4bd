"""Putting an effect's choice to a player: ``choose`` and ``ask`` one at a time, and the
simultaneous secret choice (``secretly choose``).

Why a module of its own: how a choice is asked — the game's ``choice_hook`` (a seat's
agent, a scenario's script, or the first option), a bot's hint of each option's worth,
the index checked, the ``chose`` event that lets a replay answer alike — is one concern,
apart from what the effects read and change; ``GameEffects.choose`` and
``choose_secretly`` hand their choices here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from engine.errors import BohnError

if TYPE_CHECKING:
    from engine.game.effects import GameEffects

#: The game's answer to a choice: (seat, options, prompt, optional) -> the index taken,
#: or None to take none (where that is allowed).
ChoiceHook = Callable[[int, Sequence[Any], str, bool], "int | None"]


def first_option(seat: int, options: Sequence[Any], prompt: str, optional: bool) -> int | None:
    """The choice without a player to ask: the first option (and "yes")."""
    return 0 if options else None


def pick(fx: GameEffects, player: int, options: Sequence[Any], prompt: str, optional: bool,
         worths: Sequence[float] | None = None) -> Any:
    """One player's choice among ``options`` (``GameEffects.choose``): the option taken,
    or None where none may be taken and none was."""
    options = list(options)
    if not options:
        return None
    if len(options) == 1 and not optional and fx.takes_lone(player):  # the one option, its agent not asked
        index: int | None = 0
    else:
        fx.choice_worths = list(worths) if worths is not None else None  # a bot's hint (SeatView.option_worths)
        try:
            index = fx.choice_hook(player, options, prompt, optional)
        finally:
            fx.choice_worths = None
    if index is None and not optional:
        index = 0
    if index is not None and not 0 <= index < len(options):
        raise BohnError.one("L813", f"choice {index} is not one of the {len(options)} options of `{prompt}`")
    if fx.game.logging:
        fx.game.emit("chose", seat=player, prompt=prompt, index=index, options=len(options))
    return None if index is None else options[index]


def pick_secretly(fx: GameEffects, choosers: Sequence[tuple[int, list[Any]]], count: int, prompt: str,
                  worths: Sequence[list[float]] | None = None) -> list[list[Any]]:
    """A simultaneous secret choice: each player in turn picks ``count`` of their
    options one at a time (the picks shrink the options), nothing changes in the game
    until all have picked, and ``secret`` holds the picks so far, which only the
    picker's own ``SeatView.pending_choice`` shows. Each pick is a ``chose`` event with
    ``secret: true`` (replays and scenarios answer it like any choice)."""
    out: list[list[Any]] = []
    fx.secret = {}
    try:
        for number, (player, options) in enumerate(choosers):
            left: list[Any] = list(options)
            worth_left = list(worths[number]) if worths is not None else None
            mine: list[Any] = []
            fx.secret[player] = mine
            wanted = min(count, len(left))
            for k in range(wanted):
                label = f"{prompt} ({k + 1} of {wanted})"
                fx.choice_worths = list(worth_left) if worth_left is not None else None  # a bot's hint
                try:
                    index = fx.choice_hook(player, left, label, False)
                finally:
                    fx.choice_worths = None
                if index is None:
                    index = 0
                if not 0 <= index < len(left):
                    raise BohnError.one("L813", f"choice {index} is not one of the {len(left)} options of `{label}`")
                if fx.game.logging:
                    fx.game.emit("chose", seat=player, prompt=label, index=index, options=len(left), secret=True)
                mine.append(left.pop(index))
                if worth_left is not None:
                    worth_left.pop(index)
            out.append(list(mine))
    finally:
        fx.secret = {}
    return out
