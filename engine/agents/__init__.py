"""Agents: bots and scripted players behind one protocol (``Agent.choose``)."""

from __future__ import annotations

from typing import Callable

from engine.agents.base import Agent
from engine.agents.greedy import GreedyBot
from engine.agents.random_bot import RandomBot

#: Bot names usable with ``--bots``; each factory takes a seed.
BOTS: dict[str, Callable[[int], Agent]] = {
    "random": lambda seed: RandomBot(seed),
    "greedy": lambda seed: GreedyBot(seed),
}

__all__ = ["Agent", "BOTS", "GreedyBot", "RandomBot"]
