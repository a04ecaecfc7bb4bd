"""A card's action with a list of values (``action NAME(x in LIST)`` on a card type) is
bound to its card like one without: listed once per value for the card's holder, and its
body run with the value chosen. No shipped ruleset has such a card (their cards' actions
take no value), so a 2026-12-02 mutant that bound a card's action without its list of
values went unseen by every game. The body also reads a card's `id`, which no shipped effect does."""

from __future__ import annotations

from pathlib import Path

import yaml

from engine.game.actions import ACT
from engine.game.core import Game
from engine.rules.loader import load_ruleset

MARKET = Path(__file__).resolve().parents[2] / "rulesets" / "examples" / "bean_market.yaml"


def test_a_cards_action_is_listed_once_per_value_and_runs_with_the_value_chosen(tmp_path: Path) -> None:
    house = yaml.safe_load(MARKET.read_text(encoding="utf-8"))
    windfall = next(c for c in house["+cards"][0]["cards"] if c["id"] == "windfall")
    windfall["effect"] = ("action play_windfall(n in [1, 3]) on own_turn if this in cards(hand) {\n"
                          "  move([this], action_discard)\n  add_counter(owner, \"won\", n)\n"
                          "  set_counter(owner, \"played\", count([c in cards(action_discard) if c.id == \"windfall\"]))\n}\n")
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(house), encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, 1)
    fx, st = game.fx, game.state
    assert fx is not None
    card = next(c for zone in st.shared.values() for c in zone if game._names[c] == "windfall")
    next(zone for zone in st.shared.values() if card in zone).remove(card)
    seat = st.active
    st.hands[seat].append(card)
    game.version += 1  # the position changed under the game's feet: nothing remembered holds
    plays = [a for a in game.legal_actions(seat) if a.kind == ACT and fx.actions[a.card][0].name == "play_windfall"]
    assert [a.field for a in plays] == [0, 1]  # (an act's field: the index of its value)
    game.apply(plays[1])
    assert fx.counters[(seat, "won")] == 3 and card in st.shared["action_discard"]
    # a card's `id` read by the engine's world: its card type's id (no shipped effect reads
    # it, and a 2026-12-02 mutant reading the id of no card was run by no test)
    assert fx.counters[(seat, "played")] == 1
    assert not [a for a in game.legal_actions(seat) if a.kind == ACT and fx.actions[a.card][0].name == "play_windfall"]
