"""What a user reads from engine/game that mutants of a 2026-11-30 sample (issue 20) got
past: the messages and positions of a damaged log, and the words a deadlock report uses
for an action a rule took away."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game import log
from engine.game.actions import Action
from engine.game.core import Game
from engine.game.deadlock import describe_action
from engine.rules.loader import load_ruleset


def _log_with(tmp: Path, **head: object) -> Path:
    game = Game(load_ruleset("base"), 3, seed=5)
    path = tmp / "game.jsonl"
    path.write_text(json.dumps({**log.header(game, "base", ["random"] * 3), **head}) + "\n", encoding="utf-8")
    return path


def test_a_seed_out_of_range_is_named_in_the_message(tmp_path: Path) -> None:
    with pytest.raises(BohnError) as caught:
        log.read(_log_with(tmp_path, seed=10**40))
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G616", "header field `seed` is out of range")
    assert d.span is not None and d.span.line == 1


def test_a_log_that_cannot_be_read_points_at_its_first_line(tmp_path: Path) -> None:
    with pytest.raises(BohnError) as caught:
        log.read(tmp_path)  # a folder, not a file
    d = caught.value.diagnostics[0]
    assert d.code == "G604" and d.message.startswith("cannot read the log: ")
    assert d.span is not None and (d.span.file, d.span.line, d.span.col) == (str(tmp_path), 1, 1)


def test_a_harvest_of_an_empty_field_reads_as_empty() -> None:
    game = Game(load_ruleset("base"), 3, seed=5)
    assert game.state.fields[0][0] == []
    assert describe_action(game, Action("harvest", 0, field=0)) == "harvest field 0 (0 empty)"
    game.state.fields[0][0].append(game.state.hands[0][0])
    bean = game.bean_name(game.state.hands[0][0])
    assert describe_action(game, Action("harvest", 0, field=0)) == f"harvest field 0 (1 {bean})"


def test_a_trigger_on_a_purchase_reads_the_group_bought(tmp_path: Path) -> None:
    """`when bought` hands effects the card's group (a fan expansion's "every farm pays
    one coin" reads it): a signal without it would leave `event.group` empty."""
    from engine.game.actions import BUY_ITEM
    from engine.game.arrange import arrange

    path = tmp_path / "house.yaml"
    path.write_text("extends: high_bohn\neffects:\n  +farm_count:\n    effect: |\n"
                    "      when bought { if event.group == \"farm\" { add_counter(event.player, \"farms\", 1) } "
                    "add_counter(event.player, \"bought\", 1) }\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 4, seed=3)
    arrange(game, {"active": 0, "coins": {0: ["soy", "soy"]}})
    buy = Action(BUY_ITEM, 0, want=("farm_2",))
    assert buy in game.legal_actions(0)
    game.apply(buy)
    assert game.fx is not None
    assert game.fx.counters[(0, "bought")] == 1
    assert game.fx.counters.get((0, "farms")) == 1, "the trigger saw the farm's group"


def test_a_query_or_event_no_rule_touches_has_nothing_applying() -> None:
    """The order-of-composition listing (tests/game/test_composition.py) asks for the
    modifiers and triggers of a name; one no rule of the game has is an empty list."""
    game = Game(load_ruleset("high_bohn"), 3, seed=1)
    fx = game.fx
    assert fx is not None
    assert "no_such_query" not in fx.modifiers and "no_such_event" not in fx.triggers
    assert fx.applying("modifiers", "no_such_query") == []
    assert fx.applying("triggers", "no_such_event") == []


def test_a_position_giving_items_in_a_game_without_them_says_so() -> None:
    from engine.game.arrange import arrange

    game = Game(load_ruleset("base"), 3, seed=1)
    with pytest.raises(BohnError) as caught:
        arrange(game, {"items": {0: ["farm_2"]}})
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G607", "this ruleset has no items")


def test_a_secret_pick_out_of_range_names_the_choice_and_its_options(tmp_path: Path) -> None:
    """A bot or a log answering a secret choice with a pick that is not there gets L813
    saying which pick and how many options there were."""
    from typing import Any, Sequence

    from tests.game.test_secret_choice import _rules

    game = Game(load_ruleset(str(_rules(tmp_path))), 2, 3)
    assert game.fx is not None

    def hook(seat: int, options: Sequence[Any], prompt: str, optional: bool) -> int:
        return len(options)  # one past the end

    game.fx.choice_hook = hook
    with pytest.raises(BohnError) as caught:
        for _ in range(200):
            seat = game.decider
            assert seat is not None
            game.apply(game.legal_actions(seat)[0])
    d = caught.value.diagnostics[0]
    assert d.code == "L813"
    assert re.fullmatch(r"choice (\d+) is not one of the \1 options of `.+ \(1 of 2\)`", d.message), d.message


def test_asking_the_engine_for_a_procedure_it_does_not_have_is_l813() -> None:
    game = Game(load_ruleset("high_bohn"), 3, seed=1)
    assert game.fx is not None
    with pytest.raises(BohnError) as caught:
        game.fx.procedure("no_such_procedure")
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("L813", "no procedure `no_such_procedure` in this ruleset")


class _Cached:
    """A class with its own ``__getstate__`` (and no ``__setstate__``): a copy leaves out
    what it calls a cache, as ``copy.deepcopy`` does."""

    def __init__(self) -> None:
        self.cards = [1, 2]
        self.cache = {"listing": [3]}

    def __getstate__(self) -> dict[str, object]:
        return {"cards": self.cards}


def test_the_look_ahead_copy_honours_a_class_s_own_getstate_as_deepcopy_does() -> None:
    """The look-ahead's fast copy must give what ``copy.deepcopy`` gives: an object of a
    class whose ``__getstate__`` leaves a cache out is copied without it, not by copying
    its ``__dict__``. (The 2026-11-30 survivor that misspelt this test's attribute name is
    equivalent: every class then goes to ``deepcopy``, only slower; this catches the test
    left out, which would copy the cache.)"""
    import copy

    from engine.game import lookahead

    value = {"held": _Cached()}
    made = lookahead._copy(value, {})
    assert vars(made["held"]) == vars(copy.deepcopy(value)["held"]) == {"cards": [1, 2]}
    assert made["held"].cards is not value["held"].cards


def test_a_watch_message_shows_three_problems_and_counts_the_rest() -> None:
    """G680 lists the first three broken invariants and says how many more there are (a
    2026-12-01 survivor added the three instead of taking them off)."""
    from engine.game.invariants import InvariantWatch, check_cards

    game = Game(load_ruleset("base"), 3, 5)
    watch = InvariantWatch()
    watch.start(game)
    seat = game.decider
    assert seat is not None
    action = game.legal_actions(seat)[0]
    game.apply(action)
    game.state.deck.extend(game.state.deck[:5])  # five cards in two places, and too many cards
    problems = check_cards(game)
    assert len(problems) > 4
    with pytest.raises(BohnError) as caught:
        watch(game, action)
    message = caught.value.diagnostics[0].message
    assert message.endswith("; ".join(problems[:3]) + f" (and {len(problems) - 3} more)"), message


def test_a_card_number_out_of_the_game_is_the_only_one_said_not_to_exist() -> None:
    """A zone holding a number that is no card (a broken rule or hand-made position) is
    named, and card 0, a real card, is not (a 2026-12-01 survivor counted from 1)."""
    from engine.game.invariants import check_cards

    game = Game(load_ruleset("base"), 3, 5)
    n = len(game.state.bean_of)
    assert 0 in game.state.deck or any(0 in h for h in game.state.hands)
    game.state.deck.extend([-1, n])
    problems = check_cards(game)
    assert [p for p in problems if p.endswith("does not exist")] == ["card -1 does not exist", f"card {n} does not exist"]


def test_a_seat_sees_the_cards_turned_up_for_trading() -> None:
    """What a bot or a person at the table reads in the trade phase: the revealed cards,
    by name, in order (a 2026-12-01 survivor lost the step's zone, and the view showed
    none; the greedy bot and the human prompt read it)."""
    from engine.game.arrange import arrange
    from engine.game.view import SeatView

    game = Game(load_ruleset("base"), 3, seed=1)
    arrange(game, {"phase": "trade", "revealed": ["wax", "blue"]})
    shown = SeatView(game, 1).trade_display()
    assert shown[:2] == ["wax", "blue"]  # the position's, then what the reveal step turned up
    assert shown == [game.bean_name(c) for c in game.state.shared["revealed"]]
    arrange(game, {"phase": "plant"})
    assert SeatView(game, 1).trade_display() == []


def test_an_offer_must_give_or_want_something() -> None:
    """An offer of nothing for nothing is refused with the reason; an offer that only
    wants cards is a fair offer (a 2026-12-01 mutant refused the second and let the
    first through)."""
    game = Game(load_ruleset("base"), 4, seed=2)
    while game.step.kind != "trade":
        seat = game.decider
        assert seat is not None
        game.apply(next(a for a in game.legal_actions(seat) if a.kind in ("plant", "pass")))
    active = game.state.active
    other = (active + 1) % 4
    with pytest.raises(BohnError) as caught:
        game.check(Action("propose", active, target=other))
    d = caught.value.diagnostics[0]
    assert d.code == "G600" and d.message.endswith("an offer gives cards, wants cards, or both")
    game.check(Action("propose", active, target=other, want=(game.bean_name(game.state.hands[other][0]),)))


def test_a_card_type_missing_from_every_zone_is_counted_as_none() -> None:
    """The conservation check names how many cards of a type the zones hold: none, when
    every card of it is gone (a 2026-12-01 mutant wrote `None`)."""
    from engine.game.invariants import check_kinds

    game = Game(load_ruleset("base"), 4, seed=2)
    st = game.state
    gone = st.bean_of[0]
    cards = [card for card, kind in enumerate(st.bean_of) if kind != gone]
    count = len(st.bean_of) - len(cards)
    assert check_kinds(game, cards) == [f"0 `{st.card_types[gone]}` cards in zones, {count} in the game"]


def test_a_run_out_names_the_cell_of_its_count_and_actions_are_counted() -> None:
    """A run-out's event points at the row's ``end_after_runouts`` cell (not the row), and
    the game counts every action it took (a 2026-12-01 sample: a mutant counted down, which
    also kept G606's bound from ever being reached; another pointed at the whole row)."""
    from engine.sim.play import make_agents, play_game

    rules = load_ruleset("base")
    taken: list[Action] = []
    game = play_game(rules, 4, 1, make_agents(["random"], 4, 1), after_action=lambda g, a: taken.append(a)).game
    assert game.actions_taken == len(taken) > 100
    lines = (Path(__file__).resolve().parents[2] / "rulesets" / "base.yaml").read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("  4:"))
    cell = row + next(i for i, line in enumerate(lines[row:]) if line.strip().startswith("end_after_runouts:")) + 1
    ran_out = [e for e in game.events if e["type"] == "deck_ran_out"]
    assert ran_out and {e["rule"] for e in ran_out} == {f"rulesets/base.yaml:{cell}"}


