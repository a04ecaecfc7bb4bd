"""The agent protocol: one method, the same for bots, scripts and people."""

from __future__ import annotations

from typing import Protocol

from engine.game.actions import Action
from engine.game.view import SeatView


class Agent(Protocol):
    """Chooses one of ``legal`` (never empty) from what its seat may see.

    Agents may also define ``choose_option(view, options, prompt, optional) -> int |
    None`` to answer the choices an effect asks for mid-step (which field, which coin,
    yes/no); without it the first option is taken."""

    name: str

    def choose(self, view: SeatView, legal: list[Action]) -> Action: ...
