"""The declared-action listing remembers each action's answer by its inputs
(``engine.lang.reads`` finds them, ``engine.game.declared`` keys and reuses the answer):
the inputs must be found only where every one of them is followed, and a remembered
answer must always be the answer a fresh evaluation gives."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from engine.game.actions import ACT
from engine.game.core import Game
from engine.game.declared import ListingMemo
from engine.game.lookahead import copy_game
from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.lang.listing import listings_agree
from tests.soak import games

MARKET = Path(__file__).resolve().parents[2] / "rulesets" / "examples" / "bean_market.yaml"
ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player", "ship": "player"})


@pytest.mark.parametrize(("header", "reads"), [
    ('sell on own_turn if counter(owner, "ships") > 0', (("counter", "ships", False),)),
    # how many cards a zone holds, not which (``zone_size``: tests/game/test_finer_reads.py)
    ("sell on any_time if count(cards(ship)) > 0 and owner == active",
     (("own_turn",), ("zone_size", "ship", "owner"))),
    ("sell on any_time if count(cards(discard)) > 2 and active == opponent",
     (("active",), ("zone_size", "discard", "shared"))),
    ("sell on any_time if coins_for(owner, item(cards(ship), 0).bean, count(cards(ship))) >= 1",
     (("beanometer",), ("zone", "ship", "owner"))),
    ('raid(p in (if phase() == "trade" then others(owner) else [])) on own_turn if counter(p, "x") == 0 '
     "and count(cards(zone(ship, p))) > 0",
     (("counter", "x", True), ("phase_in", ("trade",)), ("zone_size", "ship", "all"))),
    ('sell on own_turn if step() == "trade" cost 2', (("coins", False), ("step_in", ("trade",)))),
    # the phase read as it is somewhere: its tests add nothing
    ('sell on own_turn if phase() in ["b", "a"] and count(cards(zone(ship, owner))) > 1',
     (("phase_in", ("a", "b")), ("zone_size", "ship", "owner"))),
    ('sell on own_turn if phase() != "a" and count(cards(zone(ship, opponent))) > 0 and "a" == step()',
     (("phase_in", ("a",)), ("step_in", ("a",)), ("zone_size", "ship", "all"))),
    ('sell on own_turn if phase() == "a" or counter(owner, phase()) > 0', None),
    ('sell(x in [phase()]) on own_turn if phase() == "a" and x == "b"', (("phase",),)),
    ("sell(f in fields(owner)) on own_turn if f.size > 1 and may_harvest(owner, f)",
     (("fields", False), ("may_harvest",))),
    ("sell on own_turn if blue in growing(owner)", (("fields", False),)),
    ("sell on own_turn if option(\"x\") == \"y\" and count(others(owner)) > 1", ()),
    # a list filter of a zone by kind reads that zone's cards of the kind, a field's size
    # the fields' sizes (High Bohn Plus's orders in hand: tests/game/test_finer_reads.py)
    ('sell(o in [c in cards(hand) if c.kind == "order"] + cards(ship)) on own_turn if item(fields(owner), 0).size == 2',
     (("field_sizes", False), ("zone", "ship", "owner"), ("zone_kind", "hand", "owner", "==", "order"))),
    ("sell on own_turn if count([c.bean for c in cards(ship) if c.bean == blue]) > 0", (("zone", "ship", "owner"),)),
    # an input not followed: no reads, evaluated every time
    ("sell on own_turn if count(owner.hand) > 0", None),
    ('sell on own_turn if count([p in others(owner) if counter(p, "x") > 0]) > 0', None),
    ("sell on own_turn if count([owner in cards(ship) if owner.bean == blue]) > 0", None),
    ('sell(p in [owner]) on own_turn if counter(item(others(p), 0), "x") > 0', None),
    ("sell(f in fields(owner)) on own_turn if may_harvest(opponent, f)", None),
    ("sell(f in fields(owner)) on own_turn if count(f.only) > 0", None),
    ("sell(c in cards(hand)) on own_turn if may_plant(owner, c, item(fields(owner), 0))", None),
])
def test_the_inputs_are_found_only_where_each_is_followed(header: str, reads: tuple[Any, ...] | None) -> None:
    compiled = compile_effect(f"action {header} {{ gain(owner, 1) }}", env=ENV)
    assert [a.reads for a in compiled.actions] == [reads]


@pytest.mark.parametrize(("header", "values"), [
    # a list of fields reads how many fields there are; which beans grow, not the cards
    ('sell(f in (if counter(owner, "x") == 0 and blue in growing(owner) then fields(owner) else [])) on own_turn '
     "if f.size > 0", (("counter", "x", False), ("field_count", False), ("growing", False))),
    ("sell(f in fields(opponent)) on own_turn if f.size > 0", (("field_count", True),)),
    # a field's attribute read in the list itself: every seat's fields (its cards; their
    # count with them)
    ("sell(f in [g in fields(owner) if g.size > 1]) on own_turn if f.size > 0", (("fields", True),)),
    ("sell(c in cards(ship)) on own_turn if count(cards(hand)) > 0", (("zone", "ship", "owner"),)),
    ("sell(f in (if may_harvest(owner, item(fields(owner), 0)) then [1] else [])) on own_turn if f > 0",
     (("fields", False), ("may_harvest",))),
    # no parameter, or a list input not followed: nothing
    ("sell on own_turn if count(cards(ship)) > 0", None),
    ('sell(c in (if counter(item(others(owner), 0), "x") > 0 then [1] else [])) on own_turn if c > 0', None),
])
def test_the_inputs_of_the_values_alone_are_read_finer(header: str, values: tuple[Any, ...] | None) -> None:
    """``ActionReads.values``: the inputs of an action's list of values alone, which a
    listing asks when the action's full inputs changed (an empty list lists nothing)."""
    compiled = compile_effect(f"action {header} {{ gain(owner, 1) }}", env=ENV)
    reads = compiled.actions[0].reads
    assert getattr(reads, "values", None) == values and (reads is not None or values is None)


