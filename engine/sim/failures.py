"""Games that stopped with an error: what is kept of them and how it is shown.

A failed game in a simulation must never disappear into a count. Each one keeps its
seed, its error (code, first line, the rule's ``file:line``) and the ``bohn play``
command that replays it with a log, so an author can go from "3 games failed" to the
rule at fault in one step.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any, Sequence

from engine.errors import BohnError

#: Failed games listed one by one in a text report; the rest are counted.
SHOWN_FAILURES = 5


@dataclass(frozen=True)
class GameFailure:
    """One game that stopped with an error."""

    seed: int
    code: str
    message: str
    where: str  # file:line:col of the rule to blame, or ""

    @classmethod
    def from_error(cls, seed: int, exc: BohnError) -> GameFailure:
        d = exc.diagnostics[0]
        return cls(seed, d.code, d.message.splitlines()[0], str(d.span) if d.span else "")

    def to_json(self, command: str = "") -> dict[str, Any]:
        data: dict[str, Any] = {"seed": self.seed, "code": self.code, "message": self.message, "rule": self.where or None}
        if command:
            data["replay"] = command
        return data


def replay_command(ref: str, variant: str | None, players: int, seed: int, bots: Sequence[str], trading: bool,
                   log: str | None = None) -> str:
    """The ``bohn play`` command that plays this very game again (bots are seeded from the
    game seed, so the same options give the same moves)."""
    parts = ["bohn", "play", "--ruleset", ref]
    if variant:
        parts += ["--variant", variant]
    parts += ["--players", str(players), "--seed", str(seed), "--bots", ",".join(bots)]
    if not trading:
        parts.append("--no-trading")
    parts += ["--log", log or f"game-{seed}.jsonl"]
    return " ".join(shlex.quote(p) for p in parts)


def failure_lines(failures: Sequence[GameFailure], games: int, command: Any) -> list[str]:
    """The text report of failed games: each (up to a few) with its seed, error and the
    command that replays it; ``command(seed)`` gives that command."""
    if not failures:
        return []
    out = [f"  {len(failures)} of {games} game(s) stopped with an error and are not counted:"]
    for f in failures[:SHOWN_FAILURES]:
        where = f"{f.where}: " if f.where else ""
        out.append(f"    seed {f.seed}: {where}error {f.code}: {f.message}")
        out.append(f"      replay: {command(f.seed)}")
    if len(failures) > SHOWN_FAILURES:
        codes = sorted({f.code for f in failures[SHOWN_FAILURES:]})
        out.append(f"    … and {len(failures) - SHOWN_FAILURES} more ({', '.join(codes)})")
    return out
