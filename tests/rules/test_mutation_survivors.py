"""Rules behaviour that single-operator mutants got past (issue 20): what an overlay does
with a value of another kind, which schema code a wrong value gets, how long a quoted value
may be, and the rulesheet's beanometer cells."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from engine.errors import BohnError
from engine.lang import compile_effect
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


# ---------------------------------------------------------------- the rulesheet's sentences
# (engine/rules/sheet.py, sheet_cards.py: each assertion fails on a mutant of the 2026-11-30
# sample that changed a word, a key or a table line the rulesheet prints)


def _house(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def test_the_sheet_says_where_paid_coins_go_and_which_phases_finish_the_turn() -> None:
    lines = sheet_markdown(load_ruleset("base"), 4).splitlines()
    assert ("- Extra fields: up to 3 in all, 3 coins each, bought at any time (also on other players' turns); "
            "the coins paid go to the discard pile.") in lines
    # the finishing phases by their numbers on the sheet (their names contain "and" themselves)
    assert ("- If it runs out during phase 2 or 3, the turn still goes on through these phases; "
            "in any other phase the game ends at once.") in lines


def test_the_sheet_says_how_many_of_each_building_a_player_may_own() -> None:
    md = sheet_markdown(load_ruleset("high_bohn"), 4)
    assert "A player may own 1 building of each type and pays for a building only with coins showing its bean." in md


def test_the_sheet_describes_a_card_kind_in_a_sentence_and_a_table(tmp_path: Path) -> None:
    rules = _house(tmp_path, "extends: base\n+cards:\n  - id: seedling\n    name: Seedlings\n"
                   "    zones: [draw_pile, hand, fields, discard]\n    plant: true\n    trade: false\n"
                   "    attributes: {vigour: number}\n    cards:\n      - {id: seedling_one, name: Sprout, count: 2, values: {vigour: 3}}\n")
    lines = sheet_markdown(rules, 4).splitlines()
    at = lines.index("## Seedlings")
    assert lines[at + 2] == ("They start in the draw pile and may be only there or in the hand, the bean fields or "
                             "the discard pile. They may be planted. They cannot be traded.")
    # no card of the kind has a text: no empty text column
    assert lines[at + 4:at + 7] == ["| card | copies | vigour |", "|---|--:|---|", "| Sprout | 2 | 3 |"]


def test_an_option_without_a_source_prints_none(tmp_path: Path) -> None:
    rules = _house(tmp_path, "extends: base\noptions:\n  +cheap_fields:\n    description: Are fields cheap?\n"
                   "    choices: {yes: One coin., no: The rulebook's price.}\n    value: yes\n"
                   "effects:\n  +cheap:\n    effect: 'modify field_price if option(\"cheap_fields\") == \"yes\" = 1'\n")
    assert "- Are fields cheap? **One coin.**" in sheet_markdown(rules, 4).splitlines()


def test_the_json_rulesheet_gives_the_field_price_the_final_harvest_and_the_effects() -> None:
    from engine.rules.sheet import sheet_data

    base = sheet_data(load_ruleset("base"), 4)
    assert base["fields"]["extra_field_price"] == 3 and base["final_harvest"] is True and base["effects"] == []
    plus = sheet_data(load_ruleset("high_bohn_plus"), 4)
    assert plus["effects"][0]["id"] == "fill_order" and plus["effects"][0]["description"].startswith("On their own turn")


def test_bought_cards_are_called_by_their_kind_when_the_ruleset_names_them_not(tmp_path: Path) -> None:
    # model `_purchase`: `called` read without its default
    rules = _house(tmp_path, "extends: base\nzones:\n"
                   "  +stall_row: {kind: display, owner: shared, visibility: public, description: Stalls for sale.}\n"
                   "  +stalls: {kind: display, owner: player, visibility: public, description: The stalls a player owns.}\n"
                   "+cards:\n  - id: stall\n    attributes: {price: number}\n    starts_in: stall_row\n"
                   "    zones: [stall_row, stalls]\n    trade: false\n    buy: {to: stalls}\n"
                   "    cards:\n      - {id: bean_stall, name: Bean stall, count: 1, values: {price: 2}}\n")
    assert rules.item_called == ("stall", "stalls")
    assert "## Stalls" in sheet_markdown(rules, 4).splitlines()


def test_a_referenced_file_holding_a_list_is_not_a_ruleset(tmp_path: Path) -> None:
    # loader `_not_a_ruleset`: a file that is YAML but not a mapping (S203) reported at the reference
    (tmp_path / "list.yaml").write_text("- a\n- b\n", encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: list.yaml\n", encoding="utf-8")
    with pytest.raises(BohnError) as info:
        load_ruleset(str(tmp_path / "house.yaml"))
    [d] = info.value.diagnostics
    assert d.code == "Y113" and "(S203 at its line 1)" in d.message
    assert d.span is not None and (d.span.line, d.span.col) == (1, 10)


def test_a_schema_error_names_nested_list_items_by_their_ids(tmp_path: Path) -> None:
    # schema `_where`: only the first list's items named by id
    with pytest.raises(BohnError) as info:
        _house(tmp_path, "extends: base\n+cards:\n  - id: seedling\n    cards:\n      - {id: sprout, count: 1, vigour: 3}\n")
    assert [(d.code, d.message) for d in info.value.diagnostics] == [
        ("S202", "unknown key `vigour` in `cards/seedling/cards/sprout`")]


def test_a_mapping_cannot_patch_a_text() -> None:
    # overlay `_kind`: the kind of value named in O305
    with pytest.raises(BohnError) as info:
        merge(_doc("name: Bohnanza\n", "base.yaml"), _doc("name: {x: 1}\n", "house.yaml"))
    assert info.value.diagnostics[0].message == "`name` is a text here; a mapping cannot patch it"


def test_a_bad_tagged_value_is_quoted_whole_up_to_30_characters() -> None:
    # yamlload `_short`: the limit moved to 31
    for value, shown in (("x" * 30, "x" * 30), ("x" * 31, "x" * 27 + "...")):
        with pytest.raises(BohnError) as info:
            load_text(f"deal: !!int {value}\n", "house.yaml")
        d = info.value.diagnostics[0]
        assert d.code == "Y106" and d.message.startswith(f"`{shown}` is not a valid"), d.message


def test_scenario_patches_are_checked_on_the_cached_chain() -> None:
    # loader `_chain_cached`: the merged chain the patches of a scenario folder are checked on
    from engine.rules.loader import ruleset_errors

    assert ruleset_errors("base", patches=[_doc("player_counts: {4: {draw: 2}}\n", "patch.yaml")]) == []
    wrong = ruleset_errors("base", patches=[_doc("player_counts: {4: {draw: many}}\n", "patch.yaml")])
    assert [d.code for d in wrong] == ["S203"]


def test_an_item_added_to_a_list_by_id_must_be_a_mapping() -> None:
    """`+name: 3` in a list of items with ids (the phases of a turn) is O305 with the
    item's name, at the patch's line (a 2026-12-01 mutant gave no message)."""
    base = _doc("turns:\n  standard:\n    - {id: plant, steps: []}\n", "base.yaml")
    with pytest.raises(BohnError) as info:
        merge(base, _doc("turns:\n  standard:\n    +market: 3\n", "house.yaml"))
    [d] = info.value.diagnostics
    assert (d.code, d.message) == ("O305", "added item `market` must be a mapping")
    assert d.span is not None and (d.span.file, d.span.line) == ("house.yaml", 3)


def test_the_sheet_data_says_where_each_assumption_comes_from() -> None:
    """`bohn rules show --json`'s assumptions carry their id, text, place and source (a
    2026-12-01 mutant renamed `source`)."""
    from engine.rules.sheet import sheet_data

    rules = load_ruleset("high_bohn")
    assumptions = sheet_data(rules, 4)["assumptions"]
    assert assumptions and all(set(a) == {"id", "text", "where", "source"} for a in assumptions)
    assert [a["source"] for a in assumptions] == [a.source for a in rules.assumptions]


@pytest.mark.parametrize(("house", "code", "message"), [
    ("player_counts:\n  4:\n    remove_beans: [cofee]\n", "R406",
     "row 4 removes `cofee`, which is not a declared bean (did you mean `coffee`?)"),
    ("+cards:\n  - id: token\n    name: Token\n    starts_in: discard\n    zones: [hnd, discard]\n"
     "    cards:\n      - {id: t1, name: T1, count: 1}\n", "R401",
     "card kind `token`: unknown zone `hnd` (did you mean `hand`?)"),
])
def test_a_misspelt_name_is_named_with_the_likely_one(tmp_path: Path, house: str, code: str, message: str) -> None:
    """A bean a row removes and a zone a card kind names, misspelt: the message names the
    word and the declared one meant (2026-12-01 mutants dropped the message, or asked
    `did_you_mean` without the word)."""
    path = tmp_path / "house.yaml"
    path.write_text("extends: base\n" + house, encoding="utf-8")
    with pytest.raises(BohnError) as info:
        load_ruleset(str(path))
    assert [(d.code, d.message) for d in info.value.diagnostics] == [(code, message)]


def test_floats_read_as_numbers_and_a_long_one_is_refused() -> None:
    """YAML floats (plain, exponent, infinities, not-a-number) are numbers, so the schema can
    say "not of type integer" about them; a float over 64 characters is Y111 (a 2026-12-01
    mutant misspelt the float tag and called every float "not a valid float", Y106)."""
    import math

    doc = load_text("a: 1.5\nb: -2e3\nc: -.inf\nd: .NaN\n", "house.yaml")
    assert (doc["a"], doc["b"], doc["c"]) == (1.5, -2000.0, -math.inf) and math.isnan(doc["d"])
    with pytest.raises(BohnError) as info:
        load_text("a: 1." + "5" * 70 + "\n", "house.yaml")
    [d] = info.value.diagnostics
    assert d.code == "Y111" and d.message == "a number of 72 characters; numbers have at most 64"


def test_a_missing_parent_file_is_named(tmp_path: Path) -> None:
    """`extends: parent.yaml` with no such file: O300 names the file, at the reference (a
    2026-12-01 mutant gave no message)."""
    with pytest.raises(BohnError) as info:
        _house(tmp_path, "extends: parent.yaml\nname: House\n")
    [d] = info.value.diagnostics
    assert (d.code, d.message) == ("O300", "ruleset file `parent.yaml` not found")
    assert d.span is not None and (d.span.line, d.span.col) == (1, 10)


def test_two_phases_of_one_turn_with_one_id_are_r408(tmp_path: Path) -> None:
    """Phase ids are unique within a turn (a 2026-12-01 mutant skipped the turns)."""
    from engine.rules.loader import check_path

    text = (ROOT / "rulesets" / "base.yaml").read_text(encoding="utf-8")
    old = "    - id: trade\n"
    assert old in text
    path = tmp_path / "base.yaml"
    path.write_text(text.replace(old, "    - id: plant\n", 1), encoding="utf-8")
    found = [d for d in check_path(path) if d.code == "R408"]
    assert [d.message for d in found] == ["duplicate id `plant` in `turns/standard` (also item 1)"]
    assert found[0].span is not None and found[0].span.line == text[:text.index(old)].count("\n") + 1


def test_validating_then_loading_parses_each_effect_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check compiles a ruleset's effects under their ids, the names loading compiles
    them under, so `bohn validate`'s work is reused when the game starts (a 2026-12-01
    mutant checked them as "?", and loading parsed each one again)."""
    import engine.lang as lang
    from engine.rules.loader import check_path

    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nname: House\neffects:\n  +bonus:\n    effect: 'modify score = value + 1'\n",
                    encoding="utf-8")
    parsed: list[tuple[str, str]] = []
    real = lang.parse

    def counting(snippet, origin, name):  # type: ignore[no-untyped-def]
        parsed.append((snippet, name))
        return real(snippet, origin, name)

    monkeypatch.setattr(lang, "parse", counting)
    assert [d for d in check_path(path) if d.severity == "error"] == []
    load_ruleset(str(path))
    assert parsed == [("modify score = value + 1", "bonus")]