def test_a_card_bound_action_is_remembered_for_its_holder() -> None:
    """A card's action is bound to its card (``this``): the listing asks its holder
    every time, and remembers its test by its inputs when they are known (High Bohn's
    stores read no ``this``), keyed by the seat holding the card, whose the reads are."""
    game = Game(load_ruleset("high_bohn"), 3, 1)
    fx = game.fx
    assert fx is not None and fx._action_cards
    assert all(fx.actions[i][0].reads is not None for i in fx._action_cards)
    plan, listing, _ = fx.listing_memo._plan(fx, 0, fx.step(), game.state.active == 0)
    cards = [reader for _, _, card, _, reader in plan if card]
    assert listing is None and len(cards) == len(fx._action_cards) and all(r is not None for r in cards)


#: Actions after which every listing is compared: the first 150 in the quick pass (a La Isla
#: game has about a thousand), all of them in the soak.
COMPARED = games(quick=150, soak=10**9)

CASES = [("la_isla_bohnita", None, 4, 3), ("la_isla_bohnita", None, 3, 5), ("la_isla_bohnita_duel", None, 2, 1),
         ("high_bohn", None, 3, 2), ("bohn_camillo", None, 2, 2), ("high_bohn_plus", None, 4, 1)]


@pytest.mark.parametrize(("ruleset", "variant", "players", "seed"), CASES)
def test_a_remembered_answer_is_the_fresh_answer(ruleset: str, variant: str | None, players: int, seed: int) -> None:
    """Along a played game, after every action, every seat's declared actions are the
    same with the memo as with every action evaluated afresh (its ``reads`` removed), and
    the memo answered many tests of La Isla Bohnitâ."""
    rules = load_ruleset(ruleset, variant)
    checked = 0

    def compare(game: Any, action: Any) -> None:
        nonlocal checked
        if checked >= COMPARED:
            return
        listings_agree(game.fx, game.players, lambda a: dataclasses.replace(a, reads=None))
        checked += 1

    bots = (["greedy", "random"] * 3)[:players]
    game = play_game(rules, players, seed, make_agents(bots, players, seed), after_action=compare).game
    assert game.over and checked > 100
    if ruleset.startswith("la_isla"):
        assert len(game.fx.listing_memo.entries) > 50


