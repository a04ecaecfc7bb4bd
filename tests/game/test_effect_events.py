"""What effects do is visible: events name the rule's file:line, the play text shows them,
and a `card_at_front` rule that feeds itself stops with G650."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.actions import ACT, Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.summary import turn_lines


def _game(tmp: Path, effects: dict[str, str], setup: dict, players: int = 4) -> Game:  # type: ignore[type-arg]
    body = "".join(f"  +{k}:\n    effect: |\n" + "".join(f"      {line}\n" for line in v.splitlines()) for k, v in effects.items())
    path = tmp / "house.yaml"
    path.write_text("extends: base\neffects:\n" + body, encoding="utf-8")
    rules = load_ruleset(str(path))
    game = Game(rules, players, seed=3)
    arrange(game, setup)
    return game


def test_an_effect_draw_is_logged_with_the_rule_and_shown_in_the_play_text(tmp_path: Path) -> None:
    game = _game(tmp_path, {"more": "action more on own_turn { draw(owner, 2) }"}, {"hands": {0: ["chili"]}, "draw_pile": ["soy", "green"]})
    assert game.fx is not None
    index = game.fx.find_action(0, "more")
    assert index is not None and game.fx.find_action(0, "more.more") == index
    game.apply(Action(ACT, 0, card=index, want=("more",)))
    drew = [e for e in game.events if e["type"] == "drew"][-1]
    assert drew["effect"] is True and drew["beans"] == ["soy", "green"]
    assert drew["rule"] == f"{tmp_path / 'house.yaml'}:5"
    # the paragraph wraps at the width given (a long word is cut anywhere): compare without whitespace
    text = "".join("".join(turn_lines(game.events, ["ann", "bob", "cy", "dee"], width=60)).split())
    assert "".join(f"ann drew 2 [{tmp_path / 'house.yaml'}:5]; ann used more".split()) in text


def test_a_second_action_of_one_snippet_is_reachable_by_name(tmp_path: Path) -> None:
    game = _game(tmp_path, {"ship": "action sail on own_turn { gain(owner, 1) }\naction raid on own_turn { draw(owner, 1) }"},
                 {"hands": {0: ["chili"]}, "draw_pile": ["soy"]})
    assert game.fx is not None
    raid = game.fx.find_action(0, "raid")
    assert raid is not None and raid != game.fx.find_action(0, "ship")
    assert game.fx.find_action(0, "ship.raid") == raid
    game.apply(Action(ACT, 0, card=raid, want=("ship",)))
    assert [game.bean_name(c) for c in game.state.hands[0]] == ["chili", "soy"]


def test_cards_that_keep_coming_to_the_front_stop_with_g650(tmp_path: Path) -> None:
    game = _game(tmp_path, {"churn": "when card_at_front { move(first(cards(hand), 1), discard) draw(owner, 1) }"},
                 {"hands": {0: ["chili", "soy"]}})
    with pytest.raises(BohnError) as info:
        game.apply(Action("plant", 0, field=0))
    assert info.value.code == "G650"


def test_next_phase_to_a_phase_the_turn_lacks_is_L840_at_the_rule(tmp_path: Path) -> None:
    """`next_phase` names a phase (and step kind) of the turn being played; anything else
    stops the game with L840 at the rule's line, naming the phases there are."""
    game = _game(tmp_path, {"jump": "action jump on own_turn {\n  next_phase(\"tarde\")\n}",
                            "hop": "action hop on own_turn { next_phase(\"trade\", step: \"draw\") }"},
                 {"hands": {0: ["chili"]}})
    assert game.fx is not None
    for name, line, words in (("jump", 6, ["no phase `tarde`", "trade", "plant_traded"]),
                              ("hop", 10, ["phase `trade` has no step `draw`", "reveal"])):
        index = game.fx.find_action(0, name)
        assert index is not None
        with pytest.raises(BohnError) as caught:
            game.apply(Action(ACT, 0, card=index, want=(name,)))
        d = caught.value.diagnostics[0]
        assert d.code == "L840" and d.span is not None and d.span.line == line, (d.code, d.span)
        assert all(w in d.message for w in words), d.message
        assert game.state.next_phase == -1  # nothing was changed