def test_a_list_index_out_of_range_points_at_the_list() -> None:
    """`span_at` with an index the list does not have (past its end, or negative) stops at
    the list, never at another item (a 2026-12-01 mutant took the last item for -1)."""
    from engine.rules.located import child_span, span_at

    doc = load_text("beans:\n  - a\n  - b\n", "house.yaml")
    beans = doc["beans"]
    assert span_at(doc, ["beans", 1]) == child_span(beans, 1)
    assert span_at(doc, ["beans", 2]) == child_span(doc, "beans")
    assert span_at(doc, ["beans", -1]) == child_span(doc, "beans")


# -- the errors of a fresh sample (seed 41, at 86e3650): each code and message a user reads


def _errors(tmp_path: Path, name: str, text: str) -> list[tuple[str, str, str]]:
    """(code, place, message) of each error ``bohn validate`` finds in a file of ``text``."""
    from engine.rules.loader import check_path

    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return [(d.code, f"{d.span.line}:{d.span.col}" if d.span else "", d.message)
            for d in check_path(path) if d.severity == "error"]


def test_an_id_list_patch_naming_no_item_is_o302(tmp_path: Path) -> None:
    """A patch of an effect the extended ruleset does not have: O302, with the fix."""
    found = _errors(tmp_path, "house.yaml", "extends: high_bohn\nid: house\nname: House\neffects:\n  nope:\n"
                    "    effect: \"modify price = value\"\n")
    assert found == [("O302", "5:3", "no item `nope` in this list; write `+nope` to add one")]


