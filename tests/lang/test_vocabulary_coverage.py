"""Nothing in the vocabulary is a no-op: each entry changes the outcome of a shipped scenario.

For every event, query, statement and function of ``engine.lang.vocab`` the test finds a
scenario under ``rulesets/scenarios/`` whose ``mutant`` removes a use of that entry
(the entry is used fewer times in the mutant's effects than in the scenario's), and
checks that the scenario passes while its mutant fails. A name the engine ignored would
have no such scenario: its removal could not change any outcome. The same holds for the
constructs of the grammar (let, if / else, repeat, for, choose, secret choice, cancel…):
each has a named shipped scenario that runs it in a real game and whose mutant fails.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from engine.lang import vocab as V
from engine.rules.loader import load_ruleset
from engine.rules.model import Ruleset
from engine.scenario.model import Scenario, load_scenarios
from engine.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "rulesets" / "scenarios"

ENTRIES = ([("event", n) for n in V.EVENTS] + [("query", n) for n in V.QUERIES]
           + [("statement", n) for n in V.STATEMENTS] + [("function", n) for n in V.FUNCTIONS])


def ruleset_uses(rules: Ruleset) -> Counter[tuple[str, str]]:
    """Every vocabulary entry the ruleset's effects (its own and its items') use."""
    out: Counter[tuple[str, str]] = Counter()
    for effect in rules.effects:
        out += effect.compiled.uses
    for item in rules.items:
        for compiled in (item.effect, item.on_buy):
            if compiled is not None:
                out += compiled.uses
    for kind in rules.kinds:
        for card in kind.cards:
            if card.effect is not None:
                out += card.effect.uses
    return out


def _load(sc: Scenario, mutant: bool) -> Ruleset:
    patches = [p for p in (sc.rules, sc.mutant if mutant else None) if p is not None]
    return load_ruleset(sc.ruleset, sc.variant, patches=patches, relative_to=sc.file.parent, span=sc.span)


@lru_cache(maxsize=1)
def coverage() -> dict[tuple[str, str], list[Scenario]]:
    """Entry -> the shipped scenarios whose mutant removes a use of it."""
    found: dict[tuple[str, str], list[Scenario]] = {}
    for path in sorted(SUITE.rglob("*.scenario.yaml")):
        for sc in load_scenarios(path):
            if sc.mutant is None:
                continue
            removed = ruleset_uses(_load(sc, False)) - ruleset_uses(_load(sc, True))
            for entry in removed:
                found.setdefault(entry, []).append(sc)
    return found


def test_every_vocabulary_entry_has_a_scenario_whose_mutant_removes_it() -> None:
    missing = [f"{kind} `{name}`" for kind, name in ENTRIES if (kind, name) not in coverage()]
    assert not missing, "no shipped scenario proves these change an outcome: " + ", ".join(missing)


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{k}:{n}" for k, n in ENTRIES])
def test_the_entry_changes_the_outcome(entry: tuple[str, str]) -> None:
    scenarios = coverage().get(entry)
    if not scenarios:
        pytest.fail(f"{entry[0]} `{entry[1]}`: no shipped scenario removes it in its mutant")
    sc = scenarios[0]
    outcome = run_scenario(sc)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""
    caught = run_scenario(sc, mutant=True)
    assert caught.passed, f"{sc.file.name}: {sc.name}: the mutant without `{entry[1]}` still passes"


#: Each construct of the language (the reference's list) -> the shipped scenario that runs
#: it in a real game and whose mutant takes it out or bends it. A construct added to the
#: reference without such a scenario fails below.
CONSTRUCT_SCENARIOS: dict[str, str] = {
    "trigger": "planted - a trigger counts the soy beans its owner plants",
    "modifier": "field_price - a third field for one coin",
    "action": "pay - a coin to the discard pile",
    "action with a parameter": "an action with a parameter is offered once per legal value",
    "procedure": "procedures - one rule written once, called from a trigger and from an action",
    "let": "let - a name holds a value, and a second let rebinds it",
    "if / else": "if / else - the first branch whose condition holds runs, and only it",
    "repeat": "repeat - the block runs as many times as the expression says",
    "for": "for - the block runs once for every item, the name bound to it",
    "choose": "choose - an optional choice may take none, and the block is skipped",
    "cancel": "action_played - a rule may cancel an action before its cost is paid",
    "secret choice": "secret choice - both pick from their hands before either pick is handed over",
    "list filter": "list filter - only the items whose condition holds",
    "list map": "list map - an expression of every item that passes the condition",
    "conditional value": "conditional value - `if … then … else …` picks one of two values",
}
#: read only by bots, never by the rules: tests/agents/test_worth.py plays bots on them
BOT_HINTS = {"action with a worth for bots", "choose with a worth for bots"}


def test_every_construct_of_the_reference_has_a_scenario() -> None:
    from engine.lang.reference import CONSTRUCT_EXAMPLES

    assert set(CONSTRUCT_SCENARIOS) | BOT_HINTS == set(CONSTRUCT_EXAMPLES)


@lru_cache(maxsize=1)
def shipped_by_name() -> dict[str, Scenario]:
    return {sc.name: sc for path in sorted(SUITE.rglob("*.scenario.yaml")) for sc in load_scenarios(path)}


@pytest.mark.parametrize("construct", sorted(CONSTRUCT_SCENARIOS))
def test_the_construct_changes_the_outcome(construct: str) -> None:
    sc = shipped_by_name().get(CONSTRUCT_SCENARIOS[construct])
    assert sc is not None, f"{construct}: no shipped scenario named {CONSTRUCT_SCENARIOS[construct]!r}"
    outcome = run_scenario(sc)
    assert outcome.passed, outcome.failure.format() if outcome.failure else ""
    caught = run_scenario(sc, mutant=True)
    assert caught.passed, f"{sc.file.name}: {sc.name}: the mutant still passes"
