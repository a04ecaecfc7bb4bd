"""What a card's own rules see when they run (engine/game/effects.py `GameEffects._run`):
the same names as the ruleset's rules, `active` among them (issue 20: a mutant leaving
`active` out of a card's trigger context survived the game selection)."""

from __future__ import annotations

from pathlib import Path

from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

ORDERS = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml"


def test_a_card_s_trigger_reads_the_active_seat(tmp_path: Path) -> None:
    """Each order card counts, for the seat to move, the turns that seat ended while it held
    the card (a card's rule hears its holder's turns): seat 0 holds two orders, the other seats
    one; the game ends in seat 1's fourteenth turn, which never ends."""
    (tmp_path / "orders.yaml").write_text(ORDERS.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "house.yaml"
    path.write_text("extends: orders.yaml\nid: house\nname: House orders\ncards:\n  order:\n    effect: |\n"
                    "      when turn_ended { add_counter(active, \"ended\", 1) }\n", encoding="utf-8")
    played = play_game(load_ruleset(str(path)), 3, 2, make_agents(["random"], 3, 2), trading=False)
    game: Game = played.game
    assert game.fx is not None
    started = [sum(1 for e in game.events if e["type"] == "turn_started" and e["seat"] == s) for s in range(3)]
    assert started == [14, 14, 13]
    assert game.fx.counters == {(0, "ended"): 2 * 14, (1, "ended"): 13, (2, "ended"): 13}
