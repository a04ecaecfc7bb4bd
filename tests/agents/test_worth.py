"""`worth` hints tell bots what an action or a held card is worth: an action's worth takes
the place of the one-ply look-ahead, a held card's worth counts in every look-ahead (but
for the card whose own action is weighed), and the checker keeps hints to ints that ask
nobody anything, in their place."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest

from engine.agents.greedy import GreedyBot
from engine.errors import BohnError
from engine.game.actions import ACT, Action
from engine.game.core import Game
from engine.game.lookahead import preview
from engine.game.view import SeatView
from engine.lang import CheckEnv, compile_effect
from engine.rules.loader import load_ruleset
from engine.sim.play import play_game

ROOT = Path(__file__).resolve().parents[2]
MARKET = ROOT / "rulesets" / "examples" / "bean_market.yaml"

HOUSE = """\
extends: base
effects:
  +market:
    effect: |
      action sell on own_turn if count(cards(hand)) > 1 worth {sell} {{ discard(first(cards(hand), 1)) gain(owner, 1) }}
  +waste:
    effect: |
      action burn on own_turn if coins(owner) > 0 and counter(owner, "burnt") < 3 worth {burn} {{ pay(owner, 1) add_counter(owner, "burnt", 1) }}
"""


def _taken(tmp: Path, sell: int, burn: int) -> dict[str, int]:
    path = tmp / f"house_{sell}_{burn}.yaml"
    path.write_text(HOUSE.format(sell=sell, burn=burn), encoding="utf-8")
    rules = load_ruleset(str(path))
    taken = {"market": 0, "waste": 0}
    for seed in range(2):
        for e in play_game(rules, 3, seed, [GreedyBot(seed + s) for s in range(3)]).game.events:
            if e["type"] == "acted":
                taken[e["action"]] += 1
    return taken


def test_an_actions_worth_replaces_the_look_ahead(tmp_path: Path) -> None:
    # the look-ahead alone sells (a coin) and never burns (a coin lost): the hints turn both round
    taken = _taken(tmp_path, sell=0, burn=1)
    assert taken["market"] == 0 and taken["waste"] > 5, taken
    taken = _taken(tmp_path, sell=1, burn=0)
    assert taken["market"] > 10 and taken["waste"] == 0, taken


def _play_until(seed: int, wanted: Callable[[Game, int, list[Action]], bool]) -> tuple[Game, int, list[Action]] | None:
    """A Bean Market game played by greedy bots up to the first decision ``wanted`` picks
    (the game, the seat to decide and its legal actions), or None if it ended first."""
    game = Game(load_ruleset(str(MARKET)), 3, seed=seed)
    bots = [GreedyBot(seed + s) for s in range(3)]
    while not game.over:
        seat = game.decider
        assert seat is not None
        legal = game.legal_actions(seat)
        if wanted(game, seat, legal):
            return game, seat, legal
        game.apply(bots[seat].choose(SeatView(game, seat), legal))
    return None


def _market_game(seed: int, name: str = "buy_action") -> tuple[Game, int]:
    """A Bean Market game played by greedy bots up to the first time a seat may take the
    declared action ``name``."""
    found = _play_until(seed, lambda game, _, legal: any(a.kind == ACT and game.fx.actions[a.card][0].name == name
                                                            for a in legal))
    if found is None:
        raise AssertionError(f"nobody could take {name}")
    return found[0], found[1]


WORTH = {"windfall": 2, "good_rain": 1, "compost": 1}


def test_a_held_cards_worth_counts_in_the_look_ahead() -> None:
    game, seat = _market_game(1)
    fx = game.fx
    assert fx is not None
    buy = next(a for a in game.legal_actions(seat) if a.kind == ACT and fx.actions[a.card][0].name == "buy_action")
    offered = game.bean_name(game.state.shared["action_offer"][0])
    outcome = preview(game, buy)
    assert (outcome.coins, outcome.hand, outcome.worth) == (-1, 1, WORTH[offered])
    assert outcome.value() > 0  # without the hint a coin for a card is a loss: -1 + 0.25


def test_playing_a_card_does_not_count_the_loss_of_its_own_worth() -> None:
    for seed in range(6):
        rules = load_ruleset(str(MARKET))
        played = play_game(rules, 3, seed, [GreedyBot(seed + s) for s in range(3)], record=False)
        game = played.game
        # replay into the first moment a windfall may be played and weigh it there
        twin = Game(rules, 3, seed=seed)
        for action in played.actions:
            seat = action.seat
            for a in twin.legal_actions(seat):
                if a.kind == ACT and twin.fx.actions[a.card][0].name == "play_windfall":
                    outcome = preview(twin, a)
                    assert (outcome.coins, outcome.hand, outcome.worth) == (2, -1, 0)
                    return
            twin.apply(action)
        assert game.over
    pytest.fail("no windfall could be played in six games")


ENV = CheckEnv.of(["red", "blue"], {"hand": "player", "discard": "shared", "coins": "player"})
CARD_ENV = CheckEnv.of(["red", "blue"], {"hand": "player", "discard": "shared", "coins": "player"}, names={"this": "card"})


@pytest.mark.parametrize(("text", "env", "code"), [
    ("worth 2", ENV, "T755"),  # not a card's rules: nothing is held
    ("worth 1\nworth 2", CARD_ENV, "T755"),  # twice
    ("worth if ask(owner, \"q\") then 1 else 0", CARD_ENV, "T756"),
    ("action a worth [ask(owner, \"q\")] { gain(owner, 1) }", ENV, "T756"),
    ("action a worth true { gain(owner, 1) }", ENV, "L803"),
    ("worth \"much\"", CARD_ENV, "L803"),
])
def test_the_checker_keeps_worth_in_its_place(text: str, env: CheckEnv, code: str) -> None:
    with pytest.raises(BohnError) as caught:
        compile_effect(text, env=env, name="t")
    assert code in {d.code for d in caught.value.diagnostics}


def test_the_docs_example_compiles() -> None:
    doc = (ROOT / "docs" / "effect-language.md").read_text(encoding="utf-8")
    section = doc.split("### Hints for bots: `worth`", 1)[1].split("###", 1)[0]
    blocks = re.findall(r"```\n(.*?)```", section, re.S)
    example = blocks[-1]
    compiled = compile_effect(example, env=CARD_ENV, name="windfall")
    assert compiled.worth is not None and [a.worth is not None for a in compiled.actions] == [False, True]


def test_a_worth_is_read_on_a_budget_of_its_own() -> None:
    game, seat = _market_game(2, "sell")
    fx = game.fx
    assert fx is not None
    sells = [a for a in game.legal_actions(seat) if a.kind == ACT and fx.actions[a.card][0].name == "sell"]
    before = (fx.budget()[0], len(game.events))
    worths = [fx.action_worth(seat, a.card, a.field) for a in sells]
    assert set(worths) <= {0.0, 1.0} and worths
    growing = {game.bean_name(f[0]) for f in game.state.fields[seat] if f}
    hand = game.state.hands[seat]
    for a, w in zip(sells, worths):
        assert w == (0.0 if game.bean_name(hand[a.field]) in growing else 1.0)
    assert (fx.budget()[0], len(game.events)) == before


CHOICES = """\
extends: base
effects:
  +pick:
    effect: |
      action pick on own_turn if counter(owner, "picked") == 0 worth 1 {{
        add_counter(owner, "picked", 1)
        choose n from [1, 2, 3, 2] {hint} {{ add_counter(owner, "got", n) }}
        choose m from [-1, -2] optional worth m {{ add_counter(owner, "loss", m) }}
      }}
