"""``GameEffects.fire`` and ``GameEffects.modified`` find the rules of an event or query in a
plan (the rules that hear each seat, and for an event by the text its rules' guards ask of
one field): the rules that run, and the order they run in, must be exactly those that
asking every rule in turn finds (``compiled.fire``, ``_hears``), whatever the seat, the
guards and the seat to move."""

from __future__ import annotations

import itertools
from typing import Any

from engine.game.core import Game
from engine.lang import compiled
from engine.lang.compiled import CompiledModifier, CompiledTrigger
from engine.rules.loader import load_ruleset

BYS = ("owner", "others", "anyone", "active")
GUARDS: tuple[Any, ...] = (None, ("event", "phase", "plant"), ("event", "phase", "draw"), ("event", "kind", "plant"),
                           ("phase", "", "plant"), ("step", "", "nothing"))


def _game() -> Game:
    return Game(load_ruleset("bohn_camillo"), 2, 1, record=False)


def _triggers(ran: list[tuple[int, int]], guards: tuple[Any, ...]) -> list[tuple[CompiledTrigger, int]]:
    """One rule per (by, guard, owner), each noting (its number, its owner) when it runs."""
    out = []
    for number, (by, guard, owner) in enumerate(itertools.product(BYS, guards, (0, 1))):
        def body(ctx: Any, number: int = number) -> None:
            ran.append((number, ctx.vars["owner"]))
        out.append((CompiledTrigger("test_event", by, None, body, None, f"rule {number}", guard), owner))
    return out


def _payloads() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for player in (0, 1, None, 5, -1, True):
        for phase in ("plant", "draw", "act", None, 3):
            payload: dict[str, Any] = {"phase": phase, "kind": "plant"}
            if player is not None:
                payload["player"] = player
            out.append(payload)
    return out


def _check_fire(guards: tuple[Any, ...]) -> int:
    game = _game()
    fx = game.fx
    assert fx is not None
    ran: list[tuple[int, int]] = []
    rules = _triggers(ran, guards)
    fx.triggers["test_event"] = rules
    seen = 0
    for active in (0, 1):
        game.state.active = active
        for payload in _payloads():
            ran.clear()
            fx.fire("test_event", payload)
            planned = list(ran)
            ran.clear()
            compiled.fire(rules, "test_event", payload, fx)
            assert planned == ran, (active, payload)
            seen += bool(ran)
    return seen


def test_fire_runs_the_rules_asking_each_in_turn_runs() -> None:
    """Rules by every kind of seat, with guards of several kinds and fields (the plan is
    then read rule by rule), and with guards that all ask one field (the plan by text)."""
    assert _check_fire(GUARDS) > 10
    assert _check_fire((("event", "phase", "plant"), ("event", "phase", "draw"))) > 10
    assert _check_fire((None,)) > 10


def test_an_event_whose_rules_want_another_text_runs_none() -> None:
    game = _game()
    fx = game.fx
    assert fx is not None
    ran: list[tuple[int, int]] = []
    fx.triggers["test_event"] = _triggers(ran, (("event", "phase", "plant"),))
    fx.fire("test_event", {"player": 0, "phase": "draw"})
    fx.fire("test_event", {"player": 0, "phase": ["plant"]})  # not a text: it equals none
    assert ran == []
    fx.fire("test_event", {"player": 0, "phase": "plant"})
    assert ran


def test_modified_applies_the_rules_that_hear_the_asking_seat_in_order() -> None:
    """Every rule appends its number to the answer when it applies: the plan's answer is
    the one asking every rule in turn (``_modified``) gives, for every seat asking."""
    game = _game()
    fx = game.fx
    assert fx is not None
    rules = []
    for number, (by, owner, needs) in enumerate(itertools.product(BYS, (0, 1), (False, True))):
        def value(ctx: Any, number: int = number) -> Any:
            return ctx.vars["value"] + (number,)
        rules.append((CompiledModifier("test_query", by, None, value, None, f"rule {number}", adjusts=True,
                                       needs_value=needs), owner))
    fx.modifiers["test_query"] = rules
    for active in (0, 1):
        game.state.active = active
        for player in (0, 1, None, 7, True):
            for start in ((), ("x",)):
                params = {} if player is None else {"player": player}
                planned = fx.modified("test_query", start, **params)
                assert planned == fx._modified(rules, start, params), (active, player, start)
                if player in (0, 1):
                    assert planned != start or not start
