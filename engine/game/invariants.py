"""Checks that must hold after every action of every game, in tests and simulations.

* every card is in exactly one zone, and the number of cards never changes;
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
    # one bean per field is a base-game rule; effects (a farm, bean stew) may change it
    mixed_allowed = game.fx is not None and game.fx.has("may_plant")
    for seat, fields in enumerate(game.state.fields if not mixed_allowed else []):
        for index, field in enumerate(fields):
            if len({game.state.bean_of[c] for c in field}) > 1:
                problems.append(f"seat {seat} field {index} mixes beans")
    return problems


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
