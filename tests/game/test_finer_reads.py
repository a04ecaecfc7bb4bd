"""The finer inputs of a declared action (``engine.lang.reads``): the fields' sizes
(``item(fields(P), i).size``), their count (``count(fields(P))``) and a zone's cards of a
kind (``[c in cards(ZONE) if c.kind == "KIND"]``) key a remembered answer
(``engine.game.declared``) instead of the fields' cards or the whole zone, so a bean
planted or drawn changes no key that reads none of them. Each key must still give the
answer a fresh evaluation gives."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from engine.game.core import Game
from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.game.test_declared_memo import _market_with_stamp
from tests.lang.listing import listings_agree

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player", "ship": "player"})


@pytest.mark.parametrize(("header", "reads"), [
    ("sell on own_turn if count(fields(owner)) > 2", (("field_count", False),)),
    ("sell on own_turn if item(fields(opponent), 1).size == 2", (("field_sizes", True),)),
    # the field's number is an input of its own; the field read only for its size
    ('sell on own_turn if item(fields(owner), counter(owner, "n")).size == 2',
     (("counter", "n", False), ("field_sizes", False))),
    # sizes beside the fields' cards, or the count beside the sizes: the finer read adds nothing
    ("sell on own_turn if item(fields(owner), 0).size == 2 and count(item(fields(owner), 0).cards) > 0",
     (("fields", False),)),
    ("sell on own_turn if item(fields(owner), 0).size == 2 and count(fields(owner)) > 2", (("field_sizes", False),)),
    # another attribute of the field reads its cards
    ("sell on own_turn if item(fields(owner), 0).bean == blue", (("fields", False),)),
    ('sell on own_turn if count([c in cards(hand) if c.kind == "order"]) > 0',
     (("zone_kind", "hand", "owner", "==", "order"),)),
    ('sell on own_turn if count([c in cards(discard) if "bean" != c.kind]) > 0',
     (("zone_kind", "discard", "shared", "!=", "bean"),)),
    # the zone read whole elsewhere: the filter adds nothing
    ('sell on own_turn if count([c in cards(hand) if c.kind == "order"]) > 0 and item(cards(hand), 0).bean == blue',
     (("zone", "hand", "owner"),)),
    # its cards of a kind beside how many cards it holds: both, finer than its cards
    ('sell on own_turn if count([c in cards(hand) if c.kind == "order"]) < count(cards(hand))',
     (("zone_kind", "hand", "owner", "==", "order"), ("zone_size", "hand", "owner"))),
    # a map, or a filter by anything else than the kind, reads the zone
    ('sell on own_turn if count([c.bean for c in cards(hand) if c.kind == "order"]) > 0', (("zone", "hand", "owner"),)),
    ("sell on own_turn if count([c in cards(hand) if c.bean == blue]) > 0", (("zone", "hand", "owner"),)),
    # a text compared with another attribute than the kind (the card's id) is no kind filter
    ('sell on own_turn if count([c in cards(hand) if c.id == "order"]) > 0', (("zone", "hand", "owner"),)),
    # how many cards a zone holds (and lists made of zones' cards): only the zones' sizes
    ("sell on own_turn if count(cards(hand)) > 2", (("zone_size", "hand", "owner"),)),
    ("sell on own_turn if count(cards(discard)) < 5", (("zone_size", "discard", "shared"),)),
    ("sell on own_turn if count(cards(zone(hand, opponent))) > 0", (("zone_size", "hand", "all"),)),
    ('sell on own_turn if count((if phase() == "plant" then first(cards(hand), 1) else []) + cards(discard)) > 0',
     (("phase_in", ("plant",)), ("zone_size", "discard", "shared"), ("zone_size", "hand", "owner"))),
    ('sell on own_turn if count(first(cards(hand), counter(owner, "n"))) > 0',
     (("counter", "n", False), ("zone_size", "hand", "owner"))),
    # the zone read whole elsewhere: its size adds nothing
    ("sell on own_turn if count(cards(hand)) > 2 and item(cards(hand), 0).bean == blue", (("zone", "hand", "owner"),)),
    # a list not made of zones' cards alone (a filter, a map) is read whole
    ("sell on own_turn if count(cards(hand) + [c in cards(discard) if c.bean == blue]) > 0",
     (("zone", "discard", "shared"), ("zone", "hand", "owner"))),
    # numbers added are no list: the count of the sum's list is read as before
    ("sell on own_turn if count(cards(hand)) + count(cards(discard)) > 2",
     (("zone_size", "discard", "shared"), ("zone_size", "hand", "owner"))),
])
def test_the_finer_inputs_are_found(header: str, reads: tuple[Any, ...]) -> None:
    compiled = compile_effect(f"action {header} {{ gain(owner, 1) }}", env=ENV)
    assert [a.reads for a in compiled.actions] == [reads]


def test_high_bohn_plus_orders_are_keyed_by_the_field_sizes_and_the_orders_held() -> None:
    """The order action reads the first fields' sizes, the orders in the hand and the face-up
    ones: not the beans of the hand or the fields."""
    action = next(a for e in load_ruleset("high_bohn_plus").effects for a in e.compiled.actions if a.name == "fill_order")
    assert tuple(action.reads) == (("field_sizes", False), ("zone", "face_up_orders", "owner"),
                                   ("zone_kind", "hand", "owner", "==", "order"))
    assert action.reads.values == (("zone", "face_up_orders", "owner"), ("zone_kind", "hand", "owner", "==", "order"))


def test_a_remembered_order_is_the_fresh_answer() -> None:
    """Along High Bohn Plus games, after every action, every seat's declared actions are the
    same remembered as evaluated afresh, and orders were both listed and filled."""
    rules = load_ruleset("high_bohn_plus")
    listed = 0

    def compare(game: Any, action: Any) -> None:
        nonlocal listed
        listings_agree(game.fx, game.players, lambda a: dataclasses.replace(a, reads=None))
        listed += bool(game.fx.legal_actions(game.state.active))

    filled = 0
    for seed in (2, 3):  # (games in which orders are listed often: 13 listings, 10 filled)
        game = play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare).game
        filled += sum(game.fx.counters.get((s, "orders filled"), 0) for s in range(4))
    assert listed > 5 and filled > 2


def test_a_missing_finer_input_is_caught() -> None:
    """The comparison finds the order action remembered without the fields' sizes. (The
    orders held are checked at the key: ``test_a_hand_of_two_orders_keeps_their_order``;
    a listing gives value numbers, the same for another order in the same place.)"""
    dropped = "field_sizes"
    def mutate(game: Any) -> None:
        fx = game.fx
        fx.actions = [(dataclasses.replace(a, reads=type(a.reads)(tuple(r for r in a.reads if r[0] != dropped),
                                                                     a.reads.values))
                       if a.name == "fill_order" else a, owner) for a, owner in fx.actions]
        fx._by_seat = None

    failed: list[str] = []

    def compare(game: Any, _action: Any) -> None:
        if not failed:
            try:
                listings_agree(game.fx, game.players, lambda a: dataclasses.replace(a, reads=None))
            except AssertionError as e:
                failed.append(str(e))

    for seed in range(3):
        play_game(load_ruleset("high_bohn_plus"), 4, seed, make_agents(["greedy"], 4, seed), record=False,
                  on_start=mutate, after_action=compare)
    assert failed


@pytest.mark.parametrize("condition", [
    '(c in [x in cards(hand) if x.kind != "bean"]) on own_turn if count(fields(owner)) > 1',
    '(c in [x in cards(hand) if x.kind == "bean"]) on own_turn if item(fields(owner), 0).size == 0',
    '(c in [x in cards(action_offer) if x.kind == "action"]) on own_turn if item(fields(opponent), 1).size < 3',
])
def test_the_loop_keys_the_finer_inputs(tmp_path: Path, condition: str) -> None:
    """Beside cards' actions the listing is read by ``legal``'s loop (key functions made by
    ``make_reader``): an action keyed by a zone's cards of a kind or not of it, a shared
    zone's, or the fields' sizes or count, lists what it lists evaluated afresh along a game."""
    game, stamp = _market_with_stamp(tmp_path, condition)
    fx = game.fx
    assert fx is not None and any(r[0] == "zone_kind" for r in fx.actions[stamp][0].reads)
    rules = game.rules
    listed = 0

    def compare(game: Any, action: Any) -> None:
        nonlocal listed
        listings_agree(game.fx, game.players, lambda a: dataclasses.replace(a, reads=None))
        listed += any(i == stamp for i, _, _ in game.fx.legal_actions(game.state.active))

    play_game(rules, 3, 1, make_agents(["random"], 3, 1), record=False, after_action=compare)
    assert listed > 0


def test_a_hand_of_two_orders_keeps_their_order() -> None:
    """Two or more cards of the kind are told apart by their order in the zone (the key of
    one or none is the set of them): the values listed follow the hand."""
    game = Game(load_ruleset("high_bohn_plus"), 4, 1)
    fx = game.fx
    assert fx is not None
    seat = game.state.active
    hand = game.state.per_player["hand"][seat]
    orders = sorted(fx.listing_memo.of_kind(fx, "order"))
    beans = [c for c in hand if c not in orders]
    keys = []
    from engine.game.declared import make_reader
    action = next(a for a, _ in fx.actions if a.name == "fill_order")
    reader = make_reader(action.reads.values, fx)
    assert reader is not None
    for first, second in ((orders[0], orders[1]), (orders[1], orders[0])):
        hand[:] = beans + [first, second]
        keys.append(reader(fx, seat, fx.step()))
    hand[:] = beans + [orders[2]]
    one = reader(fx, seat, fx.step())
    hand[:] = [orders[2]] + beans[1:]  # a bean less, the order first: the same key
    assert keys[0] != keys[1] and reader(fx, seat, fx.step()) == one
    hand[:] = beans
    assert reader(fx, seat, fx.step()) not in (one, *keys)


@pytest.mark.parametrize(("condition", "reads"), [
    # an option that makes the test true (`or`) or false (`and`) alone: the turn counts only otherwise
    ('option("sales") == "any_time" or owner == active', (("own_turn_unless", "sales", "any_time", False),)),
    ('owner == active or "any_time" != option("sales")', (("own_turn_unless", "sales", "any_time", True),)),
    ('option("sales") == "own_turn" and owner == active', (("own_turn_unless", "sales", "own_turn", True),)),
    ('option("sales") != "own_turn" and owner != active', (("own_turn_unless", "sales", "own_turn", False),)),
    # the turn read as it is elsewhere: the option decides nothing
    ('(option("sales") == "any_time" or owner == active) and owner == active', (("own_turn",),)),
    # the other side reads more than the turn, or is no option: followed as before
    ('option("sales") == "any_time" or count(cards(ship)) > 0', (("zone_size", "ship", "owner"),)),
    ('count(cards(ship)) > 0 or owner == active', (("own_turn",), ("zone_size", "ship", "owner"))),
])
def test_a_turn_read_an_option_decides_is_found(condition: str, reads: tuple[Any, ...]) -> None:
    compiled = compile_effect(f"action sell on any_time if {condition} {{ gain(owner, 1) }}", env=ENV)
    assert [tuple(a.reads) for a in compiled.actions] == [reads]


@pytest.mark.parametrize(("value", "keyed"), [("any_time", False), ("own_turn", True)])
def test_the_turn_is_a_key_item_only_where_the_option_lets_it_count(value: str, keyed: bool) -> None:
    """The key of ``option("sales") == "any_time" or owner == active`` reads the turn only
    when the game's option is not ``any_time``; without the options the read is not known."""
    from engine.game.keys import _key_parts, options_read

    reads = (("own_turn_unless", "sales", "any_time", False),)
    made = _key_parts(reads, None, 4, repr, option={"sales": value}.__getitem__)
    assert made == ([], ["st.active == seat"] if keyed else [])
    assert _key_parts(reads, None, 4, repr) is None
    assert _key_parts(reads, None, 4, repr, option={}.__getitem__) is None  # an option the ruleset lacks
    assert options_read([reads, None], {"sales": value}.__getitem__) == (("sales", value),)


