"""Every value of every option of the base game is proven by a shipped scenario (of any
suite: High Bohn's scenarios prove `same_bean_fields`).

"Proven" means: a scenario plays under that value (the default, or set by its `rules:`)
and its mutant switches the option to another value — and the suite's mutation test
already requires that mutant to make the scenario fail. So each value is shown to play
differently from at least one other value, not merely to validate.
"""

from __future__ import annotations

from pathlib import Path

from engine.rules.loader import load_ruleset
from engine.rules.located import to_plain
from engine.rules.model import ENGINE_OPTIONS
from engine.scenario.model import load_scenarios

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "rulesets" / "scenarios"


def _option_values(overlay: object) -> dict[str, str]:
    plain = to_plain(overlay) if overlay is not None else {}
    options = plain.get("options", {}) if isinstance(plain, dict) else {}
    return {name: o["value"] for name, o in options.items() if isinstance(o, dict) and "value" in o}


def test_every_option_value_has_a_scenario_whose_mutant_changes_it() -> None:
    base = load_ruleset("base")
    proven: set[tuple[str, str]] = set()
    for path in sorted(SUITE.rglob("*.scenario.yaml")):
        for sc in load_scenarios(path):
            rules = load_ruleset(sc.ruleset, sc.variant, relative_to=path.parent)
            played = {name: rules.option(name) for name in base.options} | _option_values(sc.rules)
            for name, value in _option_values(sc.mutant).items():
                if name in played and value != played[name]:
                    proven.add((name, played[name]))
    wanted = {(name, value) for name, option in base.options.items() for value in option.choices}
    assert wanted - proven == set()


def test_the_engine_plays_every_choice_base_offers() -> None:
    base = load_ruleset("base")
    for name, option in base.options.items():
        assert name in ENGINE_OPTIONS, f"option `{name}` is declared but the engine never reads it"
        assert set(option.choices) == set(ENGINE_OPTIONS[name])
        assert option.value == ENGINE_OPTIONS[name][0], "the engine's default is the first choice"
        assert option.source, f"option `{name}` names no source"
    assert all(a.source for a in base.assumptions)
