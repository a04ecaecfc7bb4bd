"""The remembered free actions are the fresh ones (``Game.free_listing``, ``Items.listing``).

The game loop gives a seat's free actions again while the position's ``version`` is the
same, and a seat's purchases again while its coins, its turn and what is for sale are
the same. Along played games of every shipped ruleset, after every action, each seat's
remembered listing is compared with the fresh one (``Game.free_actions``, itself compared
with the engine's general questions, ``plain_free_actions``; for purchases the plain
reading of every card for sale, ``Items._priced``), as
tests/game/test_declared_memo.py does for the declared actions. The quick pass compares
the first actions of a few games; the soak every action of more seeds (tests/soak.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.game.actions import ACCEPT, ACT, BUY_FIELD, BUY_ITEM, HARVEST, Action
from engine.game.core import Game
from engine.game.holders import HOLDER
from engine.game.lookahead import copy_game
from engine.game.steps import STEP_KINDS
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.soak import games

Trade = STEP_KINDS["trade"]

#: Actions after which every seat's listing is compared in one game (a La Isla game has
#: about a thousand), and the seeds of each case.
COMPARED = games(quick=150, soak=10**9)
SEEDS = games(quick=1, soak=6)

CASES = [("base", None, 4), ("high_bohn", None, 4), ("high_bohn", "cognac", 3), ("high_bohn_plus", None, 4),
         ("la_isla_bohnita", None, 4), ("bohn_camillo", None, 2)]


def plain_free_actions(game: Game, seat: int) -> tuple[Action, ...]:
    """The free actions as the engine's general questions answer them, without the
    shortcuts ``free_actions`` takes (the harvest protection spelt out, the field price
    before the field count, rules skipped when none modifies the query)."""
    out: list[Action] = []
    if game.harvest_allowed_now(seat):
        out += [Action(HARVEST, seat, i) for i in game.harvestable(seat)]
    if game.can_buy_field(seat):
        out.append(Action(BUY_FIELD, seat))
    fx = game.fx
    if fx is not None and fx.actions:
        out += [Action(ACT, seat, field=v, card=i, want=(a.rule,)) for i, a, v in fx.legal_actions(seat)]
    if game.items is not None:
        out += game.items.actions(seat)
    return tuple(out)


class Compare:
    """An ``after_action`` hook: every seat's remembered listings against fresh ones."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.checked = 0
        self.kept = 0  # listings the memo gave again (made at the same version)
        self.bought = 0  # purchase listings compared

    def __call__(self, game: Game, _action: Action) -> None:
        if self.checked >= self.limit or game.over:
            return
        self.checked += 1
        memo = game._free_memo
        for seat in range(game.players):
            last = memo[seat] if memo is not None else None
            if last is not None and last[0] == game.version:
                self.kept += 1
            fresh = tuple(game.free_actions(seat))
            chosen = game.free_in_answers  # (the greedy bot is listed nothing while it answers: list all here)
            game.free_in_answers = (True,) * game.players
            try:
                assert game.free_listing(seat) == fresh, (game.seed, game.actions_taken, seat)
            finally:
                game.free_in_answers = chosen
            assert fresh == plain_free_actions(game, seat), (game.seed, game.actions_taken, seat)
            items = game.items
            if items is not None:
                st = game.state
                plain = tuple(items._priced(seat, seat == st.active, st.coins[seat]))
                assert items.listing(seat) == plain, (game.seed, game.actions_taken, seat)
                self.bought += bool(plain)


@pytest.mark.parametrize(("ruleset", "variant", "players"), CASES)
def test_the_remembered_free_actions_are_the_fresh_ones(ruleset: str, variant: str | None, players: int) -> None:
    rules = load_ruleset(ruleset, variant)
    compare = Compare(COMPARED)
    for seed in range(SEEDS):
        bots = (["greedy", "random"] * 2)[:players] if seed % 2 else ["greedy"]
        compare.limit = COMPARED * (seed + 1)
        play_game(rules, players, seed, make_agents(bots, players, seed), trading=True, record=False,
                  after_action=compare)
    assert compare.checked >= min(COMPARED, 200)
    if ruleset not in ("bohn_camillo", "base", "high_bohn"):  # a game with rules of its own that trades keeps
        assert compare.kept > 50, compare.kept                  # listings across offers
    if ruleset in ("base", "high_bohn"):
        # without rules the game loop lists by the row's numbers, and without declared actions of
        # the rules' own each part of a listing is remembered by what it reads: no version kept
        assert compare.kept == 0
        assert Game(rules, players, 0)._free_memo is None
    if ruleset == "high_bohn":
        assert compare.bought > 20, compare.bought