@pytest.mark.parametrize("value", ["any_time", "own_turn"])
def test_a_sale_remembered_across_turns_is_the_fresh_answer(value: str) -> None:
    """La Isla Bohnitâ's cargo sales (``option("cargo_sales") == "any_time" or owner ==
    active``) are listed as evaluated afresh after every action, with either choice of the
    option, in the same process (the listings made for one choice are not the other's)."""
    from engine.rules.yamlload import load_text

    patch = load_text(f"options: {{cargo_sales: {{value: {value}}}}}\n", "<test>")
    rules = load_ruleset("la_isla_bohnita", patches=[patch])
    sale = next(a for e in rules.effects for a in e.compiled.actions if a.name == "sell_ship_one")
    assert ("own_turn_unless", "cargo_sales", "any_time", False) in sale.reads

    sold_off_turn = 0

    def compare(game: Any, _action: Any) -> None:
        nonlocal sold_off_turn
        fx = game.fx
        listings_agree(fx, game.players, lambda a: dataclasses.replace(a, reads=None))
        sold_off_turn += sum(fx.actions[i][0].name == "sell_ship_one" for s in range(game.players)
                             if s != game.state.active for i, _, _ in fx.legal_actions(s))

    for seed in (1, 2):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare)
    assert (sold_off_turn > 0) == (value == "any_time")


def test_a_listing_made_for_one_choice_of_the_option_is_not_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """Generated listings are shared by games of the same actions; a key written for the
    option's value is shared only with games of the same value."""
    from engine.game.declared import make_listing
    from engine.rules.yamlload import load_text

    game = Game(load_ruleset("la_isla_bohnita"), 4, 1)
    fx = game.fx
    assert fx is not None
    actions = [a for a, _ in fx.actions]
    any_time = make_listing(actions, fx)
    assert make_listing(actions, fx) is any_time
    own_turn = load_ruleset("la_isla_bohnita", patches=[load_text("options: {cargo_sales: {value: own_turn}}\n", "<t>")])
    monkeypatch.setattr(game, "rules", own_turn)
    assert make_listing(actions, fx) is not any_time

