"""A choice an effect asks (engine/game/choices.py ``pick``, ``pick_secretly``), as the
player answering it sees it: an answer that is not one of the options is L813 naming the
answer, the options' count and the prompt, and nothing is done; no answer to a required
choice takes the first option, to an optional one takes none; a choice among no options
asks nobody and the rest of the effect runs; the `chose` event tells the answer.

Why: the bots always answer with an option, so only a hand-written hook or a log meets
these; until now only the secret choice's out-of-range pick had a test."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import pytest

from engine.errors import BohnError
from engine.game.actions import Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from tests.houses import house_rules

EFFECTS = {"pick": "action pick on own_turn { choose c from cards(hand) { discard([c]) } }",
           "maybe": "action maybe on own_turn { choose c from cards(hand) optional { discard([c]) } }",
           "empty": "action empty on own_turn { choose c from cards(discard) { discard([c]) } note(\"after\") }"}


def _game(tmp_path: Path, name: str, answer: int | None, asked: list[tuple[Any, ...]]) -> tuple[Game, Action]:
    game = Game(house_rules(tmp_path, EFFECTS), 3, seed=4)
    arrange(game, {"hands": {0: ["chili", "soy"]}})
    assert game.fx is not None

    def hook(seat: int, options: Sequence[Any], prompt: str, optional: bool) -> int | None:
        asked.append((seat, len(options), prompt, optional))
        return answer

    game.fx.choice_hook = hook
    [action] = [a for a in game.legal_actions(0) if a.kind == "act" and a.want == (name,)]
    return game, action


def _told(game: Game) -> list[tuple[Any, ...]]:
    return [(e["seat"], e["prompt"], e["index"], e["options"]) for e in game.events if e["type"] == "chose"]


@pytest.mark.parametrize("name", ["pick", "maybe"])
@pytest.mark.parametrize("answer", [2, 5, -1])
def test_an_answer_that_is_no_option_is_l813_and_nothing_is_done(tmp_path: Path, name: str, answer: int) -> None:
    asked: list[tuple[Any, ...]] = []
    game, action = _game(tmp_path, name, answer, asked)
    with pytest.raises(BohnError) as caught:
        game.apply(action)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("L813", f"choice {answer} is not one of the 2 options of `{name}: choose c`")
    assert asked == [(0, 2, f"{name}: choose c", name == "maybe")]
    assert [game.bean_name(c) for c in game.state.hands[0]] == ["chili", "soy"] and _told(game) == []


@pytest.mark.parametrize(("name", "answer", "hand", "index"), [
    ("pick", None, ["soy"], 0),  # no answer to a required choice: the first option
    ("maybe", None, ["chili", "soy"], None),  # to an optional one: none
    ("pick", 1, ["chili"], 1), ("maybe", 0, ["soy"], 0)])
def test_the_answer_taken_is_done_and_told(tmp_path: Path, name: str, answer: int | None, hand: list[str],
                                           index: int | None) -> None:
    asked: list[tuple[Any, ...]] = []
    game, action = _game(tmp_path, name, answer, asked)
    game.apply(action)
    assert [game.bean_name(c) for c in game.state.hands[0]] == hand
    assert _told(game) == [(0, f"{name}: choose c", index, 2)]


def test_a_choice_among_no_options_asks_nobody_and_the_effect_goes_on(tmp_path: Path) -> None:
    asked: list[tuple[Any, ...]] = []
    game, action = _game(tmp_path, "empty", 0, asked)
    game.apply(action)
    assert asked == [] and _told(game) == []
    assert [e["text"] for e in game.events if e["type"] == "note"] == ["after"]
    assert [game.bean_name(c) for c in game.state.hands[0]] == ["chili", "soy"]


def test_no_answer_to_a_secret_pick_takes_the_first_card_left(tmp_path: Path) -> None:
    from tests.game.test_secret_choice import _rules

    game = Game(load_ruleset(str(_rules(tmp_path))), 2, 3)
    assert game.fx is not None
    asked: list[tuple[int, list[int]]] = []

    def hook(seat: int, options: Sequence[Any], prompt: str, optional: bool) -> None:
        asked.append((seat, list(options)))

    game.fx.choice_hook = hook
    while len(asked) < 4:
        seat = game.decider
        assert seat is not None
        kept = [len(v) for v in game.state.per_player["vault"]]
        told_before = sum(e["type"] == "chose" for e in game.events)
        game.apply(game.legal_actions(seat)[0])
    first = asked[0][0]
    assert [s for s, _ in asked] == [first, first, 1 - first, 1 - first]
    for s in (first, 1 - first):
        one, two = [options for seat, options in asked if seat == s]
        assert two == one[1:], s  # the second pick is among the cards the first left
        assert game.state.per_player["vault"][s][kept[s]:] == one[:2], s  # the first card left, twice
    told = [e for e in game.events if e["type"] == "chose"][told_before:]
    assert [(e["seat"], e["index"], e.get("secret")) for e in told] == [(first, 0, True)] * 2 + [(1 - first, 0, True)] * 2
