"""Options whose choices patch the ruleset (`patches`): the docs example loads, the chosen
value's overlay applies (also when a house rule picks it), every choice is validated,
and a patch for an unknown choice is R480 (fixtures/R480_option_patch_choice.yaml)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.game.core import Game
from engine.rules.loader import check_path, load_ruleset

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rulesets.md").read_text(encoding="utf-8")
EXAMPLE = next(block for block in re.findall(r"```yaml\n(.*?)```", DOC, re.S) if "patches:" in block)


def test_the_docs_example_plays_its_default_and_a_house_rule_picks_the_other_choice(tmp_path: Path) -> None:
    (tmp_path / "example.yaml").write_text(EXAMPLE, encoding="utf-8")
    (tmp_path / "short.yaml").write_text(
        "extends: example.yaml\nid: short\nname: Short\noptions:\n  game_length: {value: short}\n", encoding="utf-8")
    assert check_path(tmp_path / "example.yaml") == [] and check_path(tmp_path / "short.yaml") == []
    long_rules = load_ruleset(str(tmp_path / "example.yaml"))
    short_rules = load_ruleset(str(tmp_path / "short.yaml"))
    assert [long_rules.row(n).end_after_runouts for n in (3, 4, 5, 6)] == [2, 3, 3, 3]
    assert [short_rules.row(n).end_after_runouts for n in (3, 4, 5, 6)] == [2, 2, 2, 3]
    assert short_rules.option("game_length") == "short"
    assert Game(short_rules, 4, 0).row.end_after_runouts == 2


def test_high_bohn_plus_four_five_players_choose_whether_to_remove_cocoa_or_field_beans(tmp_path: Path) -> None:
    """By default only the Coffee beans leave a 4- or 5-player game; the players may choose
    to remove the Cocoa or the Field beans as well (high_bohn_plus.txt: « may choose whether »)."""
    default = load_ruleset("high_bohn_plus")
    assert default.option("four_five_players_remove") == "none"
    assert default.row(4).remove_beans == ("coffee",) and default.row(5).remove_beans == ("coffee",)
    assert default.row(3).remove_beans == ("cocoa", "field_bean")
    for choice in ("cocoa", "field_bean"):
        house = tmp_path / f"plus_{choice}.yaml"
        house.write_text(f"extends: high_bohn_plus\nid: plus_{choice}\nname: Plus without {choice}\n"
                         f"options:\n  four_five_players_remove: {{value: {choice}}}\n", encoding="utf-8")
        rules = load_ruleset(str(house))
        assert rules.row(4).remove_beans == ("coffee", choice) and rules.row(5).remove_beans == ("coffee", choice)
        assert rules.row(6).remove_beans == default.row(6).remove_beans


def test_a_broken_patch_of_a_choice_not_taken_is_reported_with_its_choice() -> None:
    found = check_path(Path(__file__).parent / "fixtures" / "R406_option_patch_other_choice.yaml")
    assert [(d.code, d.span.line if d.span else 0) for d in found] == [("R406", 14)]
    assert "[option fourth_bean_out: cocoa]" in found[0].message


def test_an_option_that_patches_only_other_player_counts_is_not_played_on_this_sheet(tmp_path: Path) -> None:
    """An option whose choices patch only the rows of some player counts changes no game of
    another count: that count's sheet says so; an option that patches anything else is
    played on every sheet."""
    from engine.rules.sheet import sheet_markdown

    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: base\nid: house\nname: House\noptions:\n"
        "  +cheap_fourth:\n    description: Is the third field cheap with four players?\n"
        "    choices: {no: No., yes: Yes.}\n    value: no\n"
        "    patches: {yes: {player_counts: {4: {field_price: 1}}}}\n"
        "  +cheap_any:\n    description: Is the third field cheap everywhere?\n"
        "    choices: {no: No., yes: Yes.}\n    value: no\n"
        "    patches: {yes: {player_counts: {4: {field_price: 1}}, beans: {blue: {count: 19}}}}\n",
        encoding="utf-8")
    rules = load_ruleset(str(house))
    three, four = sheet_markdown(rules, 3), sheet_markdown(rules, 4)
    fourth = next(line for line in three.splitlines() if "cheap with four" in line)
    assert "(not played here: it changes only the games of 4 players)" in fourth
    assert "not played" not in next(line for line in four.splitlines() if "cheap with four" in line)
    assert all("not played" not in line for line in three.splitlines() if "cheap everywhere" in line)
