"""The seed bound shared by the commands that play games (``play``, ``simulate``)."""

from __future__ import annotations

from engine.errors import BohnError

MAX_SEED = 2**63 - 1


def check_seed(seed: int) -> None:
    """C511 unless ``seed`` fits the 64 bits a log and the games' random generators take."""
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise BohnError.one("C511", "--seed must fit in 64 bits")
