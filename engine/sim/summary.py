"""A readable turn-by-turn account of a game, made from its events."""

from __future__ import annotations

from typing import Any, Callable


def turn_lines(events: list[dict[str, Any]], names: list[str], label: Callable[[str], str] = str,
               width: int | None = None) -> list[str]:
    """A paragraph per turn, wrapped (see :mod:`engine.sim.narrate`)."""
    from engine.sim.narrate import turn_lines as narrated

    return narrated(events, names, label, width)


def score_table(events: list[dict[str, Any]], names: list[str]) -> list[str]:
    end = next((e for e in reversed(events) if e["type"] == "game_ended"), None)
    if end is None:
        return ["(the game did not end)"]
    order = sorted(range(len(names)), key=lambda s: (-end["scores"][s], -end["hands"][s]))
    out = [f"{'seat':<6}{'player':<12}{'score':>6}{'hand':>6}", "-" * 30]
    for s in order:
        mark = "  winner" if s in end["winners"] else ""
        out.append(f"{s:<6}{names[s]:<12}{end['scores'][s]:>6}{end['hands'][s]:>6}{mark}")
    return out
