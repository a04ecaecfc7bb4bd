"""Every golden game played again without a record must be the same game.

Why: a game that records nothing (the simulations users run most) takes the engine's quiet
paths: the trading step's spelt-out decline, the reveal and the planting in one move, the
plant listings without `Game.plant`, the trade that tells nobody. The golden logs
(`tests/sim/test_golden.py`) prove only the recorded paths, and `test_plain_paths.py`
compares the quiet ones only for rulesets without effects. Here each golden game of every
shipped ruleset and variant (greedy and random seats, trading on) is played with
``record=False``: it must take the golden log's actions, one by one, and end with its
scores, winners and hands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.game.actions import Action
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = sorted(GOLDEN.glob("*.jsonl"))


def _golden(path: Path) -> tuple[dict[str, Any], list[Action], dict[str, Any]]:
    """The golden log's header, its actions and its `game_ended` event."""
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    actions = [Action.from_json(e["action"]) for e in entries if e["type"] == "action"]
    ended = [e for e in entries if e["type"] == "game_ended"]
    assert len(ended) == 1
    return entries[0], actions, ended[0]


def test_every_shipped_ruleset_has_a_golden_game() -> None:
    rulesets = {_golden(p)[0]["ruleset"] for p in FILES}
    shipped = {p.stem for p in (Path(__file__).resolve().parents[2] / "rulesets").glob("*.yaml")}
    assert shipped <= rulesets


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_golden_game_unrecorded_takes_the_same_actions_and_ends_alike(path: Path) -> None:
    head, actions, ended = _golden(path)
    rules = load_ruleset(str(head["ruleset_ref"]), head.get("variant"))
    players, seed, bots = int(head["players"]), int(head["seed"]), [str(b) for b in head["bots"]]
    played = play_game(rules, players, seed, make_agents(bots, players, seed), trading=bool(head.get("trading", True)),
                       record=False)
    assert played.game.events == []  # nothing recorded: the quiet paths were taken
    for number, (want, got) in enumerate(zip(actions, played.actions)):
        assert got == want, f"action {number} of {path.name}: {got} played, the golden log's is {want}"
    assert len(played.actions) == len(actions)
    assert played.game.scores == ended["scores"]
    assert played.game.winners == ended["winners"]
    assert [len(h) for h in played.game.state.hands] == ended["hands"]


#: rulesets with no golden game: the examples, the card model's fan expansion, and the
#: shipped ones without trading (the window that never opens: its revealed cards kept quietly)
UNGOLDEN = [("rulesets/examples/bean_market.yaml", None, True), ("rulesets/examples/edition_104.yaml", None, True),
            ("rulesets/scenarios/cards/orders.yaml", None, True), ("base", None, False), ("high_bohn", None, False),
            ("la_isla_bohnita", None, False)]


@pytest.mark.parametrize(("ruleset", "variant", "trading"), UNGOLDEN, ids=[f"{r}-{t}" for r, _, t in UNGOLDEN])
def test_a_game_without_a_golden_log_unrecorded_is_the_recorded_game(ruleset: str, variant: str | None, trading: bool) -> None:
    rules = load_ruleset(ruleset, variant)
    bots = ["greedy", "random", "greedy"]
    told, quiet = (play_game(rules, 3, 5, make_agents(bots, 3, 5), trading=trading, record=record) for record in (True, False))
    assert told.game.events and quiet.game.events == []
    assert quiet.actions == told.actions
    assert (quiet.game.scores, quiet.game.winners) == (told.game.scores, told.game.winners)
    assert quiet.game.state.hands == told.game.state.hands and quiet.game.state.fields == told.game.state.fields