def test_adding_what_a_map_already_has_is_o303(tmp_path: Path) -> None:
    """`+4` in a map (not a list of items) that has a `4` already: O303 with the fix."""
    found = _errors(tmp_path, "house.yaml", "extends: base\nid: house\nname: House\nplayer_counts:\n"
                    "  +4: {field_price: 2}\n")
    assert found == [("O303", "5:3", "`4` already exists; write `4:` to change it")]


def test_a_number_of_too_many_digits_is_y111(tmp_path: Path) -> None:
    found = _errors(tmp_path, "house.yaml", "extends: base\nid: house\nname: House\ntotal_cards: " + "1" * 70 + "\n")
    assert found == [("Y111", "4:14", "a number of 70 digits; numbers have at most 15")]


def test_a_yaml_file_outside_the_folder_is_y112(tmp_path: Path) -> None:
    """``extends`` naming a .yaml file up and out of the folder being read: Y112 naming the
    reference and the folder (the other Y112 fixtures name no .yaml file)."""
    (tmp_path / "other.yaml").write_text("extends: base\n", encoding="utf-8")
    found = _errors(tmp_path, "mine/house.yaml", "extends: ../other.yaml\nid: house\nname: House\n")
    assert len(found) == 1
    code, place, message = found[0]
    assert (code, place) == ("Y112", "1:10")
    assert message.startswith("`../other.yaml` is outside the folder ") and message.endswith("/ that may be read from here")


def test_an_editor_s_text_over_the_size_limit_is_y101(tmp_path: Path) -> None:
    """A file open in an editor (``bohn lsp``) is read as typed, and its text is held to the
    same limit as a file on disk."""
    from engine.rules.yamlload import MAX_FILE_BYTES, load_file
    from engine.texts import open_buffers

    path = tmp_path / "house.yaml"
    path.write_text("extends: base\n", encoding="utf-8")
    with open_buffers({path: "#" * (MAX_FILE_BYTES + 1)}), pytest.raises(BohnError) as info:
        load_file(path)
    d = info.value.diagnostics[0]
    assert (d.code, d.message) == ("Y101", f"the text is longer than {MAX_FILE_BYTES // 1048576} MiB")


def test_schema_problems_come_in_the_order_of_the_file() -> None:
    """``validate`` sorts what the schema finds by position: the schema reports unknown
    keys (S202) before the types of known ones (S203), and the missing keys (S201) at the
    top of the file; the user reads them top to bottom."""
    doc = load_text("id: house\nname: House\nbeans: {coffee: {count: \"y\"}}\ntotal_cards: \"x\"\nbogus: 1\n", "house.yaml")
    found = [(d.span.line, d.span.col) for d in validate(doc) if d.span]
    assert found == sorted(found)
    assert [(d.code, d.span.line) for d in validate(doc) if d.span and d.code != "S201"] == [
        ("S203", 3), ("S203", 4), ("S202", 5)]


def test_the_sheet_names_the_game_s_own_zones_and_its_end() -> None:
    """The rulesheet's words for the hand, fields and coins (never the zone's id), and the
    JSON form's run-outs ending the game (read by `bohn rules show --format json`)."""
    from engine.rules.sheet import sheet_data
    from engine.rules.sheet_cards import place

    rules = load_ruleset("base")
    assert [place(rules, z) for z in ("hand", "fields", "coins")] == ["the hand", "the bean fields", "the coins (earnings)"]
    # a ruleset whose hand zone has another id: still named by what it is
    renamed = dataclasses.replace(rules, zones=tuple(dataclasses.replace(z, id="cards_held") if z.id == "hand" else z
                                                     for z in rules.zones))
    assert place(renamed, "cards_held") == "the hand"
    assert sheet_data(rules, 4)["game_ends_at_runout"] == rules.row(4).end_after_runouts == 3


def test_an_unknown_bean_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError) as info:
        load_ruleset("base").bean("nope")
    assert info.value.args == ("nope",)


def test_an_editor_reads_a_file_with_what_it_extends(tmp_path: Path) -> None:
    """``merged_document`` (the language server's view of a file): the file with its
    ``extends`` chain applied, each file in it named."""
    from engine.rules.loader import merged_document

    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\n", encoding="utf-8")
    merged = merged_document(path)
    assert merged.document["id"] == "house" and "coffee" in [b["id"] for b in merged.document["beans"]]
    assert set(merged.paths) == {path.resolve(), (ROOT / "rulesets" / "base.yaml").resolve()}


