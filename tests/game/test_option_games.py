"""Every value of every base-game option plays whole games: bots finish them, and the
invariants hold after every action (each card in one zone, hand order kept)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.invariants import InvariantWatch
from engine.rules.loader import load_ruleset
from engine.rules.model import ENGINE_OPTIONS, Ruleset
from engine.sim.play import make_agents, play_game

BASE_OPTIONS = [(name, value) for name, option in load_ruleset("base").options.items()
                for value in option.choices if value != option.value]


def _with(tmp_path: Path, name: str, value: str) -> Ruleset:
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: base\nid: h\nname: h\noptions:\n  {name}: {{value: {value}}}\n")
    return load_ruleset(str(house))


@pytest.mark.parametrize(("name", "value"), BASE_OPTIONS, ids=[f"{n}={v}" for n, v in BASE_OPTIONS])
def test_games_under_each_option_value_finish_with_the_invariants(tmp_path: Path, name: str, value: str) -> None:
    rules = _with(tmp_path, name, value)
    assert rules.option(name) == value and value in ENGINE_OPTIONS[name]
    for players, seed, bot in ((2, 1, "greedy"), (3, 2, "random"), (4, 3, "greedy"), (6, 4, "random")):
        watch = InvariantWatch()
        played = play_game(rules, players, seed, make_agents([bot], players, seed), record=False,
                           on_start=watch.start, after_action=watch)
        assert played.game.over and played.game.winners
