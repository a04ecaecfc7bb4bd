"""Statistics and replay details that single-operator mutants got past (issue 20): the
A/B comparison's standard error, the replay of logged choices, and the log line a replay
names when it finds a divergence."""

from __future__ import annotations

import json
import math
from pathlib import Path

from engine.game import log
from engine.game.actions import ACT, Action
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.replay import replay
from engine.sim.running import Running
from engine.sim.simulate import Stats, paired_difference


def _stats(per_game: list[list[int]]) -> Stats:
    return Stats("base", None, 2, len(per_game), [], [], 0, 1.0, per_game)


def test_paired_difference_uses_the_sample_variance() -> None:
    a = _stats([[0, 0], [0, 0], [0, 0]])
    b = _stats([[1, 1], [2, 2], [3, 3]])  # differences 1, 2, 3: mean 2, sample variance 1
    mean, se, n = paired_difference(a, b)
    assert (mean, n) == (2.0, 3)
    assert math.isclose(se, math.sqrt(1 / 3))
    mean, se, n = paired_difference(b, a)
    assert mean == -2.0 and math.isclose(se, math.sqrt(1 / 3))


def test_paired_difference_of_one_game_has_no_error() -> None:
    mean, se, n = paired_difference(_stats([[1, 3]]), _stats([[4, 4]]))
    assert (mean, n) == (2.0, 1) and math.isnan(se)


def _logged_game(tmp: Path, answer: int) -> Path:
    """A game whose declared action asks the owner to choose; the choice is `answer`."""
    rules_path = tmp / "choosy.yaml"
    rules_path.write_text("extends: base\neffects:\n  +pick:\n    effect: |\n"
                          "      action pick on own_turn { choose b from bean_types() by owner { note(\"picked\") } }\n",
                          encoding="utf-8")
    game = Game(load_ruleset(str(rules_path)), 3, seed=11)
    assert game.fx is not None
    game.fx.choice_hook = lambda seat, options, prompt, optional: answer
    index = game.fx.find_action(0, "pick")
    assert index is not None
    actions, positions = [], []
    for action in (Action(ACT, 0, card=index, want=("pick",)),) * 2:
        positions.append(len(game.events))
        game.apply(action)
        actions.append(action)
    while not game.over:  # a log must reach the end of the game to replay (G615)
        seat = game.decider
        assert seat is not None
        action = next(a for a in game.legal_actions(seat) if a.kind != ACT)
        positions.append(len(game.events))
        game.apply(action)
        actions.append(action)
    chose = [e for e in game.events if e["type"] == "chose"]
    assert [e["index"] for e in chose] == [answer, answer]
    path = tmp / "game.jsonl"
    log.write(path, log.header(game, "choosy.yaml", ["greedy"] * 3), log.entries(game.events, actions, positions))
    return path


def test_replay_answers_choices_as_the_log_says(tmp_path: Path) -> None:
    result = replay(_logged_game(tmp_path, 3))
    assert result.ok, (result.line, result.message, result.expected, result.actual)
    assert result.actions > 2


def test_replay_names_the_line_of_the_first_changed_event(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    notes = [i for i, line in enumerate(lines, start=1) if json.loads(line).get("type") == "note"]
    assert len(notes) == 2
    number = notes[1]  # the second note, after the second logged action
    entry = json.loads(lines[number - 1])
    entry["text"] = "changed"
    lines[number - 1] = log.dumps(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(path)
    assert not result.ok
    assert result.line == number, "the line of the edited event, counting the header as line 1"
    assert result.expected["text"] == "changed" and result.actual["text"] == "picked"
    assert result.actions == 2


def test_replay_names_the_line_of_an_action_the_engine_refuses(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 1)
    lines = path.read_text(encoding="utf-8").splitlines()
    actions = [i for i, line in enumerate(lines, start=1) if json.loads(line).get("type") == "action"]
    assert len(actions) > 2
    number = actions[1]  # the second `pick`
    entry = json.loads(lines[number - 1])
    entry["action"]["seat"] = 1  # seat 1 may not take seat 0's action on seat 0's turn
    lines[number - 1] = log.dumps(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(path)
    assert not result.ok and result.message == "the engine refuses a logged action"
    assert result.line == number and result.expected["seat"] == 1
    assert result.actions == 1


def _running(*values: float) -> Running:
    r = Running()
    for v in values:
        r.add(v)
    return r


def test_a_clear_difference_needs_an_interval_wholly_on_one_side_of_zero() -> None:
    assert _running(10.0, 10.1).excludes_zero(), "two values are enough for an interval"
    assert _running(-10.0, -10.1).excludes_zero(), "a clear loss is a clear difference too"
    small = _running(-0.1, 0.1, -0.1, 0.1)
    assert small.ci95()[0] < 0 < small.ci95()[1] < 1
    assert not small.excludes_zero(), "an interval around zero is no clear difference, however narrow"


def _rewrite_rules(path: Path, folder: str) -> int:
    """Point every event's rule at the same file name in another folder; how many changed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = 0
    for i, line in enumerate(lines):
        entry = json.loads(line)
        rule = entry.get("rule")
        if isinstance(rule, str) and "choosy.yaml" in rule:
            entry["rule"] = folder + rule.replace("\\", "/").rsplit("/", 1)[-1]
            lines[i] = log.dumps(entry)
            changed += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def test_a_log_written_in_another_folder_or_on_windows_replays(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 1)
    assert _rewrite_rules(path, "C:\\Users\\ann\\house rules\\") > 0
    result = replay(path)
    assert result.ok, (result.line, result.message)


def test_a_rule_from_another_file_is_a_divergence(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 1)
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if "choosy.yaml" in str(json.loads(line).get("rule")))
    entry = json.loads(lines[number - 1])
    entry["rule"] = entry["rule"].replace("choosy.yaml", "other.yaml")
    lines[number - 1] = log.dumps(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(path)
    assert not result.ok and result.line == number