def test_a_card_with_its_own_effect_is_placed_at_that_effect(tmp_path: Path) -> None:
    """A card kind's rules come from the kind's ``effect`` unless a card has its own; the
    compiled rules of a card with its own effect point at that effect's lines (an error or
    an invariant report names them), the others at the kind's (a fresh seed-43 rules
    sample's survivor placed every card's rules at the kind's effect)."""
    text = (ROOT / "rulesets" / "scenarios" / "cards" / "orders.yaml").read_text(encoding="utf-8")
    old = "      - {id: order_red, name: Red order, count: 2, values: {wants: red, reward: 2}}\n"
    new = ("      - {id: order_red, name: Red order, count: 2, values: {wants: red, reward: 2},\n"
           "         effect: 'when turn_ended { set_counter(owner, \"red\", 1) }'}\n")
    assert old in text
    (tmp_path / "orders.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "orders.yaml"))
    lines = (tmp_path / "orders.yaml").read_text(encoding="utf-8").splitlines()
    own_line = next(i for i, line in enumerate(lines, 1) if "effect: 'when turn_ended" in line)
    kind_line = next(i for i, line in enumerate(lines, 1) if line.strip() == "effect: |")
    cards = {c.id: c for k in rules.kinds for c in k.cards}
    [own] = cards["order_red"].effect.triggers
    assert own.span is not None and own.span.line == own_line and own.span.file.endswith("orders.yaml")
    kind_spans = {t.span.line for t in cards["order_soy"].effect.triggers if t.span is not None}
    assert kind_spans and min(kind_spans) > kind_line and max(kind_spans) < own_line


def test_a_mixed_field_rule_that_pays_one_card_is_read_from_one_bean() -> None:
    """The rulesheet's mixed-field beanometer asks the item's `harvest_coins` rule for a
    field of 1, 2, 3… different beans: a rule that already pays a one-card field is 1 coin
    at 1 bean (a fresh seed-43 rules sample's survivor started the probe at 2 beans, and
    the row said 2)."""
    from engine.rules.meters import item_beanometers

    rules = load_ruleset("high_bohn")
    item = dataclasses.replace(
        next(i for i in rules.items if i.effect is not None),
        effect=compile_effect("modify harvest_coins if distinct(beans(field.cards)) == field.size = beans"))
    in_play = [b.id for b in rules.beans if b.id not in rules.row(4).remove_beans]
    assert item_beanometers(rules, item, in_play)["mixed"] == list(range(1, len(in_play) + 1))


# -- a fresh sample of engine/rules (seed 44, at 166f1fb): what a user reads of each

STALLS = ("extends: base\nzones:\n"
          "  +stall_row: {kind: display, owner: shared, visibility: public, description: Stalls for sale.}\n"
          "  +stalls: {kind: display, owner: player, visibility: public, description: The stalls a player owns.}\n"
          "+cards:\n  - id: stall\n    attributes: {price: number}\n    starts_in: START\n"
          "    zones: [stall_row, stalls]\n    trade: false\n    buy: {to: stalls, when: any_time}\n"
          "    cards:\n      - {id: bean_stall, name: Bean stall, count: 1, values: {price: 2}}\n")


def test_the_sheet_says_whose_turns_cards_are_bought_on_at_two_players(tmp_path: Path) -> None:
    # sheet `_items`: the other turns named by the player count
    rules = _house(tmp_path, STALLS.replace("START", "stall_row"))
    assert "Stalls are bought at any time, also on the other player's turn, and work at once." in sheet_markdown(rules, 2)
    assert "Stalls are bought at any time, also on other players' turns, and work at once." in sheet_markdown(rules, 4)


def test_a_kind_bought_out_of_a_zone_of_each_player_is_r462_naming_it(tmp_path: Path) -> None:
    # semantic `check_purchases`: the kind's id in the message
    found = _errors(tmp_path, "house.yaml", STALLS.replace("START", "stalls"))
    assert ("R462", "card kind `stall` is bought out of the zone it starts in; `stalls` must be a shared zone that is "
            "not a deck (a display of cards for sale)") in [(code, message) for code, _, message in found]


def test_an_item_s_own_beanometer_equal_to_the_bean_s_is_not_printed() -> None:
    # meters `item_beanometers`: a beanometer a rule gives is compared with the bean's own
    import dataclasses

    from engine.lang import CheckEnv
    from engine.rules.meters import item_beanometers

    rules = load_ruleset("high_bohn")
    jail = next(item for item in rules.items if item.id == "jail_2")
    effect = compile_effect("modify beanometer if bean == blue = [4, 6, 8, 10]\n"  # blue's own
                            "modify beanometer if bean == chili = [2, 4, 6, 7]",
                            env=CheckEnv.of([b.id for b in rules.beans], {}))
    meters = item_beanometers(rules, dataclasses.replace(jail, effect=effect), ["blue", "chili", "red"])
    assert meters == {"chili": [2, 4, 6, 7]}


def test_a_merge_of_a_scalar_is_y106_at_the_mapping() -> None:
    # yamlload `_mapping`: the place of Y106
    with pytest.raises(BohnError) as info:
        load_text("a: {x: 1}\nb:\n  <<: 3\n  y: 2\n", "house.yaml")
    (d,) = info.value.diagnostics
    assert d.code == "Y106" and d.message == "`<<` merges mappings only"
    assert d.span is not None and (d.span.file, d.span.line) == ("house.yaml", 3)


def test_the_probes_read_the_ruleset_s_own_hand_coins_and_staging_zones() -> None:
    # probes `_table`: the first zone of each kind, whatever its id
    import dataclasses

    from engine.rules.probes import _table

    rules = load_ruleset("base")
    renamed = {"hand": "palm", "coins": "purse", "staging": "tray"}
    zones = tuple(dataclasses.replace(z, id=renamed.get(z.kind, z.id)) if z.kind in renamed else z for z in rules.zones)
    assert {z.kind for z in rules.zones} >= set(renamed)
    world = _table(dataclasses.replace(rules, zones=zones), 4)
    assert (world.hand_id, world.coins_id, world.staging_id) == ("palm", "purse", "tray")


def test_a_key_whose_name_is_refused_is_s204_at_the_key(tmp_path: Path) -> None:
    # schema `_diagnose`: a bad key name (`propertyNames`; jsonschema reports its `pattern`)
    # placed at the key itself, not at the mapping that holds it
    found = _errors(tmp_path, "house.yaml", "extends: base\nplayer_counts:\n  4: {+columns: {ok: 1, Bad Name: 2}}\n")
    assert found == [("S204", "3:25", "`player_counts/4/columns`: 'Bad Name' does not match '^[a-z][a-z0-9_]*$'")]
    found = _errors(tmp_path, "house.yaml", "extends: base\nplayer_counts: {2: {field_price: 3}, +four: {deal: 5}}\n")
    assert ("S204", "2:38", "`player_counts`: 'four' does not match '^[0-9]+$'") in found, found


def test_the_sheet_reads_a_discard_limit_from_the_table(tmp_path: Path) -> None:
    # sheet `_step_text`: a discard step's `max` of `{table: column}`
    rules = _house(tmp_path, "extends: base\nplayer_counts:\n  2: {+columns: {discards: 2}}\nturns:\n  duel:\n    plant:\n"
                   "      steps:\n        - {kind: plant_from_hand, min: 1, max: 2}\n"
                   "        - {kind: discard_from_hand, min: 0, max: {table: discards}}\n")
    assert "Discard 0 to 2 card(s) from anywhere in the hand." in sheet_markdown(rules, 2)


def test_the_sheet_says_received_cards_are_traded_again_when_the_others_may(tmp_path: Path) -> None:
    # sheet `_trade`: `also_from` of the other players naming the zone of received cards
    house = ("extends: base\nturns:\n  standard:\n    trade:\n      steps:\n"
             "        - {kind: reveal, count: {table: reveal}, to: revealed}\n"
             "        - {kind: trade, revealed: revealed, received: set_aside, partners: active, also_from: WHERE}\n")
    again = sheet_markdown(_house(tmp_path, house.replace("WHERE", "{others: [set_aside]}")), 4)
    assert "Cards received are set aside and" in again and "cannot be traded again" not in again
    once = sheet_markdown(_house(tmp_path, house.replace("WHERE", "{others: [hand]}")), 4)
    assert "Cards received are set aside, cannot be traded again and are" in once


def test_a_shipped_ruleset_loads_from_any_working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # loader `_load_chain`: the file read by its path, not by the path shown in messages
    # (`rulesets/base.yaml`, which names a file only from the checkout's own folder)
    from engine.rules import loader

    monkeypatch.chdir(tmp_path)
    merged = loader._load_chain(loader.resolve_reference("high_bohn"), ())
    assert merged.document["id"] == "high_bohn" and merged.sources == ("rulesets/base.yaml", "rulesets/high_bohn.yaml")


# --- a fresh sample of engine/rules (40, seed 46, 2026-12-04)


def test_a_ruleset_s_digest_is_its_rules_and_changes_with_them(tmp_path: Path) -> None:
    """The digest written into a log is the merged rules' own: another ruleset, or the same
    one with one number changed, has another (a replay warns of an edited ruleset by it)."""
    base, high = load_ruleset("base"), load_ruleset("high_bohn")
    assert base.digest == load_ruleset("base").digest and len(base.digest) == 16
    assert base.digest != high.digest
    house = _house(tmp_path, "extends: base\nid: base\nname: Bohnanza\nplayer_counts:\n  4: {field_price: 2}\n")
    assert house.digest != base.digest


def test_each_problem_of_a_variant_is_reported_even_when_two_read_alike(tmp_path: Path) -> None:
    """`bohn validate` checks every variant: two of its mistakes with the same words at two
    places are two problems, each marked with the variant."""
    from engine.rules.loader import check_path

    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\nvariants:\n  odd:\n    description: Odd.\n    patch:\n"
                    "      effects:\n"
                    "        +one: {effect: \"gain(ownr, 1)\"}\n"
                    "        +two: {effect: \"gain(ownr, 1)\"}\n", encoding="utf-8")
    found = [d for d in check_path(path) if d.severity == "error"]
    assert [(d.code, d.span.line if d.span else None) for d in found] == [("L801", 9), ("L801", 10)], found
    assert all(d.message.endswith(" [variant odd]") and d.message == found[0].message for d in found)


