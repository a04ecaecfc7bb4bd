"""A readable turn-by-turn account of a game, made from its events."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable


def _beans(names: Iterable[str]) -> str:
    counts = Counter(names)
    return ", ".join(f"{n}×{b}" if n > 1 else b for b, n in counts.items()) or "nothing"


def turn_lines(events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """One line per turn: plants, reveals, trades, harvests, purchases and draws."""
    lines: list[str] = []
    current: list[str] = []
    head = ""

    def flush() -> None:
        if head:
            lines.append(head + ("; ".join(current) if current else "—"))

    for e in events:
        t = e["type"]
        who = names[e["seat"]] if isinstance(e.get("seat"), int) else ""
        if t == "turn_started":
            flush()
            head, current = f"turn {e['turn']:>3}  {who:<10} ", []
        elif t == "planted":
            current.append(f"{who} planted {e['bean']}")
        elif t == "revealed":
            current.append(f"revealed {e['bean']}")
        elif t == "traded":
            other = names[e["target"]]
            current.append(f"{who} gave {_beans(e['gave'])} to {other} for {_beans(e['got'])}")
        elif t == "harvested" and not e.get("final"):
            current.append(f"{who} harvested {e['beans']} {e['bean']} for {e['coins']}")
        elif t == "field_bought":
            current.append(f"{who} bought a field")
        elif t == "bought":
            current.append(f"{who} bought {e['item']}")
        elif t == "drew":
            current.append(f"drew {e['cards']}")
        elif t == "deck_ran_out":
            current.append(f"DECK RAN OUT ({e['runout']}{', final' if e['final'] else ''})")
        elif t == "discarded":
            current.append(f"{who} discarded {e['bean']}")
    flush()
    return lines


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
