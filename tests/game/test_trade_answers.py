"""The answers a seat is listed to an offer wanting several cards, and an offer withdrawn
when a rule moves one of its cards (engine/game/trading.py ``Trade._answers``,
``after_free_action``).

Why: the bots and the listing only ever offer one card for at most one bean, so no game
of the selection asked for the answers to an offer wanting two or more cards (a player at
the terminal or a log may make one), and no shipped rule moves a card while an offer of it
waits; neither path was run by any test."""

from __future__ import annotations

from pathlib import Path

from engine.game.actions import Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from tests.houses import house_rules


def _names(game: Game, cards: list[int]) -> list[str]:
    return [game.bean_name(c) for c in cards]


def _trading(game: Game, hands: dict[int, list[str]]) -> Game:
    arrange(game, {"phase": "trade", "hands": hands})
    return game


def test_an_offer_wanting_several_cards_is_answered_with_the_first_card_of_each_wanted_bean() -> None:
    """Each wanted bean as many times as wanted, the first cards of that bean, in the order
    the beans were first wanted; the trade then moves exactly those."""
    game = _trading(Game(load_ruleset("base"), 3, seed=1), {0: ["blue", "red"], 1: ["soy", "wax", "soy", "soy"], 2: ["wax"]})
    game.apply(Action("propose", 0, target=-1, give=(("hand", 0),), want=("soy", "wax", "soy")))
    assert game.decider == 1
    assert game.legal_actions(1) == [Action("decline", 1), Action("accept", 1, give=(("hand", 0), ("hand", 2), ("hand", 1)))]
    game.apply(Action("accept", 1, give=(("hand", 0), ("hand", 2), ("hand", 1))))
    traded = game.events[-1]
    assert (traded["type"], traded["seat"], traded["target"], traded["gave"], traded["got"]) == \
        ("traded", 0, 1, ["blue"], ["soy", "soy", "wax"])
    aside = game.state.per_player["set_aside"]
    assert _names(game, aside[0]) == ["soy", "soy", "wax"] and _names(game, aside[1]) == ["blue"]
    assert _names(game, game.state.hands[0]) == ["red"] and _names(game, game.state.hands[1]) == ["soy"]


def test_a_seat_lacking_one_of_the_wanted_cards_may_only_decline() -> None:
    game = _trading(Game(load_ruleset("base"), 3, seed=1), {0: ["blue"], 1: ["soy", "red"], 2: ["soy", "wax", "wax"]})
    game.apply(Action("propose", 0, target=-1, give=(("hand", 0),), want=("soy", "soy")))
    assert game.legal_actions(1) == [Action("decline", 1)]  # one soy of two
    game.apply(Action("decline", 1))
    assert game.decider == 2 and game.legal_actions(2) == [Action("decline", 2)]
    assert game.events[-1]["type"] == "declined" and game.events[-1]["seat"] == 1


def test_an_offer_whose_card_a_rule_moves_is_withdrawn_and_the_active_seat_decides_again(tmp_path: Path) -> None:
    """A free action moving the cards of the seat whose offer waits withdraws the offer
    (nobody may accept cards other than those offered, and a card offered at `hand[1]` is
    not there once the card before it has gone); one moving another seat's card keeps it."""
    rules = house_rules(tmp_path, {"dump": "action dump on any_time { move(first(cards(hand), 1), discard) }"})
    game = _trading(Game(rules, 3, seed=1), {0: ["red", "blue"], 1: ["wax", "soy", "wax"], 2: ["wax"]})
    offer = Action("propose", 0, target=1, give=(("hand", 1),), want=("soy",))
    game.apply(offer)
    step = game.step
    [dump1] = [a for a in game.legal_actions(1) if a.kind == "act"]
    game.apply(dump1)  # seat 1's own first card (a wax): seat 0's offer still holds
    assert step.mode == "respond" and step.pending == offer and game.decider == 1
    assert Action("accept", 1, give=(("hand", 0),)) in game.legal_actions(1)  # the soy, first in the hand now
    [dump0] = [a for a in game.legal_actions(0) if a.kind == "act"]
    game.apply(dump0)  # seat 0's red: the blue offered is no longer where the offer names it
    assert [(e["type"], e["seat"]) for e in game.events[-3:]] == [("moved", None), ("acted", 0), ("withdrawn", 0)]
    assert step.pending is None and step.mode == "active" and game.decider == 0
    assert _names(game, game.state.hands[0]) == ["blue"] and _names(game, game.state.hands[1]) == ["soy", "wax"]
    assert _names(game, game.state.discard[-2:]) == ["wax", "red"]


def test_in_a_game_whose_kinds_limit_their_zones_the_answer_is_the_first_givable_card_of_the_bean() -> None:
    """Where kinds limit their zones every card is asked whether it may be given; the answer
    listed is the first soy that may, as the same action a player would write."""
    orders = str(Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml")
    game = Game(load_ruleset(orders), 3, seed=1)
    assert game._zone_limited
    _trading(game, {0: ["blue", "red"], 1: ["wax", "soy", "soy"], 2: ["wax"]})
    game.apply(Action("propose", 0, target=1, give=(("hand", 0),), want=("soy",)))
    assert game.legal_actions(1)[:2] == [Action("decline", 1), Action("accept", 1, give=(("hand", 1),))]
    game.apply(Action("accept", 1, give=(("hand", 1),)))
    assert (game.events[-1]["type"], game.events[-1]["gave"], game.events[-1]["got"]) == ("traded", ["blue"], ["soy"])