def test_a_value_of_the_wrong_type_names_every_type_it_may_have(tmp_path: Path) -> None:
    from engine.rules.loader import check_path

    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\nbeans:\n  blue: {beanometer: [4, 6, x, 10]}\n", encoding="utf-8")
    found = check_path(path)
    assert found and found[0].code == "S203" and found[0].message.endswith("is not of type integer or null"), found


def test_the_sheet_of_a_set_up_that_deals_beans_by_their_kind(tmp_path: Path) -> None:
    """A set-up line may deal `kind: bean` (the beans' own kind, no card kind of the
    ruleset): the sheet of a ruleset with a second deck, which asks what each line deals
    from it, tells it as any deal."""
    rules = _house(tmp_path, "extends: base\nid: house\nname: House\nzones:\n"
                   "  +spare: {name: the spare deck, kind: deck, owner: shared, visibility: hidden, reshuffle: never, runouts: false}\n"
                   "+setup:\n  - {deal: 1, kind: bean, to: hand}\n")
    md = sheet_markdown(rules, 4)
    assert "- Deal: 5 cards to each player." in md and "- The spare deck is not refilled when it runs out." in md, md


# --- a second fresh sample of engine/rules (40, seed 47, 2026-12-04)


def test_the_sheet_says_whether_a_second_deck_s_run_outs_count(tmp_path: Path) -> None:
    rules = _house(tmp_path, "extends: base\nid: house\nname: House\nzones:\n"
                   "  +spare: {name: the spare deck, kind: deck, owner: shared, visibility: hidden, reshuffle: never, runouts: true}\n")
    assert "- The spare deck is not refilled when it runs out; its run-outs count towards the end." in sheet_markdown(rules, 4)


