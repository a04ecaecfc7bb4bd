"""``GameEffects.fire`` passes over an event when every rule listening to it starts by
wanting a text the event, phase or step does not show (``CompiledTrigger.guard``), before
the trigger machinery runs; at the trigger depth limit it still raises L809 as the
machinery would. (That it never changes a game: tests/lang/test_trigger_guard.py plays
games with the guards removed.)"""

from __future__ import annotations

import pytest

from engine.errors import BohnError
from engine.game.core import Game
from engine.lang.compiler import MAX_TRIGGER_DEPTH
from engine.rules.loader import load_ruleset


def _game() -> Game:
    game = Game(load_ruleset("bohn_camillo", None), 2, 3, record=False)
    assert game.fx is not None
    guards = [t.guard for t, _ in game.fx.triggers["phase_ended"]]
    assert guards and all(g == ("event", "phase", "reveal") for g in guards)
    return game


def test_an_event_no_guard_lets_through_runs_nothing() -> None:
    game = _game()
    fx = game.fx
    assert fx is not None
    before = [list(z) for z in game.state.shared.values()]
    fx.fire("phase_ended", {"player": 0, "phase": "draw"})
    assert [list(z) for z in game.state.shared.values()] == before
    assert fx.trigger_depth == 0


def test_at_the_depth_limit_the_error_stays() -> None:
    game = _game()
    fx = game.fx
    assert fx is not None
    fx.trigger_depth = MAX_TRIGGER_DEPTH
    with pytest.raises(BohnError) as err:
        fx.fire("phase_ended", {"player": 0, "phase": "draw"})
    assert "L809" in str(err.value)


def test_a_guard_let_through_runs_the_rule() -> None:
    """The reveal phase's end plants what is left on the table: the rule runs."""
    game = _game()
    fx = game.fx
    assert fx is not None
    revealed = game.state.shared["revealed"]
    deck = game.state.shared["deck"] if "deck" in game.state.shared else None
    card = next(c for c in (deck or game.state.shared[next(iter(game.state.shared))])
                if game.state.type_kinds[game.state.bean_of[c]] == "bean")
    fx._take(card)
    revealed.append(card)
    active = game.state.active
    planted = sum(len(f) for f in game.state.fields[active])
    fx.fire("phase_ended", {"player": active, "phase": "reveal"})
    assert not revealed
    assert sum(len(f) for f in game.state.fields[active]) == planted + 1
