"""The `plant` statement asks whether the card fits its field (``Game.fits``); right after
a filter of the fields by `may_plant` for the same card (``GameEffects.plantable``, as
Bohn Camillo's ``plant_now`` does), with nothing run or performed in between, it reads
the answer the filter found (``GameEffects.plant_fits``). That answer must always be
``Game.fits``' own, and anything that could change it (a rule started, another statement,
the position touched) makes the statement ask afresh."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import statements
from engine.game.actions import Action
from engine.game.core import Game
from engine.lang.world import FieldRef
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


@pytest.mark.parametrize("variant", [None, "trading"])
def test_the_hint_gives_what_fits_gives(variant: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = {"plants": 0, "hinted": 0}
    original = statements.plant

    def plant(fx: Any, card: int, field: FieldRef) -> None:
        hint = fx.plant_hint
        hinted = hint is not None and hint[0] == fx.epoch - 1 and hint[1:3] == (field.player, card) \
            and hint[3] == fx.game.version
        assert fx.plant_fits(field.player, card, field.slot) == fx.game.fits(field.player, card, field.slot)
        seen["plants"] += 1
        seen["hinted"] += hinted
        original(fx, card, field)

    monkeypatch.setitem(statements.STATEMENTS, "plant", plant)
    rules = load_ruleset("bohn_camillo", variant)
    for seed in range(3):
        play_game(rules, 2, seed, make_agents(["greedy", "random"], 2, seed), record=False)
    assert seen["plants"] > 50 and seen["hinted"] > 30, seen


def _game_with_hint() -> tuple[Game, Any, int, list[FieldRef]]:
    """A Camillo game whose effects just listed the fields seat 0's front card fits."""
    game = Game(load_ruleset("bohn_camillo"), 2, 3, record=False)
    fx = game.fx
    card = game.state.hands[0][0]
    fields = fx.fields(0)
    fx.plantable(0, card, fields)
    return game, fx, card, fields


def _fits_asked(game: Game, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    asked: list[int] = []
    original = type(game).fits

    def fits(self: Any, seat: int, card: int, index: int) -> bool:
        asked.append(index)
        return original(self, seat, card, index)
    monkeypatch.setattr(type(game), "fits", fits)
    return asked


def test_the_plant_right_after_the_filter_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    game, fx, card, fields = _game_with_hint()
    asked = _fits_asked(game, monkeypatch)
    fx.do("plant", {"card": card, "field": fields[0]})
    assert asked == [] and card in game.state.fields[0][0]


@pytest.mark.parametrize("between", ["statement", "rule", "touch", "other card", "other seat"])
def test_anything_in_between_asks_afresh(between: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, fx, card, fields = _game_with_hint()
    seat, planted = 0, card
    if between == "statement":
        fx.do("set_counter", {"player": 0, "name": "x", "value": 1})
    elif between == "rule":
        fx.budget()  # what every rule's start asks
    elif between == "touch":
        game.touch()
    elif between == "other card":
        planted = game.state.hands[0][1]
    else:
        seat, planted = 1, game.state.hands[1][0]
    asked = _fits_asked(game, monkeypatch)
    try:
        fx.do("plant", {"card": planted, "field": FieldRef(seat, 0)})
    except Exception:  # noqa: BLE001 - a card that fits no empty field: what fits says
        pass
    assert asked == [0]


@pytest.mark.parametrize(("ruleset", "variant", "players"), [("bohn_camillo", None, 2), ("high_bohn", None, 3),
                                                             ("la_isla_bohnita", None, 3)])
def test_plantable_and_may_plant_all_answer_field_by_field(ruleset: str, variant: str | None, players: int) -> None:
    """``GameEffects.plantable`` and ``may_plant_all`` (a seat's own fields answered from
    ``fitting_fields`` at once) give what asking ``may_plant`` field by field gives, for
    the seat's fields in order, reversed, in part, another seat's, and both mixed: at
    every decision of greedy games, for each seat's front card."""

    rules = load_ruleset(ruleset, variant)
    asked = {"lists": 0}

    def compare(game: Game, _action: Action) -> None:
        fx = game.fx
        if fx is None or game.state.over:
            return
        for seat in range(game.players):
            hand = game.state.hands[seat]
            if not hand:
                continue
            card = hand[0]
            own = [FieldRef(seat, i) for i in range(len(game.state.fields[seat]))]
            other = [FieldRef((seat + 1) % game.players, i) for i in range(len(game.state.fields[(seat + 1) % game.players]))]
            for fields in (own, own[::-1], own[1:], other, other + own, own[:1] + other[:1] + own[1:]):
                one_by_one = [fx.may_plant(seat, card, f) for f in fields]
                assert fx.may_plant_all(seat, card, fields) == one_by_one, (seat, fields)
                assert fx.plantable(seat, card, fields) == [f for f, ok in zip(fields, one_by_one) if ok], (seat, fields)
                asked["lists"] += 1

    for seed in range(2):
        play_game(rules, players, seed, make_agents(["greedy"], players, seed), record=False, after_action=compare)
    assert asked["lists"] > 500, asked