def test_a_missing_input_is_caught() -> None:
    """The comparison above finds a wrong key: with the harbours, ships and counters left
    out of the sailing actions' inputs (the phase kept), an answer goes stale and the
    listings differ."""
    def mutate(game: Any) -> None:
        fx = game.fx
        fx.actions = [(dataclasses.replace(a, reads=(("phase",),)) if a.name.startswith("sail") else a, owner)
                      for a, owner in fx.actions]
        fx._by_seat = None

    assert _comparison_fails(mutate)


def test_a_missing_input_of_the_values_is_caught() -> None:
    """The comparison finds a wrong key of the values alone too: with the ships' cards
    left out of the inputs of the harvests' lists of values, a remembered empty list goes
    stale and the listings differ."""
    from engine.lang.reads import ActionReads

    def mutate(game: Any) -> None:
        fx = game.fx
        fx.actions = [(dataclasses.replace(a, reads=ActionReads(a.reads, tuple(r for r in a.reads.values if r[0] != "zone")))
                       if a.name.startswith("harvest_into") else a, owner) for a, owner in fx.actions]
        fx._by_seat = None

    assert _comparison_fails(mutate)


def test_a_look_ahead_copy_shares_the_answers_not_the_plans() -> None:
    game = Game(load_ruleset("la_isla_bohnita"), 4, 3)
    memo: ListingMemo = game.fx.listing_memo
    for seat in range(game.players):
        game.fx.legal_actions(seat)
    assert memo.plans
    twin = copy_game(game)
    copied: ListingMemo = twin.fx.listing_memo
    assert copied is not memo and copied.entries is memo.entries and copied.values is memo.values
    assert copied.plans == {}
    assert [(i, v) for i, _, v in twin.fx.legal_actions(game.state.active)] == \
        [(i, v) for i, _, v in game.fx.legal_actions(game.state.active)]


def test_a_listing_context_is_kept_per_seat_and_made_again_when_left_dirty() -> None:
    """A listing evaluates in the context its seat's last listing used (``_context``),
    given the decision's budget, the seat to move and the rule; a context left with a
    variable besides owner, active and opponent (an evaluation that failed midway) is made
    again, and a look-ahead copy makes its own (its world is another)."""
    from engine.game.declared import _context

    game = Game(load_ruleset("high_bohn_plus"), 4, 1)
    fx, memo = game.fx, game.fx.listing_memo
    action = fx.actions[0][0]
    first = _context(fx, 2, action, [], memo)
    assert first.vars == {"owner": 2, "active": game.state.active, "opponent": 3} and first.budget is fx.budget()
    game.state.active = 1
    again = _context(fx, 2, action, [], memo)
    assert again is first and again.vars["active"] == 1 and again.rule == action.rule
    again.vars["o"] = 7  # a parameter left bound
    fresh = _context(fx, 2, action, [], memo)
    assert fresh is not first and fresh.vars == {"owner": 2, "active": 1, "opponent": 3}
    assert _context(fx, 0, action, [], memo) is not fresh  # one per seat
    twin = copy_game(game)
    assert twin.fx.listing_memo.contexts == {} and _context(twin.fx, 2, action, [], twin.fx.listing_memo).world is twin.fx


def _comparison_fails(mutate: Callable[[Any], None]) -> bool:
    """Whether the memo-against-fresh comparison finds a difference in a La Isla game
    whose declared actions ``mutate`` changes at the start."""
    failed: list[str] = []

    def compare(game: Any, action: Any) -> None:
        if not failed:
            try:
                listings_agree(game.fx, game.players, lambda a: dataclasses.replace(a, reads=None))
            except AssertionError as e:
                failed.append(str(e))

    play_game(load_ruleset("la_isla_bohnita"), 4, 3, make_agents(["greedy"], 4, 3), on_start=mutate, after_action=compare)
    return bool(failed)


