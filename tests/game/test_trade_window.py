"""The trading window as players see it (engine/game/trading.py): each event of an offer,
its answers and the window's close with its payload; who is asked next; the answers
listed for an offer of several beans; the seats an offer may go to under `partners: any`;
the open offers listed under `open_offers: any_seat`; the bound on rounds; an offer
withdrawn when a rule moves its card; the revealed cards kept when no window opens.

Why: the golden games trade mostly one card for one bean between the active seat and
another, and the scenarios check zones more than events, so the rarer parts of the window
(several beans wanted, an offer between two other seats, a withdrawal, the third round)
were played by no test, or played without anyone reading what they told.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.errors import BohnError
from engine.game.actions import ACCEPT, DECLINE, PROPOSE, Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.game.trading import MAX_ROUNDS
from engine.rules.loader import load_ruleset

ANY_PARTNERS = ("turns: {standard: {trade: {steps: [{kind: reveal, count: 2, to: revealed}, "
                "{kind: trade, revealed: revealed, received: set_aside, partners: any}]}}}\n")
#: a rule that moves the front card of a seat's hand to the discard pile at any time
TOSS = "effects:\n  +toss: {effect: \"action toss on any_time { move(first(cards(hand), 1), discard) }\"}\n"


def _house(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\n" + text, encoding="utf-8")
    return str(path)


def _told(game: Game, since: int, *kinds: str) -> list[dict[str, Any]]:
    """The events of ``kinds`` since ``since``, without their number, turn and rule."""
    return [{k: v for k, v in e.items() if k not in ("n", "turn", "rule", "phase")}
            for e in game.events[since:] if e["type"] in kinds]


def _names(game: Game, cards: list[int]) -> list[str]:
    return [game.bean_name(c) for c in cards]


def _trading(record: bool = True, ruleset: str = "base", players: int = 3) -> Game:
    game = Game(load_ruleset(ruleset), players, 1, record=record)
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "red"], 1: ["soy", "red", "soy"], 2: ["wax", "soy"]},
                   "draw_pile": ["wax", "chili"]})
    assert game.step is not None and game.step.kind == "trade"
    return game


def _play_window(game: Game) -> None:
    """Two offers of the active seat, one declined then taken by the next seat, the other
    taken for two beans; then the other seats pass and the window closes."""
    for action in [Action(PROPOSE, 0, target=-1, give=(("hand", 1),)), Action(DECLINE, 1), Action(ACCEPT, 2),
                   Action(PROPOSE, 0, target=1, give=(("revealed", 0),), want=("soy", "soy")),
                   Action(ACCEPT, 1, give=(("hand", 0), ("hand", 2))), Action("end_trading", 0),
                   Action("pass", 1), Action("pass", 2)]:
        assert game.decider == action.seat, action
        game.apply(action)


def test_each_event_of_a_trading_window_tells_who_gave_what_to_whom() -> None:
    game = _trading()
    assert _names(game, game.state.shared["revealed"]) == ["wax", "chili"]
    start = len(game.events)
    _play_window(game)
    assert _told(game, start, "offered", "declined", "traded", "kept") == [
        {"seat": 0, "type": "offered", "target": -1, "give": ["red"], "want": []},
        {"seat": 1, "type": "declined", "target": 0},
        {"seat": 0, "type": "traded", "target": 2, "gave": ["red"], "got": []},
        {"seat": 0, "type": "offered", "target": 1, "give": ["wax"], "want": ["soy", "soy"]},
        {"seat": 0, "type": "traded", "target": 1, "gave": ["wax"], "got": ["soy", "soy"]},
        {"seat": 0, "type": "kept", "beans": ["chili"]},
    ]
    assert game.phase.id == "plant_traded"
    assert [_names(game, z) for z in game.state.per_player["set_aside"]] == [["soy", "soy", "chili"], ["wax"], ["red"]]
    assert [_names(game, h) for h in game.state.hands] == [["blue"], ["red"], ["wax", "soy"]]
    assert game.state.shared["revealed"] == []


def test_an_unrecorded_window_moves_the_same_cards() -> None:
    """The quiet paths (a decline spelt out, the trade that tells nobody) move what the
    recorded ones move, and ask the same seats."""
    told, quiet = _trading(), _trading(record=False)
    _play_window(told)
    _play_window(quiet)
    assert quiet.events == [] and told.events
    assert quiet.state.per_player["set_aside"] == told.state.per_player["set_aside"]
    assert quiet.state.hands == told.state.hands and quiet.phase.id == told.phase.id == "plant_traded"


@pytest.mark.parametrize("record", [True, False])
def test_an_offer_of_several_beans_is_answered_with_the_first_cards_of_each(record: bool) -> None:
    """The answers listed for an offer wanting two beans: decline, and one acceptance giving
    the first card of each bean wanted, in the order wanted; a seat without them is listed
    the decline alone, and an answer giving other beans is refused."""
    game = _trading(record)
    listed = {}
    for want in [("soy", "soy"), ("red", "soy"), ("soy", "wax"), ("red", "red")]:
        game.apply(Action(PROPOSE, 0, target=1, give=(("revealed", 0),), want=want))
        listed[want] = game.legal_actions(1)
        game.apply(Action(DECLINE, 1))
    decline = Action(DECLINE, 1)
    assert listed == {
        ("soy", "soy"): [decline, Action(ACCEPT, 1, give=(("hand", 0), ("hand", 2)))],
        ("red", "soy"): [decline, Action(ACCEPT, 1, give=(("hand", 1), ("hand", 0)))],
        ("soy", "wax"): [decline],
        ("red", "red"): [decline],
    }
    game.apply(Action(PROPOSE, 0, target=1, give=(("revealed", 0),), want=("red", "soy")))
    with pytest.raises(BohnError) as caught:
        game.apply(Action(ACCEPT, 1, give=(("hand", 0), ("hand", 2))))
    assert (caught.value.diagnostics[0].code, caught.value.diagnostics[0].message.split(":")[0]) == \
        ("G600", "illegal in trade/trade")
    assert game.decider == 1 and game.step.mode == "respond"  # nothing was done
    game.apply(Action(ACCEPT, 1, give=(("hand", 1), ("hand", 0))))
    assert _names(game, game.state.per_player["set_aside"][0]) == ["red", "soy"]
    assert _names(game, game.state.hands[1]) == ["soy"]


def test_under_partners_any_two_other_seats_trade_and_an_offer_goes_to_another_seat(tmp_path: Path) -> None:
    game = Game(load_ruleset(_house(tmp_path, ANY_PARTNERS)), 3, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "red"], 1: ["soy", "red"], 2: ["wax", "soy"]},
                   "draw_pile": ["wax", "chili"]})
    step = game.step
    assert step is not None and step.partners == "any"
    game.apply(Action("end_trading", 0))
    assert game.decider == 1 and step.mode == "solicit"
    refused = {target: step.check_proposal(game, Action(PROPOSE, 1, target=target, give=(("hand", 0),)))
               for target in (1, 3, -1, -2, 2, 0)}
    assert refused == {1: "an offer goes to another seat", 3: "an offer goes to another seat",
                       -1: "an offer goes to another seat", -2: "an offer goes to another seat", 2: "", 0: ""}
    start = len(game.events)
    game.apply(Action(PROPOSE, 1, target=2, give=(("hand", 0),), want=("wax",)))
    assert game.decider == 2 and game.legal_actions(2) == [Action(DECLINE, 2), Action(ACCEPT, 2, give=(("hand", 0),))]
    game.apply(Action(ACCEPT, 2, give=(("hand", 0),)))
    assert _told(game, start, "offered", "traded") == [
        {"seat": 1, "type": "offered", "target": 2, "give": ["soy"], "want": ["wax"]},
        {"seat": 1, "type": "traded", "target": 2, "gave": ["soy"], "got": ["wax"]}]
    assert [_names(game, z) for z in game.state.per_player["set_aside"]] == [[], ["wax"], ["soy"]]
    # seat 1 has made its proposal of the round: seat 2 is asked next, and after it, a trade
    # having been made in the round, the active seat has the floor again
    assert game.decider == 2 and step.mode == "solicit"
    game.apply(Action("pass", 2))
    assert game.decider == 0 and step.mode == "active"


@pytest.mark.parametrize(("value", "open_listed"), [("active_player", False), ("any_seat", True)])
def test_a_seat_asked_for_an_offer_is_listed_open_offers_only_under_any_seat(tmp_path: Path, value: str,
                                                                            open_listed: bool) -> None:
    game = Game(load_ruleset(_house(tmp_path, f"options:\n  open_offers: {{value: {value}}}\n")), 3, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue"], 1: ["soy", "red"], 2: ["wax"]}, "draw_pile": ["wax", "chili"]})
    game.apply(Action("end_trading", 0))
    listed = game.legal_actions(1)
    assert listed[0] == Action("pass", 1)
    assert {a.kind for a in listed[1:]} == {PROPOSE}
    listed = listed[1:]
    targets = {a.target for a in listed}
    assert targets == ({0, -1} if open_listed else {0})
    for target in targets:  # each seat's offers: every card, given away or for each other bean in play
        gives = sorted({a.give for a in listed if a.target == target})
        assert gives == [(("hand", 0),), (("hand", 1),)]
        assert len([a for a in listed if a.target == target and a.give == (("hand", 0),)]) == 10  # 9 other beans and a gift


def test_the_window_closes_after_its_last_round_even_after_trades() -> None:
    """Each round in which a trade was made gives the active seat the floor again, but
    only ``MAX_ROUNDS`` rounds of the other seats' offers are asked for."""
    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue"], 1: ["soy", "red", "wax", "stink"]}, "draw_pile": ["wax", "chili"]})
    step = game.step
    for round_ in range(1, MAX_ROUNDS + 1):
        game.apply(Action("end_trading", 0))
        assert (game.decider, step.mode, step.rounds) == (1, "solicit", round_)
        game.apply(Action(PROPOSE, 1, target=0, give=(("hand", 0),)))  # a gift, taken
        game.apply(Action(ACCEPT, 0))
        assert (game.decider, step.mode) == (2, "solicit")
        game.apply(Action("pass", 2))
        assert (game.decider, step.mode) == (0, "active")
    game.apply(Action("end_trading", 0))
    assert game.phase.id == "plant_traded"
    assert _names(game, game.state.per_player["set_aside"][0]) == ["soy", "red", "wax", "wax", "chili"]


