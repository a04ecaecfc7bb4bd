"""The JSONL game log: a header, then actions and the events each caused, in order.

The header carries everything needed to re-create the game (ruleset reference,
variant, players, seed, trading) and a digest of the merged ruleset, so ``bohn
replay`` can tell an edited ruleset from a corrupted log. Events name the ruleset line
that caused them (``rule``), which makes a log readable next to the YAML.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from engine.errors import BohnError, Span
from engine.game.actions import Action

FORMAT = "bohn-log/1"


def header(game: Any, ruleset_ref: str, bots: list[str]) -> dict[str, Any]:
    return {
        "type": "header",
        "format": FORMAT,
        "ruleset": game.rules.id,
        "ruleset_ref": ruleset_ref,
        "variant": game.rules.variant,
        "digest": game.rules.digest,
        "players": game.players,
        "seed": game.seed,
        "trading": game.trading,
        "bots": bots,
    }


def entries(events: list[dict[str, Any]], actions: list[Action], positions: list[int]) -> Iterable[dict[str, Any]]:
    """Events and actions merged: each action just before the events it caused."""
    a = 0
    for index, event in enumerate(events):
        while a < len(actions) and positions[a] == index:
            yield {"type": "action", "action": actions[a].to_json()}
            a += 1
        yield event
    while a < len(actions):
        yield {"type": "action", "action": actions[a].to_json()}
        a += 1


def dumps(entry: dict[str, Any]) -> str:
    return json.dumps(entry, separators=(",", ":"), sort_keys=True)


def write(path: Path, head: dict[str, Any], body: Iterable[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8") as f:
        f.write(dumps(head) + "\n")
        for entry in body:
            f.write(dumps(entry) + "\n")


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the entries of a log; a damaged file is a G604 error with its line."""
    display = str(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise BohnError.one("G604", f"cannot read the log: {exc}", Span(display, 1, 1)) from None
    parsed: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BohnError.one("G604", f"line is not JSON: {exc.msg}", Span(display, number, exc.colno)) from None
        if not isinstance(value, dict) or "type" not in value:
            raise BohnError.one("G604", "each line must be a JSON object with a `type`", Span(display, number, 1))
        parsed.append(value)
    if not parsed or parsed[0].get("type") != "header" or parsed[0].get("format") != FORMAT:
        raise BohnError.one("G604", f"the first line must be a `{FORMAT}` header", Span(display, 1, 1))
    head = parsed[0]
    for key in ("ruleset_ref", "players", "seed", "digest"):
        if key not in head:
            raise BohnError.one("G604", f"the header lacks `{key}`", Span(display, 1, 1))
    return head, parsed[1:]
