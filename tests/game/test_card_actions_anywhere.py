"""A card's action of a kind that may lie anywhere (no `zones`) and whose action names no
zone it must be in: listed to whoever holds such a card, in any of their zones, and to
nobody else; taking it does what it says (engine/game/declared.py ``ListingMemo.legal``,
the listing of cards' actions that looks through every zone and the fields).

Why: every shipped kind with actions limits its zones or guards its actions with
`this in cards(ZONE)`, so the games never took the listing's general look, through the
seat's zones and fields; a mistake there (a field read as none, a TypeError) went unseen."""

from __future__ import annotations

from pathlib import Path

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset

CHARMS = """\
extends: base
id: charms
name: Charms
zones:
  +charm_deck: {kind: deck, owner: shared, visibility: hidden}
+cards:
  - id: charm
    name: Charm
    starts_in: charm_deck
    effect: |
      action rub on any_time { gain(owner, 1) move([this], charm_deck) }
    cards:
      - {id: lucky, name: Lucky charm, count: 2}
"""


def test_a_charm_is_rubbed_by_whoever_holds_it_wherever_it_lies(tmp_path: Path) -> None:
    path = tmp_path / "charms.yaml"
    path.write_text(CHARMS, encoding="utf-8")
    game = Game(load_ruleset(str(path)), 3, seed=2)
    arrange(game, {"hands": {0: ["soy", "lucky"]}, "set_aside": {2: ["lucky"]}, "fields": {1: [["red"], ["soy"]]},
                   "discard": ["wax", "blue"]})
    listed = {s: [(a.seat, a.want) for a in game.legal_actions(s) if a.kind == "act"] for s in range(3)}
    assert listed == {0: [(0, ("lucky",))], 1: [], 2: [(2, ("lucky",))]}
    [rub] = [a for a in game.legal_actions(2) if a.kind == "act"]
    game.apply(rub)
    assert [game.bean_name(c) for c in game.state.coins[2]] == ["blue"]
    assert game.state.per_player["set_aside"][2] == [] and [game.bean_name(c) for c in game.state.shared["charm_deck"]] == ["lucky"]
    assert [(e["type"], e["seat"]) for e in game.events[-3:]] == [("gained", 2), ("moved", None), ("acted", 2)]
    assert [a for a in game.legal_actions(2) if a.kind == "act"] == []  # it holds none now
    assert [(a.seat, a.want) for a in game.legal_actions(0) if a.kind == "act"] == [(0, ("lucky",))]
