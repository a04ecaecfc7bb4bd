"""The card-model examples of docs/rulesets.md load, validate and play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.game.core import Game
from engine.game.invariants import check_cards
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rulesets.md").read_text(encoding="utf-8")
FULL_EXAMPLES = [block for block in re.findall(r"```yaml\n(.*?)```", DOC, re.S) if "+cards:" in block and "buy:" not in block]
BUY_EXAMPLES = [block for block in re.findall(r"```yaml\n(.*?)```", DOC, re.S) if "+cards:" in block and "buy:" in block]


def test_the_docs_have_a_card_model_example() -> None:
    assert FULL_EXAMPLES


@pytest.mark.parametrize("text", FULL_EXAMPLES)
def test_card_model_example_plays(text: str, tmp_path: Path) -> None:
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(str(path))
    assert [k.id for k in rules.kinds] == ["contract"]
    assert [p.id for p in rules.turns["standard"]][-1] == "deeds"
    game = Game(rules, 3, 1)
    st = game.state
    # set-up: two contracts at the back of each hand (the 3-player column), one in the market
    for seat in range(3):
        assert [st.type_kinds[st.bean_of[c]] for c in st.hands[seat][-2:]] == ["contract", "contract"]
    assert [st.type_kinds[st.bean_of[c]] for c in st.shared["market"]] == ["contract"]
    kinds = [[st.type_kinds[st.bean_of[c]] for c in st.hands[seat]] for seat in range(3)]
    assert [k.count("contract") for k in kinds] == [3 if seat == st.active else 2 for seat in range(3)]  # game_started
    assert st.shared["contract_deck"] == []  # 8 contracts: 6 dealt, 1 in the market, 1 drawn
    problems: list[str] = []
    for seed in range(6):
        played = play_game(rules, 3 + seed % 3, seed, make_agents((["random", "greedy"] * 3)[: 3 + seed % 3], 3 + seed % 3, seed),
                           record=False, after_action=lambda g, a: problems.extend(check_cards(g)))
        assert played.game.over
        assert all(e["phase"] == "deeds" for e in played.game.events if e["type"] == "acted" and "fulfil" in str(e.get("action")))
    assert problems == []


@pytest.mark.parametrize("text", BUY_EXAMPLES)
def test_buying_example_plays(text: str, tmp_path: Path) -> None:
    """The `buy:` example: its cards are for sale, bought ones go to the buyer's zone and
    their rules are the buyer's; greedy games keep every card where its kind may be."""
    from engine.game.arrange import arrange

    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(str(path))
    assert [it.id for it in rules.items] == ["mill_1", "mill_2", "barn_2"]
    game = Game(rules, 3, 1)
    st = game.state
    assert [game.bean_name(c) for c in st.shared["workshop_row"]] == ["mill_1", "mill_2", "barn_2"]  # laid out, not shuffled
    arrange(game, {"coins": {0: ["soy", "soy", "red"]}, "fields": {0: [["soy", "soy", "soy", "soy", "soy", "soy"], []]}})
    items = game.items
    assert items is not None
    assert sorted(a.want[0] for a in items.actions(0)) == ["barn_2", "mill_1", "mill_2"]
    items.claim(0, "mill_2")
    assert [game.bean_name(c) for c in st.per_player["workshops"][0]] == ["mill_2"]
    assert [game.bean_name(c) for c in st.coins[0]] == ["red"]
    assert game.harvest(0, 0) == 4  # six soy pay 3, and the 2 Mill's one more
    problems: list[str] = []
    bought = 0
    for seed in range(4):
        played = play_game(rules, 3, seed, make_agents(["greedy"], 3, seed))
        problems += check_cards(played.game)
        bought += sum(len(z) for z in played.game.state.per_player["workshops"])
    assert problems == [] and bought > 0