def test_high_bohn_made_to_remember_gives_the_fresh_listings(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Bohn remembers no listing (``Game._keeps_listings``: no action of its rules'
    own); made to, its remembered listings are the fresh ones too, kept across offers."""
    monkeypatch.setattr(Game, "_keeps_listings", lambda self: True)
    compare = Compare(COMPARED)
    rules = load_ruleset("high_bohn")
    play_game(rules, 4, 0, make_agents(["greedy"], 4, 0), trading=True, record=False, after_action=compare)
    assert compare.kept > 50, compare.kept


def test_a_missing_bump_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above finds a stale listing: with an accepted trade said to keep
    the position (it moves cards), a High Bohn game's remembered listings go wrong."""
    monkeypatch.setattr(Trade, "keeps_position", frozenset(Trade.keeps_position | {ACCEPT}))
    monkeypatch.setattr(Game, "_keeps_listings", lambda self: True)  # (High Bohn keeps none of itself)
    rules = load_ruleset("high_bohn")
    failed: list[str] = []

    class Catch(Compare):
        def __call__(self, game: Game, action: Action) -> None:
            if not failed:
                try:
                    Compare.__call__(self, game, action)
                except AssertionError as e:
                    failed.append(str(e))

    for seed in range(4):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=Catch(10**9))
        if failed:
            break
    assert failed


def _trade_step(game: Game) -> Any:
    """The game's trading step, made for it."""
    spec = next(step for phase in game.phases for step in phase.steps if step.kind == "trade")
    return Trade(game, spec)


def test_a_trade_keeps_the_listings_only_while_no_listing_reads_what_it_moves() -> None:
    """``Trade.trades_unlisted``: La Isla's declared actions read no hand nor the cards
    traded, so an accepted trade keeps every seat's remembered free listing (the
    comparison above checks them after every action); a game with cards for sale (High
    Bohn) does not, nor La Isla once an action is said to read the hand, or its inputs are
    unknown, or a rule listens to trades."""
    import dataclasses

    game = Game(load_ruleset("la_isla_bohnita"), 4, 1)
    fx = game.fx
    assert fx is not None
    trade = _trade_step(game)
    assert trade.trades_unlisted(game)
    assert not _trade_step(Game(load_ruleset("high_bohn"), 4, 1)).trades_unlisted(Game(load_ruleset("high_bohn"), 4, 1))
    saved = fx.actions
    fx.actions = [(dataclasses.replace(a, reads=tuple(a.reads) + (("zone", "hand", "owner"),)), owner) for a, owner in saved]
    assert not trade.trades_unlisted(game)
    fx.actions = [(dataclasses.replace(a, reads=None), owner) for a, owner in saved]
    assert not trade.trades_unlisted(game)
    fx.actions = saved
    assert trade.trades_unlisted(game)
    fx.triggers = {**fx.triggers, "traded": []}
    trade._unlisted = None
    assert not trade.trades_unlisted(game)


def test_a_trade_keeps_a_listing_of_the_cards_of_a_kind_never_traded() -> None:
    """``Trade._kind_kept``: High Bohn Plus's action reads only the hand's cards of a kind
    that may not be traded (``trade: false``), so an accepted trade keeps the listings; not
    once the kind may be traded (a `may_trade_card` rule), nor for a read of the other
    cards of the hand, nor of a zone the revealed cards kept go to."""
    import dataclasses

    game = Game(load_ruleset("high_bohn_plus"), 4, 1)
    fx = game.fx
    assert fx is not None
    trade = _trade_step(game)
    read = next(r for a, _ in fx.actions for r in a.reads if r[0] == "zone_kind")
    assert read[1] == "hand" and read[3] == "=="
    assert trade.trades_unlisted(game)
    saved = fx.actions

    def reading(extra: tuple[object, ...]) -> bool:
        fx.actions = [(dataclasses.replace(a, reads=tuple(a.reads) + (extra,)), owner) for a, owner in saved]
        return bool(trade.trades_unlisted(game))
    assert not reading(("zone_kind", "hand", "owner", "!=", read[4]))
    assert not reading(("zone_kind", "hand", "owner", "==", "bean"))
    assert not reading(("zone_kind", trade.received_id, "owner", "==", read[4]))
    assert reading(("zone_kind", "hand", "all", "==", read[4]))
    fx.actions = saved
    fx.modifiers = {**fx.modifiers, "may_trade_card": []}
    trade._unlisted = None
    assert not trade.trades_unlisted(game)