@pytest.mark.parametrize("record", [True, False])
def test_an_offer_whose_card_a_rule_moves_is_withdrawn(tmp_path: Path, record: bool) -> None:
    """A free action that moves a card of the pending offer withdraws it (`withdrawn`), and
    the seat that made it has the floor again; one that moves another card does not."""
    game = Game(load_ruleset(_house(tmp_path, TOSS)), 3, 1, record=record)
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "red"], 1: ["soy", "red"], 2: ["wax"]},
                   "draw_pile": ["wax", "chili"]})
    step = game.step
    toss = [a for a in game.legal_actions(0) if a.kind == "act"]
    assert len(toss) == 1
    game.apply(Action(PROPOSE, 0, target=-1, give=(("revealed", 1),)))
    game.apply(toss[0])  # the hand's blue goes: the offered chili stays where it was
    assert (game.decider, step.mode) == (1, "respond")
    game.apply(Action(DECLINE, 1))
    game.apply(toss[0])  # (seat 2 answers now) the hand's red goes
    assert (game.decider, step.mode) == (2, "respond")
    assert _names(game, game.state.hands[0]) == []
    game.apply(Action(DECLINE, 2))
    game.apply(Action("end_trading", 0))
    assert game.decider == 1 and step.mode == "solicit"
    game.apply(Action(PROPOSE, 1, target=0, give=(("hand", 1),), want=("wax",)))
    assert (game.decider, step.mode) == (0, "respond")
    start = len(game.events)
    game.apply([a for a in game.legal_actions(1) if a.kind == "act"][0])  # seat 1's soy goes: its red moves up
    assert step.pending is None
    assert (game.decider, step.mode) == (2, "solicit")  # seat 1's proposal is spent: the next seat is asked
    if record:
        assert _told(game, start, "withdrawn") == [{"seat": 1, "type": "withdrawn"}]
    assert _names(game, game.state.hands[1]) == ["red"]


