"""Every refusal of an engine statement (engine/game/statements.py) is its stable code and
its whole message, naming what was wrong, and leaves the game as it was.

Why a table: until now most of these were checked by code alone or not at all (the
`move(..., at:)` word, a plant on a field that does not fit, `from:` a zone that is no deck,
the field too many, a card taken that is nowhere, a zone of no seat), so a mutant emptying
or recasing a message, or dropping its code, went unseen; one test per refusal kills the
whole family."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from engine.errors import BohnError
from engine.game import statements
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.lang.world import ZoneRef
from engine.rules.loader import load_ruleset
from tests.houses import house_rules

ORDERS = str(Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml")

#: an action's effect -> the L813/L840 it stops with (seat 0 holds chili, soy; its fields: wax, empty)
REFUSED_ACTIONS = {
    'move(cards(hand), discard, at: "middle")': ("L813", '`move(..., at: "middle")`: say one of top, bottom, front, back'),
    "plant(item(cards(hand), 0), item(fields(owner), 0))": ("L813", "a chili cannot be planted on field 0 of seat 0"),
    "draw(owner, 1, from: discard)": ("L813", "`from: discard`: cards are drawn from a deck"),
    "reveal(2, discard, from: discard)": ("L813", "`from: discard`: cards are drawn from a deck"),
    'next_phase("tarde")': ("L840", '`next_phase("tarde")`: this turn has no phase `tarde` (plant, trade, plant_traded, draw)'
                            " (did you mean `trade`?)"),
    'next_phase("trade", step: "plant")': ("L840", '`next_phase("trade", step: "plant")`: phase `trade` has no step `plant`'
                                           " (reveal, trade)"),
}


def _position(game: Game) -> tuple[object, ...]:
    st = game.state
    return ([list(h) for h in st.hands], [[list(f) for f in fs] for fs in st.fields], list(st.deck), list(st.discard),
            [len(c) for c in st.coins], st.next_phase, st.next_step)


@pytest.mark.parametrize("effect", sorted(REFUSED_ACTIONS))
def test_an_action_doing_what_no_statement_can_is_refused_by_code_and_whole_message(tmp_path: Path, effect: str) -> None:
    rules = house_rules(tmp_path, {"odd": f"action odd on own_turn {{ {effect} }}"})
    game = Game(rules, 3, seed=4)
    arrange(game, {"hands": {0: ["chili", "soy"]}, "fields": {0: [["wax"], []]}})
    [odd] = [a for a in game.legal_actions(0) if a.kind == "act"]
    before = _position(game)
    with pytest.raises(BohnError) as caught:
        game.apply(odd)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == REFUSED_ACTIONS[effect]
    assert _position(game) == before


def _statement_game(tmp_path: Path) -> Game:
    game = Game(house_rules(tmp_path, {"noop": "action noop on own_turn { gain(owner, 0) }"}), 3, seed=4)
    assert game.fx is not None
    return game


def _add_a_25th_field(game: Game) -> None:
    fields = game.state.fields[1]
    fields.extend([] for _ in range(24 - len(fields)))
    statements.add_field(game.fx, 1)  # type: ignore[arg-type]


CALLS: dict[str, tuple[Callable[[Game], None], str]] = {
    "a zone of a seat the table lacks": (lambda g: statements.shuffle(g.fx, ZoneRef("hand", 7)), "no zone `hand` for seat 7"),  # type: ignore[arg-type]
    "a zone the ruleset lacks": (lambda g: statements.shuffle(g.fx, ZoneRef("nope", None)), "no zone `nope`"),  # type: ignore[arg-type]
    "a card that is nowhere": (lambda g: statements.take(g.fx, 10 ** 6), "card 1000000 is nowhere in the game"),  # type: ignore[arg-type]
    "a field too many": (_add_a_25th_field, "seat 1 already has 24 fields, the most a player may have"),
}


@pytest.mark.parametrize("case", sorted(CALLS))
def test_a_statement_given_what_the_game_lacks_is_l813_by_whole_message(tmp_path: Path, case: str) -> None:
    """The statements the checker cannot see through (a seat or a zone computed at run
    time, a card taken twice, a 25th field) refuse with L813 and say what was missing."""
    game = _statement_game(tmp_path)
    call, message = CALLS[case]
    with pytest.raises(BohnError) as caught:
        call(game)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("L813", message)
    assert len(game.state.fields[1]) <= 24 and game.state.fields[1] == [[]] * len(game.state.fields[1])


def test_a_card_moved_where_its_kind_may_not_go_is_g625_naming_the_zones_it_may_be_in() -> None:
    game = Game(load_ruleset(ORDERS), 4, 3)
    fx = game.fx
    assert fx is not None
    order = game.state.hands[0][-1]
    name = game.bean_name(order)
    with pytest.raises(BohnError) as caught:
        fx.do("move", {"cards": [order], "to": ZoneRef("discard", None)})
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("G625", f"a `{name}` may not go to `discard` (its kind may be in hand, order_deck, order_discard)")
    # it points at the kind whose `zones` refuse it: the line of its `- id: order` (a kind declared elsewhere: another line)
    assert d.span is not None and Path(d.span.file).name == "orders.yaml"
    lines = Path(ORDERS).read_text(encoding="utf-8").splitlines()
    assert lines[d.span.line - 1][d.span.col - 1:].startswith("id: order")
    assert order in game.state.hands[0] and order not in game.state.discard