def test_purchases_follow_the_coins_and_what_is_for_sale() -> None:
    """A seat's purchases change with its coins (compared by content) and with a card
    bought by anyone (``epoch``)."""
    game = Game(load_ruleset("high_bohn"), 4, 1)
    items = game.items
    assert items is not None
    st = game.state
    assert items.listing(0) == ()
    st.coins[0].extend(st.deck[-8:])  # eight coins, by hand: the listing reads them again
    del st.deck[-8:]
    plain = tuple(items._priced(0, True, st.coins[0]))
    assert plain and items.listing(0) == plain
    first = plain[0]
    assert first.kind == BUY_ITEM
    epoch = items.epoch
    items.take(1, items.by_id[first.want[0]])  # another seat takes the card
    assert items.epoch > epoch and first not in items.listing(0)
    assert items.listing(0) == tuple(items._priced(0, True, st.coins[0]))


def test_touch_and_a_copy_list_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A position changed by hand is listed afresh after ``touch``; a look-ahead copy
    starts from a version of its own (High Bohn made to remember its listings)."""
    monkeypatch.setattr(Game, "_keeps_listings", lambda self: True)
    game = Game(load_ruleset("high_bohn"), 4, 1)
    seat = game.state.active
    before = game.free_listing(seat)
    game.state.coins[seat].extend(game.state.deck[-3:])  # the price of a third field
    del game.state.deck[-3:]
    assert game.free_listing(seat) == before  # remembered: nothing said it changed
    game.touch()
    after = game.free_listing(seat)
    assert after == tuple(game.free_actions(seat)) and after != before
    twin: Any = copy_game(game)
    assert twin.version != game.version and twin.free_listing(seat) == after


def test_no_rule_applies_is_answered_as_applies_answers() -> None:
    """``GameEffects.applies_to_none`` (one look at a seat's zones for the harvest
    protection, field price and count) is True exactly when ``applies`` is False for each
    of the three queries, after every action of High Bohn games (whose rules of them are
    carried by buildings); both answers are met."""
    from engine.game.freelist import FREE_QUERIES

    rules = load_ruleset("high_bohn")
    seen = {True: 0, False: 0}

    def compare(game: Game, _action: Action) -> None:
        fx = game.fx
        assert fx is not None
        for seat in range(game.players):
            quiet = fx.applies_to_none(FREE_QUERIES, seat)
            assert quiet == (not any(fx.applies(q, seat) for q in FREE_QUERIES)), (game.seed, game.actions_taken, seat)
            seen[quiet] += 1

    for seed in range(3):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare)
    assert seen[True] > 1000 and seen[False] > 300, seen


def test_a_rule_a_seat_owns_is_never_answered_by_no_rule() -> None:
    """A rule of the queries owned by the seats (not carried by a card) applies whatever
    they hold: ``applies_to_none`` then says False, and the rules are asked."""
    from engine.game.freelist import FREE_QUERIES

    game = Game(load_ruleset("high_bohn"), 4, 1)
    fx = game.fx
    assert fx is not None and fx.applies_to_none(FREE_QUERIES, 0)
    field_price = next(m for m, _ in fx.modifiers["field_price"])  # a building's rule, owned now by seat 2
    fx.own(_compiled_with(field_price), 2)
    assert not fx.applies_to_none(FREE_QUERIES, 2) and not fx.applies_to_none(FREE_QUERIES, 0)
    assert fx.applies("field_price", 2) and game.field_price(2) == 1


def _fresh_rules(game: Game, seat: int) -> tuple[bool, ...]:
    """``Game.seat_rules`` asked afresh: ``applies`` of each query, then whether declared
    actions are listed for the seat at all (``ListingMemo.legal`` lists none when every
    action is a card's and the seat holds none of those cards)."""
    from engine.game.freelist import PROFILE_QUERIES

    fx = game.fx
    assert fx is not None
    every_a_cards = all(owner == HOLDER for _, owner in fx.actions)
    asked = tuple(fx.applies(q, seat) for q in PROFILE_QUERIES)
    lists = bool(fx.actions) and (not every_a_cards or game._holds_action_card(fx, seat))
    off_turn = lists and (any(asked) or any(a.timing != "own_turn" for a, owner in fx.actions if owner in (seat, HOLDER)))
    return asked + (lists, off_turn)


@pytest.mark.parametrize(("ruleset", "variant"), [("high_bohn", None), ("high_bohn", "cognac"), ("high_bohn_plus", None)])
def test_a_seats_rule_profile_is_the_fresh_one(ruleset: str, variant: str | None) -> None:
    """``Game.seat_rules`` (kept per seat with the rules' index and the seat's cards where
    cards with rules lie) answers as ``applies`` and the holding of action cards answer
    afresh, after every action of greedy games; it is given again from what it kept, and
    every answer is met both ways."""
    rules = load_ruleset(ruleset, variant)
    seen: dict[tuple[int, bool], int] = {}
    kept = [0]

    def compare(game: Game, _action: Action) -> None:
        for seat in range(game.players):
            known = game._rare.seat_rules[seat]
            fresh = _fresh_rules(game, seat)
            profile = game.seat_rules(seat)
            assert profile == fresh, (game.seed, game.actions_taken, seat)
            kept[0] += known is not None and profile is known[4]
            for i, answer in enumerate(fresh):
                seen[(i, answer)] = seen.get((i, answer), 0) + 1

    for seed in range(games(quick=2, soak=8)):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare)
    assert kept[0] > 1000, kept
    assert all(seen.get((i, a), 0) > 0 for i in range(5) for a in (True, False)) or ruleset != "high_bohn", seen