@pytest.mark.parametrize("record", [True, False])
def test_without_trading_the_active_seat_keeps_the_revealed_cards(record: bool) -> None:
    game = Game(load_ruleset("base"), 3, 1, trading=False, record=record)
    arrange(game, {"phase": "trade", "hands": {0: ["blue"]}, "draw_pile": ["wax", "chili"]})
    assert game.phase.id == "plant_traded" and game.state.shared["revealed"] == []
    assert _names(game, game.state.per_player["set_aside"][0]) == ["wax", "chili"]
    assert game.state.per_player["set_aside"][1:] == [[], []]
    if record:
        assert _told(game, 0, "kept") == [{"seat": 0, "type": "kept", "beans": ["wax", "chili"]}]


def test_a_card_named_oddly_is_offered_as_the_listing_names_it() -> None:
    """A card named by a number that is not an int (a replayed log's 1.0, a `True`) is read
    as the listing names cards: the same card when the number equals a position, refused
    with the place when no card lies there; and a position past the cards or below 0, or a
    zone the seat does not give from, is refused with its place."""
    game = _trading()
    step = game.step
    said = [step.check_proposal(game, Action(PROPOSE, 0, target=1, give=give, want=("soy",))) for give in [
        (("hand", 1.0),), (("hand", True),), (("revealed", 1.0),), (("hand", 0), ("hand", 1.0)),
        (("hand", 2.0),), (("revealed", 2.0),), (("hand", -1),), (("discard", 0),), (("hand", 1), ("hand", 1.0))]]
    assert said == [
        "", "", "", "", "seat 0 has no tradable card at hand[2.0]", "seat 0 has no tradable card at revealed[2.0]",
        "seat 0 has no tradable card at hand[-1]", "seat 0 has no tradable card at discard[0]", "a card is named twice"]


def test_a_seat_reads_the_beans_of_an_offer_it_may_make_and_of_the_one_waiting() -> None:
    """`SeatView.offered_beans`, which the terminal player shows for each offer: the beans
    of the cards an offer listed would give (read from where they lie), and those of the
    offer waiting for an answer (as they were when it was made)."""
    from engine.game.view import SeatView

    game = _trading()
    view = SeatView(game, 0)
    assert [view.offered_beans(a) for a in [Action(PROPOSE, 0, target=-1, give=(("revealed", 1),)),
                                            Action(PROPOSE, 0, target=1, give=(("hand", 1), ("revealed", 0)), want=("soy",))]] \
        == [["chili"], ["red", "wax"]]
    offer = Action(PROPOSE, 0, target=1, give=(("hand", 0), ("revealed", 1)), want=("soy",))
    game.apply(offer)
    assert SeatView(game, 1).offered_beans(game.step.pending) == ["blue", "chili"]
