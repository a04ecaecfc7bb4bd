"""The simultaneous secret choice (``secretly for p in … choose …``) in real games: a seat
never sees another's pending picks, bots answer it, and a log replays it exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from engine.agents.random_bot import RandomBot
from engine.game.core import Game
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset
from engine.sim.play import play_game

#: Each turn both players put two hand cards face down in their own vault, in secret.
RULES = """\
extends: base
id: vaults
name: Secret vaults
zones:
  +vault: {kind: pile, owner: player, visibility: owner}
effects:
  +hide:
    effect: |
      when turn_began if count(cards(hand)) >= 2 and count(cards(zone(hand, opponent))) >= 2 {
        secretly for p in players() choose picks from cards(zone(hand, p)) count 2 {
          move(picks, zone(vault, p))
        }
      }
"""


def _rules(tmp_path: Path) -> Path:
    path = tmp_path / "vaults.yaml"
    path.write_text(RULES, encoding="utf-8")
    return path


def test_a_seat_never_sees_another_seats_pending_picks(tmp_path: Path) -> None:
    rules = load_ruleset(str(_rules(tmp_path)))
    game = Game(rules, 2, 3)
    views = [SeatView(game, s) for s in range(2)]
    seen: list[tuple[int, dict[str, Any], dict[str, Any]]] = []

    def hook(seat: int, options: Sequence[Any], prompt: str, optional: bool) -> int:
        assert "secretly" in prompt
        seen.append((seat, views[seat].to_dict(), views[1 - seat].to_dict()))
        return len(options) - 1

    assert game.fx is not None
    game.fx.choice_hook = hook
    while not seen:
        seat = game.decider
        assert seat is not None
        game.apply(game.legal_actions(seat)[0])
    first = seen[0][0]
    assert [s for s, _, _ in seen] == [first, first, 1 - first, 1 - first], "both pick two cards, the owner first"
    # the first seat's own picks so far are in its view; the other's view is the same before and after them
    assert seen[0][1]["pending_choice"] == [] and len(seen[1][1]["pending_choice"]) == 1
    assert seen[2][1] == seen[0][2], "the second seat is asked seeing exactly what it saw before the first picked"
    assert len(seen[2][2]["pending_choice"]) == 2, "the first seat still sees its own two picks"
    assert views[0].pending_choice() == [] and views[1].pending_choice() == [], "revealed: no pick pending"


def test_bots_answer_it_and_the_log_replays_it(bohn: Any, tmp_path: Path) -> None:
    rules = _rules(tmp_path)
    played = play_game(load_ruleset(str(rules)), 2, 5, [RandomBot(1), RandomBot(2)])
    secret = [e for e in played.game.events if e["type"] == "chose" and e.get("secret")]
    assert secret and {e["seat"] for e in secret} == {0, 1}
    assert any(e["index"] > 0 for e in secret), "the random bot picks, not always the first option"
    for bot in ("greedy", "random"):
        log = tmp_path / f"{bot}.jsonl"
        run = bohn("play", "--ruleset", str(rules), "--players", "2", "--seed", "7", "--bots", bot, "--log", str(log), "--quiet")
        assert run.code == 0, run.err
        events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        assert any(e.get("type") == "chose" and e.get("secret") for e in events)
        replayed = bohn("replay", str(log))
        assert replayed.code == 0 and "no divergence" in replayed.out, replayed.out


def test_the_greedy_bot_picks_the_options_worth_most(tmp_path: Path) -> None:
    path = tmp_path / "vaults.yaml"
    path.write_text(RULES.replace("count 2 {", "count 2 worth 100 - picks.bean.count {"), encoding="utf-8")
    from engine.agents.greedy import GreedyBot
    from engine.sim.play import route_choices

    rules = load_ruleset(str(path))
    game = Game(rules, 2, 11)
    hands = [list(h) for h in game.state.hands]
    views = [SeatView(game, s) for s in range(2)]
    route_choices(game, [GreedyBot(1), GreedyBot(2)], views)
    assert game.fx is not None
    fx = game.fx
    # run the opening turn's secret choice again, now answered by the greedy bots
    game.state.hands[0][:], game.state.hands[1][:] = hands[0], hands[1]
    for seat in range(2):
        game.state.per_player["vault"][seat].clear()
    fx.fire("turn_began", {"player": 0})
    for seat in range(2):
        counts = sorted(rules.bean(game.bean_name(c)).count for c in hands[seat])
        picked = sorted(rules.bean(game.bean_name(c)).count for c in game.state.per_player["vault"][seat])
        assert picked == counts[:2], f"seat {seat} keeps its two most valuable (rarest) beans"
