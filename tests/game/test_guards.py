"""The two forms of a declared action's leading test (``CompiledAction.guard``) answer
alike: ``make_guard``'s function (used where the listing is not generated) and
``_guard_source``'s text (written into a generated listing), for every kind of guard,
every comparison, a shared zone, a player's zone, a zone of neither, at positions with
counters and zones of several sizes, for every seat.

Why: the games of the test suite list through the generated text, so the function was
checked by nothing (a mutation survivor: its zone test's ``and`` made ``or``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.game.declared import GUARD_OPS, _constants, _guard_source, make_guard
from tests.houses import house_rules

GUARDS: list[tuple[Any, ...]] = [("phase", frozenset({"trade"})), ("phase", frozenset({"plant", "draw"}))]
for op in GUARD_OPS:
    for n in (0, 1, 2):
        GUARDS.append(("counter", "ships", op, n))
        for zid, shared in (("discard", True), ("hand", False), ("hand", True), ("set_aside", False), ("nowhere", False)):
            GUARDS.append(("count", zid, shared, op, n))


def _source_answer(guard: tuple[Any, ...], game: Game, seat: int) -> bool:
    consts, const = _constants()
    text = _guard_source(guard, game.state, const)
    assert text is not None, guard
    fx = game.fx
    assert fx is not None
    return bool(eval(text, dict(consts), {"st": game.state, "c": fx.counters, "seat": seat,  # noqa: S307 - our own text
                                          "phase": game.phase.id}))


def test_the_guard_function_and_the_generated_guard_agree(tmp_path: Path) -> None:
    rules = house_rules(tmp_path, {"sell": "action sell on own_turn { gain(owner, 1) }"})
    answers = {True: 0, False: 0}
    for phase in ("plant", "trade", "draw"):
        for hands in ({0: [], 1: ["soy"], 2: ["soy", "red", "blue"]}, {0: ["blue", "blue"], 1: [], 2: ["red"]}):
            for discard in ([], ["red"], ["red", "soy"]):
                game = Game(rules, 3, 1)
                arrange(game, {"phase": phase, "hands": hands, "discard": discard, "set_aside": {0: ["red"]},
                               "counters": {0: {"ships": 1}, 2: {"ships": 2}}})
                fx = game.fx
                assert fx is not None
                for guard in GUARDS:
                    check = make_guard(guard)
                    for seat in range(3):
                        fast = check(fx, seat)
                        assert fast == _source_answer(guard, game, seat), (guard, seat, phase, hands, discard)
                        answers[fast] += 1
                    # a seat beyond the table holds nothing (the function's own bound)
                    if guard[0] == "count" and not guard[2] and guard[1] in game.state.per_player:
                        assert check(fx, 7) == GUARD_OPS[guard[-2]](0, guard[-1])
    assert answers[True] > 1000 and answers[False] > 1000, answers
