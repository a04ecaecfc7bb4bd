"""A second deck whose run-outs count towards the end (`runouts: true`), with and without its
own reshuffle (engine/game/flow.py `TurnFlow._draw_from`): drawing its last card counts a
run-out, an empty deck with nothing to reshuffle counts run-outs until the game ends, and a
deck that says `runouts: false` counts none.

Why: the shipped second decks (Bohn Camillo's, High Bohn Plus's) all say `runouts: false`,
and the order deck of the card-model scenarios reshuffles without counting; the branches
that count a second deck's run-outs were played by no test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset

ORDERS = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml"
#: a phase before planting that draws two order cards, ending the game at once when it ends
DRAW_ORDERS = ("turns: {standard: {+orders: {name: Draw orders, when_game_ends: stop, "
               "steps: [{kind: draw, count: 2, from: order_deck}], $before: plant}}}\n")


def _game(tmp_path: Path, deck: str) -> Game:
    (tmp_path / "orders.yaml").write_text(ORDERS.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text(f"extends: orders.yaml\nid: house\nname: House orders\nzones: {{order_deck: {deck}}}\n{DRAW_ORDERS}",
                    encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1)
    assert game.row.end_after_runouts == 2
    return game


def _told(game: Game, since: int) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in ("n", "turn", "rule", "phase")} for e in game.events[since:]
            if e["type"] in ("drew", "deck_ran_out", "reshuffled", "game_ended")]


@pytest.mark.parametrize(("deck", "hand", "told", "over"), [
    # the last card drawn counts one run-out; the empty deck, with no reshuffle, counts the
    # others at the next draw, and the game ends in the phase marked `stop`
    ("{+runouts: true, +reshuffle: never}", ["chili", "order_red"], [
        {"seat": None, "type": "deck_ran_out", "runout": 1, "final": False},
        {"seat": None, "type": "deck_ran_out", "runout": 2, "final": True},
        {"seat": 0, "type": "drew", "cards": 1}], True),
    # its own discard pile shuffled in at the next draw; its last card is the final run-out
    ("{+runouts: true}", ["chili", "order_red", "order_soy"], [
        {"seat": None, "type": "deck_ran_out", "runout": 1, "final": False},
        {"seat": None, "type": "reshuffled", "cards": 1, "deck": "order_deck"},
        {"seat": None, "type": "deck_ran_out", "runout": 2, "final": True},
        {"seat": 0, "type": "drew", "cards": 2}], True),
    # its run-outs do not count: the draw stops at the empty deck and the turn goes on
    ("{+runouts: false, +reshuffle: never}", ["chili", "order_red"], [
        {"seat": 0, "type": "drew", "cards": 1}], False),
])
def test_a_second_deck_counts_its_run_outs_as_it_says(tmp_path: Path, deck: str, hand: list[str],
                                                       told: list[dict[str, Any]], over: bool) -> None:
    game = _game(tmp_path, deck)
    start = len(game.events)
    arrange(game, {"phase": "orders", "hands": {0: ["chili"]}, "order_deck": ["order_red"], "order_discard": ["order_soy"]})
    st = game.state
    assert [game.bean_name(c) for c in st.hands[0]] == hand
    got = _told(game, start)
    assert got[:len(told)] == told
    assert st.runouts == (2 if over else 0) and st.ending is over and st.over is over
    if over:
        assert [e["type"] for e in got[len(told):]] == ["game_ended"]
    else:
        assert got[len(told):] == [] and game.phase.id == "plant"
    reshuffled = any(e["type"] == "reshuffled" for e in told)
    assert [game.bean_name(c) for c in st.shared["order_discard"]] == ([] if reshuffled else ["order_soy"])
    assert st.shared["order_deck"] == []
