"""`may_plant` rules that read no field are answered from their inputs (``reads.modifier_inputs``,
``FieldWork.fitting_fields``): the inputs must be found only where every one is followed, and
the fields a card fits must be the fields the general path finds, at every planting of a game."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game.core import Game
from engine.game.fieldwork import FieldWork
from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "role": "player"})


@pytest.mark.parametrize(("rule", "inputs"), [
    ("modify may_plant if value and bean == blue = false", ()),
    # a zone of the question's player: every seat's copy
    ("modify may_plant if value and count(cards(zone(role, player))) > 0 = false", (("zone_size", "role", "all"),)),
    ("modify may_plant if value and count(cards(hand)) > 0 and owner == active = false",
     (("own_turn",), ("zone_size", "hand", "owner"))),
    ('modify may_plant if value and counter(player, "x") > 0 = false', (("counter", "x", True),)),
    # a field parameter read, or an input not followed: none
    ("modify may_plant if value and field.size > 0 = false", None),
    ("modify may_plant if value and count(field.only) > 0 = false", None),
    ("modify may_plant if value and count(player.hand) > 0 = false", None),
])
def test_the_inputs_of_a_modifier_are_found_only_where_each_is_followed(rule: str, inputs: Any) -> None:
    compiled = compile_effect(rule, env=ENV)
    assert [m.inputs for m in compiled.modifiers] == [inputs]


def test_the_fields_a_card_fits_by_inputs_are_the_general_paths() -> None:
    """At every planting listed in a few games of a ruleset whose roles forbid a bean (a rule
    reading a pile of its player's), the answer kept by the rules' inputs is the answer of
    the general path (the rules asked for every field)."""
    rules = load_ruleset("bohn_camillo")
    fast = FieldWork.fitting_fields
    compared = [0]

    def checked(game: Any, seat: int, card: int) -> list[int]:
        got = fast(game, seat, card)
        fx = game.fx
        saved = fx.modifiers.get("may_plant")
        if saved:  # the general path, without the kept answers: every field asked
            expected = [i for i in range(len(game.state.fields[seat])) if game.fits_field(seat, card, i)]
            assert got == expected
            compared[0] += 1
        return got

    FieldWork.fitting_fields = checked  # type: ignore[method-assign]
    try:
        for seed in range(3):
            play_game(rules, 2, seed, make_agents(["greedy"], 2, seed), trading=True, record=False)
    finally:
        FieldWork.fitting_fields = fast  # type: ignore[method-assign]
    assert compared[0] > 100


def test_a_rule_reading_a_field_keeps_the_general_path() -> None:
    """No answer is kept by inputs for a seat whose `may_plant` rules read a field."""
    game = Game(load_ruleset("high_bohn"), 3, 1)
    assert game.fx is not None
    assert all(m.inputs is None for m, _ in game.fx.modifiers.get("may_plant", ()))
