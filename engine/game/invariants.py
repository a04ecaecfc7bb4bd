"""Checks that must hold after every action of every game, in tests and simulations.

* every card is in exactly one zone, and the number of cards never changes, counted
  per card type across every kind and deck; a card of a kind with ``zones`` is only
  ever in one of them;
* no coin pile is negative (coins are cards, so this is a check on the counters that
  any code might keep);
* a hand's order never changes: cards leave from anywhere, new cards only join at the
  back;
* an observation depends only on what its seat may see (checked by replacing the
  other hands and comparing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game.view import SeatView

if TYPE_CHECKING:
    from engine.game.core import Game


def check_cards(game: Game) -> list[str]:
    cards = game.state.all_cards()
    expected = len(game.state.bean_of)
    problems = []
    if len(cards) != expected:
        problems.append(f"{len(cards)} cards in zones, {expected} in the game")
    if len(set(cards)) != len(cards):
        problems.append("a card is in two places")
    if any(len(c) < 0 for c in game.state.coins):
        problems.append("negative coins")
    problems.extend(check_kinds(game, cards))
    # one bean per field is a base-game rule; effects (a farm, bean stew) may change it
    mixed_allowed = game.fx is not None and game.fx.has("may_plant")
    for seat, fields in enumerate(game.state.fields if not mixed_allowed else []):
        for index, field in enumerate(fields):
            if len({game.state.bean_of[c] for c in field}) > 1:
                problems.append(f"seat {seat} field {index} mixes beans")
    return problems


def check_kinds(game: Game, cards: list[int]) -> list[str]:
    """Card conservation per card type (so per kind and per deck: no card changes type
    or appears from nowhere), and every card of a kind only where its kind may be."""
    st = game.state
    problems = []
    expected: dict[int, int] = {}
    for type_index in st.bean_of:
        expected[type_index] = expected.get(type_index, 0) + 1
    found: dict[int, int] = {}
    for card in cards:
        if 0 <= card < len(st.bean_of):
            found[st.bean_of[card]] = found.get(st.bean_of[card], 0) + 1
        else:
            problems.append(f"card {card} does not exist")
    for type_index, count in expected.items():
        if found.get(type_index, 0) != count:
            problems.append(f"{found.get(type_index, 0)} `{st.card_types[type_index]}` cards in zones, {count} in the game")
    limits = {k.id: set(k.zones) for k in game.rules.kinds if k.zones}
    if limits:
        where = _zone_of_cards(game)
        for card, zone in where.items():
            allowed = limits.get(st.type_kinds[st.bean_of[card]])
            if allowed is not None and zone not in allowed:
                problems.append(f"a `{game.bean_name(card)}` is in `{zone}`, where its kind may not be")
    return problems


def _zone_of_cards(game: Game) -> dict[int, str]:
    st = game.state
    out: dict[int, str] = {}
    for zone_id, zone in st.shared.items():
        out.update((c, zone_id) for c in zone)
    for zone_id, zones in st.per_player.items():
        for z in zones:
            out.update((c, zone_id) for c in z)
    fields_id = game.rules.zone_of_kind("fields").id
    for fields in st.fields:
        for f in fields:
            out.update((c, fields_id) for c in f)
    return out


def check_hand_order(before: list[list[int]], after: list[list[int]]) -> list[str]:
    problems = []
    for seat, (old, new) in enumerate(zip(before, after)):
        present = set(new)
        kept = [c for c in old if c in present]
        if new[: len(kept)] != kept:
            problems.append(f"seat {seat}: hand order changed")
        elif set(new[len(kept):]) & set(old):
            problems.append(f"seat {seat}: a card moved within the hand")
    return problems


def check_observation_hides_hands(game: Game) -> list[str]:
    """Swap every other hand for different cards; each seat's observation must not change."""
    st = game.state
    problems = []
    for seat in range(game.players):
        before = SeatView(game, seat).to_dict()
        saved = [list(h) for h in st.hands]
        for other in range(game.players):
            if other != seat and st.hands[other]:
                bean = st.bean_of[st.hands[other][0]]
                substitute = next((c for c in range(len(st.bean_of)) if st.bean_of[c] != bean), st.hands[other][0])
                st.hands[other][:] = [substitute] * len(st.hands[other])
        after = SeatView(game, seat).to_dict()
        for other in range(game.players):
            st.hands[other][:] = saved[other]
        if before != after:
            problems.append(f"seat {seat}'s observation depends on another hand")
        if before["hand"] != [game.bean_name(c) for c in st.hands[seat]]:
            problems.append(f"seat {seat}'s observation shows the wrong hand")
    return problems
