"""One test per rule of the base game, each asserting the state after the actions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.errors import BohnError
from engine.game.actions import (ACCEPT, BUY_FIELD, DECLINE, DISCARD, END_TRADING, HARVEST, PASS, PLANT, PROPOSE,
                                 Action)
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset


def make(players: int, spec: dict[str, Any], ruleset: str = "base", seed: int = 0) -> Game:
    game = Game(load_ruleset(ruleset), players, seed)
    arrange(game, spec)
    return game


def beans(game: Game, cards: list[int]) -> list[str]:
    return [game.bean_name(c) for c in cards]


def fields(game: Game, seat: int) -> list[list[str]]:
    return [beans(game, f) for f in game.state.fields[seat]]


def kinds(actions: list[Action]) -> set[str]:
    return {a.kind for a in actions}


def plant_front(g: Game, field: int = 0) -> None:
    """Plant the front card, and pass on the optional second plant if it is offered."""
    g.apply(Action(PLANT, g.state.active, field=field))
    if g.step.kind == "plant_from_hand":
        g.apply(Action(PASS, g.state.active))


# ---------------------------------------------------------------- phase 1: planting


def test_first_plant_is_mandatory_second_optional_third_impossible() -> None:
    g = make(4, {"hands": {0: ["chili", "chili", "chili"]}, "fields": {0: [[], []]}})
    assert g.phase.id == "plant" and g.decider == 0
    assert PASS not in kinds(g.legal_actions(0))
    g.apply(Action(PLANT, 0, field=0))
    assert PASS in kinds(g.legal_actions(0))
    g.apply(Action(PLANT, 0, field=0))
    assert g.phase.id != "plant", "two plants at most"
    assert fields(g, 0) == [["chili", "chili"], []]
    assert beans(g, g.state.hands[0]) == ["chili"]


def test_plant_only_on_matching_or_empty_fields() -> None:
    g = make(4, {"hands": {0: ["soy"]}, "fields": {0: [["chili"], []]}})
    assert [a.field for a in g.legal_actions(0) if a.kind == PLANT] == [1]
    with pytest.raises(BohnError) as info:
        g.apply(Action(PLANT, 0, field=0))
    assert info.value.code == "G600"
    assert fields(g, 0) == [["chili"], []], "an illegal action changes nothing"


def test_forced_harvest_when_the_front_card_fits_nowhere() -> None:
    g = make(4, {"hands": {0: ["soy"]}, "fields": {0: [["chili", "chili", "chili"], ["blue", "blue"]]}})
    legal = g.legal_actions(0)
    assert kinds(legal) <= {HARVEST, BUY_FIELD} and HARVEST in kinds(legal)
    g.apply(Action(HARVEST, 0, field=0))
    assert len(g.state.coins[0]) == 1 and fields(g, 0)[0] == []
    assert beans(g, g.state.coins[0]) == ["chili"], "coins are the harvested cards, keeping their bean"
    g.apply(Action(PLANT, 0, field=0))
    assert fields(g, 0)[0] == ["soy"]


def test_empty_hand_skips_planting() -> None:
    g = make(4, {"hands": {0: []}, "draw_pile": ["red", "red"]})
    assert g.phase.id == "trade"


# ---------------------------------------------------------------- harvesting


@pytest.mark.parametrize(
    ("option", "layout", "allowed"),
    [
        ("at_most_one", [["red"], ["soy", "soy"]], []),
        ("at_most_one", [["red"], ["soy"]], [0, 1]),
        ("at_most_one", [["red"], []], [0]),
        ("exactly_one", [["red"], []], []),
        ("exactly_one", [["red"], ["soy"]], [0, 1]),
    ],
)
def test_harvest_protection_both_wordings(tmp_path: Path, option: str, layout: list[list[str]], allowed: list[int]) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(f"extends: base\nid: h\nname: h\noptions:\n  harvest_protection: {{value: {option}}}\n")
    g = make(4, {"fields": {1: layout}}, ruleset=str(house))
    expected = sorted(set(allowed) | {i for i, f in enumerate(layout) if len(f) >= 2})
    assert sorted(a.field for a in g.legal_actions(1) if a.kind == HARVEST) == expected


def test_harvest_pays_by_beanometer_and_discards_the_rest() -> None:
    g = make(4, {"fields": {1: [["blue"] * 7, []]}, "discard": []})
    g.apply(Action(HARVEST, 1, field=0))  # off-turn: seat 1 while seat 0 plays
    assert len(g.state.coins[1]) == 2  # blue: 4 → 1, 6 → 2, 8 → 3
    assert beans(g, g.state.discard) == ["blue"] * 5


def test_harvest_for_nothing() -> None:
    g = make(4, {"fields": {1: [["wax"] * 3, ["soy"]]}, "coins": {1: []}})
    g.apply(Action(HARVEST, 1, field=0))
    assert len(g.state.coins[1]) == 0 and fields(g, 1)[0] == []


# ---------------------------------------------------------------- phase 2: trading


def _to_trade(spec: dict[str, Any]) -> Game:
    base = {"hands": {0: ["chili"]}, "fields": {0: [[], []]}}
    base.update(spec)
    g = make(4, base)
    plant_front(g)
    assert g.step.kind == "trade"
    return g


def test_reveal_two_and_trade_with_the_active_player_only() -> None:
    g = _to_trade({"draw_pile": ["soy", "blue"], "hands": {0: ["chili", "red"], 1: ["green", "stink"], 2: ["wax"]}})
    assert beans(g, g.state.shared["revealed"]) == ["soy", "blue"]
    # seat 0 offers the revealed soy to seat 1 for a green
    g.apply(Action(PROPOSE, 0, target=1, give=(("revealed", 0),), want=("green",)))
    assert g.decider == 1
    g.apply(Action(ACCEPT, 1, give=(("hand", 0),)))
    assert beans(g, g.state.per_player["set_aside"][1]) == ["soy"]
    assert beans(g, g.state.per_player["set_aside"][0]) == ["green"]
    assert beans(g, g.state.hands[1]) == ["stink"], "the rest of the hand keeps its order"
    g.apply(Action(END_TRADING, 0))
    # others may only offer to the active player
    assert g.decider == 1
    with pytest.raises(BohnError) as info:
        g.apply(Action(PROPOSE, 1, target=2, give=(("hand", 0),)))
    assert info.value.code == "G600"
    with pytest.raises(BohnError) as info2:
        g.apply(Action(PROPOSE, 2, target=0, give=(("hand", 0),)))
    assert info2.value.code == "G601", "seat 2 speaks in its turn of the round"


def test_received_cards_cannot_be_traded_again() -> None:
    g = _to_trade({"draw_pile": ["soy", "blue"], "hands": {0: ["chili"], 1: ["green"]}})
    g.apply(Action(PROPOSE, 0, target=1, give=(("revealed", 0),)))
    g.apply(Action(ACCEPT, 1))
    assert beans(g, g.state.per_player["set_aside"][1]) == ["soy"]
    g.apply(Action(END_TRADING, 0))
    with pytest.raises(BohnError):
        g.apply(Action(PROPOSE, 1, target=0, give=(("set_aside", 0),)))


def test_declined_donation_stays_with_the_giver() -> None:
    g = _to_trade({"draw_pile": ["soy", "blue"], "hands": {0: ["chili", "red"]}})
    g.apply(Action(PROPOSE, 0, target=2, give=(("hand", 0),)))
    g.apply(Action(DECLINE, 2))
    assert beans(g, g.state.hands[0]) == ["red"]
    assert g.state.per_player["set_aside"][2] == []


def test_accept_must_match_the_wanted_beans() -> None:
    g = _to_trade({"draw_pile": ["soy", "blue"], "hands": {1: ["green", "stink"]}})
    g.apply(Action(PROPOSE, 0, target=1, give=(("revealed", 1),), want=("green",)))
    with pytest.raises(BohnError):
        g.apply(Action(ACCEPT, 1, give=(("hand", 1),)))
    assert g.decider == 1


def test_untraded_revealed_cards_are_planted_by_the_active_player_then_received_in_chosen_order() -> None:
    g = _to_trade({"draw_pile": ["soy", "blue"], "hands": {0: ["chili"], 1: ["green", "stink"]},
                   "fields": {0: [[], []], 1: [["red"], []]}})
    g.apply(Action(PROPOSE, 0, target=1, give=(("revealed", 0),), want=("green",)))
    g.apply(Action(ACCEPT, 1, give=(("hand", 0),)))
    g.apply(Action(END_TRADING, 0))
    for seat in (1, 2, 3):
        g.apply(Action(PASS, seat))
    assert g.phase.id == "plant_traded"
    assert sorted(beans(g, g.state.per_player["set_aside"][0])) == ["blue", "green"]
    assert g.decider == 0
    # seat 0 chooses to plant the green (position 0) first, then the blue
    g.apply(Action(PLANT, 0, field=1, card=0))
    with pytest.raises(BohnError):
        g.apply(Action(PLANT, 0, field=0, card=0))  # blue does not fit the chili field
    g.apply(Action(HARVEST, 0, field=0))
    g.apply(Action(PLANT, 0, field=0, card=0))
    assert g.decider == 1
    g.apply(Action(PLANT, 1, field=1, card=0))
    assert g.phase.id == "plant" and g.state.active == 1, "phase 4 drew and the turn passed"
    assert len(g.state.hands[0]) == 3


def test_trading_window_is_bounded() -> None:
    g = _to_trade({"draw_pile": ["soy", "blue"], "hands": {0: ["chili"] + ["red"] * 6}})
    from engine.game.trading import MAX_PROPOSALS

    for _ in range(MAX_PROPOSALS):
        g.apply(Action(PROPOSE, 0, target=1, give=(("hand", 0),)))
        g.apply(Action(DECLINE, 1))
    assert not any(a.kind == PROPOSE for a in g.legal_actions(0))


# ---------------------------------------------------------------- third field


@pytest.mark.parametrize(("players", "price", "paid_to"), [(4, 3, "discard"), (5, 3, "discard"), (6, 2, "discard"), (7, 2, "discard"), (2, 3, "out_of_game")])
def test_third_field_price_and_only_once(players: int, price: int, paid_to: str) -> None:
    g = make(players, {"coins": {0: 7}, "discard": [], "out_of_game": []})
    g.apply(Action(BUY_FIELD, 0))
    assert len(g.state.fields[0]) == 3 and len(g.state.coins[0]) == 7 - price
    assert len(g.state.shared[paid_to]) == price
    assert BUY_FIELD not in kinds(g.legal_actions(0))
    with pytest.raises(BohnError):
        g.apply(Action(BUY_FIELD, 0))


def test_three_players_start_with_three_fields_and_cannot_buy() -> None:
    g = make(3, {"coins": {0: 9}})
    assert [len(f) for f in g.state.fields] == [3, 3, 3]
    assert BUY_FIELD not in kinds(g.legal_actions(0))


def test_buying_needs_enough_coins_and_works_off_turn() -> None:
    g = make(4, {"coins": {2: 2, 3: 3}})
    assert BUY_FIELD not in kinds(g.legal_actions(2))
    g.apply(Action(BUY_FIELD, 3))
    assert len(g.state.fields[3]) == 3


# ---------------------------------------------------------------- deck and end


def test_reshuffle_and_runout_counted_at_the_last_card() -> None:
    g = make(4, {"hands": {0: ["chili"]}, "draw_pile": ["soy", "blue"], "discard": ["red", "red"], "rest_to": "out_of_game"})
    plant_front(g)
    assert g.state.runouts == 1, "the run-out counts when the last card is drawn"
    assert len(g.state.deck) == 0 and len(g.state.discard) == 2
    g.apply(Action(END_TRADING, 0))
    for seat in (1, 2, 3):
        g.apply(Action(PASS, seat))
    g.apply(Action(PLANT, 0, field=1, card=0))
    g.apply(Action(HARVEST, 0, field=0))
    g.apply(Action(PLANT, 0, field=0, card=0))
    # phase 4: the discard pile (red, red and the harvested chili) is reshuffled into the
    # deck and all three cards are drawn → the second run-out
    types = [e["type"] for e in g.events]
    assert "reshuffled" in types
    assert g.state.runouts == 2 and not g.state.ending
    assert sorted(beans(g, g.state.hands[0])) == ["chili", "red", "red"]


def _final_runout_spec(**extra: Any) -> dict[str, Any]:
    spec = {"hands": {0: ["chili", "chili"]}, "discard": [], "runouts": 2, "rest_to": "out_of_game"}
    spec.update(extra)
    return spec


def test_final_runout_in_phase_2_finishes_phases_2_and_3() -> None:
    g = make(4, _final_runout_spec(draw_pile=["soy"]))
    g.apply(Action(PLANT, 0, field=0))
    g.apply(Action(PASS, 0))
    assert g.state.ending and not g.over
    assert beans(g, g.state.shared["revealed"]) == ["soy"], "only one card was left to reveal"
    g.apply(Action(END_TRADING, 0))
    for seat in (1, 2, 3):
        g.apply(Action(PASS, seat))
    g.apply(Action(PLANT, 0, field=1, card=0))
    assert g.over, "phase 3 finished; phase 4 does not happen"
    assert beans(g, g.state.hands[0]) == ["chili"]
    assert g.events[-1]["type"] == "game_ended"


def test_final_runout_in_phase_4_ends_at_once() -> None:
    g = make(4, _final_runout_spec(draw_pile=["soy", "blue", "red"]))
    g.apply(Action(PLANT, 0, field=0))
    g.apply(Action(PASS, 0))
    g.apply(Action(END_TRADING, 0))
    for seat in (1, 2, 3):
        g.apply(Action(PASS, seat))
    g.apply(Action(PLANT, 0, field=1, card=0))
    g.apply(Action(HARVEST, 0, field=1))
    g.apply(Action(PLANT, 0, field=1, card=0))
    assert g.over
    assert beans(g, g.state.hands[0]) == ["chili", "red"], "one card drawn, then the game ended at once"


def test_final_harvest_and_tie_break_by_cards_in_hand() -> None:
    g = make(4, _final_runout_spec(draw_pile=["soy"], coins={0: 0, 1: 2, 2: 2, 3: 0},
                                   hands={0: ["chili"], 1: ["red"], 2: ["red", "red"], 3: []},
                                   fields={0: [[], []], 1: [["green"] * 3, []], 2: [["wax"], []], 3: [[], []]}))
    plant_front(g)
    g.apply(Action(END_TRADING, 0))
    for seat in (1, 2, 3):
        g.apply(Action(PASS, seat))
    g.apply(Action(PLANT, 0, field=1, card=0))
    assert g.over
    assert g.scores == [0, 3, 2, 0]  # seat 1's three greens paid 1 in the final harvest
    assert g.winners == [1]
    assert all(not f for fs in g.state.fields for f in fs)


def test_tie_break_helper() -> None:
    from engine.game.scoring import winners

    assert winners([5, 5, 3], [1, 2, 9], "most_cards_in_hand") == [1]
    assert winners([5, 5, 3], [2, 2, 9], "most_cards_in_hand") == [0, 1]
    assert winners([5, 5, 3], [1, 2, 9], "shared") == [0, 1]


# ---------------------------------------------------------------- player counts


@pytest.mark.parametrize(("players", "deal", "draw"), [(6, [3, 4, 5, 6, 6, 6], 4), (7, [3, 4, 5, 6, 6, 6, 6], 4), (4, [5] * 4, 3)])
def test_deal_and_draw_by_player_count(players: int, deal: list[int], draw: int) -> None:
    g = Game(load_ruleset("base"), players, 3)
    assert [len(h) for h in g.state.hands] == deal
    assert g.row.draw == draw
    removed = {"cocoa", "garden"} if players >= 6 else {"coffee"}
    assert not {g.bean_name(c) for c in range(len(g.state.bean_of))} & removed


def test_three_player_game_ends_at_second_runout() -> None:
    from engine.sim.play import make_agents, play_game

    played = play_game(load_ruleset("base"), 3, 11, make_agents(["greedy"], 3, 11))
    assert played.game.state.runouts == 2


# ---------------------------------------------------------------- two players


def _duel(spec: dict[str, Any]) -> Game:
    return make(2, spec)


def test_duel_offer_is_planted_or_discarded_first() -> None:
    g = _duel({"offer": ["soy", "red"], "hands": {0: ["chili"]}, "fields": {0: [["soy"], []]}, "discard": []})
    assert g.step.kind == "resolve_offer"
    g.apply(Action(PLANT, 0, field=0))
    g.apply(Action(DISCARD, 0, card=0))
    assert fields(g, 0)[0] == ["soy", "soy"] and beans(g, g.state.discard) == ["red"]
    assert g.step.kind == "plant_from_hand"


def test_duel_discard_one_from_anywhere_reveal_three_with_matching_discards_then_offer() -> None:
    g = _duel({"hands": {0: ["chili", "blue", "red", "wax"]}, "draw_pile": ["soy", "green", "stink", "black_eyed", "black_eyed"],
               "discard": ["wax", "stink", "green"]})
    g.apply(Action(PLANT, 0, field=0))
    g.apply(Action(PASS, 0))
    assert g.step.kind == "discard_from_hand"
    g.apply(Action(DISCARD, 0, card=1))  # the red from the middle of the hand
    assert beans(g, g.state.hands[0]) == ["blue", "wax"]
    # revealed soy, green, stink; then the discard pile's top red does not match → stop
    assert beans(g, g.state.shared["revealed"]) == ["soy", "green", "stink"]
    assert g.step.kind == "keep_revealed"
    g.apply(Action(PLANT, 0, field=1, card=1))  # keep the green
    g.apply(Action(PASS, 0))
    assert beans(g, g.state.shared["offer"]) == ["soy", "stink"]
    assert g.state.active == 1 and len(g.state.hands[0]) == 4, "drew 2"
    assert g.step.kind == "resolve_offer"


def test_duel_matching_discards_join_the_revealed_cards() -> None:
    g = _duel({"hands": {0: ["chili", "red"]}, "draw_pile": ["soy", "green", "stink"], "discard": ["wax", "stink", "soy"]})
    plant_front(g)
    g.apply(Action(PASS, 0))  # no discard
    assert beans(g, g.state.shared["revealed"]) == ["soy", "green", "stink", "soy", "stink"]


def test_duel_harvest_only_on_own_turn() -> None:
    g = _duel({"fields": {1: [["red", "red"], []]}})
    assert HARVEST not in kinds(g.legal_actions(1))
    with pytest.raises(BohnError):
        g.apply(Action(HARVEST, 1, field=0))


# ---------------------------------------------------------------- protocol


def test_wrong_seat_and_finished_game() -> None:
    g = make(4, {"hands": {0: ["chili"]}})
    with pytest.raises(BohnError) as info:
        g.apply(Action(PLANT, 1, field=0))
    assert info.value.code == "G601"
    g.state.over = True
    with pytest.raises(BohnError) as info2:
        g.apply(Action(PASS, 0))
    assert info2.value.code == "G602"


def test_views_show_own_hand_and_only_sizes_of_others() -> None:
    g = make(4, {"hands": {0: ["chili", "red"], 1: ["soy"]}})
    view = SeatView(g, 1).to_dict()
    assert view["hand"] == ["soy"] and view["hand_sizes"][0] == 2
    assert "chili" not in str(view["hand"])


def test_a_finished_game_refuses_every_action_with_g602_when_applied_or_checked() -> None:
    """`apply` and `check` (what a scenario's `legal:` and a bot's offer ask) both say the
    game is over, with the code (a fresh seed-45 sample's survivor dropped `check`'s)."""
    from engine.sim.play import make_agents, play_game

    game = play_game(load_ruleset("base"), 3, 1, make_agents(["random"], 3, 1), record=False).game
    assert game.over and game.legal_actions(0) == []
    for ask in (game.check, game.apply):
        with pytest.raises(BohnError) as info:
            ask(Action(PASS, 0))
        [d] = info.value.diagnostics
        assert (d.code, d.message) == ("G602", "the game is over; cannot seat 0 pass")
