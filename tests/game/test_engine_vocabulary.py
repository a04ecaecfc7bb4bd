"""Effect statements run by the engine's own world, with results a player would see.

The language tests run statements on their own table world; these run them in a real
`Game`, so a broken engine-side statement (a counter that subtracts when it should add,
an event that names the wrong field) fails here. Found by mutation testing (issue 20).
"""

from __future__ import annotations

from pathlib import Path

from engine.game.actions import ACT, Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


def _game(tmp: Path, effects: dict[str, str], setup: dict, players: int = 4) -> Game:  # type: ignore[type-arg]
    body = "".join(f"  +{k}:\n    effect: |\n" + "".join(f"      {line}\n" for line in v.splitlines()) for k, v in effects.items())
    path = tmp / "house.yaml"
    path.write_text("extends: base\neffects:\n" + body, encoding="utf-8")
    game = Game(load_ruleset(str(path)), players, seed=3)
    arrange(game, setup)
    return game


def _act(game: Game, seat: int, name: str) -> None:
    assert game.fx is not None
    index = game.fx.find_action(seat, name)
    assert index is not None, name
    game.apply(Action(ACT, seat, card=index, want=(name,)))


def test_add_counter_adds_and_a_negative_amount_subtracts(tmp_path: Path) -> None:
    game = _game(tmp_path, {"tally": 'action up on own_turn { add_counter(owner, "raids", 3) }\n'
                                     'action down on own_turn { add_counter(owner, "raids", -1) }'},
                 {"hands": {0: ["chili"]}})
    assert game.fx is not None
    _act(game, 0, "up")
    assert game.fx.counters[(0, "raids")] == 3
    _act(game, 0, "down")
    assert game.fx.counters[(0, "raids")] == 2
    values = [e["value"] for e in game.events if e["type"] == "counter"]
    assert values == [3, 2], "the log shows the counter's new value each time"


def test_a_counter_read_back_by_a_condition_gates_an_action(tmp_path: Path) -> None:
    game = _game(tmp_path, {"once": 'action once on own_turn if counter(owner, "used") == 0 { add_counter(owner, "used", 1) gain(owner, 1) }'},
                 {"hands": {0: ["chili"]}, "discard": ["soy", "soy"], "coins": {0: 0}})
    assert game.fx is not None
    _act(game, 0, "once")
    assert len(game.state.coins[0]) == 1
    assert all(a.kind != ACT for a in game.legal_actions(0)), "the counter now closes the action"


def test_field_bought_tells_effects_which_field_was_bought(tmp_path: Path) -> None:
    game = _game(tmp_path, {"mark": 'when field_bought { set_counter(owner, "bought", event.field.index) }'},
                 {"coins": {1: 3}})
    assert game.fx is not None
    game.buy_field(1)
    assert len(game.state.fields[1]) == 3
    assert game.fx.counters[(1, "bought")] == 2, "the third field has index 2"
    bought = [e for e in game.events if e["type"] == "field_bought"][-1]
    assert bought["seat"] == 1 and bought["fields"] == 3
