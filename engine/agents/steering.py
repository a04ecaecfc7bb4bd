"""Steering by held worth: plant towards what the cards a bot holds ask for.

A ruleset can tell bots what holding a card is worth (a lone ``worth`` in a card's rules),
and that worth may depend on the position: a card that pays when two fields hold
given numbers of beans is worth more the nearer the fields are to them. The greedy bot's
plant choices (which field, whether to plant an optional card, which set-aside card
first) know nothing of such cards; :func:`steer` lets the held worth overrule them: each
candidate is tried lightly (``SeatView.worths_after``: the cards moved, the hints read,
the cards put back) and the candidate that leaves the held cards worth most is taken when
it beats the bot's own choice. A ruleset without held worth, or whose held worth no plant
changes, is played exactly as before.
"""

from __future__ import annotations

from engine.game.actions import PASS, PLANT, Action
from engine.game.view import SeatView


#: the actions a plant choice may be steered to
STEERED = (PLANT, PASS)


def steer(view: SeatView, legal: list[Action], default: Action) -> Action:
    """``default``, or the plant or pass among ``legal`` after which the seat's held cards
    are worth more by their ``worth`` hints (the first such on a tie). Only a plant or pass
    ``default`` is steered; any candidate the trial cannot weigh leaves ``default``."""
    if default[0] not in STEERED:  # [0]: the kind (by index: no attribute lookup, at every plant choice)
        return default
    for action in legal:
        if action[0] in STEERED and action != default:
            break
    else:
        return default  # nothing to steer to (most plant choices): no hint need be read
    others = [a for a in legal if a[0] in STEERED and a != default]  # ([0]: the kind)
    values = view.worths_after([default, *others])  # None: a ruleset without held worth, or a trial it cannot weigh
    if values is None:
        return default
    best, best_value = default, values[0]
    for action, value in zip(others, values[1:]):
        if value > best_value:
            best, best_value = action, value
    return best
