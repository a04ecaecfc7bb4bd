"""A seat's answers from pure rules are kept with what they read (``FreeListing.kept_answers``).

A rule that reads nothing of the game but the query's parameters, ``value``, its owner
and opponent (``CompiledModifier.pure``, found by ``engine.lang.reads.modifier_reads``)
answers a seat alike while the rules that hear the seat are the same: which fields the
seat may harvest is then kept with the seat's fields' cards, its field price and count
with the value asked. The flag must be found only where it is sound, and along played
games the kept answers must be what the rules say when asked afresh (``fx.modified``).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.game.actions import Action
from engine.game.core import Game
from engine.lang import CheckEnv, compile_effect
from engine.lang.world import FieldRef
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.soak import games

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player", "store": "player"})

#: Actions after which every seat's answers are compared in one game, and the seeds.
COMPARED = games(quick=400, soak=10**9)
SEEDS = games(quick=2, soak=8)


@pytest.mark.parametrize(("rule", "pure"), [
    ("modify may_harvest if field.size == 1 = true", True),
    ("modify may_harvest if field.bean == red and field.size == 1 = true", True),
    ("modify max_fields = value + 1", True),
    ("modify field_price = 1", True),
    ("modify may_plant if bean == soy and field.bean.count >= 14 and distinct(beans(field.cards)) == 1 = true", True),
    ("modify plant_max if step == \"plant_from_hand\" = 3", True),
    ("modify field_price if owner == player = 1", True),
    ("modify field_price if coins(owner) > 3 = 1", False),
    ("modify field_price if active == owner = 1", False),
    ("modify field_price if counter(owner, \"items\") > 0 = 1", False),
    ("modify field_price if phase() == \"plant\" = 1", False),
    ("modify max_fields = value + count(cards(hand))", False),
    ("modify may_plant if count(field.only) == 0 = true", False),
    ("modify may_plant if count(field.only) == 0 and coins(owner) > 1 = true", False),
    ("modify may_harvest if count(fields(player)) > 2 = true", False),
    ("modify may_harvest if ask(owner, \"harvest?\") = true", False),
    ("modify storage_capacity if count(cards(zone)) > 1 = 0", False),
    ("modify storage_capacity if zone == zone(store) = 1", False),
])
def test_pure_only_where_nothing_of_the_game_is_read(rule: str, pure: bool) -> None:
    compiled = compile_effect(rule, env=ENV)
    assert [m.pure for m in compiled.modifiers] == [pure]


@pytest.mark.parametrize(("rule", "limits"), [
    ("modify may_plant if count(field.only) == 0 = true", True),
    ("modify may_plant if field.size > 0 and bean not in field.beans and count(field.only) == 0 = true", True),
    ("modify may_plant if field.size == 1 = true", True),
    ("modify may_plant if count(field.only) == 0 and coins(owner) > 1 = true", False),
    ("modify may_plant if count(field.only) == 0 and active == owner = true", False),
])
def test_pure_but_for_a_fields_limit(rule: str, limits: bool) -> None:
    """``pure_limits``: pure, or reading besides only a field parameter's limit."""
    compiled = compile_effect(rule, env=ENV)
    assert [m.pure_limits for m in compiled.modifiers] == [limits]


def fresh_harvestable(game: Game, seat: int) -> list[int]:
    """``harvestable`` read afresh: the protection, then every rule asked field by field."""
    fx = game.fx
    assert fx is not None
    sizes = [len(f) for f in game.state.fields[seat]]
    protection = game._fixed.protection
    singles = (all(n == 1 for n in sizes) if protection == "exactly_one" else True if protection == "none"
               else max(sizes, default=0) <= 1)
    allowed = [i for i, n in enumerate(sizes) if n >= 2 or (n == 1 and singles)]
    return [i for i, n in enumerate(sizes)
            if n and fx.modified("may_harvest", i in allowed, player=seat, field=FieldRef(seat, i))]


