"""The greedy bot weighs declared actions one ply ahead: it takes those that gain and
leaves those that lose, and a preview changes nothing in the real game."""

from __future__ import annotations

from pathlib import Path

from engine.agents.greedy import GreedyBot
from engine.game.actions import ACT
from engine.game.core import Game
from engine.game.lookahead import preview
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset
from engine.sim.play import play_game, route_choices

HOUSE = """\
extends: base
effects:
  +market:
    effect: |
      action sell on own_turn if count(cards(hand)) > 1 { discard(first(cards(hand), 1)) gain(owner, 1) }
  +waste:
    effect: |
      action burn on own_turn if coins(owner) > 0 { pay(owner, 1) }
"""


def _rules(tmp: Path):  # type: ignore[no-untyped-def]
    path = tmp / "market.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return load_ruleset(str(path))


def test_greedy_takes_the_action_that_gains_and_never_the_one_that_loses(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    taken: dict[str, int] = {"market": 0, "waste": 0}
    for seed in range(3):
        played = play_game(rules, 3, seed, [GreedyBot(seed + s) for s in range(3)])
        for e in played.game.events:
            if e["type"] == "acted":
                taken[e["action"]] += 1
    assert taken["market"] > 10 and taken["waste"] == 0, taken


def test_a_preview_leaves_the_real_game_untouched(tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    game = Game(rules, 3, seed=5)
    seat = game.decider
    assert seat is not None
    sell = next(a for a in game.legal_actions(seat) if a.kind == ACT and a.want == ("market",))
    hand, coins, events, deck = list(game.state.hands[seat]), list(game.state.coins[seat]), len(game.events), list(game.state.deck)
    outcome = preview(game, sell)
    assert (outcome.coins, outcome.hand, outcome.score) == (1, -1, 1)  # the card discarded comes back as the coin
    assert (list(game.state.hands[seat]), list(game.state.coins[seat]), len(game.events), list(game.state.deck)) == (hand, coins, events, deck)
    burn_free = preview(game, sell._replace(card=99))
    assert burn_free.refused


def test_greedy_stores_only_a_bean_that_fits_none_of_its_fields() -> None:
    # High Bohn's general stores carry a `worth` (rulesets/high_bohn.yaml): storing is worth
    # a coin while a bean to be planted fits no field (it would force a harvest), nothing
    # otherwise, and the bean stored is one that fits nowhere. Bots use the store and pay
    # for no look-ahead copy to weigh it.
    rules = load_ruleset("high_bohn")
    stored = previews = 0
    for seed in range(6):
        game = Game(rules, 4, seed=seed)
        bots = [GreedyBot(seed * 10 + s) for s in range(4)]
        views = [SeatView(game, s) for s in range(4)]
        route_choices(game, bots, views)  # the bots answer the store's `choose`, as in play_game
        while not game.over:
            seat = game.decider
            assert seat is not None
            legal = game.legal_actions(seat, offers=False)
            before = list(game.state.per_player["store"][seat])
            action = bots[seat].choose(views[seat], legal)
            previews += bots[seat]._previews
            if action.kind == ACT and game.fx.actions[action.card][0].name == "store_bean":
                game.apply(action)
                new = [c for c in game.state.per_player["store"][seat] if c not in before]
                assert len(new) == 1
                assert game.fitting_fields(seat, new[0]) == [], (seed, game.state.bean_of[new[0]])
                stored += 1
            else:
                game.apply(action)
    assert stored >= 3, stored
    assert previews == 0


def test_greedy_trades_the_beans_of_its_store_away() -> None:
    """Cards of a zone the trading step lets a seat also give from (High Bohn's general
    store, `also_from: [store]`) are offered as hand cards are: a bean the seat does not
    grow pays for a revealed bean it does, or goes as a gift to a seat that grows it. Before,
    bots never offered them, and a stored bean stayed in the store for good."""
    from engine.game.actions import ACCEPT, PROPOSE

    rules = load_ruleset("high_bohn")
    offered = landed = 0

    def watch(game: Game, action: object) -> None:
        nonlocal offered, landed
        if action[0] == PROPOSE:  # type: ignore[index]
            for zone, index in action[5]:  # type: ignore[index]
                if zone == "store":
                    offered += 1
                    seat = action[1]  # type: ignore[index]
                    bean = game.bean_name(game.state.per_player["store"][seat][index])
                    grown = {game.bean_name(f[0]) for f in game.state.fields[seat] if f}
                    assert bean not in grown, (bean, grown)
        if action[0] == ACCEPT:  # type: ignore[index]
            landed = max(landed, sum(len(z) for z in game.state.per_player["from_store"]))

    for seed in range(12):
        play_game(rules, 4, seed, [GreedyBot(seed * 10 + s) for s in range(4)], record=False, after_action=watch)
    assert offered >= 5, offered
    assert landed >= 1, landed
