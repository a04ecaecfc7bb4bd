"""The ruleset's `setup:` lines (engine/game/setup.py) deal where they say: at the front of
each hand or the bottom of a pile (`at: front` / `bottom`) as well as at the back or top,
cards of one kind from the deck that kind starts in, and coins off the draw pile, each
line telling a `dealt` event per target.

Why: every shipped set-up line deals to the back of hands or onto shared zones, so the
front and bottom of a zone were reached only by a scenario's mutant.
"""

from __future__ import annotations

from pathlib import Path

from engine.game.core import Game
from engine.rules.loader import load_ruleset

ORDERS = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml"
LINES = """\
setup:
  - {deal: 1, kind: order, to: hand, at: front}
  - {deal: 2, to: discard}
  - {deal: 1, to: discard, at: bottom}
  - {deal: 1, kind: order, to: [order_discard], at: bottom}
  - {coins: 1}
"""


def _game(tmp_path: Path, lines: str) -> Game:
    (tmp_path / "orders.yaml").write_text(ORDERS.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / f"house{len(lines)}.yaml"
    # (without the first player's extra order, drawn by a `game_started` rule after the lines)
    path.write_text(f"extends: orders.yaml\nid: house\nname: House orders\neffects: {{-first_player_order: ~}}\n{lines}",
                    encoding="utf-8")
    return Game(load_ruleset(str(path)), 3, 1)


def test_each_set_up_line_deals_where_it_says(tmp_path: Path) -> None:
    plain = _game(tmp_path, "setup: []\n")  # the same seed: the same shuffled piles before the lines
    game = _game(tmp_path, LINES)
    st, before = game.state, plain.state
    orders = [c for c in reversed(before.shared["order_deck"])]  # top card first
    # one order card at the front of each hand, dealt in seat order off the top of the order deck
    assert [h[0] for h in st.hands] == orders[:3]
    assert [h[1:6] for h in st.hands] == [h[:5] for h in before.hands]
    top = list(reversed(before.deck))  # the draw pile, top card first
    # two cards onto the discard pile one by one, then one under them
    assert st.discard == [top[2], top[0], top[1]]
    assert st.shared["order_discard"] == [orders[3]]
    assert st.coins == [[top[3]], [top[4]], [top[5]]]
    dealt = [{k: v for k, v in e.items() if k in ("seat", "cards", "to", "source", "at")}
             for e in game.events if e["type"] == "dealt"]
    assert dealt == [
        *({"seat": s, "cards": 1, "to": "hand", "source": "order_deck", "at": "front"} for s in range(3)),
        {"seat": None, "cards": 2, "to": "discard", "source": "draw_pile", "at": "top"},
        {"seat": None, "cards": 1, "to": "discard", "source": "draw_pile", "at": "bottom"},
        {"seat": None, "cards": 1, "to": "order_discard", "source": "order_deck", "at": "bottom"},
        *({"seat": s, "cards": 1, "to": "coins", "source": "draw_pile", "at": "top"} for s in range(3)),
    ]
