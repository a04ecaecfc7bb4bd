"""The rulesheet (``bohn rules show``) reads as rules a Bohnanza player can follow."""

from __future__ import annotations

import re
from pathlib import Path
import pytest

from engine.rules.loader import load_ruleset
from engine.rules.located import to_plain
from engine.rules.sheet import sheet_markdown

SHEETS = [("high_bohn", None, 3), ("high_bohn", None, 4), ("high_bohn", None, 5), ("high_bohn", "cognac", 4),
          ("base", None, 2), ("base", None, 4), ("base", None, 7),
          ("high_bohn_plus", None, 3), ("high_bohn_plus", None, 4), ("high_bohn_plus", None, 6),
          ("high_bohn_plus", "sell_hands", 5)]


def _sheet(name: str, variant: str | None, players: int) -> str:
    return sheet_markdown(load_ruleset(name, variant), players)


def _row(md: str, item_name: str) -> str:
    return next(line for line in md.splitlines() if line.startswith(f"| {item_name} |"))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_items_table_carries_every_beanometer_the_data_has(players: int) -> None:
    """Every ``modify beanometer if bean == X = [...]`` written in an item of the YAML
    shows in that item's row, with the bean's name; and the stew payouts the saloons'
    effects compute (the `saloon_stew_beanometers` assumption) show in theirs."""
    rules = load_ruleset("high_bohn", "cognac")
    md = sheet_markdown(rules, players)
    pattern = re.compile(r"modify beanometer if bean == (\w+) = \[([\d, ]+)\]")
    found = 0
    effects = {c["id"]: str(c.get("effect", "")) for k in to_plain(rules.document)["cards"] for c in k["cards"]}
    for item in rules.items:
        for bean, meter in pattern.findall(effects[item.id]):
            found += 1
            row = _row(md, item.name)
            assert f"{rules.bean(bean).name} " + "/".join(m.strip() for m in meter.split(",")) in row, row
    assert found == 5  # 3 Gold mine, 3 Blacksmith, 2 and 3 Jail, 4 Distillery
    assert "different beans 2/3/5/6" in _row(md, "3 Saloon")
    assert "different beans 2/3/4/5" in _row(md, "4 Saloon")
    assert "| – |" in _row(md, "4 Farm")  # pays 5 for 4, but has no beanometer of its own


@pytest.mark.parametrize(("name", "variant", "players"), SHEETS)
def test_sheet_prints_names_not_ids(name: str, variant: str | None, players: int) -> None:
    md = _sheet(name, variant, players)
    assert "`" not in md
    for word in ("black_eyed", "set_aside", "from_store", "out_of_game", "revealed", "draw_pile", "harvest_protection"):
        assert word not in md, word


def test_sheet_says_what_a_player_needs() -> None:
    md = _sheet("high_bohn", None, 4)
    assert "## Buildings" in md and "| building | price |" in md
    assert "Black-eyed bean" in _row(md, "2 Bank")
    assert "May a bean start an empty field while another field of the player already grows that bean? **No" in md
    assert "the most coins whose number of beans the field reaches" in md
    assert "refuse an offer, a gift too" in md
    assert "the player whose turn it is has priority, then the others clockwise" in md
    base = _sheet("base", None, 4)
    assert "bought at any time (also on other players' turns)" in base


def test_two_player_sheet_does_not_refill_the_deck() -> None:
    md = _sheet("base", None, 2)
    assert "never refilled" in md and "becomes the new draw pile" not in md
    assert "becomes the new draw pile" in _sheet("base", None, 4)


def test_a_variant_is_named_in_the_title_and_zones_are_said_as_players_say_them() -> None:
    """The sheet's title names the variant played (a 2026-12-01 mutant dropped it), and a
    zone the rules name is said by what it is — the engine's own zones in a player's words,
    never by id (a mutant garbled "the draw pile")."""
    from engine.rules.sheet_cards import place

    assert _sheet("high_bohn", "cognac", 4).splitlines()[0] == "# High Bohn — variant cognac, 4 players"
    assert _sheet("high_bohn", None, 4).splitlines()[0] == "# High Bohn, 4 players"
    rules = load_ruleset("base")
    words = {"deck": "the draw pile", "discard": "the discard pile", "hand": "the hand", "out_of_game": "out of the game"}
    said = {z.kind: place(rules, z.id) for z in rules.zones if z.kind in words}
    assert said == {kind: word for kind, word in words.items() if kind in said} and "deck" in said and "hand" in said
    # an id the ruleset does not declare (a step's or a row's place the sheet is given) in words, never as code
    assert place(rules, "order_deck_2") == "order deck 2"


def test_an_item_rule_paying_mixed_fields_is_asked_with_the_fields_bean(tmp_path: Path) -> None:
    """The rulesheet's mixed-field beanometer of an item asks its `harvest_coins` rule as
    a harvest does, with the field's bean (a fresh seed-42 rules sample's survivor asked
    without it: a rule reading `bean` then paid nothing, and the row lost its payout)."""
    from engine.rules.meters import item_beanometers

    (tmp_path / "house.yaml").write_text(
        "extends: high_bohn\nid: house\nname: House saloon\ncards:\n  building:\n    cards:\n      saloon_3:\n"
        "        effect: |\n"
        "          modify harvest_coins if field.size > 1 and bean != none and distinct(beans(field.cards)) == field.size =\n"
        "            if beans >= 3 then 2 else 1\n", encoding="utf-8")
    rules = load_ruleset(str(tmp_path / "house.yaml"))
    item = next(i for i in rules.items if i.id == "saloon_3")
    in_play = [b.id for b in rules.beans if b.id not in rules.row(4).remove_beans]
    assert item_beanometers(rules, item, in_play) == {"mixed": [2, 3]}
