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

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterator

from engine.errors import BohnError, Span
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
    problems: list[str] = []
    n = len(st.bean_of)
    if cards and (min(cards) < 0 or max(cards) >= n):
        problems.extend(f"card {card} does not exist" for card in cards if not 0 <= card < n)
        cards = [card for card in cards if 0 <= card < n]
    # counted in C (Counter over map): the watch runs this after every action
    expected = Counter(st.bean_of)
    found = Counter(map(st.bean_of.__getitem__, cards))
    if found != expected:
        for type_index, count in expected.items():
            if found.get(type_index, 0) != count:
                problems.append(f"{found.get(type_index, 0)} `{st.card_types[type_index]}` cards in zones, {count} in the game")
    limits = {k.id: frozenset(k.zones) for k in game.rules.kinds if k.zones}
    if limits:
        # per zone, the card types that may not be there, tested in C (isdisjoint over map):
        # the watch runs this after every action, and most zones hold no limited card
        limited = [(t, limits[kind]) for t, kind in enumerate(st.type_kinds) if kind in limits]
        bean_of = st.bean_of
        key = (game.rules.digest, st.type_kinds)
        forbidden_in = _FORBIDDEN.get(key)
        if forbidden_in is None:
            if len(_FORBIDDEN) > 64:
                _FORBIDDEN.clear()
            forbidden_in = _FORBIDDEN[key] = {}
        for zone_id, zone in _zones(game):
            forbidden = forbidden_in.get(zone_id)
            if forbidden is None:
                forbidden = forbidden_in[zone_id] = {t for t, allowed in limited if zone_id not in allowed}
            if forbidden and not forbidden.isdisjoint(map(bean_of.__getitem__, zone)):
                problems.extend(f"a `{game.bean_name(card)}` is in `{zone_id}`, where its kind may not be"
                                for card in zone if bean_of[card] in forbidden)
    return problems


#: per ruleset (its digest and card types): zone id -> the card types that may not be there
_FORBIDDEN: dict[tuple[str, tuple[str, ...]], dict[str, set[int]]] = {}


def _zones(game: Game) -> Iterator[tuple[str, list[int]]]:
    """Every zone's id and cards: shared zones, each seat's zones, each field."""
    st = game.state
    yield from st.shared.items()
    for zone_id, zones in st.per_player.items():
        for z in zones:
            yield zone_id, z
    fields_id = game.rules.zone_of_kind("fields").id
    for fields in st.fields:
        for f in fields:
            yield fields_id, f


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


class InvariantWatch:
    """Every invariant, checked after each action of one game.

    Tests, ``bohn play --check`` and ``bohn simulate --check`` share it, so "the
    invariants hold" means the same thing everywhere. Give :meth:`start` to
    ``play_game(on_start=...)`` and the watch itself as ``after_action``. The first broken
    invariant stops the game with G680, blaming the last rule that moved something in
    the action (the engine's own code when no rule did), so a failed simulated game is
    reported with its seed and a replay command like any other failure.
    """

    def __init__(self, *, observe_every: int = 0) -> None:
        #: check that observations hide other hands after every ``observe_every``-th
        #: action (0: never; it is the costly check)
        self.observe_every = observe_every
        self.actions = 0
        self._hands: list[list[int]] | None = None
        self._blame: str | None = None

    def start(self, game: Game) -> None:
        """Take the dealt hands as the order to keep, and listen for the rules that act."""
        self._hands = [list(h) for h in game.state.hands]
        game.listen(self._listen)

    def _listen(self, event: dict[str, Any]) -> None:
        if event.get("effect") and event.get("rule"):
            self._blame = event["rule"]

    def __call__(self, game: Game, action: object) -> None:
        self.actions += 1
        problems = check_cards(game)
        hands = game.state.hands
        if self._hands is not None:
            problems.extend(check_hand_order(self._hands, hands))
        self._hands = [list(h) for h in hands]
        if self.observe_every and self.actions % self.observe_every == 0:
            problems.extend(check_observation_hides_hands(game))
        blame, self._blame = self._blame, None
        if problems:
            raise BohnError.one(
                "G680",
                f"invariant broken in the game of seed {game.seed} after action {self.actions} ({action}), turn {game.state.turn}: "
                + "; ".join(problems[:3]) + (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""),
                _span(blame),
                hint=None if blame else "No rule acted in this action: the engine itself broke it; please report it.",
            )


def _span(rule: str | None) -> Span | None:
    """``file:line`` as an event gives it, back to a span (column 1: events keep lines)."""
    if not rule:
        return None
    file, _, line = rule.rpartition(":")
    return Span(file, int(line), 1) if file and line.isdigit() else None
