"""The cursor's place in a half-typed YAML file, and the schema keys found there."""

from __future__ import annotations

from engine.lsp import schemahelp
from engine.lsp.context import cursor_at, layout

TEXT = """\
extends: base
beans:
  +saffron: {name: Saffron, count: 6, beanometer: [2, 3, 4, 5]}
player_counts:
  3: {remove_beans: [cocoa, sa
cards:
  - id: shop
    cards:
      - id: shop_1
        co
        effect: |
          when harvested if event.bea
            gain(owner, 1)
        on_buy: modify price
variants:
  big:
    patch:
      end: {fi
"""


def at(needle: str, after: str):
    lines = TEXT.split("\n")
    line = next(i for i, text in enumerate(lines) if needle in text)
    return cursor_at(layout(TEXT), line, lines[line].index(after) + len(after))


def test_key_and_value_positions() -> None:
    typing_key = at("        co", "co")
    assert typing_key.in_key and typing_key.path == ("cards", "-", "cards", "-") and typing_key.prefix == "co"
    assert "count" in schemahelp.keys_at(typing_key.path) and "id" in typing_key.keys_here
    flow_value = at("remove_beans", "sa")
    assert not flow_value.in_key and flow_value.key == "remove_beans"
    assert flow_value.path == ("player_counts", "3", "remove_beans") and flow_value.prefix == "sa"
    flow_key = at("+saffron", "count")
    assert flow_key.in_key and flow_key.path == ("beans", "+saffron")
    assert {"count", "beanometer", "name"} <= set(schemahelp.keys_at(flow_key.path))


def test_effect_snippets_in_blocks_and_plain_values() -> None:
    block = at("event.bea", "event.bea")
    assert block.snippet is not None and block.key == "effect" and block.path == ("cards", "-", "cards", "-", "effect")
    assert block.snippet.before == "when harvested if event.bea" and block.word == "bea"
    second = at("gain(owner", "gain(")
    assert second.snippet is not None and second.snippet.before.endswith("\n  gain(")
    plain = at("on_buy", "modify price")
    assert plain.snippet is not None and plain.snippet.line_before == "modify price"


def test_a_variant_patch_is_a_ruleset_overlay() -> None:
    inside = at("end: {fi", "fi")
    assert inside.in_key and inside.path == ("variants", "big", "patch", "end")
    assert "final_harvest" in schemahelp.keys_at(inside.path)


def test_values_from_the_schema_enum_and_ids_where_a_name_fits() -> None:
    from pathlib import Path

    from engine.lsp.complete import items_at
    from engine.lsp.index import build
    from engine.paths import rulesets_dir

    index = build(rulesets_dir() / "base.yaml")
    text = "turns:\n  standard:\n    - id: x\n      when_game_ends: st\n      steps:\n        - {kind: draw, count: 2}\n"
    doc = layout(text)
    labels = {i.label for i in items_at(cursor_at(doc, 3, len("      when_game_ends: st")), index)}
    assert labels == {"stop", "finish"}
    assert items_at(cursor_at(layout("total_cards: 1"), 0, len("total_cards: 1")), index) == []  # a number
    scenario = "ruleset: base\nscenarios:\n  - name: x\n    setup:\n      hands: {}\n      \n"
    found = items_at(cursor_at(layout(scenario), 5, 6), index, "scenario", Path("."))
    keys = {i.label: i.kind for i in found}
    assert keys["fields"] == "key" and keys["discard"] == "id" and keys["revealed"] == "id"
    assert "hands" not in keys and "coffee" not in keys  # written already; a bean is no zone


def test_hover_names_bound_in_rules() -> None:
    from engine.lsp.explain import hover_text

    text = ("effects:\n  +x:\n    effect: |\n      modify beanometer if bean == garden = value\n"
            "      when planted if event.bean == red { gain(owner, 1) }\n")
    doc = layout(text)
    lines = text.split("\n")

    def hover(line: int, word: str) -> str:
        return hover_text(doc, line, lines[line].index(word) + 1, None) or ""

    assert hover(3, "value") == "`value`: list[int], the value of `beanometer` so far"
    assert hover(3, "bean ==") == "`bean`: bean, bound by the query `beanometer`"
    assert hover(3, "beanometer").startswith("query **beanometer** → list[int]")
    assert hover(4, "event.").startswith("`event`: the `planted` event")
    assert hover(4, "event.bean") and "bean (payload of `planted`)" in hover(4, ".bean")
