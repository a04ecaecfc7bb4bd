"""Overlay semantics: add, change, remove, replace lists, provenance and variants."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.rules.loader import check_path, load_ruleset
from engine.rules.located import LMap
from engine.rules.overlay import merge
from engine.rules.yamlload import load_text


def doc(text: str, name: str = "t.yaml") -> LMap:
    result = load_text(text, name)
    assert isinstance(result, LMap)
    return result


def test_change_add_remove_and_replace() -> None:
    base = doc("a: 1\nb: {x: 1, y: 2}\nc: [1, 2]\nitems: [{id: p, v: 1}, {id: q, v: 2}]\n", "base.yaml")
    patch = doc("a: 5\nb: {x: 9, -y: ~, +z: 3}\nc: [7]\nitems: {q: {v: 20}, -p: ~, +r: {v: 3, $before: q}}\n", "patch.yaml")
    merged = merge(base, patch)
    assert merged == {"a": 5, "b": {"x": 9, "z": 3}, "c": [7], "items": [{"id": "r", "v": 3}, {"id": "q", "v": 20}]}
    assert base["b"] == {"x": 1, "y": 2}, "the base must not be mutated"


def test_values_remember_the_file_that_set_them() -> None:
    base = doc("a: 1\nb: 2\n", "base.yaml")
    merged = merge(base, doc("b: 3\n", "house.yaml"))
    assert str(merged.value_spans["a"]) == "base.yaml:1:4"
    assert str(merged.value_spans["b"]) == "house.yaml:1:4"


def test_all_problems_are_reported_together() -> None:
    with pytest.raises(BohnError) as info:
        merge(doc("alpha: 1\nbeta: 2\n"), doc("alpah: 1\nbeat: 2\n+alpha: 3\n"))
    assert [d.code for d in info.value.diagnostics] == ["O302", "O302", "O303"]
    assert "did you mean `alpha`" in info.value.diagnostics[0].message


def test_house_rule_on_shipped_base(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: base\nid: cheap_fields\nname: Cheap third fields\n"
        "player_counts:\n  4: {field_price: 1}\noptions:\n  harvest_protection: {value: exactly_one}\n"
    )
    assert check_path(house) == []
    rules = load_ruleset(str(house))
    assert rules.row(4).field_price == 1 and rules.row(5).field_price == 3
    assert rules.option("harvest_protection") == "exactly_one"
    assert str(rules.origin("player_counts", "4", "field_price")).endswith("house.yaml:5:20")
    assert rules.sources[-1].endswith("house.yaml") and rules.sources[0].endswith("base.yaml")


def test_variants_overlay_and_unknown_variant(tmp_path: Path) -> None:
    f = tmp_path / "v.yaml"
    f.write_text(
        "extends: base\nid: with_variant\nvariants:\n  rich:\n    description: Fields are cheap.\n"
        "    patch:\n      player_counts:\n        4: {field_price: 0}\n"
    )
    assert check_path(f) == []
    assert load_ruleset(str(f), "rich").row(4).field_price == 0
    assert load_ruleset(str(f)).row(4).field_price == 3
    with pytest.raises(BohnError) as info:
        load_ruleset(str(f), "ritch")
    assert info.value.code == "O306" and "did you mean `rich`" in str(info.value)


def test_a_broken_variant_is_reported_by_validate(tmp_path: Path) -> None:
    f = tmp_path / "v.yaml"
    f.write_text(
        "extends: base\nid: bad_variant\nvariants:\n  broken:\n    description: x\n"
        "    patch:\n      player_counts:\n        4: {draw: -1}\n"
    )
    [d] = check_path(f)
    assert d.code == "S204" and "[variant broken]" in d.message and d.span.line == 8


def test_schema_fallback_code(monkeypatch: pytest.MonkeyPatch) -> None:
    from jsonschema import Draft202012Validator

    from engine.rules import schema

    monkeypatch.setattr(schema, "validator", lambda name: Draft202012Validator({"not": {"type": "object"}}))
    [d] = schema.validate(doc("a: 1\n"))
    assert d.code == "S200" and str(d.span).startswith("t.yaml:1:1")


def test_a_total_left_to_the_parent_is_reported_where_the_counts_changed(tmp_path: Path) -> None:
    """R409 points where the fix goes: a house rule that adds a bean (or changes a count)
    and leaves `total_cards` to the shipped file it extends is told at its own count, with
    the total to write; a file that sets `total_cards` itself is told at it, as before."""
    added = tmp_path / "added.yaml"
    added.write_text("extends: base\nid: added\nname: Added\nbeans:\n"
                     "  +purple: {name: Purple bean, count: 8, beanometer: [2, 3, 4, 5]}\n")
    [d] = [d for d in check_path(added) if d.code == "R409"]
    assert str(d.span).endswith("added.yaml:5:39"), d.span
    assert d.message == ("`total_cards` is 154 but the bean counts add up to 162 (`total_cards` is set in "
                         f"{d.message.split('set in ')[1].split(';')[0]}; the count of `purple` here changes the total:"
                         " write `total_cards: 162` in this file)")
    assert "base.yaml:" in d.message
    changed = tmp_path / "changed.yaml"
    changed.write_text("extends: base\nid: changed\nname: Changed\nbeans:\n  blue: {count: 22}\n")
    [d] = [d for d in check_path(changed) if d.code == "R409"]
    assert str(d.span).endswith("changed.yaml:5:17") and "the count of `blue` here" in d.message
    own = tmp_path / "own.yaml"
    own.write_text("extends: base\nid: own\nname: Own\ntotal_cards: 150\n")
    [d] = [d for d in check_path(own) if d.code == "R409"]
    assert str(d.span).endswith("own.yaml:4:14")
    assert d.message == "`total_cards` is 150 but the bean counts add up to 154"
    removed = tmp_path / "removed.yaml"
    removed.write_text("extends: base\nid: removed\nname: Removed\nplayer_counts:\n  4: {remove_beans: []}\n"
                       "  5: {remove_beans: []}\nbeans:\n  -coffee: ~\n")
    [d] = [d for d in check_path(removed) if d.code == "R409"]
    assert str(d.span).endswith("removed.yaml:8:3"), "at the file's `beans`, which removed the coffee"
    assert d.message.startswith("`total_cards` is 154 but the bean counts add up to 130 (`total_cards` is set in ")
    assert d.message.endswith(f"; write `total_cards: 130` in {d.span.file})")
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(added.read_text().replace("id: added", "id: fixed") + "total_cards: 162\n")
    assert not [d for d in check_path(fixed) if d.code == "R409"]


def test_a_bean_removed_that_a_parents_row_removes_is_told_in_the_house_file(tmp_path: Path) -> None:
    """R406 for a shipped row naming a bean a house rule removed: at the house file's
    `beans`, with the row to write there (and the fix it names validates); a row of the
    file itself naming no bean is told at the row, as before."""
    removed = tmp_path / "removed.yaml"
    removed.write_text("extends: base\nid: removed\nname: Removed\ntotal_cards: 130\nbeans:\n  -coffee: ~\n")
    found = [d for d in check_path(removed) if d.code == "R406"]
    assert [str(d.span).rsplit("/", 1)[-1] for d in found] == ["removed.yaml:6:3", "removed.yaml:6:3"]
    assert found[0].message.startswith("row 4 removes `coffee`, which is not a declared bean (the row is set in ")
    assert found[0].message.endswith("; if this file removed `coffee`, write `player_counts: {4: {remove_beans: []}}` here)")
    assert "base.yaml:" in found[0].message and "{5: {remove_beans: []}}" in found[1].message
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(removed.read_text().replace("id: removed", "id: fixed")
                     + "player_counts: {4: {remove_beans: []}, 5: {remove_beans: []}}\n")
    assert check_path(fixed) == []
    typo = tmp_path / "typo.yaml"
    typo.write_text("extends: base\nid: typo\nname: Typo\nplayer_counts:\n  4: {remove_beans: [cofee]}\n")
    [d] = [d for d in check_path(typo) if d.code == "R406"]
    assert str(d.span).endswith("typo.yaml:5:22") and d.message == (
        "row 4 removes `cofee`, which is not a declared bean (did you mean `coffee`?)")


def test_a_count_lowered_below_a_parents_beanometer_is_told_at_the_count(tmp_path: Path) -> None:
    """R403 once, at the house file's count, when the beanometer is the shipped file's;
    at each threshold, as before, when the file gives the beanometer itself."""
    low = tmp_path / "low.yaml"
    low.write_text("extends: base\nid: low\nname: Low\ntotal_cards: 137\nbeans:\n  blue: {count: 3}\n")
    [d] = check_path(low)
    assert d.code == "R403" and str(d.span).endswith("low.yaml:6:17")
    assert d.message.startswith("only 3 cards of `blue` exist, but its beanometer (set in ")
    assert d.message.endswith(") needs 4, 6, 8, 10 beans for its coins: raise the count or give the bean a `beanometer` here")
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(low.read_text().replace("id: low", "id: fixed").replace("{count: 3}", "{count: 3, beanometer: [1, 2, 3, null]}"))
    assert check_path(fixed) == []
    own = tmp_path / "own.yaml"
    own.write_text(low.read_text().replace("id: low", "id: own").replace("{count: 3}", "{count: 3, beanometer: [1, 2, 4, null]}"))
    [d] = check_path(own)
    assert (d.code, str(d.span).rsplit("/", 1)[-1]) == ("R403", "own.yaml:6:39")
    assert d.message == "beanometer of `blue`: 4 beans for 3 coin(s) but only 3 cards exist"
