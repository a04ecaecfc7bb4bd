"""The trading step's listing (engine/game/trading.py `Trade.legal`): with offers wanted, the
seat to move is listed one offer per distinct card it may give, to the whole table, as a gift
and for each other bean in play (issue 20: a mutant listing no offer at all survived: the
bots of the game selection make their offers themselves)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.actions import PROPOSE, Action
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


def test_every_reason_an_offer_is_refused_is_told() -> None:
    """``Trade.check_proposal``'s reasons, word for word (a bot and the terminal player
    show them; the listing never proposes what they refuse, so games alone never meet
    them): a seat offering to itself or past the table, an empty offer, a bean not in
    play, a card it does not hold, an offer while another waits for its answer, an offer
    not to the active player, more than ``MAX_PROPOSALS`` offers."""
    from engine.game.trading import MAX_PROPOSALS

    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "red"], 1: ["soy"], 2: ["wax"]}})
    step = game.step
    assert step is not None and step.kind == "trade" and step.mode == "active"
    said = {a: step.check_proposal(game, a) for a in [
        Action("propose", 0, target=0, want=("soy",)), Action("propose", 0, target=3, want=("soy",)),
        Action("propose", 0, target=-2, want=("soy",)), Action("propose", 0, target=1),
        Action("propose", 0, target=1, want=("coffe",)), Action("propose", 0, target=1, give=(("hand", 5),), want=("soy",)),
        Action("propose", 0, target=1, give=(("hand", 0),), want=("soy",)), Action("propose", 0, target=-1, give=(("hand", 1),))]}
    assert list(said.values()) == [
        "the active player offers to another seat, or to all (-1)", "the active player offers to another seat, or to all (-1)",
        "the active player offers to another seat, or to all (-1)", "an offer gives cards, wants cards, or both",
        "no bean `coffe` in play", "seat 0 has no tradable card at hand[5]", "", ""]
    game.apply(Action("propose", 0, target=1, give=(("hand", 0),), want=("soy",)))
    assert step.mode == "respond" and step.check_proposal(game, Action("propose", 0, target=2, want=("wax",))) == \
        "an offer is waiting for an answer"
    game.apply(Action("decline", 1))
    game.apply(Action("end_trading", 0))
    assert step.mode == "solicit" and game.decider == 1
    assert [step.check_proposal(game, a) for a in [
        Action("propose", 1, target=2, want=("wax",)), Action("propose", 1, target=1, want=("wax",)),
        Action("propose", 1, target=-1, want=("blue",)), Action("propose", 1, target=0, want=("blue",))]] == [
        "trades are only with the active player", "trades are only with the active player",
        "trades are only with the active player", ""]
    # two cards: each is checked (a fresh seed-42 sample's survivor stopped at the first good one)
    assert step.check_proposal(game, Action("propose", 1, target=0, give=(("hand", 0), ("hand", 9)), want=("blue",))) == \
        "seat 1 has no tradable card at hand[9]"
    assert step.check_proposal(game, Action("propose", 1, target=0, give=(("hand", 0), ("hand", 0)), want=("blue",))) == \
        "a card is named twice"
    step.proposals[1] = MAX_PROPOSALS
    assert step.check_proposal(game, Action("propose", 1, target=0, want=("red",))) == \
        f"at most {MAX_PROPOSALS} offers per seat in one trading window"


def test_an_offer_no_rule_lets_anyone_take_is_refused_with_the_rule_named() -> None:
    """With a `may_trade` rule that lets nobody trade (the two-player duel's), every
    offer is refused naming the rule."""
    game = Game(load_ruleset("la_isla_bohnita_duel"), 2, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "red"], 1: ["soy"]}})
    step = game.step
    if step is None or step.kind != "trade":
        pytest.skip("the duel has no trading step to ask")
    assert step.check_proposal(game, Action("propose", 0, target=1, give=(("hand", 0),), want=("soy",))) == \
        "the rules (`may_trade`) let no seat trade with this offer"


def test_a_card_of_a_kind_that_is_never_traded_cannot_be_offered(tmp_path: Path) -> None:
    """An offer giving a card whose kind says `trade: false` is refused even in a game where
    no kind limits its zones and no rule asks `may_trade_card` (a fresh seed-42 sample's
    survivor checked the cards only in such games)."""
    from tests.game.test_mutation_survivors import _orders_overlay

    game = Game(load_ruleset(str(_orders_overlay(tmp_path, "cards:\n  order: {zones: []}\n"))), 3, 1)
    assert not game._zone_limited and game.fx is not None and not game.fx.has("may_trade_card")
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "order_red"], 1: ["soy"], 2: ["wax"]}})
    step = game.step
    assert step is not None and step.kind == "trade"
    assert step.check_proposal(game, Action("propose", 0, target=1, give=(("hand", 1),), want=("soy",))) == \
        "seat 0 has no tradable card at hand[1]"
    assert step.check_proposal(game, Action("propose", 0, target=1, give=(("hand", 0),), want=("soy",))) == ""
