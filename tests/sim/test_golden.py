"""Golden game logs: a fixed seed must replay the same game, byte for byte.

A change to the engine, the bots or the shipped rulesets that alters any game shows up
here as the first differing line. When the change is intended, regenerate with
``BOHN_UPDATE_GOLDEN=1 python -m pytest tests/sim/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.game import log
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from engine.sim.replay import replay

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FILES = sorted(GOLDEN.glob("*.jsonl"))


def _play_again(head: dict[str, object]) -> str:
    rules = load_ruleset(str(head["ruleset_ref"]), head.get("variant"))  # type: ignore[arg-type]
    players, seed = int(head["players"]), int(head["seed"])  # type: ignore[call-overload]
    bots = [str(b) for b in head["bots"]]  # type: ignore[attr-defined]
    played = play_game(rules, players, seed, make_agents(bots, players, seed), trading=bool(head.get("trading", True)))
    lines = [log.dumps(log.header(played.game, str(head["ruleset_ref"]), bots))]
    lines += [log.dumps(e) for e in log.entries(played.game.events, played.actions, played.action_positions)]
    return "\n".join(lines) + "\n"


def test_there_are_golden_logs() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_log_is_reproduced(path: Path) -> None:
    expected = path.read_text(encoding="utf-8")
    head = json.loads(expected.splitlines()[0])
    actual = _play_again(head)
    if actual != expected and os.environ.get("BOHN_UPDATE_GOLDEN") == "1":
        path.write_text(actual, encoding="utf-8")
        pytest.skip("golden log rewritten")
    if actual != expected:
        for number, (a, b) in enumerate(zip(expected.splitlines(), actual.splitlines()), start=1):
            if a != b:
                pytest.fail(f"{path.name}:{number} differs\n  golden: {a}\n  now:    {b}\n{__doc__}")
        pytest.fail(f"{path.name}: the game is now {len(actual.splitlines())} lines long, not {len(expected.splitlines())}")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_log_replays(path: Path) -> None:
    assert replay(path).ok