def test_the_sheet_says_when_a_player_harvests_only_on_their_own_turn(tmp_path: Path) -> None:
    rules = _house(tmp_path, "extends: base\nid: house\nname: House\nplayer_counts:\n  4: {harvest_when: own_turn}\n")
    assert "- A player harvests a field only on their own turn, or while planting cards on another player's turn" \
        in sheet_markdown(rules, 4)


def test_a_column_an_option_adds_is_a_known_column(tmp_path: Path) -> None:
    """`column("bonus")` reads a column that only an option's patch adds (`+bonus`): known,
    no T733."""
    from engine.rules.loader import check_path

    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\nplayer_counts:\n  4: {+columns: {start: 0}}\noptions:\n  +bonus_coins:\n"
                    "    description: A bonus?\n    choices: {none: None., one: One.}\n    value: none\n"
                    "    patches: {one: {player_counts: {4: {columns: {+bonus: 1}}}}}\n"
                    "effects:\n  +bonus:\n    effect: \"when game_started { gain(owner, column(\\\"bonus\\\")) }\"\n", encoding="utf-8")
    assert [d.code for d in check_path(path) if d.severity == "error"] == []


def test_an_unknown_start_zone_of_a_card_kind_is_r401_at_its_start(tmp_path: Path) -> None:
    from engine.rules.loader import check_path

    path = tmp_path / "house.yaml"
    path.write_text("extends: base\nid: house\nname: House\n+cards:\n  - id: token\n    name: Token\n"
                    "    starts_in: nowhere\n    cards:\n      - {id: t1, name: T, count: 1}\n", encoding="utf-8")
    found = [d for d in check_path(path) if d.code == "R401"]
    assert found and found[0].message.startswith("card kind `token`: unknown zone `nowhere`")
    assert found[0].span is not None and (found[0].span.line, found[0].span.col) == (7, 16), found


def test_a_purchase_to_an_unknown_zone_is_r401_naming_it(tmp_path: Path) -> None:
    from engine.rules.loader import check_path

    path = tmp_path / "house.yaml"
    text = (ROOT / "rulesets" / "high_bohn.yaml").read_text(encoding="utf-8").replace("      to: buildings\n", "      to: bildings\n", 1)
    path.write_text(text, encoding="utf-8")
    found = [d for d in check_path(path) if d.code == "R401"]
    assert found and found[0].message.startswith("`buy.to` names unknown zone `bildings` (did you mean `buildings`?)"), found


def test_a_log_in_another_folder_names_the_ruleset_file_relative_to_itself(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`bohn play --ruleset house.yaml --log out/g.jsonl`: the log's header names the file as
    seen from the log's folder (`../house.yaml`), so the replay finds it; a shipped name
    stays a name."""
    from engine.rules.loader import reference_from

    (tmp_path / "house.yaml").write_text("extends: base\nid: house\nname: House\n", encoding="utf-8")
    (tmp_path / "out").mkdir()
    monkeypatch.chdir(tmp_path)
    assert reference_from("house.yaml", tmp_path / "out") == "../house.yaml"
    assert reference_from("house.yaml", tmp_path) == "house.yaml"
    assert reference_from("base", tmp_path / "out") == "base"


def test_trading_is_forbidden_when_the_others_may_trade_with_nobody(tmp_path: Path) -> None:
    """`may_trade` asked both ways: a rule that lets the active player (seat 0) offer but no
    other seat trade back forbids every trade (the sheet says nothing is traded)."""
    from engine.rules.probes import trading_forbidden

    one_way = _house(tmp_path, "extends: base\nid: house\nname: House\neffects:\n"
                     "  +one_way: {effect: \"modify may_trade if player != active = false\"}\n")
    assert trading_forbidden(one_way, 4) is True
    both = _house(tmp_path, "extends: base\nid: house\nname: House\neffects:\n"
                  "  +one_way: {effect: \"modify may_trade if player != active and other != active = false\"}\n")
    assert trading_forbidden(both, 4) is False  # (only trades without the active player are forbidden)


def test_a_bought_kind_without_a_start_starts_in_the_deck_and_is_refused_so(tmp_path: Path) -> None:
    """A kind with `buy:` and no `starts_in` starts in the draw pile, which is a deck: R462
    names it (cards for sale lie in a shared display)."""
    from engine.rules.loader import check_path

    path = tmp_path / "house.yaml"
    text = (ROOT / "rulesets" / "high_bohn.yaml").read_text(encoding="utf-8").replace("    starts_in: building_supply\n", "", 1)
    path.write_text(text, encoding="utf-8")
    found = [d for d in check_path(path) if d.code == "R462"]
    assert found and "is bought out of the zone it starts in; `draw_pile` must be a shared zone that is not a deck" \
        in found[0].message, found


# --- a third fresh sample of engine/rules (40, seed 48, 2026-12-04)


def test_the_sheet_calls_bought_cards_by_the_names_the_kind_gives(tmp_path: Path) -> None:
    """`buy.called` names one bought card and many: the sheet says both as written, not the
    kind's id with an s."""
    path = tmp_path / "house.yaml"
    text = (ROOT / "rulesets" / "high_bohn.yaml").read_text(encoding="utf-8")
    assert text.count("called: {one: building, many: buildings}") == 1
    path.write_text(text.replace("called: {one: building, many: buildings}", "called: {one: edifice, many: edifices}"), encoding="utf-8")
    md = sheet_markdown(load_ruleset(str(path)), 4)
    assert "may still buy edifices; then the game is scored." in md and "A player may own 1 edifice of each type" in md, md


def test_a_text_attribute_that_spells_a_bean_is_printed_as_written(tmp_path: Path) -> None:
    """The rulesheet names a `bean` attribute's value by the bean's name, and prints every
    other attribute as written, even a text that happens to spell a bean's id (a fresh
    seed-48 rules sample's survivor named beans in every column: an order's note "red"
    became "Red Bean")."""
    text = (ROOT / "rulesets" / "scenarios" / "cards" / "orders.yaml").read_text(encoding="utf-8")
    old_attrs, new_attrs = "attributes: {wants: bean, reward: number}", "attributes: {wants: bean, reward: number, note: text}"
    old_card = "values: {wants: red, reward: 2}}"
    new_card = "values: {wants: red, reward: 2, note: red}}"
    assert old_attrs in text and old_card in text
    (tmp_path / "orders.yaml").write_text(text.replace(old_attrs, new_attrs, 1).replace(old_card, new_card, 1),
                                         encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "orders.yaml"))
    red = next(b.name for b in rules.beans if b.id == "red")
    md = sheet_markdown(rules, 4)
    row = next(line for line in md.splitlines() if line.startswith("| Red order |"))
    assert [cell.strip() for cell in row.strip("|").split("|")][2:5] == [red, "2", "red"]


