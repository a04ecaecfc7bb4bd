"""Re-run a logged game and report the first divergence.

The game is re-created from the header (ruleset, variant, players, seed), the logged
actions are applied in order (the log is streamed, never held whole in memory), and every event the engine emits is compared with the
logged one. The first mismatch — a different event, an action the engine now refuses,
or a game that ends early or late — is reported with its line in the log.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from engine.errors import BohnError, Span
from engine.game import log
from engine.game.actions import Action
from engine.game.core import Game
from engine.rules.loader import load_ruleset


#: Most events one action may cause in a log; more is not a log bohn wrote.
MAX_EVENTS_PER_ACTION = 200_000


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
    code: str = "G603"


Group = tuple[int, bool, Any, list[tuple[int, dict[str, Any]]]]


def _groups(body: Iterator[tuple[int, dict[str, Any]]], display: str) -> Iterator[Group]:
    """``(line, is_action, logged action, [(line, event) ...])``: each action with the
    events that follow it (the first group holds the set-up events), read ahead one
    group so the effects' logged choices are known before the action is re-applied."""
    line, is_action, action, events = 1, False, None, []
    for number, entry in body:
        if entry["type"] == "action":
            yield line, is_action, action, events
            line, is_action, action, events = number, True, entry.get("action"), []
            continue
        events.append((number, entry))
        if len(events) > MAX_EVENTS_PER_ACTION:
            raise BohnError.one("G604", f"more than {MAX_EVENTS_PER_ACTION} events after one action", Span(display, number, 1))
    yield line, is_action, action, events


def replay(path: Path, ruleset: str | None = None) -> ReplayResult:
    """Re-run the game of the log at ``path``, reading it line by line.

    The header's ``ruleset_ref`` is a shipped name or a file inside the log's folder
    tree (nothing else is read); ``ruleset`` — a file the user names — replaces it."""
    head, body = log.stream(path)
    if ruleset is not None:
        rules = load_ruleset(ruleset, head.get("variant"))
    else:
        rules = load_ruleset(head["ruleset_ref"], head.get("variant"), relative_to=path.resolve().parent,
                             span=Span(str(path), 1, 1))
    changed = rules.digest != head["digest"]
    game = Game(rules, int(head["players"]), int(head["seed"]), trading=bool(head.get("trading", True)))
    produced = game.events
    answers: deque[Any] = deque()
    skip = [sum(1 for e in game.events if e.get("type") == "chose")]  # made while the game was set up

    def logged(seat: int, options: Any, prompt: str, optional: bool) -> int | None:
        return answers.popleft() if answers else 0

    if game.fx is not None:
        game.fx.choice_hook = logged
    pending: deque[tuple[int, dict[str, Any]]] = deque()
    checked = actions = logged_events = 0

    def compare() -> ReplayResult | None:
        nonlocal checked
        while pending and checked < len(produced):
            line, expected = pending.popleft()
            if _norm(expected) != _norm(produced[checked]):
                return ReplayResult(False, checked, actions, changed, line, expected, produced[checked], f"event {checked} differs")
            checked += 1
        return None

    for line, is_action, entry, events in _groups(body, str(path)):
        for number, event in events:
            if event.get("type") == "chose":
                if skip[0] > 0:
                    skip[0] -= 1
                else:
                    answers.append(event.get("index"))
        if is_action:
            result = compare()
            if result:
                return result
            if game.over:
                return ReplayResult(False, checked, actions, changed, line, entry, None, "the log goes on after the game ended")
            try:
                action = Action.from_json(entry)
            except (KeyError, TypeError, ValueError, OverflowError, AttributeError) as exc:
                raise BohnError.one("G604", f"malformed action ({type(exc).__name__})", Span(str(path), line, 1)) from None
            try:
                game.apply(action)
            except BohnError as exc:
                return ReplayResult(False, checked, actions, changed, line, entry, exc.diagnostics[0].message,
                                    "the engine refuses a logged action")
            actions += 1
        pending.extend(events)
        logged_events += len(events)
        result = compare()
        if result:
            return result
    if pending or checked < len(produced):
        extra = produced[checked] if checked < len(produced) else None
        return ReplayResult(False, checked, actions, changed, None, None, extra,
                            f"the log has {logged_events} events, the re-run {len(produced)}")
    if not game.over:
        return _stopped_early(game, head.get("stopped"), checked, actions, changed)
    return ReplayResult(True, checked, actions, changed)


def _stopped_early(game: Game, stopped: Any, checked: int, actions: int, changed: bool) -> ReplayResult:
    """A log that ends before its game: fine when ``bohn play`` wrote it for a game that
    stopped with an error (its header says ``stopped``) and the re-run stops the same way
    at the same point; an incomplete log (G615) otherwise."""
    logged = stopped.get("code") if isinstance(stopped, dict) else None
    if not isinstance(logged, str):
        return ReplayResult(False, checked, actions, changed, None, None, None,
                            f"the log ends after {actions} actions, before the game does", "G615")
    now = _stop_code(game)
    if now == logged:
        return ReplayResult(True, checked, actions, changed, message=f"the game stops with {logged}, as logged")
    again = f"stops with {now}" if now else "goes on"
    return ReplayResult(False, checked, actions, changed, None, logged, now,
                        f"the log says the game stopped with {logged} after {actions} actions; the re-run {again}", "G615")


def _stop_code(game: Game) -> str | None:
    """The code of the error the next decision runs into, or None when a seat can act."""
    seat = game.decider
    try:
        if seat is not None and not game.legal_actions(seat):
            return "G640"  # no legal action: the deadlock play_game reports
    except BohnError as exc:
        return exc.code
    return None


def _norm(event: dict[str, Any]) -> str:
    """An event as compared: the rule's file by name only, so a log replays from any folder."""
    rule = event.get("rule")
    if isinstance(rule, str):
        event = {**event, "rule": rule.replace("\\", "/").rsplit("/", 1)[-1]}
    return json.dumps(event, sort_keys=True, separators=(",", ":"))
