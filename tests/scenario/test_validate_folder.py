"""`bohn validate` of scenario files checks every scenario's rules and mutant patches
without building the rulesets (fast), and still finds each mistake in them."""

from __future__ import annotations

from pathlib import Path

from engine.rules import schema

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_scenarios_validate(bohn) -> None:
    run = bohn("validate", str(ROOT / "rulesets" / "scenarios"))
    assert run.code == 0 and " 0 error(s)" in run.out


def test_mistakes_in_rules_and_mutant_patches_are_found(bohn, tmp_path: Path) -> None:
    path = tmp_path / "bad.scenario.yaml"
    path.write_text(
        "ruleset: high_bohn\nplayers: 3\nscenarios:\n"
        "  - name: bad rules patch\n    rules:\n      cards: {building: {cards: {gold_mine_2: {count: many}}}}\n"
        "    steps:\n      - expect: {turn: 1}\n"
        "  - name: bad mutant\n    mutant:\n      player_counts: {3: {field_price: -1}}\n"
        "    steps:\n      - expect: {turn: 1}\n"
        "  - name: good\n    mutant:\n      player_counts: {3: {field_price: 2}}\n"
        "    steps:\n      - expect: {turn: 1}\n")
    for _ in range(2):  # the second time the schema's memory of valid parts is used
        run = bohn("validate", str(path))
        assert run.code == 1
        assert f"{path}:6:55: error S203" in run.out and "gold_mine_2/count" in run.out
        assert f"{path}:11:40: error S204" in run.out and "field_price" in run.out
        assert "2 error(s)" in run.out


def test_cached_parts_give_the_same_errors_as_a_full_check() -> None:
    from engine.rules.located import LMap
    from engine.rules.yamlload import load_text

    text = ("id: x\nname: X\nplayers: {min: 2, max: 3}\nbeans: [{id: a, name: A, count: -1, beanometer: [1]}]\n"
            "zones: []\nunknown: 1\n")
    document = load_text(text, "x.yaml")
    assert isinstance(document, LMap)
    first = [(d.code, str(d.span), d.message) for d in schema.validate(document)]
    again = [(d.code, str(d.span), d.message) for d in schema.validate(document)]
    full = sorted((e.message for e in schema.validator("ruleset").iter_errors(document)))
    assert first == again and len(first) >= 3
    assert len(full) >= 3