def test_an_option_adding_a_player_count_row_is_not_played_at_other_counts(tmp_path: Path) -> None:
    """An option whose choice adds a row (``+2:``) changes only the games of that count:
    the 4-player sheet says so (a fresh seed-47 rules sample's survivor stripped the `+`
    from the wrong end, read the key as no count and said nothing)."""
    row = ("{remove_beans: [garden, cocoa], fields: 2, max_fields: 3, field_price: 3, field_payment_to: out_of_game, "
           "deal: 5, reveal: 3, draw: 2, end_after_runouts: 1, harvest_when: own_turn, turn: duel}")
    (tmp_path / "house.yaml").write_text(
        "extends: base\nid: house\nname: House two\nplayers: {min: 3, max: 7}\nplayer_counts:\n  -2: ~\noptions:\n  +two_players:\n"
        "    description: May two play?\n    choices:\n      no: No.\n      yes: Yes, as the base game's duel.\n"
        f"    value: no\n    patches:\n      yes:\n        player_counts:\n          +2: {row}\n", encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "house.yaml"))
    line = next(line for line in sheet_markdown(rules, 4).splitlines() if "May two play?" in line)
    assert "(not played here: it changes only the games of 2 players)" in line


def test_a_trade_step_without_partners_is_told_as_the_rulebook_plays_it(tmp_path: Path) -> None:
    """`partners` may be left out of a trade step: the engine then lets only trades with
    the active player happen (engine/game/trading.py), and the sheet says the same (a
    fresh seed-49 rules sample's survivor read the missing key as `any` and told the
    others they may trade among themselves)."""
    text = (ROOT / "rulesets" / "base.yaml").read_text(encoding="utf-8")
    step = "{kind: trade, revealed: revealed, received: set_aside, partners: active}"
    assert step in text
    (tmp_path / "base.yaml").write_text(text.replace(step, "{kind: trade, revealed: revealed, received: set_aside}"),
                                        encoding="utf-8")
    plain, left_out = sheet_markdown(load_ruleset("base"), 4), sheet_markdown(load_ruleset(str(tmp_path / "base.yaml")), 4)
    said = [line for line in left_out.splitlines() if "may trade" in line]
    assert said and all("among themselves" not in line for line in said)
    assert said == [line for line in plain.splitlines() if "may trade" in line]


def test_the_documents_parsed_lately_are_at_most_sixteen(monkeypatch: pytest.MonkeyPatch) -> None:
    """An editor's server parses every version of a file it is sent; only the latest 16
    stay remembered, the oldest dropped first (a fresh seed-49 rules sample's survivor kept
    17: the bound is what keeps a long editing session's memory flat)."""
    from engine.rules import yamlload

    monkeypatch.setattr(yamlload, "_PARSED", {})
    for n in range(40):
        load_text(f"id: house{n}\n", "house.yaml")
    assert list(yamlload._PARSED) == [("house.yaml", f"id: house{n}\n") for n in range(24, 40)]


def test_a_deck_dealt_out_after_another_set_up_line_is_not_told_refilled(tmp_path: Path) -> None:
    """A deck the set-up deals out entirely (two roles to two players) gets no sentence
    about its refill, wherever its line stands in `setup:` (a fresh seed-50 rules sample's
    survivor stopped reading at the first line of another deck, here a coin, and told
    the players the role deck is not refilled)."""
    (tmp_path / "house.yaml").write_text(
        "extends: bohn_camillo\nid: house\nname: House Camillo\n-setup: ~\n+setup:\n  - {coins: 1}\n"
        "  - {deal: 1, kind: role, from: role_deck, to: role}\n", encoding="utf-8")
    for rules in (load_ruleset("bohn_camillo"), load_ruleset(str(tmp_path / "house.yaml"))):
        told = [line for line in sheet_markdown(rules, 2).splitlines() if "role deck" in line and "refilled" in line]
        assert told == [], told


def test_zones_only_the_other_players_may_trade_from_are_told_as_theirs(tmp_path: Path) -> None:
    """`also_from: {others: [...]}` lets the players other than the active one trade from
    a zone: the sheet names them with a capital (a fresh seed-50 rules sample's survivor
    wrote "He other players")."""
    text = (ROOT / "rulesets" / "high_bohn.yaml").read_text(encoding="utf-8")
    old = "also_from: [store],"
    assert old in text
    (tmp_path / "high_bohn.yaml").write_text(text.replace(old, "also_from: {others: [store]},", 1), encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "high_bohn.yaml"))
    md = sheet_markdown(rules, 4)
    assert " The other players may also trade and give away cards from the general store." in md
    assert "The active player may also trade" not in md


def test_a_variant_told_again_in_a_house_file_is_placed_there(tmp_path: Path) -> None:
    """A house file that writes a parent's variant again replaces it; a problem of the new
    one points at the house file's lines, not the parent's (a fresh seed-50 rules sample's
    survivor kept no place for the replaced variant: its S203 pointed into high_bohn.yaml)."""
    (tmp_path / "house.yaml").write_text("extends: high_bohn\nid: house\nname: House\nvariants:\n  cognac:\n"
                                         "    description: The same, told again.\n", encoding="utf-8")
    with pytest.raises(BohnError) as caught:
        load_ruleset(str(tmp_path / "house.yaml"), "cognac")
    [d] = caught.value.diagnostics
    assert (d.code, d.message) == ("S203", "variant `cognac` needs a `patch` mapping")
    assert d.span is not None and Path(d.span.file).name == "house.yaml" and (d.span.line, d.span.col) == (6, 5)


