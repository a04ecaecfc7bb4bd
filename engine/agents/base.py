"""The agent protocol: one method, the same for bots, scripts and people."""

from __future__ import annotations

from typing import Protocol

from engine.game.actions import Action
from engine.game.view import SeatView


class Agent(Protocol):
    """Chooses one of ``legal`` (never empty) from what its seat may see."""

    name: str

    def choose(self, view: SeatView, legal: list[Action]) -> Action: ...
