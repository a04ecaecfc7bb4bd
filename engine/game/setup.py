"""The ruleset's ``setup:`` section: what happens between the deal and the first turn.

Set-up is data first: each line deals cards — all cards, or only those of one kind — from
a zone to zones (every seat's, for a per-player zone; each row, for a list of shared
zones), at the top/back or the bottom/front, or gives every player coins. Lines run in
order after the starting hands are dealt, so "one card of a kind to the back of each hand"
is one line. What data cannot say, a ``when game_started`` rule does after these lines.

Dealing takes the topmost cards (of the kind, when one is named) straight from the
source: set-up never reshuffles a pile and never counts a deck's run-out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.model import SetupStep

if TYPE_CHECKING:
    from engine.game.core import Game


def run_setup(game: Game) -> None:
    for line in game.rules.setup:
        if line.action == "coins":
            _give_coins(game, line)
        else:
            _deal(game, line)


def _source(game: Game, line: SetupStep) -> str:
    if line.source is not None:
        return line.source
    if line.kind is not None and line.kind != "bean":
        start = next(k.starts_in for k in game.rules.kinds if k.id == line.kind)
        if start in game.state.shared:  # a kind that starts in players' zones is dealt from the draw pile
            return start
    return game.rules.decks()[0].id


def _targets(game: Game, zone_id: str) -> list[tuple[list[int], int | None]]:
    st = game.state
    if zone_id in st.shared:
        return [(st.shared[zone_id], None)]
    return [(zone, seat) for seat, zone in enumerate(st.per_player[zone_id])]


def _take(game: Game, source: list[int], kind: str | None, count: int) -> list[int]:
    """The topmost ``count`` cards of ``source`` (of ``kind`` if given), top card first."""
    st = game.state
    taken: list[int] = []
    for index in range(len(source) - 1, -1, -1):
        if len(taken) >= count:
            break
        card = source[index]
        if kind is None or st.type_kinds[st.bean_of[card]] == kind:
            taken.append(card)
    chosen = set(taken)
    source[:] = [c for c in source if c not in chosen]
    return taken


def _deal(game: Game, line: SetupStep) -> None:
    count = line.number(game.row)
    source_id = _source(game, line)
    source = _zone_list(game, source_id)
    for zone_id in line.to:
        for target, seat in _targets(game, zone_id):
            cards = _take(game, source, line.kind, count)
            if line.at in ("bottom", "front"):
                target[:0] = cards
            else:
                target.extend(cards)
            game.emit("dealt", seat=seat, cards=len(cards), to=zone_id, source=source_id, at=line.at, rule=line.span)


def _give_coins(game: Game, line: SetupStep) -> None:
    count = line.number(game.row)
    source_id = line.source or game.rules.decks()[0].id
    source = _zone_list(game, source_id)
    for seat in range(game.players):
        cards = _take(game, source, None, count)
        game.state.coins[seat].extend(cards)
        game.emit("dealt", seat=seat, cards=len(cards), to=game.rules.zone_of_kind("coins").id, source=source_id,
                  at="top", rule=line.span)


def _zone_list(game: Game, zone_id: str) -> list[int]:
    st = game.state
    if zone_id in st.shared:
        return st.shared[zone_id]
    raise KeyError(zone_id)
