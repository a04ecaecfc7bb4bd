"""Scenario files: loading and checking them, with positions for every step.

A scenario file is YAML checked against ``schemas/scenario.schema.json``. Loading keeps
each scenario's and each step's span, so a failing step is reported at its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import BohnError, Diagnostic, Span
from engine.game.actions import Action
from engine.paths import display_path
from engine.rules import schema
from engine.rules.located import LMap, child_span, span_at, to_plain
from engine.rules.yamlload import load_file

SUFFIX = ".scenario.yaml"


@dataclass(frozen=True)
class ScenarioStep:
    kind: str  # do | expect | play
    data: Any
    span: Span | None
    error: str | None = None
    choices: list[int | None] | None = None


@dataclass
class Scenario:
    name: str
    file: Path
    span: Span | None
    ruleset: str
    variant: str | None
    players: int
    seed: int
    setup: dict[str, Any]
    setup_span: Span | None
    steps: list[ScenarioStep]
    rules: LMap | None = None
    mutant: LMap | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def is_scenario_file(path: Path) -> bool:
    return path.name.endswith(SUFFIX)


def load_scenarios(path: Path) -> list[Scenario]:
    """Every scenario of a file; raise ``BohnError`` with all problems of an invalid file."""
    document = load_file(path, display_path(path))
    problems = schema.validate(document, "scenario")
    if problems:
        raise BohnError(_misspelt_expectations(document, problems))
    assert isinstance(document, LMap)
    out = []
    for index, raw in enumerate(document["scenarios"]):
        players = raw.get("players", document.get("players"))
        ruleset = raw.get("ruleset", document.get("ruleset"))
        where = span_at(document, ["scenarios", index])
        if players is None or ruleset is None:
            missing = "players" if players is None else "ruleset"
            raise BohnError([Diagnostic("S201", f"scenario `{raw['name']}` needs `{missing}` (here or at the top of the file)", where)])
        steps = []
        for s_index, step in enumerate(raw["steps"]):
            span = span_at(raw, ["steps", s_index])
            if "do" in step:
                choices = to_plain(step["choose"]) if "choose" in step else None
                steps.append(ScenarioStep("do", to_plain(step["do"]), span, step.get("error"), choices))
            elif "expect" in step:
                steps.append(ScenarioStep("expect", step["expect"], span))
            else:
                steps.append(ScenarioStep("play", step["play"], span))
        out.append(
            Scenario(
                name=raw["name"],
                file=path,
                span=where,
                ruleset=ruleset,
                variant=raw.get("variant", document.get("variant")),
                players=int(players),
                seed=int(raw.get("seed", 0)),
                setup=to_plain(raw.get("setup", {})),
                setup_span=child_span(raw, "setup"),
                steps=steps,
                rules=raw.get("rules"),
                mutant=raw.get("mutant"),
            )
        )
    return out


def expectation_keys() -> list[str]:
    """The expectation keys of the scenario format (any other key names a zone)."""
    return list(schema.validator("scenario").schema["$defs"]["expect"]["properties"])


def _misspelt_expectations(document: Any, problems: list[Diagnostic]) -> list[Diagnostic]:
    """An expectation key close to a known one is a misspelling, not a zone: say so
    (T701 with a suggestion) instead of the schema's complaint about its value."""
    from engine.errors import did_you_mean

    known = expectation_keys()
    found: list[Diagnostic] = []
    scenarios = document.get("scenarios") if isinstance(document, LMap) else None
    for scenario in scenarios if isinstance(scenarios, list) else []:
        steps = scenario.get("steps") if isinstance(scenario, LMap) else None
        for step in steps if isinstance(steps, list) else []:
            expect = step.get("expect") if isinstance(step, LMap) else None
            if not isinstance(expect, LMap):
                continue
            for key in expect:
                guess = did_you_mean(str(key), known)
                refused = any(f"/expect/{key}`" in d.message for d in problems)  # not a zone's shape either
                if key not in known and guess and refused:
                    found.append(Diagnostic("T701", f"unknown expectation `{key}`{guess}", span_at(expect, [key], key=True),
                                            hint="Expectations are " + ", ".join(known) + "; any other key names a zone."))
    keys = {d.message.split("`")[1] for d in found}
    return found + [d for d in problems if not any(f"/expect/{k}`" in d.message for k in keys)]


def parse_action(data: dict[str, Any], span: Span | None) -> Action:
    """An action from its scenario form (``give: [hand:0, revealed:1]``, ``item: x``,
    ``owner: 2`` for another seat's field), turned into the log's JSON form and read by
    ``Action.from_json``. Any action can be named, legal or not, so that a scenario can
    check that the rules refuse it."""
    try:
        logged = dict(data)
        logged["give"] = [str(ref).partition(":")[::2] for ref in data.get("give", ())]
        if "item" in data:
            logged["want"] = [data["item"]]
        owner = logged.pop("owner", None)
        if owner is not None and int(owner) != int(data["seat"]):
            logged["target"] = int(owner)  # a field of another seat: named so it can be refused
        return Action.from_json(logged)
    except (KeyError, ValueError, TypeError) as exc:
        raise BohnError.one("T702", f"malformed action {data}: {exc}", span) from None


def check_scenario_file(path: Path) -> list[Diagnostic]:
    """Problems of a scenario file for ``bohn validate``: format, rulesets, actions."""
    from engine.rules.loader import ruleset_errors

    try:
        scenarios = load_scenarios(path)
    except BohnError as exc:
        return list(exc.diagnostics)
    found: list[Diagnostic] = []
    for sc in scenarios:
        # checked, not built: the rules of a scenario folder are checked in well under a second
        errors = ruleset_errors(sc.ruleset, sc.variant, patches=[p for p in (sc.rules,) if p is not None],
                                relative_to=path.parent, span=sc.span)
        if not errors and sc.mutant is not None:
            errors = ruleset_errors(sc.ruleset, sc.variant, patches=[p for p in (sc.rules, sc.mutant) if p is not None],
                                    relative_to=path.parent, span=sc.span)
        found.extend(errors)
        for step in sc.steps:
            if step.kind == "do":
                try:
                    parse_action(step.data, step.span)
                except BohnError as exc:
                    found.extend(exc.diagnostics)
    return found
