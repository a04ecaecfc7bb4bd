"""The shipped scenarios read along the engine's other paths.

1. A scenario's `legal:` accepts an action the listing leaves out when `apply`'s own
   check accepts it (an offer of several cards is never listed whole), and a `do` is
   only applied. Here every action a `legal:` names, and every action a `do` takes
   without an expected error, must also be *listed* (`Game.legal_actions`), an offer
   excepted, and
   for the seat deciding, the game loop's `Game.decision` must list what `legal_actions`
   lists: the listing is what bots and players choose from, and it is written apart from
   the check (the field-price test has a copy in `decision` and five in the free actions,
   one per path).
2. Every scenario of a ruleset without effects passes as well with a rule added that
   never does anything: a game without rules takes its own paths (no `Game.fx`: the
   harvest off a table, the free actions off a grid, the reveal in one move, the plain
   plant listing), a game with rules the general ones, which must play the same game.

Why: most of the base game's behaviour is proven by scenarios of the base ruleset, which
has no effects, so the general paths were proven on it only by the expansions' games;
fresh samples of engine/game kept finding survivors in a path taken by one kind of game
only (a harvest listing past the grid with rules, a plain harvest in a game whose kinds
limit their zones), and a field bought with exactly its price was listed by no test (a
listing's `>=` made `>` went unseen: the check said yes). The added rule hears
`game_ended` under a condition that never holds, so no expectation can change."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from engine.game.core import Game
from engine.rules.located import LMap
from engine.rules.loader import load_ruleset
from engine.rules.yamlload import load_file
from engine.scenario.model import Scenario, load_scenarios
from engine.errors import BohnError
from engine.game.actions import PLANT, PROPOSE, Action
from engine.scenario import run as scenario_run
from engine.scenario.run import run_scenario

SUITE = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios"
NEVER = "effects:\n  +never:\n    effect: 'when game_ended if false { note(\"never\") }'\n"


def _listed(game: Game, action: Action) -> bool:
    """Whether ``action`` is listed (an offer need only be accepted; a plant naming the
    front card by its position is the listed plant), and, for the seat deciding, whether
    the game loop's `decision` lists what `legal_actions` lists."""
    if action.kind == PROPOSE:
        return True
    listed = game.legal_actions(action.seat)
    if action.seat == game.decider:  # the game loop asks `decision`, its own copy of the listing
        seat, decided = game.decision((True,) * game.players)
        assert seat == action.seat and decided == listed, f"decision {decided} != legal_actions {listed}"
    return action in listed or (action.kind == PLANT and action._replace(card=-1) in listed)


def _listed_or_offer(game: Game, action: Action) -> bool:
    """`legal:` read strictly: accepted by the check and listed."""
    return _IS_LEGAL(game, action) and _listed(game, action)


def _do_listed(game: Game, step: Any, mark: int) -> Any:
    """A `do` the scenario expects to succeed must be listed before it is applied."""
    if step.kind == "do" and step.error is None:
        try:
            action = scenario_run._resolve(game, scenario_run.parse_action(step.data, step.span), step.data, step.span)
        except BohnError:
            pass  # the scenario runner says what is wrong with it
        else:
            if not _listed(game, action):
                return scenario_run.Failure("T704", f"`{action}` is accepted but not listed", step.span)
    return _RUN_STEP(game, step, mark)


_IS_LEGAL = scenario_run._is_legal
_RUN_STEP = scenario_run._run_step


@pytest.fixture
def strict_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_run, "_is_legal", _listed_or_offer)
    monkeypatch.setattr(scenario_run, "_run_step", _do_listed)


@lru_cache(maxsize=1)
def _shipped() -> list[Scenario]:
    return [sc for path in sorted(SUITE.rglob("*.scenario.yaml")) for sc in load_scenarios(path)]


@pytest.mark.parametrize("index", range(len(_shipped())),
                         ids=[f"{sc.file.parent.name}/{sc.file.name}: {sc.name}" for sc in _shipped()])
def test_every_action_a_scenario_takes_or_calls_legal_is_listed(index: int, strict_legal: None) -> None:
    sc = _shipped()[index]
    outcome = run_scenario(sc)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""


@lru_cache(maxsize=1)
def _without_rules() -> list[Scenario]:
    """The shipped scenarios whose game has no rules (no effects, no card rules)."""
    out = []
    for sc in _shipped():
        rules = load_ruleset(sc.ruleset, sc.variant, patches=[p for p in (sc.rules,) if p is not None],
                             relative_to=sc.file.parent, span=sc.span)
        if Game(rules, sc.players, sc.seed).fx is None:
            out.append(sc)
    return out


def _with_never(sc: Scenario, tmp: Path) -> Scenario:
    """The scenario with its own patch and the rule that does nothing, in one patch."""
    path = tmp / "never.yaml"
    path.write_text(NEVER, encoding="utf-8")
    never = load_file(path, str(path))
    assert isinstance(never, LMap)
    patch = LMap(sc.rules.span if sc.rules is not None else never.span)
    for source in [s for s in (sc.rules, never) if s is not None]:
        for key, value in source.items():
            if key == "effects" and key in patch:
                merged = LMap(patch["effects"].span)
                for part in (patch["effects"], value):
                    for k, v in part.items():
                        merged.put(k, v, part.key_spans.get(k), part.value_spans.get(k))
                value = merged
            patch.put(key, value, source.key_spans.get(key), source.value_spans.get(key))
    return dataclasses.replace(sc, rules=patch)


def test_many_scenarios_play_a_game_without_rules() -> None:
    assert len(_without_rules()) >= 40


@pytest.mark.parametrize("index", range(len(_without_rules())),
                         ids=[f"{sc.file.parent.name}/{sc.file.name}: {sc.name}" for sc in _without_rules()])
def test_the_scenario_passes_with_a_rule_that_does_nothing(index: int, tmp_path: Path, strict_legal: None) -> None:
    sc = _with_never(_without_rules()[index], tmp_path)
    assert sc.rules is not None
    rules = load_ruleset(sc.ruleset, sc.variant, patches=[sc.rules], relative_to=sc.file.parent, span=sc.span)
    assert Game(rules, sc.players, sc.seed).fx is not None, "the game has rules"
    outcome = run_scenario(sc)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""