"""


@pytest.mark.parametrize(("hint", "first"), [("worth n", 2), ("", 0)])
def test_a_choices_worth_leads_the_greedy_choice(tmp_path: Path, hint: str, first: int) -> None:
    path = tmp_path / "choices.yaml"
    path.write_text(CHOICES.format(hint=hint), encoding="utf-8")
    rules = load_ruleset(str(path))
    game = play_game(rules, 3, 4, [GreedyBot(s) for s in range(3)]).game
    chose = [(e["index"], e["options"]) for e in game.events if e["type"] == "chose"]
    assert chose[:2] == [(first, 4), (None, 2)]  # the optional choice: every option loses, none taken
    assert len(chose) == 6  # each seat picked once
    assert game.fx is not None and game.fx.counters[(0, "got")] == [1, 2, 3, 2][first]


def test_a_choices_worth_is_checked() -> None:
    with pytest.raises(BohnError) as caught:
        compile_effect("choose c from cards(hand) worth c { discard([c]) }", env=ENV, name="t")
    assert "L803" in {d.code for d in caught.value.diagnostics}


MANY = """\
extends: base
effects:
  +many:
    effect: |
      action a(n in [{values}]) on own_turn if counter(owner, "a") == 0 {{ add_counter(owner, "a", 1) }}
      action b(n in [{values}]) on own_turn if counter(owner, "b") == 0 {{ add_counter(owner, "b", 1) }}
      action c(n in [{values}]) on own_turn if counter(owner, "c") == 0 worth n - 40 {{ add_counter(owner, "c", 1) gain(owner, 1) }}