class Compare:
    """An ``after_action`` hook: each seat's kept answers against fresh ones."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.checked = 0
        self.kept = {"may_harvest": 0, "field_price": 0, "max_fields": 0, "may_plant": 0}

    def __call__(self, game: Game, _action: Action) -> None:
        fx = game.fx
        if self.checked >= self.limit or game.over or fx is None:
            return
        self.checked += 1
        row = game.row
        for seat in range(game.players):
            for query, value in (("field_price", row.field_price), ("max_fields", row.max_fields)):
                if fx.applies(query, seat):
                    known = game.hearing(seat, query) is not None and query in game.kept_answers(seat)
                    self.kept[query] += known
                    assert game._asked(seat, query, value) == fx.modified(query, value, player=seat), \
                        (game.seed, game.actions_taken, seat, query)
            if fx.applies("may_plant", seat):  # every card a seat may plant, against each field asked afresh
                kept = game.kept_answers(seat).get("may_plant by field") if game.hearing(seat, "may_plant") is not None else None
                self.kept["may_plant"] += bool(kept)
                cards = list(game.state.hands[seat]) + list(game.state.per_player["set_aside"][seat])
                for card in cards:
                    fresh = [i for i in range(len(game.state.fields[seat])) if game.fits_field(seat, card, i)]
                    assert game.fitting_fields(seat, card) == fresh, (game.seed, game.actions_taken, seat, card)
            if fx.applies("may_harvest", seat):
                known = game.hearing(seat, "may_harvest") is not None and "may_harvest" in game.kept_answers(seat)
                self.kept["may_harvest"] += known
                assert game.harvestable(seat, True) == fresh_harvestable(game, seat), \
                    (game.seed, game.actions_taken, seat, game.state.fields[seat])


@pytest.mark.parametrize(("ruleset", "variant"), [("high_bohn", None), ("high_bohn", "cognac")])
def test_kept_answers_are_the_fresh_ones(ruleset: str, variant: str | None) -> None:
    """Along High Bohn games (whose buildings' rules of these queries are pure), after
    every action, every seat's kept answers are what the rules say afresh; and answers
    were kept (given again) for the queries of the buildings bought."""
    rules = load_ruleset(ruleset, variant)
    compare = Compare(COMPARED)
    for seed in range(SEEDS):
        compare.limit = COMPARED * (seed + 1)
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), trading=True, record=False, after_action=compare)
    assert compare.checked >= min(COMPARED, 300)
    assert sum(n > 10 for n in compare.kept.values()) >= 2, compare.kept  # (which buildings are bought varies)


def _owned(game: Game, rule: str, seat: int) -> Any:
    fx = game.fx
    assert fx is not None
    env = CheckEnv.of(game.state.bean_ids, {z.id: z.owner for z in game.rules.zones})
    fx.own(compile_effect(rule, env=env), seat)
    return fx


def test_an_impure_rule_is_asked_every_time() -> None:
    """A rule reading the game (the owner's coins) is never kept: its answer follows the
    coins from one question to the next."""
    game = Game(load_ruleset("high_bohn"), 4, 1, record=False)
    fx = _owned(game, "modify field_price if coins(owner) >= 2 = 0", 0)
    price = game.row.field_price
    assert game._asked(0, "field_price", price) == price
    assert "field_price" not in game.kept_answers(0)
    game.state.coins[0].extend(game.state.deck[-2:])
    del game.state.deck[-2:]
    assert game._asked(0, "field_price", price) == 0 == fx.modified("field_price", price, player=0)


def test_a_pure_rule_follows_the_fields() -> None:
    """A pure `may_harvest` rule's answer is kept with the seat's fields' cards: a card
    planted or taken (the fields changed in place) is read again, and a field of the same
    size with another bean is told apart."""
    game = Game(load_ruleset("high_bohn"), 4, 1, record=False)
    _owned(game, "modify may_harvest if field.bean == red and field.size == 1 = true", 0)
    st = game.state
    fields = st.fields[0]
    for f in fields:
        f.clear()
    deck = st.deck
    names = game._names
    red = [c for c in deck if names[c] == "red"]
    blue = [c for c in deck if names[c] == "blue"]
    fields[0].append(red[0])
    fields[1] += blue[:2]
    assert game.harvestable(0) == [0, 1] == fresh_harvestable(game, 0)
    assert "may_harvest" in game.kept_answers(0)
    assert game.harvestable(0) == [0, 1]
    fields[0][0] = blue[2]  # the same size, another bean: protected
    assert game.harvestable(0) == [1] == fresh_harvestable(game, 0)
    fields[0][0] = red[0]
    fields[1].pop()  # every field holds one bean: both may be harvested
    assert game.harvestable(0) == [0, 1] == fresh_harvestable(game, 0)
    fields[1].clear()
    assert game.harvestable(0) == [0] == fresh_harvestable(game, 0)