def test_no_schema_names_pattern_properties() -> None:
    """S202 calls every key outside a map's ``properties`` unknown (engine/rules/schema.py):
    right only while no schema lets keys in by pattern. A fresh seed-51 rules sample found
    the pattern test it had for them never run (no schema has one), so it was dropped;
    a schema that adds ``patternProperties`` must bring it back."""
    for path in sorted((ROOT / "schemas").glob("*.json")):
        assert "patternProperties" not in path.read_text(encoding="utf-8"), path.name


def test_a_file_of_the_chain_names_its_parent_from_its_own_folder(tmp_path: Path) -> None:
    """`extends` is read from the folder of the file that writes it, not of the first file
    of the chain (a fresh seed-51 rules sample's survivor read every parent from the first
    file's folder: `sub/middle.yaml`'s `parent.yaml` was looked for beside `house.yaml`)."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "parent.yaml").write_text("extends: base\nid: parent\nname: Parent\n", encoding="utf-8")
    (tmp_path / "sub" / "middle.yaml").write_text("extends: parent.yaml\nid: middle\nname: Middle\n", encoding="utf-8")
    (tmp_path / "house.yaml").write_text("extends: sub/middle.yaml\nid: house\nname: House\n", encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "house.yaml"))
    assert rules.id == "house"
    from engine.rules.loader import ruleset_files

    assert [p.name for p in ruleset_files(str(tmp_path / "house.yaml"))][-3:] == ["parent.yaml", "middle.yaml", "house.yaml"]


def test_a_file_that_is_not_utf8_is_told_so_at_its_line(tmp_path: Path) -> None:
    """Y102's whole message and place (a fresh seed-52 sample emptied the message)."""
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"id: x\nname: Caf\xe9\n")
    with pytest.raises(BohnError) as info:
        load_ruleset(str(path))
    [d] = info.value.diagnostics
    assert (d.code, d.message, d.span.line if d.span else None) == ("Y102", "the file is not valid UTF-8 text", 2)


def test_an_unknown_variant_is_told_at_the_rulesets_variants(tmp_path: Path) -> None:
    """O306 points at the `variants` the ruleset has (a seed-52 survivor gave it no place)."""
    with pytest.raises(BohnError) as info:
        load_ruleset("high_bohn", "cognak")
    [d] = info.value.diagnostics
    assert d.code == "O306" and d.message == "no variant `cognak` (variants: cognac) (did you mean `cognac`?)"
    assert d.span is not None and d.span.file.endswith("high_bohn.yaml")
    lines = (ROOT / "rulesets" / "high_bohn.yaml").read_text().splitlines()
    assert lines[d.span.line - 1].startswith("variants:") or lines[d.span.line - 2].startswith("variants:"), d.span


def test_a_ruleset_without_assumptions_validates(tmp_path: Path) -> None:
    """`assumptions` is optional: a ruleset of its own (extending nothing) that states
    none is checked without a W900 and without an internal error (a seed-52 survivor
    iterated over a missing list)."""
    from engine.rules.loader import check_path

    text = (ROOT / "rulesets" / "base.yaml").read_text()
    start = text.index("\nassumptions:") + 1
    tail = text[start:].split("\n")
    end = next((i for i in range(1, len(tail)) if tail[i][:1].isalpha()), len(tail))
    path = tmp_path / "plain.yaml"
    path.write_text(text[:start].replace("id: base", "id: plain", 1) + "\n".join(tail[end:]))
    assert "assumptions" not in path.read_text()
    assert check_path(path) == []
    assert load_ruleset(str(path)).assumptions == ()


def test_a_value_fitting_no_form_of_an_undescribed_choice_is_told_without_a_description(tmp_path: Path) -> None:
    """S204/S203 for a `oneOf` the schema gives no description (a scenario's coins per
    seat: a number or the coins' beans): the message ends at "fits none of the allowed
    forms" (a fresh seed-53 sample's survivor added a made-up description)."""
    from engine.scenario.model import load_scenarios

    f = tmp_path / "c.scenario.yaml"
    f.write_text("ruleset: base\nplayers: 3\nscenarios:\n  - name: x\n    setup: {coins: {0: yes}}\n"
                 "    steps: [{expect: {phase: plant}}]\n", encoding="utf-8")
    with pytest.raises(BohnError) as info:
        load_scenarios(f)
    [d] = [d for d in info.value.diagnostics if "fits none" in d.message]
    assert d.message == "`scenarios/0/setup/coins/0`: \"yes\" fits none of the allowed forms"


def test_a_merge_key_counts_one_level_of_nesting() -> None:
    """Y104's limit counts a `<<:` merge's mapping one level below the mapping that holds
    it, as any value: the deepest file that loads, and one level more (a fresh seed-53
    sample's survivor counted the merge twice, refusing a file within the limit)."""
    from engine.rules.yamlload import MAX_DEPTH

    def nested(levels: int) -> str:
        inner = "{<<: *b}"
        for _ in range(levels):
            inner = "{a: " + inner + "}"
        return "b: &b {x: 1}\nc: " + inner + "\n"

    deepest = MAX_DEPTH - 3  # (the top mapping, `c`'s value and the merged mapping itself)
    assert _doc(nested(deepest), "deep.yaml") is not None
    with pytest.raises(BohnError) as info:
        _doc(nested(deepest + 1), "deeper.yaml")
    assert info.value.code == "Y104"


def test_a_character_yaml_refuses_is_named_in_y103() -> None:
    """Y103 for an error PyYAML gives without a place (its reader's): the first line of
    its message, not a bare "malformed YAML" (a fresh seed-53 sample's survivor)."""
    with pytest.raises(BohnError) as info:
        _doc("a: \x07b\n", "bell.yaml")
    [d] = info.value.diagnostics
    assert (d.code, d.message) == ("Y103", "unacceptable character #x0007: special characters are not allowed")