"""


def test_the_look_ahead_is_bounded_per_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """150 declared choices: a bot copies the game at most MAX_PREVIEWS_PER_TURN times in a
    turn, and still weighs every action with a `worth`."""
    from engine.agents import greedy

    path = tmp_path / "many.yaml"
    path.write_text(MANY.format(values=", ".join(str(i) for i in range(50))), encoding="utf-8")
    rules = load_ruleset(str(path))
    calls: dict[tuple[int, int], int] = {}
    real = SeatView.preview

    def counted(view: SeatView, action):  # type: ignore[no-untyped-def]
        key = (view.seat, view.turn)
        calls[key] = calls.get(key, 0) + 1
        return real(view, action)

    monkeypatch.setattr(SeatView, "preview", counted)
    game = play_game(rules, 2, 0, [GreedyBot(0), GreedyBot(1)]).game
    assert calls and max(calls.values()) == greedy.MAX_PREVIEWS_PER_TURN
    counters = game.fx.counters if game.fx is not None else {}
    assert counters.get((0, "c")) == 1 and not counters.get((0, "a")), "the hinted action is still taken, the idle one not"


def test_a_card_still_held_after_its_action_is_left_out_of_both_sides(tmp_path: Path) -> None:
    """A card whose action keeps it in the hand (a Windfall that pays and stays): its own
    worth is left out before and after the look-ahead's action, so the look-ahead sees
    the coins alone (a 2026-12-01 mutant counted it after only: a gain of its worth)."""
    text = MARKET.read_text(encoding="utf-8")
    kept = text.replace("move([this], action_discard)\n            gain(owner, 2)", "gain(owner, 2)", 1)
    assert kept != text
    path = tmp_path / "keep.yaml"
    path.write_text(kept, encoding="utf-8")
    rules = load_ruleset(str(path))
    for seed in range(6):
        played = play_game(rules, 3, seed, [GreedyBot(seed + s) for s in range(3)], record=False)
        twin = Game(rules, 3, seed=seed)
        for action in played.actions:
            for a in twin.legal_actions(action.seat):
                if a.kind == ACT and twin.fx.actions[a.card][0].name == "play_windfall":
                    outcome = preview(twin, a)
                    assert (outcome.coins, outcome.hand, outcome.worth) == (2, 0, 0)
                    return
            twin.apply(action)
    pytest.fail("no windfall could be played in six games")


def test_a_plant_of_a_card_not_there_is_not_weighed() -> None:
    """``worth_after`` of a plant naming a position past the end of the step's zone: no
    answer (None), the game unchanged (a 2026-12-01 mutant took the card anyway)."""
    for seed in range(6):
        found = _play_until(seed, lambda game, _, legal: bool(getattr(game.step, "zone", None))
                            and any(a.kind == "plant" for a in legal))
        if found is None:
            continue
        game, seat, legal = found
        zone = game.step.zone
        cards = zone[seat] if type(zone[0]) is list else zone
        plant = next(a for a in legal if a.kind == "plant")
        view = SeatView(game, seat)
        assert view.worth_after(plant) is not None
        before = [list(z) for z in (cards, game.state.fields[seat][plant.field])]
        assert view.worth_after(plant._replace(card=len(cards))) is None
        assert [list(z) for z in (cards, game.state.fields[seat][plant.field])] == before
        return
    pytest.fail("no plant out of a step's zone in six games")
