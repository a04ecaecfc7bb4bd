"""Modifiers of one query and triggers of one event compose independently of the order
in which their owners acquired them (docs/effect-language.md, "How modifiers compose")."""

from __future__ import annotations

import itertools

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.lang import compile_effect
from engine.rules.loader import load_ruleset


def test_a_modifier_that_reads_value_is_an_adjustment() -> None:
    assert compile_effect("modify harvest_coins if value == 4 = 5").modifiers[0].adjusts
    assert compile_effect("modify max_fields = value + 1").modifiers[0].adjusts
    assert not compile_effect("modify beanometer = [1, 2, 3, 4]").modifiers[0].adjusts
    assert not compile_effect("modify harvest_coins if beans >= 2 = min(beans, 3)").modifiers[0].adjusts


def _owned_rules(order: list[str]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    game = Game(load_ruleset("high_bohn", variant="cognac"), 4, 0)
    arrange(game, {"items": {0: order}})
    fx = game.fx
    assert fx is not None
    mods = {q: [f"{m.rule}:{m.span.line if m.span else 0}" for m, _ in fx.applying("modifiers", q)] for q in fx.modifiers}
    trigs = {e: [f"{t.rule}:{t.span.line if t.span else 0}" for t, _ in fx.applying("triggers", e)] for e in fx.triggers}
    return mods, trigs


PAIRS = [("farm_4", "saloon_3"), ("farm_4", "jail_3"), ("farm_2", "saloon_4"), ("gold_mine_3", "blacksmith_4"),
         ("saloon_2", "gold_mine_4"), ("distillery_4", "farm_4"), ("saloon_3", "bank_3")]


@pytest.mark.parametrize("pair", PAIRS, ids=["+".join(p) for p in PAIRS])
def test_purchase_order_does_not_change_the_order_rules_apply(pair: tuple[str, str]) -> None:
    orders = [_owned_rules(list(p)) for p in itertools.permutations(pair)]
    assert orders[0] == orders[1]
    assert orders[0][0]  # the pair really has modifiers


def test_replacements_come_before_adjustments() -> None:
    mods, _ = _owned_rules(["farm_4", "saloon_3"])
    assert [r.split(":")[0] for r in mods["harvest_coins"]] == ["saloon_3", "farm_4"]


def test_six_bean_stew_pays_the_same_whichever_building_came_first() -> None:
    paid = []
    for order in (["farm_4", "saloon_3"], ["saloon_3", "farm_4"]):
        game = Game(load_ruleset("high_bohn"), 4, 0)
        arrange(game, {"items": {1: order}, "fields": {1: [["soy", "red", "blue", "chili", "green", "stink"], []]},
                       "coins": {1: 0}})
        paid.append(game.harvest(1, 0))
    assert paid == [5, 5]