@pytest.mark.parametrize(("ruleset", "variant"), [("high_bohn", None), ("high_bohn", "cognac")])
def test_the_rules_hearing_a_seat_answer_as_every_rule_does(ruleset: str, variant: str | None) -> None:
    """``GameEffects.modified_by`` over the rules that hear a seat (``Game.hearing``, kept
    with its profile) answers every field of every seat as ``modified`` over every rule
    does (`may_plant` for each bean in play, `may_harvest`; the field price and count),
    after every action of greedy games; rules are met that change answers."""
    from engine.lang.world import FieldRef

    rules = load_ruleset(ruleset, variant)
    changed = [0]

    def compare(game: Game, _action: Action) -> None:
        fx = game.fx
        assert fx is not None
        st = game.state
        for seat in range(game.players):
            for query, value, extra in [("field_price", game.row.field_price, {}), ("max_fields", game.row.max_fields, {})] + [
                    ("may_harvest", base, {"field": FieldRef(seat, i)}) for i in range(len(st.fields[seat])) for base in (True, False)] + [
                    ("may_plant", base, {"bean": bean, "field": FieldRef(seat, i)})
                    for i in range(len(st.fields[seat])) for bean in ("soy", "green", "chili") for base in (True, False)]:
                hearing = game.hearing(seat, query)
                if hearing is None:
                    continue
                budget = list(fx.budget())
                expected = fx.modified(query, value, player=seat, **extra)
                fx.budget()[0] = budget[0]  # (each answer read on the same budget)
                assert fx.modified_by(hearing, value, {"player": seat, **extra}) == expected, (game.seed, game.actions_taken, seat, query)
                changed[0] += expected != value

    for seed in range(games(quick=1, soak=4)):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare)
    assert changed[0] > 100, changed


def test_a_seats_rule_profile_follows_the_rules_owned() -> None:
    """A rule owned afresh (``GameEffects.own``) is in the next profile, one hearing the other
    seats too (it applies to them whatever they hold); a rule hearing the player to move
    is read afresh every time (no zones decide it)."""
    import dataclasses

    game = Game(load_ruleset("high_bohn"), 4, 1)
    fx = game.fx
    assert fx is not None
    assert game.seat_rules(2) == (False,) * 6 and game._profile_zones(fx) == ("buildings",)
    price = next(m for m, _ in fx.modifiers["field_price"])
    fx.own(_compiled_with(price), 2)
    assert game.seat_rules(2)[1] and not game.seat_rules(0)[1]
    fx.own(_compiled_with(dataclasses.replace(price, by="others")), 3)
    assert game._profile_zones(fx) == ("buildings",)
    assert [game.seat_rules(s)[1] for s in range(4)] == [True, True, True, False]
    fx.own(_compiled_with(dataclasses.replace(price, query="max_fields", by="active")), 1)
    assert game._profile_zones(fx) is None
    active = game.state.active
    assert [game.seat_rules(s)[2] for s in range(4)] == [s == active for s in range(4)]
    assert [game.seat_rules(s) for s in range(4)] == [_fresh_rules(game, s) for s in range(4)]


