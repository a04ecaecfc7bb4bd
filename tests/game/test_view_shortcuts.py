"""The seat view's and the trading step's shortcuts answer what the plain reading does.

``SeatView.hand`` (or its first cards, or one card: ``hand_card``) names the hand's beans,
``SeatView.fields`` reads each field's bean and count (without a loop when no field is
empty), ``planted`` the beans it names, ``fields_token`` stays while the cards on the
fields stay, ``token_fields`` is the token and the fields read with it (the reading kept
while the token stays, and always the fields now), ``now`` is turn, step and active seat
in one call; a step's ``active_decides`` (the trading step keeps it with its mode) holds
only while the active seat decides; ``offered_beans`` of the offer waiting
reads the cards noted when it was made, which must be the cards at its positions now; a
one-bean or gift offer is answered (``Trade._answers``) with the first fitting card, as
the general pooling finds it. Checked at every decision of greedy games with trading.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.game.actions import ACCEPT, Action
from engine.game.core import Game
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.houses import house_rules


def _general_answers(step: Any, game: Game, seat: int) -> list[Action]:
    """The answers found by pooling every wanted bean (the path for several beans)."""
    assert step.pending is not None
    out = [step._declines[seat]]
    need: dict[str, int] = {}
    for bean in step.pending.want:
        need[bean] = need.get(bean, 0) + 1
    pools: dict[str, list[tuple[str, int]]] = {}
    for zone, cards in step._sources(game, seat):
        for i, c in enumerate(cards):
            if game.bean_name(c) in need and step._may_give(game, seat, zone, c):
                pools.setdefault(game.bean_name(c), []).append((zone, i))
    chosen: list[tuple[str, int]] = []
    for bean, count in need.items():
        pool = pools.get(bean, [])
        if len(pool) < count:
            return out
        chosen.extend(pool[:count])
    out.append(Action(ACCEPT, seat, give=tuple(chosen)))
    return out


@pytest.mark.parametrize("ruleset", ["base", "high_bohn", "high_bohn_plus"])
def test_view_and_answers_agree_with_the_plain_reading(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    checked = {"planted": 0, "offers": 0, "answers": 0, "deciders": 0}

    def check(game: Game, _action: Action) -> None:
        for seat in range(game.players):
            view = SeatView(game, seat)
            plain = [(game.bean_name(f[0]) if f else None, len(f)) for f in game.state.fields[seat]]
            assert view.fields() == plain and view.fields(seat) == plain
            assert view.planted() == {b for b, _ in plain if b is not None}
            hand = [game.bean_name(c) for c in game.state.hands[seat]]
            assert view.hand() == hand and view.hand(3) == hand[:3] and view.hand(0) == []
            assert [view.hand_card(i) for i in range(len(hand))] == hand
            # the token stays while the fields stay (tests/agents/test_greedy_memory.py: and
            # changes with them)
            token = view.fields_token()
            assert token == view.fields_token()
            assert view.token_fields() == (token, plain)
            kept = view.token_fields()[1]
            assert view.token_fields()[1] is kept  # read once per token
            if not game.state.over:
                assert view.now() == (view.turn, view.step, view.active, token, view.weighs_held)
            assert view.weighs_held == (game.fx is not None and bool(game.fx.card_worths))
            if getattr(game.step, "pending", None) is None:
                assert view.offer_waiting() == (None, [])
            for bean in plain:
                if bean[0] is not None and bean[0] in game.state.bean_ids:
                    assert view.bean(bean[0]) is game.rules.bean(bean[0])
            checked["planted"] += 1
        step = game.step
        if step is not None and not game.state.over:
            # the game loop reads the active seat instead of asking the step who decides
            assert not step.active_decides or step.decider(game) == game.state.active, (step.kind, getattr(step, "mode", ""))
            checked["deciders"] += step.kind == "trade" and step.active_decides
        if step is not None and step.kind == "trade" and step.mode == "respond" and step.pending is not None and not game.state.over:
            offer = step.pending
            seat = step.decider(game)
            assert seat is not None
            plain = [game.bean_name(step._card(game, offer.seat, ref)) for ref in offer.give]
            assert SeatView(game, seat).offered_beans(offer) == plain
            assert SeatView(game, seat).offer_waiting() == (offer, plain)
            checked["offers"] += 1
            assert step._answers(game, seat) == _general_answers(step, game, seat)
            checked["answers"] += 1

    for seed in range(3):
        play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), trading=True, record=False, after_action=check)
    assert checked["planted"] > 500 and checked["offers"] > 20 and checked["answers"] > 20 and checked["deciders"] > 20, checked


def test_a_token_and_its_fields_are_read_again_when_the_fields_change() -> None:
    """``token_fields`` keeps its reading only while the fields hold the same cards: a card
    planted, or one taken away again, gives a new token and the fields as they are now."""
    game = Game(load_ruleset("base"), 3, 0, record=False)
    view = SeatView(game, 0)
    token, fields = view.token_fields()
    empty_fields = [(None, 0)] * len(game.state.fields[0])
    assert len(empty_fields) >= 2 and fields == empty_fields and view.token_fields() == (token, fields)
    card = game.state.deck[-1]
    game.state.fields[0][1].append(card)
    planted, now = view.token_fields()
    assert planted != token and now[1] == (game.bean_name(card), 1) and now == view.fields() != empty_fields
    assert view.now()[3] == planted  # ``now`` hands out the same token
    game.state.fields[0][1].pop()
    again, empty = view.token_fields()
    assert again not in (token, planted) and empty == empty_fields


def test_an_offer_found_good_is_taken_unchecked_until_the_next_action() -> None:
    """``Trade.check_proposal`` adds an offer it finds good to the game's latest listing (an
    agent that asks first and then plays it is not checked twice), a bad one never, and
    the listing is emptied by the next action: the same offer is checked again then."""
    from engine.game.arrange import arrange

    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue", "wax"], 1: ["soy"], 2: ["wax"]}})
    view = SeatView(game, 0)
    good = Action("propose", 0, target=1, give=(("hand", 0),), want=("soy",))
    bad = Action("propose", 0, target=1, give=(("hand", 5),), want=("soy",))
    assert view.offer_problem(bad) != "" and bad not in game._listed
    assert view.offer_problem(good) == "" and good in game._listed
    game.apply(good)
    assert good not in game._listed
    game.apply(Action("decline", 1))
    assert game.decider == 0 and game.step.mode == "active"
    assert view.offer_problem(good) == "" and good in game._listed  # the same position again: asked afresh
    game.legal_actions(0)  # a new listing forgets it; the memory of the check still answers
    assert good not in game._listed and view.offer_problem(good) == ""
    game.apply(good)  # (checked again by ``apply``: still good)
    assert game.step.mode == "respond" and game.step.pending == good


def test_only_the_seat_to_move_in_an_open_trading_window_may_offer() -> None:
    """`SeatView.can_offer`, which the terminal player asks before it reads an offer typed
    (issue 20: a mutant asking the step's decider without the game was tried against no
    test of the game selection; tests/agents/test_human.py is outside it)."""
    from engine.game.arrange import arrange

    game = Game(load_ruleset("base"), 3, 1)
    assert [SeatView(game, s).can_offer() for s in range(3)] == [False, False, False]  # planting
    arrange(game, {"phase": "trade"})
    assert game.state.active == 0 and game.decider == 0
    assert [SeatView(game, s).can_offer() for s in range(3)] == [True, False, False]


@pytest.mark.parametrize(("ruleset", "variant", "players", "house"), [
    ("high_bohn", "cognac", 4, None), ("la_isla_bohnita", None, 4, None), ("bohn_camillo", None, 2, None),
    # a price modifier (no shipped ruleset has one): the view must not read the printed price
    ("high_bohn", None, 3, "modify price = max(0, value - 1)"),
])
def test_the_views_counts_and_prices_agree_with_the_plain_reading(ruleset: str, variant: str | None, players: int,
                                                                  house: str | None, tmp_path: Path) -> None:
    """What bots read besides the fields: item prices (modifiers applied or the printed
    price), the dearest of the buys listed, item names and owners, the discard pile's top,
    the deck, the run-outs, a hidden zone shown as nothing, the limits on fields, and the
    refusal of an offer or a preview out of turn; at every decision of greedy games."""
    rules = load_ruleset(ruleset, variant) if house is None else house_rules(tmp_path, {"cheaper": house}, extends=ruleset)
    checked = {"prices": 0, "buys": 0, "owned": 0}
    kept_views: dict[tuple[int, int], SeatView] = {}

    def check(game: Game, _action: Action) -> None:
        if game.state.over:
            return
        items = game.items
        for seat in range(game.players):
            view = SeatView(game, seat)
            st = game.state
            assert view.discard_top() == (game.bean_name(st.discard[-1]) if st.discard else None)
            assert view.deck_size() == len(st.deck) and view.hand_size(seat) == len(st.hands[seat])
            assert view.coins() == len(st.coins[seat]) and view.coins(1 - seat) == len(st.coins[1 - seat])
            assert view.runouts() == (st.runouts, game.row.end_after_runouts)
            assert view.field_limits() == (len(st.fields[seat]), game.row.max_fields, game.row.field_price)
            assert view.beans_in_play() == [b for b in st.bean_ids if b not in game.row.remove_beans]
            for zone in game._fixed.hidden:
                assert view.zone(zone) == []
            for zone, cards in st.shared.items():
                if zone not in game._fixed.hidden:
                    assert view.zone(zone) == [game.bean_name(c) for c in cards]
            if items is None:
                assert view.item_price("anything") == 0 and view.items_owned() == [] and view.item_name("x") == "x"
                continue
            for item in items.by_id.values():
                assert view.item_price(item.id, seat) == items.price(seat, item)
                assert view.item_name(item.id) == item.name
                checked["prices"] += 1
            assert view.item_price("no such item") == 0
            owned = sorted(i for i, owner in items.owner.items() if owner == seat)
            assert view.items_owned() == owned and view.items_owned(seat) == owned
            checked["owned"] += len(owned)
        decider = game.decider
        if decider is None:
            return
        view = SeatView(game, decider)
        legal = game.legal_actions(decider)
        buys = [a for a in legal if a.kind == "buy" and a.seat == decider]
        if buys and items is not None:
            prices = [items.price(decider, items.by_id[a.want[0]]) if a.want[0] in items.by_id else 0 for a in buys]
            top = max(prices)
            dearest = max((a for a, p in zip(buys, prices) if p == top), key=lambda a: a.want[0])
            first = next(a for a, p in zip(buys, prices) if p == top and a.want[0] == dearest.want[0])
            assert view.dearest_buy(buys) == (first, top)
            # a view kept along the game (as a bot's is) remembers its last answer at printed
            # prices: it must be the answer now, for these buys and after others
            kept = kept_views.setdefault((id(game), decider), SeatView(game, decider))
            assert kept.dearest_buy(buys) == (first, top) and kept.dearest_buy(list(buys)) == (first, top)
            if len(buys) > 1:
                assert kept.dearest_buy(buys[1:]) == SeatView(game, decider).dearest_buy(buys[1:])
                assert kept.dearest_buy(buys) == (first, top)
            checked["buys"] += 1
        assert view.dearest_buy([]) == (None, 0)
        other = SeatView(game, (decider + 1) % game.players)
        for a in legal[:3]:
            with pytest.raises(ValueError):
                other.preview(a)
            with pytest.raises(ValueError):
                other.worth_after(a)
            if a.kind == "propose":
                assert other.offer_problem(a) == "you cannot make an offer now"

    for seed in range(2):
        play_game(rules, players, seed, make_agents(["greedy"], players, seed), trading=True, record=False, after_action=check)
    if rules.items:  # the rulesets that sell cards (buildings); the others' purchases are declared actions
        assert checked["prices"] > 100 and checked["buys"] > 3 and checked["owned"] > 10, checked
    else:
        assert checked == {"prices": 0, "buys": 0, "owned": 0}


def test_an_offer_out_of_turn_is_refused_by_the_view() -> None:
    """`SeatView.offer_problem`: a seat that is not the one to move in the trading window is
    told it cannot offer now, before any check of the offer itself (a fresh seed-42
    sample's survivor asked the step only when there was none)."""
    from engine.game.arrange import arrange

    game = Game(load_ruleset("base"), 3, 1)
    arrange(game, {"phase": "trade", "hands": {0: ["blue"], 1: ["soy"], 2: ["wax"]}})
    assert game.decider == 0
    assert SeatView(game, 1).offer_problem(Action("propose", 1, target=0, want=("blue",))) == "you cannot make an offer now"
    assert SeatView(game, 1).offer_problem(Action("propose", 0, target=1, want=("soy",))) == "you cannot make an offer now"
    assert SeatView(game, 0).offer_problem(Action("propose", 0, target=1, want=("soy",))) == ""
