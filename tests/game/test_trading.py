"""The trading step's listing (engine/game/trading.py `Trade.legal`): with offers wanted, the
seat to move is listed one offer per distinct card it may give, to the whole table, as a gift
and for each other bean in play (issue 20: a mutant listing no offer at all survived: the
bots of the game selection make their offers themselves)."""

from __future__ import annotations

from engine.game.actions import PROPOSE
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset


def test_the_active_seat_is_listed_an_offer_of_each_distinct_card() -> None:
    game = Game(load_ruleset("base"), 3, seed=1)
    arrange(game, {"phase": "trade", "hands": {0: ["soy", "red", "soy"]}, "revealed": ["wax", "blue"]})
    assert game.decider == 0
    listed = game.legal_actions(0)
    offers = [a for a in listed if a.kind == PROPOSE]
    assert [a.kind for a in listed if a.kind != PROPOSE] == ["end_trading"]
    # the second soy of the hand is the first one's offer again: not listed
    gives = [(("revealed", 0),), (("revealed", 1),), (("hand", 0),), (("hand", 1),)]
    assert sorted({a.give for a in offers}) == sorted(gives)
    assert {a.target for a in offers} == {-1}  # to the whole table
    in_play = sorted({game.bean_name(c) for c in range(len(game.state.bean_of))})  # (no cocoa with three players)
    assert len(in_play) == 10 and "cocoa" not in in_play
    for give, own in zip(gives, ["wax", "blue", "soy", "red"]):
        wants = sorted(a.want for a in offers if a.give == give)
        assert wants == sorted([()] + [(b,) for b in in_play if b != own])
    assert [a.kind for a in game.legal_actions(0, offers=False)] == ["end_trading"]