def test_a_game_past_the_action_bound_stops_with_g606(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.game.core as core

    monkeypatch.setattr(core, "MAX_ACTIONS", 50)
    from engine.sim.play import make_agents, play_game

    with pytest.raises(BohnError) as caught:
        play_game(load_ruleset("base"), 4, 1, make_agents(["random"], 4, 1), record=False)
    d = caught.value.diagnostics[0]
    assert d.code == "G606" and d.message == "more than 50 actions in one game"


# ------------------------------------------------------------------ the 2026-12-01 sample at ffc4d31


def _overlay(tmp: Path, text: str, name: str = "house") -> Path:
    path = tmp / f"{name}.yaml"
    path.write_text(f"extends: base\nid: {name}\nname: House rules\n{text}", encoding="utf-8")
    return path


def _acts(game: Game, seat: int) -> list[Action]:
    return [a for a in game.legal_actions(seat) if a.kind == "act"]


def test_an_action_whose_values_read_only_the_phase_is_listed(tmp_path: Path) -> None:
    """declared `make_listing`: an action whose list of values reads the phase alone (its
    inputs are the one-item read ``("phase",)``) is asked every time; a 2026-12-01 survivor
    read the reads' second item there (an IndexError on the listing)."""
    path = _overlay(tmp_path, "effects:\n  +peek:\n    effect: |\n"
                              "      action peek(x in [phase()]) on own_turn if x == \"plant\" { gain(owner, 1) }\n")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    assert game.fx is not None and getattr(game.fx.actions[0][0].reads, "values", None) == (("phase",),)
    assert game.phase.id == "plant" and game.state.active == 0
    assert [(a.card, a.field, a.want) for a in _acts(game, 0)] == [(0, 0, ("peek",))]
    assert _acts(game, 1) == []


def test_a_rule_moving_a_card_to_the_front_of_a_zone_puts_it_first(tmp_path: Path) -> None:
    """statements `move`: `at: "front"` puts the cards before the zone's others, as
    `"bottom"` does (a 2026-12-01 survivor sent them to the back)."""
    path = _overlay(tmp_path, "effects:\n  +tuck:\n    effect: |\n"
                              "      action tuck on own_turn if count(cards(hand)) > 2 "
                              "{ move([item(cards(hand), 2)], hand, at: \"front\") }\n")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    hand = list(game.state.hands[0])
    [tuck] = _acts(game, 0)
    game.apply(tuck)
    assert game.state.hands[0] == [hand[2], hand[0], hand[1], *hand[3:]]


def test_set_up_coins_are_the_top_cards_of_the_draw_pile(tmp_path: Path) -> None:
    """setup `_take`: `{coins: 2}` gives every player the two topmost cards of the draw
    pile, top card first, seat by seat (a 2026-12-01 survivor took every other card)."""
    path = _overlay(tmp_path, "+setup:\n  - {coins: 2}\n")
    plain = Game(load_ruleset("base"), 3, seed=4)
    game = Game(load_ruleset(str(path)), 3, seed=4)
    deck = plain.state.deck
    assert game.state.coins == [[deck[-1], deck[-2]], [deck[-3], deck[-4]], [deck[-5], deck[-6]]]
    assert game.state.deck == deck[:-6]


def test_a_seat_sees_its_own_secret_picks_by_their_beans(tmp_path: Path) -> None:
    """view `SeatView.pending_choice`: a seat's picks so far are cards, shown by their
    beans (a 2026-12-01 survivor showed their card numbers)."""
    from typing import Any, Sequence

    from engine.game.view import SeatView
    from tests.game.test_secret_choice import _rules

    game = Game(load_ruleset(str(_rules(tmp_path))), 2, 3)
    assert game.fx is not None
    seen: list[tuple[list[Any], list[str]]] = []

    def hook(seat: int, options: Sequence[Any], prompt: str, optional: bool) -> int:
        seen.append((list(options), SeatView(game, seat).pending_choice()))
        return len(options) - 1

    game.fx.choice_hook = hook
    while len(seen) < 2:
        seat = game.decider
        assert seat is not None
        game.apply(game.legal_actions(seat)[0])
    first_options, pending = seen[1][0], seen[1][1]
    picked = seen[0][0][-1]
    assert type(picked) is int and pending == [game.bean_name(picked)]
    assert picked not in first_options


def test_the_hidden_hands_check_fires_when_a_view_shows_another_hands_first_bean() -> None:
    """invariants `check_observation_hides_hands`: every other hand is swapped for cards of
    another bean; a 2026-12-01 survivor swapped in the same bean as the hand's first card,
    so a view showing that card's bean passed."""
    from engine.game.invariants import check_observation_hides_hands
    from engine.game.view import SeatView

    game = Game(load_ruleset("base"), 3, seed=4)
    assert check_observation_hides_hands(game) == []
    plain = SeatView.to_dict

    def leaky(self: SeatView) -> dict[str, object]:
        shown = plain(self)
        hands = self._game.state.hands
        shown["next_plant"] = [self._game.bean_name(h[0]) for s, h in enumerate(hands) if s != self.seat and h]
        return shown

    try:
        SeatView.to_dict = leaky  # type: ignore[method-assign]
        problems = check_observation_hides_hands(game)
    finally:
        SeatView.to_dict = plain  # type: ignore[method-assign]
    assert problems == [f"seat {s}'s observation depends on another hand" for s in range(3)]


def test_a_card_that_left_a_seats_hand_has_no_holder() -> None:
    """holders `HolderIndex.seat`: the remembered zone answers only while the card is still
    in it (a 2026-12-01 survivor answered the remembered seat after the card had left): an
    order swapped under the order deck is nobody's, and its actions are no longer listed."""
    game = Game(load_ruleset(str(Path(__file__).resolve().parents[2] / "rulesets/scenarios/cards/orders.yaml")), 3, seed=2)
    fx = game.fx
    assert fx is not None
    held = fx.holders()
    mine = [c for c, s in held.items() if s == 0]
    swap = next(a for a in _acts(game, 0) if fx.actions[a.card][0].name == "swap")
    card = fx.action_card(swap.card)
    assert card in mine and card in game.state.hands[0]
    game.apply(swap)
    assert card in game.state.shared["order_deck"]
    assert card not in fx.holders() and fx.action_owner(swap.card) is None
    assert all(fx.action_card(a.card) != card for a in _acts(game, 0))


ORDERS = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml"


def _orders_overlay(tmp: Path, text: str) -> Path:
    (tmp / "orders.yaml").write_text(ORDERS.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp / "house.yaml"
    path.write_text(f"extends: orders.yaml\nid: house\nname: House orders\n{text}", encoding="utf-8")
    return path


def _harvest_lone_card(game: Game, name: str) -> None:
    """Plant one ``name`` card alone on seat 0's first field and harvest it: the event tells
    the card's name, one card and no coin (a card of no bean has no beanometer), and the
    card goes to the discard pile."""
    from engine.game.arrange import arrange

    arrange(game, {"fields": {0: [[name], []]}})
    card = game.state.fields[0][0][0]
    game.apply(Action("harvest", 0, field=0))
    [harvested] = [e for e in game.events if e["type"] == "harvested"]
    assert (harvested["bean"], harvested["beans"], harvested["coins"]) == (name, 1, 0)
    assert game.state.fields[0][0] == [] and game.state.discard[-1] == card


def test_a_planted_card_of_another_kind_is_harvested_and_logged(tmp_path: Path) -> None:
    """core `Game.harvest`: a card of a kind that is planted has no beanometer of its own
    and no bean's rule to name; a 2026-12-01 survivor read the rule one past the beans'
    (an IndexError when the first such card type was harvested with the log on)."""
    path = _orders_overlay(tmp_path, "cards:\n  order: {+plant: true, zones: [order_deck, order_discard, hand, fields, discard, coins]}\n")
    game = Game(load_ruleset(str(path)), 3, seed=2)
    assert game.logging and game.state.card_types[len(game.rules.beans)] == "order_red"
    _harvest_lone_card(game, "order_red")


def test_a_card_rule_hearing_its_holder_beside_one_hearing_the_others_applies(tmp_path: Path) -> None:
    """effects `GameEffects.applies`: with a card's rule hearing its holder and another
    hearing the others, whether the seat holds the first card is asked (a 2026-12-01
    survivor asked it without the seat: a TypeError at the first plant listing)."""
    from engine.game.arrange import arrange

    path = _orders_overlay(tmp_path, "cards:\n  order:\n    effect: |\n"
                                     "      modify may_plant if bean == soy = false\n"
                                     "      modify may_plant by others if bean == wax = false\n")
    game = Game(load_ruleset(str(path)), 3, seed=2)
    arrange(game, {"hands": {0: ["soy", "order_red"], 1: ["red", "order_soy"], 2: ["wax", "order_blue"]},
                   "fields": {0: [[], []], 1: [[], []], 2: [[], []]}})
    assert game.fx is not None and game.fx.applies("may_plant", 0)
    assert not [a for a in game.legal_actions(0) if a.kind == "plant"]  # its own order refuses soy
    assert game.fitting_fields(1, game.state.hands[1][0]) == [0, 1]
    assert game.fitting_fields(1, game.state.hands[2][0]) == []  # the others' orders refuse wax


def test_a_card_rule_applies_to_the_seat_it_is_planted_in_front_of(tmp_path: Path) -> None:
    """effects `GameEffects._holds`: a seat holds a card lying on one of its fields (a
    2026-12-01 survivor found a field holding none of the cards instead: with every field
    holding one, the seat held nothing, and the card's rule was skipped)."""
    from engine.game.arrange import arrange

    path = _orders_overlay(tmp_path, "cards:\n  order:\n    +plant: true\n"
                                     "    zones: [order_deck, order_discard, hand, fields, discard, coins]\n"
                                     "    effect: \"modify may_plant if bean == soy = true\"\n")
    game = Game(load_ruleset(str(path)), 3, seed=2)
    arrange(game, {"hands": {0: ["soy", "red"], 1: ["red"], 2: ["red"]},
                   "fields": {0: [["order_red"], ["order_soy"]], 1: [[], []], 2: [["red"], []]}})
    soy = game.state.hands[0][0]
    assert game.fx is not None and game.fx.holders().get(game.state.fields[0][0][0]) == 0
    assert game.fitting_fields(0, soy) == [0, 1]  # its orders' rule lets soy go on them
    assert [a.field for a in game.legal_actions(0) if a.kind == "plant"] == [0, 1]


def test_an_offer_naming_a_card_oddly_in_a_game_with_kind_zones_is_g600_or_the_card() -> None:
    """trading `Trade._givable`: a card named by something other than a whole number is
    looked up among the cards the seat may give, as the listing names them; in a game whose
    kinds limit their zones a 2026-12-01 mutant asked for them without the game (a
    TypeError instead of the G600, never run by the game selection)."""
    from engine.game.actions import PROPOSE
    from engine.game.arrange import arrange

    game = Game(load_ruleset(str(ORDERS)), 3, seed=2)
    assert game._zone_limited
    arrange(game, {"phase": "trade", "hands": {0: ["chili", "red"], 1: ["soy"], 2: ["red"]}, "revealed": ["wax", "blue"]})
    with pytest.raises(BohnError) as caught:
        game.apply(Action(PROPOSE, 0, target=1, give=(("hand", "1"),), want=("soy",)))  # type: ignore[arg-type]
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G600", "illegal proposal: seat 0 has no tradable card at hand[1]")
    red = game.state.hands[0][1]
    game.apply(Action(PROPOSE, 0, target=1, give=(("hand", True),), want=("soy",)))  # True == 1: the second card
    assert game.decider == 1 and [game.bean_name(red)] == ["red"]
    assert game.step.pending_cards == [red]  # type: ignore[union-attr]


GAMBLE = """effects:
  +gamble:
    effect: |
      action gamble on own_turn if counter(owner, "gambled") < 1 and count(cards(discard)) > 3 {
        add_counter(owner, "gambled", 1)
        shuffle(discard)
        if item(cards(discard), 0).bean == item(cards(discard), 1).bean { gain(owner, 1) }
      }
      when turn_ended { set_counter(owner, "gambled", 0) }
"""


def test_a_seed_replays_the_greedy_bots_gambles_its_previews_shuffled(tmp_path: Path) -> None:
    """lookahead `_copy_zones`: a preview shuffles with random numbers of its own, seeded by
    the game's seed and the actions taken (never the game's next ones). The greedy bot
    previews a declared action without a worth hint, so which gambles it takes is decided by
    the preview's shuffle: a seed must replay those choices exactly. A 2026-12-01 survivor
    seeded the preview with the actions taken subtracted: other gambles, another game."""
    from engine.sim.play import make_agents, play_game

    rules = load_ruleset(str(_overlay(tmp_path, GAMBLE, "gamble")))
    played = play_game(rules, 3, 2, make_agents(["greedy"], 3, 2), trading=False)
    assert [i for i, a in enumerate(played.actions) if a.kind == "act"] == [22, 76, 83, 116, 136, 144, 205, 218, 230, 244]
    assert played.game.scores == [3, 4, 5]


def test_a_zone_id_that_is_the_fields_in_one_ruleset_and_a_pile_in_another_is_read_as_each(tmp_path: Path) -> None:
    """declared `make_reader`: the key functions of a card's action are shared by games
    with the same inputs, keyed also by where each zone read lies (shared, per player, or
    not a zone of cards: the fields). The same `beds` read is the fields in one ruleset and a
    per-player pile in another; a 2026-12-01 survivor keyed every read as shared, so the
    second game used the first's key (nothing read for `beds`) and kept listing an order's
    action after a card went into the beds."""
    (tmp_path / "orders.yaml").write_text(ORDERS.read_text(encoding="utf-8"), encoding="utf-8")
    peek = "cards:\n  order:\n    effect: \"action peek on own_turn if count(cards(beds)) < 1 + counter(owner, \\\"x\\\") { gain(owner, 1) }\"\n"
    (tmp_path / "fields.yaml").write_text("extends: orders.yaml\nid: beds_are_fields\nname: Beds\nzones:\n  -fields: ~\n"
                                          "  +beds: {kind: fields, owner: player, visibility: public, description: Beds.}\n" + peek,
                                          encoding="utf-8")
    (tmp_path / "pile.yaml").write_text("extends: orders.yaml\nid: beds_are_a_pile\nname: Beds\nzones:\n"
                                        "  +beds: {kind: pile, owner: player, visibility: public, description: Beds.}\n" + peek +
                                        "effects:\n  +bury:\n    effect: \"action bury on own_turn { move(first(cards(hand), 1), beds) }\"\n",
                                        encoding="utf-8")
    first = Game(load_ruleset(str(tmp_path / "fields.yaml")), 3, seed=2)
    game = Game(load_ruleset(str(tmp_path / "pile.yaml")), 3, seed=2)
    assert first.fx is not None and game.fx is not None
    assert {a.reads for a, _ in first.fx.actions if a.name == "peek"} == {a.reads for a, _ in game.fx.actions if a.name == "peek"} \
        == {(("counter", "x", False), ("zone_size", "beds", "owner"))}
    assert [first.fx.actions[a.card][0].name for a in _acts(first, 0)] == ["peek", "peek"]  # seat 0 holds two orders
    listed = _acts(game, 0)
    assert [game.fx.actions[a.card][0].name for a in listed] == ["bury", "peek", "peek"]
    game.apply(next(a for a in listed if game.fx.actions[a.card][0].name == "bury"))
    assert len(game.state.per_player["beds"][0]) == 1
    assert [game.fx.actions[a.card][0].name for a in _acts(game, 0)] == ["bury"]


def test_a_rule_reading_no_field_is_asked_once_per_answer_of_a_planting(tmp_path: Path) -> None:
    """core `Game.fitting_fields`: with a field limited to some beans, a `may_plant` rule
    that reads no field is asked once per base answer (fits or not), not once per field:
    the decision's evaluation budget (what stops a runaway rule with L807) is spent twice
    here, for four fields. A 2026-12-01 survivor forgot the answers and asked per field."""
    from engine.lang.world import FieldRef

    path = _overlay(tmp_path, "effects:\n  +bed:\n    effect: |\n"
                              "      when game_started if owner == active { add_field(owner, only: [chili]) }\n"
                              "      modify may_plant if bean == soy and count([c in cards(hand) if c.bean == soy]) < 99 = false\n")
    game = Game(load_ruleset(str(path)), 3, seed=4)
    fx = game.fx
    assert fx is not None and fx.field_limits == {(0, 3): ["chili"]} and fx.field_free("may_plant")
    soy, chili = (game.state.bean_of.index(game.state.card_types.index(b)) for b in ("soy", "chili"))
    budget = fx.budget()
    left = budget[0]
    fx.modified("may_plant", True, player=0, bean="soy", field=FieldRef(0, 0))
    one = left - budget[0]
    assert one > 0
    left = budget[0]
    assert game.fitting_fields(0, soy) == []  # the rule refuses soy on the three open fields
    assert left - budget[0] == 2 * one
    assert game.fitting_fields(0, chili) == [0, 1, 2, 3]


def test_a_card_of_another_kind_is_harvested_and_logged_in_a_game_without_rules(tmp_path: Path) -> None:
    """fieldwork `FieldWork.harvest`'s plain path (no rules, no kind limiting its zones): a
    planted card of no bean pays nothing and has no bean's rule to name; a fresh seed-45
    sample's survivor read the rule past the beans' (an IndexError with the log on)."""
    path = tmp_path / "relics.yaml"
    path.write_text("extends: base\nid: relics\nname: Relics\n+cards:\n  - id: relic\n    name: Relic\n"
                    "    description: A card of no bean.\n    plant: true\n    starts_in: discard\n"
                    "    cards:\n      - {id: relic_a, name: Relic A, count: 1}\n", encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=2)
    assert game.fx is None and game.logging
    _harvest_lone_card(game, "relic_a")


def test_a_planting_rule_reading_both_harvest_answers_lists_its_plantings(tmp_path: Path) -> None:
    """declared `_make_reader`: a `may_plant` rule reading both `coins_for` and `may_harvest`
    gets a key function with two tests ("a rule changes the beanometer", "a rule changes
    the harvests"), joined by `or`; a fresh seed-45 sample's survivor misspelt the join (a
    SyntaxError at the first planting listed) and no shipped rule reads both."""
    from engine.game.arrange import arrange

    path = tmp_path / "thrift.yaml"
    path.write_text("extends: base\nid: thrift\nname: Thrift\neffects:\n  +thrift:\n    effect: \"modify may_plant if"
                    " coins_for(owner, bean, 2) > 0 and count([f in fields(owner) if may_harvest(owner, f)]) > 0"
                    " = false\"\n", encoding="utf-8")
    for hand, plantings in ((["red", "soy"], []), (["blue", "soy"], [1])):
        game = Game(load_ruleset(str(path)), 3, seed=2)
        arrange(game, {"phase": "plant", "hands": {0: hand}, "fields": {0: [["chili"], []]}})
        # red's two cards pay a coin and the chili field may be harvested: red may not be planted
        assert [a.field for a in game.legal_actions(0) if a.kind == "plant"] == plantings
        assert [a.field for a in game.legal_actions(0) if a.kind == "harvest"] == [0]


def test_the_first_card_of_the_fields_zone_read_as_a_zone_is_none_as_its_count_is_zero(tmp_path: Path) -> None:
    """worldreads `zone_item`'s long way: the fields zone holds no list of its own (a seat's
    fields are read by `fields(owner)`), so `cards(fields)` reads no card, and
    `item(cards(fields), 0)` none, as `count(cards(fields))` reads 0; a fresh seed-45
    sample's survivor turned the test for a zone of no list round (L813 at the rule, a TypeError)."""
    from engine.game.arrange import arrange

    path = tmp_path / "firsts.yaml"
    path.write_text("extends: base\nid: firsts\nname: Firsts\neffects:\n  +firsts:\n    effect: 'when planted {"
                    " if item(cards(fields), 0) == none and count(cards(fields)) == 0 { add_counter(owner, \"read\", 1) } }'\n",
                    encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=2)
    arrange(game, {"phase": "plant", "hands": {0: ["blue", "soy"]}, "fields": {0: [["chili"], []]}})
    game.apply(Action("plant", 0, field=1))
    assert game.state.fields[0][1] != [] and game.fx is not None
    assert game.fx.counters == {(0, "read"): 1}


def test_a_short_deck_shuffled_with_the_discards_names_its_option_as_the_rule(tmp_path: Path) -> None:
    """The house rule `short_deck: shuffle_with_discards` reshuffles before a draw the deck
    cannot serve: the `reshuffled` event names that option's line as its rule (a fresh
    sample's survivor, 2026-12-04, asked the origin of no such entry)."""
    from engine.game.actions import Action as _Action
    from engine.game.arrange import arrange
    from engine.game.core import Game as _Game
    from engine.scenario.model import load_scenarios

    f = tmp_path / "s.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 4\nscenarios:\n  - name: x\n    rules:\n"
                 "      options: {short_deck: {value: shuffle_with_discards}}\n    setup:\n"
                 "      hands: {0: [chili]}\n      draw_pile: [soy]\n      discard: [red, red, red]\n"
                 "      rest_to: out_of_game\n    steps: [{expect: {phase: plant}}]\n", encoding="utf-8")
    [sc] = load_scenarios(f)
    rules = load_ruleset("base", patches=[sc.rules])
    game = _Game(rules, 4, sc.seed)
    arrange(game, sc.setup)
    game.apply(_Action("plant", 0, 0))
    [event] = [e for e in game.events if e["type"] == "reshuffled"]
    where = rules.origin("options", "short_deck")
    assert where is not None and event["rule"] == f"{where.file}:{where.line}" == "rulesets/base.yaml:" + str(where.line)
