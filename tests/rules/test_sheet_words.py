"""A zone's `name` and a step's `description` give the rulesheet its words (docs/rulesets.md).

Why: a sentence that pastes a zone's description ("…as well: Beans stored on a general
store: they may only be traded or donated.") or its id ("on top of the bohnbay") is not one
a player reads easily, and an `actions` step read "may take the actions the rules allow
now" whatever it was for.
"""

from __future__ import annotations

from pathlib import Path

from engine.rules.loader import load_ruleset
from engine.rules.sheet import sheet_markdown

_HOUSE = """extends: base
id: house
zones:
  +market_row: {name: "the bean market", kind: display, owner: shared, visibility: public, description: "Long text never pasted."}
  +bare_row: {kind: display, owner: shared, visibility: public, description: "Another long text."}
  set_aside: {name: "the beans on the cart"}
+setup:
  - {deal: 2, to: [market_row, bare_row]}
  - {deal: 1, to: market_row}
turns:
  standard:
    +market:
      $after: plant
      name: Market
      when_game_ends: stop
      steps:
        - {kind: actions, seats: each, id: market, description: "Each player may buy one bean at the market, then passes."}
        - {kind: actions, seats: active, id: idle}
    draw:
      steps:
        - {kind: draw, count: {table: draw}, description: "Nobody looks at them yet."}
"""


def _lines(tmp_path: Path) -> list[str]:
    path = tmp_path / "house.yaml"
    path.write_text(_HOUSE, encoding="utf-8")
    return sheet_markdown(load_ruleset(str(path)), 4).splitlines()


def test_a_zone_is_named_by_its_name_else_its_id_in_words_never_its_description(tmp_path: Path) -> None:
    lines = _lines(tmp_path)
    assert "- Deal 2 cards onto each of the bean market and the bare row." in lines
    assert "- Deal 1 card onto the bean market." in lines
    assert not any("Long text" in line or "Another long text" in line for line in lines)
    # a zone of the base game given a name by the house rule: the planting step uses it
    assert any(line.startswith("   - Every player plants all of the beans on the cart, in the order") for line in lines)


def test_a_step_description_is_an_actions_step_s_sentence_and_follows_any_other(tmp_path: Path) -> None:
    lines = _lines(tmp_path)
    at = lines.index("2. **Market**")
    assert lines[at + 1] == "   - Each player may buy one bean at the market, then passes."
    assert lines[at + 2] == "   - The active player may take the actions the rules allow now, then passes."  # no description
    assert "   - Draw 3 cards, one at a time, to the back of the hand. Nobody looks at them yet." in lines


def test_the_shipped_rulesets_name_their_zones() -> None:
    md = sheet_markdown(load_ruleset("la_isla_bohnita"), 4)
    assert "- Deal 5 cards onto each of the Bohnbay row and the Bohnaco row." in md.splitlines()
    assert "may take the actions the rules allow now" not in md


def test_a_bean_attribute_and_a_variant_read_as_words() -> None:
    """A card's bean-typed attribute is the bean's name (Pebbohne shuns Holy Spirit beans, not
    `holy_spirit`), and a variant's id is said in words in the title."""
    md = sheet_markdown(load_ruleset("bohn_camillo"), 2).splitlines()
    assert any(line.startswith("| Pebbohne | 1 | Holy Spirit bean | ") for line in md)
    plus = sheet_markdown(load_ruleset("high_bohn_plus", "sell_hands"), 4).splitlines()
    assert plus[0] == "# High Bohn Plus — variant sell hands, 4 players"


def test_two_zones_of_one_place_read_as_one_place() -> None:
    """Bohn Camillo's action cards go to the collection field face down, then face up: one
    place in the card kind's sentence, not "the collection field (face down) and the
    collection field (face up)"; a bracket that names no other zone of its place stays."""
    from engine.rules.sheet_cards import _merge_qualified

    lines = sheet_markdown(load_ruleset("bohn_camillo"), 2).splitlines()
    sentence = next(line for line in lines if line.startswith("They start in the action deck"))
    assert "may be only there or in the collection field (face down or face up)." in sentence
    assert _merge_qualified(["the hand", "the hand (x)", "a pile (open", "c (d)"]) == ["the hand", "the hand (x)", "a pile (open", "c (d)"]