def test_a_seat_holding_no_card_with_actions_lists_none_at_once() -> None:
    """A plan made only of cards' actions (High Bohn's stores) lists nothing for a seat
    holding none of those cards, found with one look at the zones the cards may be in
    (``ListingMemo.legal``): along played games, after every action, every seat's listing
    is the one the plan's loop gives (the plan's flag cleared), and both ways were taken;
    the cards' actions remembered by their inputs list what they list evaluated afresh."""
    rules = load_ruleset("high_bohn")
    seen = {"none held": 0, "held": 0, "listed": 0}

    def compare(game: Any, action: Any) -> None:
        fx = game.fx
        memo = fx.listing_memo
        for seat in range(game.players):
            quick = fx.legal_actions(seat)
            key = (seat, fx.step(), seat == game.state.active)
            stood = memo.plans[key]
            assert stood[5] and stood[2] is None  # every declared action is a card's
            memo.plans[key] = stood[:5] + (False,)
            try:
                slow = fx.legal_actions(seat)
            finally:
                memo.plans[key] = stood
            assert quick == slow, (game.seed, game.actions_taken, seat)
            held = fx._holds(seat, fx._action_cards_holding())
            seen["held" if held else "none held"] += 1
            seen["listed"] += bool(quick)
        # and as every card's action evaluated afresh (its remembered answers unread)
        listings_agree(fx, game.players, lambda a: dataclasses.replace(a, reads=None))

    for seed in range(3):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare)
    assert seen["none held"] > 1000 and seen["held"] > 50 and seen["listed"] > 10, seen


def _market_with_stamp(tmp: Path, condition: str) -> tuple[Game, int]:
    """A 3-player game of the Bean Market example (it has action cards, so the listing is
    read by ``legal``'s loop) with one more declared action, `stamp`, under ``condition``
    (its header after the name): the game and the action's index."""
    house = yaml.safe_load(MARKET.read_text(encoding="utf-8"))
    house["effects"]["+stamp"] = {"effect": f'action stamp{condition} {{ set_counter(owner, "stamped", 1) }}'}
    path = tmp / "house.yaml"
    path.write_text(yaml.safe_dump(house), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1)
    fx = game.fx
    assert fx is not None and fx._action_cards
    return game, next(i for i, (a, _) in enumerate(fx.actions) if a.name == "stamp")


def test_a_card_held_action_beside_one_reading_the_phase_keys_it_by_the_phase(tmp_path: Path) -> None:
    """With an action card in the ruleset the listing is read by ``legal``'s loop, whose
    key functions are made by ``make_reader``: an action whose list of values is the phase
    id itself (not only whether it is one of some names) is keyed by that id, listed in
    the phase it names and not in the next one (a 2026-12-01 mutant never bound the
    phase's id in the key function)."""
    game, stamp = _market_with_stamp(tmp_path, '(x in [phase()]) on own_turn if x == "plant"')
    assert game.fx is not None and game.fx.actions[stamp][0].reads == (("phase",),)

    def stamps() -> list[int]:
        return [a.card for a in game.legal_actions(game.state.active) if a.kind == ACT and a.card == stamp]

    assert game.phase.id == "plant" and stamps() == [stamp]
    while game.phase.id == "plant":
        seat = game.decider
        assert seat is not None
        game.apply(next(a for a in game.legal_actions(seat) if a.kind != ACT))
    assert game.phase.id != "plant" and stamps() == []


def test_a_missing_input_of_a_cards_action_is_caught() -> None:
    """The comparison above finds a card's action remembered without one of its inputs:
    with the stores' actions said not to read how many beans are set aside (``zone_size``),
    High Bohn's listings go wrong."""
    rules = load_ruleset("high_bohn")
    changed = []
    for kind in rules.kinds:
        for ctype in kind.cards:
            actions = ctype.effect.actions if ctype.effect is not None else []
            for i, action in enumerate(actions):
                if action.reads is not None and ("zone_size", "set_aside", "owner") in action.reads:
                    changed.append((actions, i, action))
                    actions[i] = dataclasses.replace(
                        action, reads=tuple(r for r in action.reads if r != ("zone_size", "set_aside", "owner")))
    assert changed
    failed = False
    try:
        def compare(game: Any, _action: Any) -> None:
            listings_agree(game.fx, game.players, lambda a: dataclasses.replace(a, reads=None))

        for seed in range(3):
            play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare)
    except AssertionError:
        failed = True
    finally:
        for actions, i, action in changed:
            actions[i] = action
    assert failed


