"""Every class of a compiled module that a look-ahead copies is marked copyable.

The compiled build (``BOHN_COMPILE=1``) can copy an instance of a native class only when
the class is marked ``@mypyc_attr(allow_interpreted_subclasses=True)`` (see
engine/game/copyable.py); an unmarked one makes the greedy bot's look-ahead fail there.
The compiled build itself is tested only in the soak (tests/test_compiled.py), so this
quick check walks look-ahead copies of games in pure Python and asks, for each object of
a class defined in one of setup.py's ``HOT_MODULES``, whether the class was marked.
"""

from __future__ import annotations

import copy
import types
from typing import Any

import pytest

from engine.game.copyable import COPYABLE
from engine.game.core import Game
from engine.game.lookahead import copy_game
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents
from tests.test_typecheck import _hot_modules

#: module names of the compiled modules ("engine/game/core.py" -> "engine.game.core")
HOT = {m.removesuffix(".py").replace("/", ".") for m in _hot_modules()}


def _classes_in_copy(twin: Game) -> set[type]:
    """The classes of compiled modules whose instances the copy made (shared rule
    objects and functions are not copied, so they are not walked)."""
    found: set[type] = set()
    seen: set[int] = set()
    todo: list[Any] = [twin]
    atomic = copy._deepcopy_dispatch  # type: ignore[attr-defined]
    while todo:
        value = todo.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        kind = type(value)
        if atomic.get(kind) is copy._deepcopy_atomic or isinstance(value, (types.FunctionType, types.BuiltinFunctionType)):  # type: ignore[attr-defined]
            continue
        if isinstance(value, (list, tuple, set, frozenset)):
            todo.extend(value)
        elif isinstance(value, dict):
            todo.extend(value.keys())
            todo.extend(value.values())
        elif hasattr(value, "__dict__"):
            if kind.__module__ in HOT:
                found.add(kind)
            todo.extend(vars(value).values())
    return found


@pytest.mark.parametrize(("ruleset", "players"), [("base", 4), ("high_bohn", 4), ("high_bohn_plus", 4),
                                                  ("la_isla_bohnita", 4), ("bohn_camillo", 2)])
def test_every_compiled_class_a_look_ahead_copies_is_marked_copyable(ruleset: str, players: int) -> None:
    game = Game(load_ruleset(ruleset), players, 11, trading=True, record=False)
    agents = make_agents(["greedy"], players, 11)
    views = [SeatView(game, s) for s in range(players)]
    found: set[type] = set()
    for n in range(300):
        if game.over:
            break
        if n % 10 == 0:  # copies at different steps of the turn: each step object of the turn is made
            found |= _classes_in_copy(copy_game(game))
        seat, legal = game.decision((False,) * players)
        game.apply(agents[seat].choose(views[seat], legal))
    # the walk reaches the game's own objects, so a miss below is a real miss
    assert {"Game", "GameState"} <= {k.__name__ for k in found}
    unmarked = sorted(f"{k.__module__}.{k.__qualname__}" for k in found - COPYABLE)
    assert not unmarked, f"mark these classes @mypyc_attr(allow_interpreted_subclasses=True) (engine/game/copyable.py): {unmarked}"
