"""Rules behaviour that single-operator mutants got past (issue 20): what an overlay does
with a value of another kind, which schema code a wrong value gets, how long a quoted value
may be, and the rulesheet's beanometer cells."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.errors import BohnError
from engine.rules.loader import load_ruleset
from engine.rules.located import to_plain
from engine.rules.overlay import merge
from engine.rules.schema import validate
from engine.rules.sheet import sheet_markdown
from engine.rules.yamlload import load_text

ROOT = Path(__file__).resolve().parents[2]


def _doc(text: str, name: str) -> Any:
    return load_text(text, name)


def test_a_scalar_replaces_a_scalar_and_a_mapping() -> None:
    base = _doc("a: {x: 1}\nb: 2\nc: {y: {z: 1}}\n", "base.yaml")
    merged = merge(base, _doc("b: 3\nc: {y: 5}\n", "house.yaml"))
    assert to_plain(merged) == {"a": {"x": 1}, "b": 3, "c": {"y": 5}}


def test_a_mapping_cannot_patch_a_scalar_or_a_plain_list() -> None:
    base = _doc("b: 2\nc: {y: 1}\nd: [1, 2]\n", "base.yaml")
    with pytest.raises(BohnError) as info:
        merge(base, _doc("b: {x: 1}\nc: {y: {z: 1}}\nd: {x: 1}\n", "house.yaml"))
    found = [(d.code, d.span.line if d.span else None) for d in info.value.diagnostics]
    assert found == [("O305", 1), ("O305", 2), ("O305", 3)]
    assert "`b` is a" in info.value.diagnostics[0].message


def _base_with(old: str, new: str) -> Any:
    text = (ROOT / "rulesets" / "base.yaml").read_text(encoding="utf-8")
    assert old in text
    return load_text(text.replace(old, new, 1), "base.yaml")


def test_a_value_of_the_wrong_type_is_s203_and_a_value_out_of_range_is_s204() -> None:
    wrong_type = validate(_base_with("deal: 5", "deal: many"))
    assert [d.code for d in wrong_type] == ["S203"], wrong_type
    out_of_range = validate(_base_with("deal: 5", "deal: -1"))
    assert [d.code for d in out_of_range] == ["S204"], out_of_range
    assert "fits none of the allowed forms" in out_of_range[0].message


def test_a_quoted_value_is_shortened_only_past_40_characters() -> None:
    fits = "x" * 38  # 40 characters with its quotes
    [whole] = validate(_base_with("deal: 5", f"deal: {fits}"))
    assert f'"{fits}"' in whole.message and "..." not in whole.message
    long = "y" * 39
    [cut] = validate(_base_with("deal: 5", f"deal: {long}"))
    assert '"' + "y" * 36 + "..." in cut.message and long not in cut.message


def test_the_sheet_prints_a_beanometer_gap_as_a_dash() -> None:
    lines = sheet_markdown(load_ruleset("base"), 4).splitlines()
    assert "| Garden bean | 6 | – | 2 | 3 | – |" in lines
    assert "| Cocoa bean | 4 | – | 2 | 3 | 4 |" in lines
    assert "| Wax bean | 22 | 4 | 7 | 9 | 11 |" in lines


def test_the_json_rulesheet_names_its_phases_limits_and_cards() -> None:
    from engine.rules.sheet import sheet_data

    data = sheet_data(load_ruleset("base"), 4)
    assert [p["id"] for p in data["turn"]][:2] == ["plant", "trade"]
    assert data["group_owner_limit"] == 0 and data["last_round"] is False and data["cards"] == []