def test_the_loop_gives_a_remembered_answer_without_asking_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Beside cards' actions the listing is read by ``legal``'s loop: listing the same
    position twice asks an action with known inputs once (the second time its remembered
    answer is given; a 2026-12-01 mutant compared the wrong item of the entry and asked
    every time)."""
    import engine.game.declared as declared

    game, stamp = _market_with_stamp(tmp_path, ' on own_turn if counter(owner, "stamped") == 0')
    fx = game.fx
    assert fx is not None
    asked: list[int] = []
    evaluate = declared.evaluate

    def counting(fx: Any, seat: int, out: list[Any], index: int, *args: Any, **kwargs: Any) -> None:
        asked.append(index)
        evaluate(fx, seat, out, index, *args, **kwargs)

    monkeypatch.setattr(declared, "evaluate", counting)
    seat = game.state.active
    first = fx.legal_actions(seat)
    assert [i for i, _, _ in first].count(stamp) == 1 and asked.count(stamp) == 1
    assert fx.legal_actions(seat) == first and asked.count(stamp) == 1


def test_a_card_held_action_reading_may_harvest_keys_it_by_whether_the_seat_may_harvest_now(tmp_path: Path) -> None:
    """At two players the base row lets a seat harvest on its own turn only, so whether a
    seat may harvest now is an input of an action asking ``may_harvest``. With the Bean
    Market's windfall playable at any time and held by seat 1, seat 1's listing beside it
    is read by ``legal``'s loop (key functions from ``make_reader``): seat 1's `stamp` on a
    field is listed exactly while it may harvest, its fields unchanged on the other seat's
    turn (a 2026-12-02 mutant keyed the loop's answers as if every seat could harvest at
    any time, and listed the stamp on seat 0's turn from seat 1's own)."""
    house = yaml.safe_load(MARKET.read_text(encoding="utf-8"))
    windfall = next(c for c in house["+cards"][0]["cards"] if c["id"] == "windfall")
    windfall["effect"] = windfall["effect"].replace("play_windfall on own_turn", "play_windfall on any_time")
    house["effects"]["+stamp"] = {"effect": 'action stamp(f in fields(owner)) on any_time '
                                            'if f.size > 0 and may_harvest(owner, f) { set_counter(owner, "stamped", 1) }'}
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(house), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 2, 1)
    fx, st = game.fx, game.state
    assert fx is not None and not game._harvest_any_time
    card = next(c for zone in st.shared.values() for c in zone if game._names[c] == "windfall")
    next(zone for zone in st.shared.values() if card in zone).remove(card)
    st.hands[1].append(card)  # seat 1 holds it all game: only actions that are no card's are played
    stamp = {i for i, (a, _) in enumerate(fx.actions) if a.name == "stamp"}  # one per seat
    seen = {"may harvest": 0, "may not": 0, "loop": 0}
    while not game.over and game.actions_taken < 300:
        if any(game.state.fields[1]):
            allowed = game.harvest_allowed_now(1)
            listed = [i for i, _, _ in fx.legal_actions(1)]
            assert any(i in stamp for i in listed) == allowed, (game.actions_taken, allowed, listed)
            seen["may harvest" if allowed else "may not"] += 1
            plan = fx.listing_memo.plans[(1, fx.step(), game.state.active == 1)]
            seen["loop"] += plan[2] is None  # (indices, plan, listing, ...): no listing function
        seat = game.decider
        assert seat is not None
        game.apply(next(a for a in game.legal_actions(seat) if a.kind != ACT))
    assert seen["may harvest"] > 20 and seen["may not"] > 20 and seen["loop"] > 40, seen
