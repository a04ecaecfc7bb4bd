"""A declared action whose values are ``if TEST and … then LIST else []``, or whose
condition starts with TEST, where TEST is ``counter(owner, "x") OP n``,
``count(cards(ZONE)) OP n`` or a ``phase()`` test, is skipped by the listing while TEST
fails, before its context is built (``CompiledAction.guard``): the guard must be found
only where it is sound, and must never change what is listed."""

from __future__ import annotations

import dataclasses

import pytest

from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.lang.listing import listings_agree
from tests.soak import games

#: Actions after which every listing is compared: the first 250 in the quick pass (a La Isla
#: game has about a thousand), all of them in the soak.
COMPARED = games(quick=250, soak=10**9)

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"})


@pytest.mark.parametrize(("header", "guard"), [
    ('sell on own_turn if counter(owner, "ships") > 0', ("counter", "ships", ">", 0)),
    ('sell on own_turn if counter(owner, "ships") == 0 and coins(owner) > 1', ("counter", "ships", "==", 0)),
    ("sell on own_turn if count(cards(hand)) >= 2 and coins(owner) > 1", ("count", "hand", False, ">=", 2)),
    ("sell on own_turn if count(cards(discard)) != 0", ("count", "discard", True, "!=", 0)),
    ('sell on own_turn if phase() == "trade"', ("phase", frozenset({"trade"}))),
    ('sell on own_turn if phase() in ["trade", "ship"] and coins(owner) > 0', ("phase", frozenset({"trade", "ship"}))),
    ('sell(c in (if counter(owner, "ships") > 0 and coins(owner) > 1 then cards(hand) else [])) on own_turn',
     ("counter", "ships", ">", 0)),
    ('sell(c in (if phase() == "plant" then cards(hand) else [])) on own_turn if c.bean == blue', ("phase", frozenset({"plant"}))),
    # not sound, or not simple: no guard
    ('sell on own_turn if coins(owner) > 1 and counter(owner, "ships") > 0', None),
    ('sell on own_turn if counter(owner, "ships") > 0 or coins(owner) > 1', None),
    ('sell on own_turn if counter(opponent, "ships") > 0', None),
    ('sell on own_turn if counter(owner, "ships") > coins(owner)', None),
    ('sell on own_turn if not counter(owner, "ships") > 0', None),
    ('sell on own_turn if phase() != "trade"', None),
    ('sell on own_turn if phase() not in ["trade"]', None),
    ("sell(p in others(owner)) on own_turn if count(cards(zone(hand, p))) > 0", None),
    ('sell(c in (if coins(owner) > 1 then cards(hand) else [])) on own_turn if counter(owner, "x") > 0', None),
    ('sell(c in cards(hand)) on own_turn if counter(owner, "x") > 0', ("counter", "x", ">", 0)),
])
def test_the_guard_is_a_simple_leading_test_only(header: str, guard: tuple | None) -> None:  # type: ignore[type-arg]
    compiled = compile_effect(f"action {header} {{ gain(owner, 1) }}", env=ENV)
    assert [a.guard for a in compiled.actions] == [guard]


CARD_ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"},
                       names={"this": "card"})


@pytest.mark.parametrize(("header", "guard"), [
    ("use on own_turn if this in cards(hand) and coins(owner) > 1", ("this_in", "hand", False)),
    ('use on own_turn if step() == "act" and this in cards(hand)', ("this_in", "hand", False)),
    ('use on own_turn if step() == "act" and this in cards(hand) and coins(owner) > 1', ("this_in", "hand", False)),
    ('use on own_turn if step() == "act" and (this in cards(discard) and coins(owner) > 1)', ("this_in", "discard", True)),
    # not the first test asked, or not a card in a zone: the other guards, or none
    ("use on own_turn if coins(owner) > 1 and this in cards(hand)", None),
    ('use on own_turn if phase() == "act" and this in cards(hand)', ("phase", frozenset({"act"}))),
    ("use on own_turn if this not in cards(hand)", None),
    ("use(c in cards(hand)) on own_turn if this in cards(hand)", None),
    ("use on own_turn if this in cards(hand) cost 1", None),
])
def test_a_card_in_a_zone_is_a_guard_of_a_plain_action(header: str, guard: tuple | None) -> None:  # type: ignore[type-arg]
    """``this in cards(ZONE)`` first (after a ``step()`` test, which only the step's
    listing asks) guards an action without cost or values: a card's action binds it to
    the card (``card_in``), and the listing passes over a card kept in another zone."""
    compiled = compile_effect(f"action {header} {{ gain(owner, 1) }}", env=CARD_ENV)
    assert [a.guard for a in compiled.actions] == [guard]


def test_a_card_in_a_zone_guard_never_changes_the_listing() -> None:
    """Along a Bohn Camillo game (action cards held face down or used), every decision's
    declared actions are the same with the cards' guards as with them removed, and the
    guards pass over used cards."""
    rules = load_ruleset("bohn_camillo")
    checked = skipped = 0

    def compare(game, action) -> None:  # type: ignore[no-untyped-def]
        nonlocal checked, skipped
        if checked >= COMPARED:
            return
        fx = game.fx
        guards = [a.guard for a, _ in fx.actions if a.guard is not None]
        assert guards and all(g[0] == "card_in" for g in guards)
        skipped += sum(not fx._guard_holds(a.guard, s) for a, owner in fx.actions for s in range(game.players)
                       if a.guard is not None and fx.holder_index.seat(a.guard[3]) == s)
        listings_agree(fx, game.players, lambda a: dataclasses.replace(a, guard=None))
        checked += 1

    for seed in range(2):
        play_game(rules, 2, seed, make_agents(["greedy", "random"], 2, seed), after_action=compare)
    assert checked > 100 and skipped > 20, (checked, skipped)


@pytest.mark.parametrize(("ruleset", "players", "seed"), [("la_isla_bohnita", 4, 3), ("la_isla_bohnita_duel", 2, 1)])
def test_the_guard_never_changes_the_listing(ruleset: str, players: int, seed: int) -> None:
    """Along a played game, every decision's declared actions are the same with the guards
    as with them removed (each rule's values and condition asked again in full)."""
    rules = load_ruleset(ruleset)
    checked = skipped = 0

    def compare(game, action) -> None:  # type: ignore[no-untyped-def]
        nonlocal checked, skipped
        if checked >= COMPARED:
            return
        fx = game.fx
        skipped += sum(a.guard is not None and not fx._guard_holds(a.guard, s)
                       for a, _ in fx.actions for s in range(game.players))
        listings_agree(fx, game.players, lambda a: dataclasses.replace(a, guard=None))
        checked += 1

    game = play_game(rules, players, seed, make_agents((["greedy", "random"] * 2)[:players], players, seed), after_action=compare).game
    assert game.over and checked > 100 and skipped > 100
