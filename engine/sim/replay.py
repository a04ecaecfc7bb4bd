"""Re-run a logged game and report the first divergence.

The game is re-created from the header (ruleset, variant, players, seed), the logged
actions are applied in order, and every event the engine emits is compared with the
logged one. The first mismatch — a different event, an action the engine now refuses,
or a game that ends early or late — is reported with its line in the log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import BohnError
from engine.game import log
from engine.game.actions import Action
from engine.game.core import Game
from engine.rules.loader import load_ruleset


@dataclass
class ReplayResult:
    ok: bool
    events: int
    actions: int
    digest_changed: bool
    line: int | None = None
    expected: Any = None
    actual: Any = None
    message: str = ""


def replay(path: Path) -> ReplayResult:
    head, body = log.read(path)
    rules = load_ruleset(head["ruleset_ref"], head.get("variant"))
    changed = rules.digest != head["digest"]
    game = Game(rules, int(head["players"]), int(head["seed"]), trading=bool(head.get("trading", True)))
    produced = game.events
    _replay_choices(game, body)
    checked = 0
    actions = 0

    def compare(upto: int) -> ReplayResult | None:
        nonlocal checked
        while checked < min(upto, len(produced)):
            expected_event = body_events[checked]
            actual = _norm(produced[checked])
            if _norm(expected_event[1]) != actual:
                return ReplayResult(False, checked, actions, changed, expected_event[0], expected_event[1], produced[checked],
                                    f"event {checked} differs")
            checked += 1
        return None

    body_events = [(i + 2, e) for i, e in enumerate(body) if e.get("type") != "action"]
    seen_events = 0
    for index, entry in enumerate(body):
        line = index + 2
        if entry["type"] != "action":
            seen_events += 1
            continue
        result = compare(seen_events)
        if result:
            return result
        try:
            action = Action.from_json(entry["action"])
            game.apply(action)
        except BohnError as exc:
            return ReplayResult(False, checked, actions, changed, line, entry["action"], exc.diagnostics[0].message,
                                "the engine refuses a logged action")
        except (KeyError, TypeError, ValueError) as exc:
            raise BohnError.one("G604", f"line {line}: malformed action ({exc})") from None
        actions += 1
    result = compare(len(body_events))
    if result:
        return result
    if len(produced) != len(body_events):
        extra = produced[len(body_events)] if len(produced) > len(body_events) else None
        return ReplayResult(False, checked, actions, changed, len(body) + 1, None, extra,
                            f"the log has {len(body_events)} events, the re-run {len(produced)}")
    return ReplayResult(True, checked, actions, changed)


def _replay_choices(game: Game, body: list[dict[str, Any]]) -> None:
    """Answer the effects' choices as the log says they were answered."""
    if game.fx is None:
        return
    made_already = sum(1 for e in game.events if e.get("type") == "chose")  # while the game was set up
    answers = [e.get("index") for e in body if e.get("type") == "chose"][made_already:]

    def logged(seat: int, options: Any, prompt: str, optional: bool) -> int | None:
        return answers.pop(0) if answers else 0

    game.fx.choice_hook = logged


def _norm(event: dict[str, Any]) -> str:
    """An event as compared: the rule's file by name only, so a log replays from any folder."""
    rule = event.get("rule")
    if isinstance(rule, str):
        event = {**event, "rule": rule.replace("\\", "/").rsplit("/", 1)[-1]}
    return json.dumps(event, sort_keys=True, separators=(",", ":"))
