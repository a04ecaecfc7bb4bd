"""Shared by the tests of the declared-action listing's shortcuts (guards)."""

from __future__ import annotations

from typing import Any, Callable


def listings_agree(fx: Any, players: int, strip: Callable[[Any], Any]) -> None:
    """Assert every seat's declared actions are the same with the compiled actions as they
    are and with ``strip`` applied to each (a shortcut removed), the listing's index made
    again both ways."""
    with_guard = [[(i, v) for i, _, v in fx.legal_actions(s)] for s in range(players)]
    saved = fx.actions
    fx.actions = [(strip(a), owner) for a, owner in saved]
    fx._by_seat = None  # the listing's index of actions by seat and step, made again
    try:
        without = [[(i, v) for i, _, v in fx.legal_actions(s)] for s in range(players)]
    finally:
        fx.actions = saved
        fx._by_seat = None
    assert with_guard == without