def test_a_seat_whose_actions_are_all_of_its_own_turn_is_listed_none_off_its_turn(monkeypatch: Any) -> None:
    """``OWN_TURN_ONLY``: High Bohn Plus's one declared action is taken on its owner's turn
    alone, so a seat whose turn it is not is listed its free actions as a seat without
    rules (``ListingMemo.legal`` not asked); the seat to move is listed it as before."""
    from engine.game.declared import ListingMemo
    from engine.game.freelist import OWN_TURN_ONLY

    game = Game(load_ruleset("high_bohn_plus"), 4, 1)
    fx = game.fx
    assert fx is not None
    assert all(a.timing == "own_turn" for a, _ in fx.actions)
    assert [game.seat_rules(s) for s in range(4)] == [OWN_TURN_ONLY] * 4
    assert [game.seat_rules(s) for s in range(4)] == [_fresh_rules(game, s) for s in range(4)]
    asked: list[int] = []
    legal = ListingMemo.legal
    monkeypatch.setattr(ListingMemo, "legal", lambda memo, fx_, seat: asked.append(seat) or legal(memo, fx_, seat))
    active = game.state.active
    for seat in range(4):
        game.free_actions(seat, harvest=False)
    assert asked == [active]


def _compiled_with(modifier: Any) -> Any:
    """A compiled effect holding one modifier."""
    from engine.lang.compiler import Compiled

    made = Compiled("test")
    made.modifiers.append(modifier)
    return made


def _applies_compared(seen: dict[bool, int]) -> Any:
    """An ``after_action`` that compares ``applies`` with ``_applies_slow`` for every query
    and seat, counting the answers in ``seen``."""
    def compare(game: Game, _action: Action) -> None:
        fx = game.fx
        assert fx is not None
        for query in fx.modifiers:
            for seat in range(game.players):
                fast = fx.applies(query, seat)
                assert fast == fx._applies_slow(query, seat), (query, seat, game.actions_taken)
                seen[fast] += 1
        assert not fx.applies("no such query", 0)
    return compare


@pytest.mark.parametrize(("ruleset", "variant", "players"), [
    ("high_bohn", None, 4), ("high_bohn", "cognac", 4), ("bohn_camillo", None, 2),
    ("bohn_camillo", "trading", 2)])
def test_applies_answers_as_the_rules_one_by_one(ruleset: str, variant: str | None, players: int) -> None:
    """``applies`` (from its index: the seats owned rules hear, the cards whose rules hear
    their holder, the others, anyone or the active player) is what asking the rules one
    by one answers (``_applies_slow``), for every query and seat after every action."""
    rules = load_ruleset(ruleset, variant)
    seen = {True: 0, False: 0}
    compare = _applies_compared(seen)
    for seed in range(2):
        play_game(rules, players, seed, make_agents(["greedy"], players, seed), record=False, after_action=compare)
    assert seen[True] > 100, seen
    if ruleset == "high_bohn" and variant is None:  # rules carried by buildings: both answers met
        assert seen[False] > 100, seen


@pytest.mark.parametrize("heard", [
    "modify field_price = 1",  # the holder
    "modify field_price by others = 2",
    "modify max_fields by anyone = 4",
    "modify field_price by active = 0",
    "modify may_trade by others = false\nmodify field_price = 1",
    "modify field_price = 1\nmodify field_price by others = 2",  # one query, two ways of hearing
    "modify field_price = 1\nmodify max_fields by active = 4",
])
def test_applies_answers_as_the_rules_one_by_one_for_rules_cards_carry(heard: str, tmp_path: Path) -> None:
    """The same for rules carried by order cards (dealt into hands, drawn, filled and put
    under the deck: their holders change all game), one per way a rule hears."""
    from tests.game.test_mutation_survivors import _orders_overlay

    text = "cards:\n  order:\n    effect: |\n" + "".join(f"      {line}\n" for line in heard.splitlines())
    # and a rule the seats own, heard by the active player, beside the cards' rules
    text += "effects:\n  +owned:\n    effect: \"modify field_price by active if player == active = 3\"\n"
    rules = load_ruleset(str(_orders_overlay(tmp_path, text)))
    seen = {True: 0, False: 0}
    compare = _applies_compared(seen)
    for seed in range(2):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False, after_action=compare)
    assert seen[True] > 100, seen  # (every seat holds an order all game in play: the positions below hold fewer)
    from engine.game.arrange import arrange

    for holders in ((), (0,), (2,), (1, 3)):
        for active in range(4):
            game = Game(rules, 4, seed=2)
            hands = {seat: ["soy", "red"] + (["order_red"] if seat in holders else []) for seat in range(4)}
            arrange(game, {"active": active, "hands": hands})
            compare(game, Action("pass", active))
    assert seen[False] > 10, seen
