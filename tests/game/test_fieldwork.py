"""Which fields a card may go on (engine/game/fieldwork.py `FieldWork.fitting_fields`): a
`may_plant` rule is told the bean wherever it is asked from (issue 20: a mutant asking a
rule that hears the active seat without the bean, an L813 KeyError, survived)."""

from __future__ import annotations

from pathlib import Path

from engine.game.arrange import arrange
from engine.game.core import Game
from tests.houses import house_rules


def test_a_may_plant_rule_hearing_the_active_seat_reads_the_bean(tmp_path: Path) -> None:
    """A rule that hears the seat to move (so the seat's rules are read afresh every time)
    and reads the field: soy may not start a field; another bean may."""
    rules = house_rules(tmp_path, {"no_new_soy": "modify may_plant by active if bean == soy and field.size == 0 = false"})
    game = Game(rules, 3, seed=4)
    assert game.fx is not None and not game.fx.field_free("may_plant")
    arrange(game, {"hands": {0: ["soy", "red"]}, "fields": {0: [[], ["soy"]]}})
    soy, red = game.state.hands[0]
    assert game.hearing(0, "may_plant") is None  # the path that asks `modified` itself
    assert game.fitting_fields(0, soy) == [1]
    assert game.fitting_fields(0, red) == [0]
    assert [(a.kind, a.field) for a in game.legal_actions(0) if a.kind == "plant"] == [("plant", 1)]


def _work(game: Game) -> int:
    """Every step of evaluation the game's rules have spent so far: the decisions' budgets
    spent before this one (``GameEffects.work``, what L808 limits) and this one's."""
    from engine.lang.limits import MAX_STEPS

    fx = game.fx
    assert fx is not None
    return fx.work + MAX_STEPS - fx._budget[0]


def test_a_may_plant_rule_read_by_its_inputs_is_asked_once_for_the_same_inputs(tmp_path: Path) -> None:
    """`FieldWork._by_inputs`: a `may_plant` rule of the seat's own that reads no field and
    only inputs the engine follows (here the hand) is answered from the answers kept by
    bean, base answer and inputs: the first listing of a planting asks it and spends the
    evaluation budget (the work L808 limits, 2,000,000 steps a game), a second with the same
    hand spends none. A fresh seed-51 sample's survivor turned the test of the rules'
    inputs around (`inputs is None`), so no rule was ever read so: the same fields, but the
    rule asked again at every listing, the game's work growing with it."""
    rules = house_rules(tmp_path, {"no_soy": "modify may_plant if bean == soy"
                                             " and count([c in cards(hand) if c.bean == soy]) < 99 = false"})
    game = Game(rules, 3, seed=4)
    arrange(game, {"hands": {0: ["soy", "red", "soy"]}, "fields": {0: [[], ["red"]]}})
    fx = game.fx
    assert fx is not None and fx.field_free("may_plant") and not fx.field_limits
    soy, red, _ = game.state.hands[0]
    fx.plant_inputs.clear()  # (what arrange's own checks listed: asked afresh below)
    work = _work(game)
    assert game.fitting_fields(0, soy) == []
    first = _work(game) - work
    assert first > 0, "the rule is read the first time"
    for card, fields in ((soy, []), (red, [0, 1]), (soy, [])):
        work = _work(game)
        assert game.fitting_fields(0, card) == fields
        assert _work(game) - work == 0, "answered from the kept answers"
    work = _work(game)
    assert [(a.kind, a.field) for a in game.legal_actions(0) if a.kind == "plant"] == []
    assert _work(game) - work == 0
