"""Built-in steps keep every card where its kind may be (issue 9): a draw, reveal or
harvest that would put a card outside its kind's `zones` stops with G620, and a set-up
that deals a kind outside them is refused at load with R460."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.core import Game
from engine.game.steps import Draw, Reveal
from engine.rules.loader import load_ruleset

ORDERS = Path(__file__).resolve().parents[2] / "rulesets" / "scenarios" / "cards" / "orders.yaml"
KIND = "    starts_in: order_deck\n    zones: [order_deck, order_discard, hand]\n"
SETUP = "+setup:\n  - {deal: 1, kind: order, to: hand, at: back}\n"
OPENING = '"when game_started if owner == active { draw(owner, 1, from: order_deck) }"'


def _orders(tmp_path: Path, *changes: tuple[str, str]) -> str:
    text = ORDERS.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "orders.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_draw_step_refuses_a_card_its_kind_keeps_out_of_hands(tmp_path: Path) -> None:
    # orders are shuffled into the draw pile but may never be in a hand
    path = _orders(tmp_path, (KIND, "    starts_in: draw_pile\n    zones: [draw_pile, order_deck, order_discard]\n"),
                   (SETUP, ""), (OPENING, '"when game_started { set_counter(owner, \\"x\\", 0) }"'))
    game = Game(load_ruleset(path), 3, 1)
    st = game.state
    order = next(c for c in st.deck if st.type_kinds[st.bean_of[c]] == "order")
    st.deck.remove(order)
    st.deck.append(order)  # on top: the next draw takes it
    draw = next(s for p in game.phases for s in p.steps if s.kind == "draw")
    with pytest.raises(BohnError) as caught:
        Draw(game, draw).enter(game)
    assert caught.value.code == "G620"
    assert "may not go to `hand`" in caught.value.diagnostics[0].message


@pytest.mark.parametrize("discardable", [False, True])
def test_a_harvest_refuses_a_card_its_kind_keeps_out_of_the_discard_pile(tmp_path: Path, discardable: bool) -> None:
    zones = "[order_deck, order_discard, hand, fields" + (", discard]" if discardable else "]")
    path = _orders(tmp_path, (KIND, f"    starts_in: order_deck\n    plant: true\n    zones: {zones}\n"))
    game = Game(load_ruleset(path), 3, 1)
    st = game.state
    order = st.hands[0].pop()
    st.fields[0][0][:] = [order]
    if discardable:
        assert game.harvest(0, 0) == 0 and st.discard[-1] == order  # an order pays nothing
        return
    with pytest.raises(BohnError) as caught:
        game.harvest(0, 0)
    assert caught.value.code == "G620"
    assert "may not go to `discard`" in caught.value.diagnostics[0].message


def test_a_set_up_that_deals_a_kind_outside_its_zones_is_refused(tmp_path: Path) -> None:
    path = _orders(tmp_path, (SETUP, "+setup:\n  - {deal: 1, kind: order, to: revealed}\n"))
    with pytest.raises(BohnError) as caught:
        load_ruleset(path)
    found = [d for d in caught.value.diagnostics if d.code == "R460"]
    assert found and found[0].span is not None
    assert (found[0].span.line, found[0].span.col) == (52, 32)  # the `to` value of the set-up line


def test_a_planted_kind_kept_off_the_fields_is_refused(tmp_path: Path) -> None:
    path = _orders(tmp_path, (KIND, "    starts_in: order_deck\n    plant: true\n    zones: [order_deck, order_discard, hand]\n"))
    with pytest.raises(BohnError) as caught:
        load_ruleset(path)
    found = [d for d in caught.value.diagnostics if d.code == "R461"]
    assert found and found[0].span is not None and found[0].span.line == 31


@pytest.mark.parametrize("revealable", [False, True])
def test_a_reveal_step_puts_a_card_where_its_kind_may_go_and_refuses_it_elsewhere(tmp_path: Path, revealable: bool) -> None:
    """Orders shuffled into the draw pile, the top card an order: the trade phase's reveal
    turns it up when its kind may be in `revealed`, and stops with G620 naming that zone when
    it may not (issue 20: a mutant checking the card against no zone, G620 for every order
    revealed, survived)."""
    zones = "[draw_pile, order_deck, order_discard" + (", revealed]" if revealable else "]")
    path = _orders(tmp_path, (KIND, f"    starts_in: draw_pile\n    zones: {zones}\n"),
                   (SETUP, ""), (OPENING, '"when game_started { set_counter(owner, \\"x\\", 0) }"'))
    game = Game(load_ruleset(path), 3, 1)
    st = game.state
    assert game._zone_limited and game.fx is not None
    order = next(c for c in st.deck if st.type_kinds[st.bean_of[c]] == "order")
    st.deck.remove(order)
    st.deck.append(order)  # on top: the reveal takes it first
    reveal = next(s for p in game.phases for s in p.steps if s.kind == "reveal")
    if revealable:
        Reveal(game, reveal).enter(game)
        assert st.shared["revealed"][0] == order and len(st.shared["revealed"]) == 2
        return
    with pytest.raises(BohnError) as caught:
        Reveal(game, reveal).enter(game)
    assert caught.value.code == "G620"
    assert caught.value.diagnostics[0].message.startswith(f"reveal: a `{game.bean_name(order)}` may not go to `revealed` ")
