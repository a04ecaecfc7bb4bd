"""The built-in steps' listings in a game with rules (engine/game/steps.py): planting kept
cards lists one card of each bean, and the reveal step logs what it turns up (issue 20:
mutants listing every card, two plantings of the same soy, and logging the cards revealed
under another event type survived; the rule-free games plant by another path)."""

from __future__ import annotations

from pathlib import Path

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


def test_planting_kept_cards_lists_the_first_card_of_each_bean(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\neffects:\n  +no_wax:\n"
                    "    effect: \"modify may_plant if bean == wax = false\"\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    arrange(game, {"phase": "plant_traded", "set_aside": {0: ["soy", "soy", "red"], 1: []}, "fields": {0: [[], []]}})
    assert game.decider == 0 and not game.plants_plainly(0)
    assert [(a.kind, a.card, a.field) for a in game.legal_actions(0)] == [("plant", 0, 0), ("plant", 0, 1),
                                                                          ("plant", 2, 0), ("plant", 2, 1)]


def test_the_reveal_step_logs_each_card_turned_up() -> None:
    """The trade phase's reveal turns up the top two cards of the draw pile and logs each as
    a `revealed` event of the active seat, by bean and zone, in the order turned up (issue 20:
    a mutant logging them under another event type survived)."""
    game = Game(load_ruleset("base"), 3, seed=1)
    assert game.logging
    top = [game.bean_name(c) for c in reversed(game.state.deck[-2:])]
    while game.phase.id == "plant":
        game.apply(next(a for a in game.legal_actions(0, offers=False) if a.kind in ("plant", "pass")))
    assert game.phase.id == "trade"
    revealed = [e for e in game.events if e.get("bean") in top and e["phase"] == "trade"]
    assert [(e["type"], e["seat"], e["bean"], e["zone"]) for e in revealed] == [("revealed", 0, b, "revealed") for b in top]
    assert [game.bean_name(c) for c in game.state.shared["revealed"]] == top


def test_a_seats_plant_max_rule_raises_its_own_limit_once(tmp_path: Path) -> None:
    """`PlantFromHand.bounds` asks `plant_max` for the active player: a ruleset's rule
    (one copy per seat, each hearing its owner's queries) raises the limit once, from 2 to
    3. A fresh seed-51 sample's survivor asked without the player, so every seat's copy
    answered and the limit became 2 + 3 at three players: a fourth card could be planted."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\neffects:\n  +farm:\n"
                    "    effect: 'modify plant_max if step == \"plant_from_hand\" = value + 1'\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    arrange(game, {"phase": "plant", "hands": {0: ["chili"] * 5}, "fields": {0: [[], []]}})
    assert game.step is not None and game.step.kind == "plant_from_hand"
    for _ in range(3):
        assert game.phase.id == "plant"
        game.apply(next(a for a in game.legal_actions(0, offers=False) if a.kind == "plant" and a.field == 0))
    assert [game.bean_name(c) for c in game.state.fields[0][0]] == ["chili"] * 3
    assert game.phase.id == "trade", "the third card ends the planting"
    assert [game.bean_name(c) for c in game.state.hands[0]] == ["chili"] * 2


def test_an_actions_step_without_seats_is_the_active_players_alone(tmp_path: Path) -> None:
    """`seats` is optional for an `actions` step and means `active` when left out: the
    active player passes and the phase ends (a fresh seed-52 sample's survivor read the
    missing value as the text `None`, and every seat was asked in turn)."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\nturns:\n  standard:\n    +extra:\n      name: Extra\n"
                    "      when_game_ends: stop\n      steps:\n        - {kind: actions}\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    arrange(game, {"phase": "extra"})
    assert game.step is not None and game.step.kind == "actions" and game.step.mode == "active"
    assert game.decider == game.state.active == 0
    [passing] = [a for a in game.legal_actions(0, offers=False) if a.kind == "pass"]
    game.apply(passing)
    assert game.phase.id != "extra" and game.state.active == 1, "one pass, the active player's, ends the phase"


def test_a_may_harvest_rule_hearing_the_active_player_is_asked_field_by_field(tmp_path: Path) -> None:
    """A `may_harvest` rule `by active` makes the seat's rule profile be read afresh (its
    answer reads who is to move), so `harvestable` asks `modified` for each planted field
    with that field: here the active player's 1st field is protected, the others' are not.
    A fresh seed-52 sample's survivor asked without the field's slot (a TypeError on that
    path alone)."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\neffects:\n  +first_kept:\n"
                    "    effect: 'modify may_harvest by active if field.index == 0 = false'\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    arrange(game, {"phase": "plant", "fields": {0: [["soy", "soy"], ["red", "red", "red"]], 1: [["blue", "blue"], ["wax", "wax"]]}})
    assert game.hearing(0, "may_harvest") is None, "the path that asks `modified` field by field"
    assert game.harvestable(0) == [1] and game.harvestable(1) == [0, 1]
    assert [a.field for a in game.legal_actions(0, offers=False) if a.kind == "harvest"] == [1]
