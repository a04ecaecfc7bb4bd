"""A stuck seat (a valid house rule leaves it nothing to do) stops the game with G640,
which names the seat, the rule whose answer removed the way out, the position, and how to
mend it, pointing at the rule's file:line (engine/game/deadlock.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.core import Game
from engine.game.deadlock import blocking_rules, no_legal_action
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

# forbids harvesting a lone bean: a seat that must plant a card no field takes is stuck
LONE = """\
extends: base
effects:
  +no_lone:
    effect: "modify may_harvest if field.size == 1 = false"
"""


def _stuck(tmp_path: Path) -> BohnError:
    path = tmp_path / "lone.yaml"
    path.write_text(LONE, encoding="utf-8")
    rules = load_ruleset(str(path))
    for seed in range(40):
        try:
            play_game(rules, 3, seed, make_agents(["random"], 3, seed), record=False)
        except BohnError as e:
            return e
    pytest.fail("no game of the lone-bean house rule got stuck in 40 seeds")


def test_a_stuck_seat_names_the_rule_the_position_and_the_way_out(tmp_path: Path) -> None:
    error = _stuck(tmp_path)
    [d] = error.diagnostics
    assert d.code == "G640" and d.severity == "error"
    assert d.span is not None and d.span.file.endswith("lone.yaml") and d.span.line == 4
    lines = d.message.split("\n  ")
    assert lines[0].startswith("seat ") and "must decide but has no legal action (turn " in lines[0]
    assert lines[1].startswith("rule `no_lone` at ") and "answered `may_harvest` so that it removed: harvest field" in lines[1]
    assert "position:" in lines and any(line.startswith("  turn ") for line in lines)
    assert d.hint is not None and d.hint.startswith("change the rule named")


def test_without_a_rule_to_blame_the_step_is_named() -> None:
    """A seat with nothing to do and no modifier to blame: the step's parameters are."""
    game = Game(load_ruleset("base"), 3, 1)
    seat = game.state.active
    assert blocking_rules(game, seat) == []
    [d] = no_legal_action(game, seat).diagnostics
    assert d.code == "G640" and d.span is None
    assert f"seat {seat} must decide but has no legal action (turn " in d.message
    assert "no rule's modifier removed an action: the step itself offers nothing here" in d.message
    assert d.hint == "the ruleset's steps leave this seat nothing to do; check the step's parameters"


def test_the_position_lists_every_seat_s_fields_hand_and_other_cards() -> None:
    """`position_lines`, the position a G640 shows the author: hidden hands too, each card
    by its bean in hand order, and the per-player zones holding cards (issue 20: a mutant
    joining the hand with another separator survived)."""
    from engine.game.arrange import arrange
    from engine.game.deadlock import position_lines

    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"hands": {0: ["soy", "red", "soy"], 1: []}, "fields": {0: [["wax", "wax"], []]},
                   "set_aside": {2: ["blue"]}})
    hand_2 = ", ".join(game.bean_name(c) for c in game.state.hands[2])
    assert position_lines(game) == [
        "turn 1, seat 0 active, phase plant, step plant_from_hand, deck 139, discard 0, run-outs 0/2",
        "seat 0: coins 0, fields [2 wax]  [empty]; hand soy, red, soy",
        "seat 1: coins 0, fields [empty]  [empty]  [empty]; hand empty",
        f"seat 2: coins 0, fields [empty]  [empty]  [empty]; hand {hand_2}; set_aside blue",
    ]
    assert hand_2 == "wax, soy, coffee, stink, green"
