"""The engine's statements refuse what they cannot do with a message naming it
(engine/game/statements.py; issue 20: a mutant raising `remove_field`'s L813 without its
message, a TypeError, survived the game selection)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.arrange import arrange
from engine.game.core import Game
from tests.houses import house_rules


def test_removing_a_field_that_holds_beans_is_l813_and_keeps_it(tmp_path: Path) -> None:
    rules = house_rules(tmp_path, {"clear": "action clear on own_turn { for f in fields(owner) { if f.size > 0 { remove_field(f) } } }"})
    game = Game(rules, 3, seed=4)
    arrange(game, {"fields": {0: [[], ["chili"]]}})
    [clear] = [a for a in game.legal_actions(0) if a.kind == "act"]
    with pytest.raises(BohnError) as caught:
        game.apply(clear)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("L813", "only an empty field can be removed")
    assert [[game.bean_name(c) for c in f] for f in game.state.fields[0]] == [[], ["chili"]]


def test_a_seat_s_zone_of_no_seat_is_l813_naming_the_zone(tmp_path: Path) -> None:
    """`_target`: a per-player zone named for no seat (`none`) is no zone of the game; the
    message names the zone, and a seat only when one was given (issue 20: a mutant adding
    "for seat None" survived)."""
    rules = house_rules(tmp_path, {"mix": "action mix on own_turn { shuffle(zone(hand, none)) }"})
    game = Game(rules, 3, seed=4)
    [mix] = [a for a in game.legal_actions(0) if a.kind == "act"]
    with pytest.raises(BohnError) as caught:
        game.apply(mix)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("L813", "no zone `hand`")


def test_a_removed_field_takes_its_limit_and_the_later_fields_keep_theirs(tmp_path: Path) -> None:
    """`remove_field`: the limits of a seat's fields behind the removed one move down with
    them (a limit belongs to a field, not to a place); the removed field's own limit goes,
    another seat's stay where they are (a fresh seed-42 sample's survivor moved them up)."""
    from engine.game import statements
    from engine.lang.world import FieldRef

    rules = house_rules(tmp_path, {"noop": "action noop on own_turn { gain(owner, 0) }"})
    game = Game(rules, 3, seed=4)
    arrange(game, {"fields": {0: [[], [], ["soy"]], 1: [[], [], []]}})
    fx = game.fx
    assert fx is not None
    fx.field_limits.update({(0, 0): ["red"], (0, 1): ["blue"], (0, 2): ["soy"], (1, 1): ["wax"], (1, 2): ["red"]})
    statements.remove_field(fx, FieldRef(0, 1))
    assert [[game.bean_name(c) for c in f] for f in game.state.fields[0]] == [[], ["soy"]]
    assert dict(fx.field_limits) == {(0, 0): ["red"], (0, 1): ["soy"], (1, 1): ["wax"], (1, 2): ["red"]}
