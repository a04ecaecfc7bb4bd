"""The engine world's zone reads (engine/game/worldreads.py ``_zone_list``, ``cards``,
``zone_size``, ``zone_item``, ``seat_zone_item``) against the plain reading of the state,
for every zone of a ruleset under every seat reference (none, each seat, one past the
table, a negative one) and for a zone the ruleset lacks: before the map of references is
made, after, and on a look-ahead's copy (its own lists, not the game's).

Why: each read is spelt out three ways (the map, the map made first, the long way), and the
games of the selection only ever ask the references a rule names, so a mistake in the way a
game does not take (a seat past the table, a shared zone under a seat, a map made for
another state) went unseen (seed 45: `_zones_by_ref` keeping a shared zone as `None`)."""

from __future__ import annotations

import pytest

from engine.game.arrange import arrange
from engine.game.core import Game
from engine.game.lookahead import copy_game
from engine.lang.world import ZoneRef
from engine.rules.loader import load_ruleset


def _plain(game: Game, zone: ZoneRef) -> list[int] | None:
    """The zone's list as the state holds it: a shared zone of that id first, else the
    seat's own zone of a seat of the table, else none."""
    st = game.state
    if zone.id in st.shared:
        return st.shared[zone.id]
    zones = st.per_player.get(zone.id)
    if zones is None or zone.player is None or not 0 <= zone.player < len(zones):
        return None
    return zones[zone.player]


def _refs(game: Game) -> list[ZoneRef]:
    ids = sorted({*game.state.shared, *game.state.per_player, "nowhere"})
    return [ZoneRef(zid, seat) for zid in ids for seat in (None, *range(game.players), game.players, -1)]


def _check(game: Game) -> None:
    fx = game.fx
    assert fx is not None
    for zone in _refs(game):
        plain = _plain(game, zone)
        assert fx._zone_list(zone) is plain, zone
        assert fx.cards(zone) == (plain or []), zone
        assert fx.zone_size(zone) == len(plain or []), zone
        for i in (0, 1, 2, 40):
            expected = plain[i] if plain is not None and i < len(plain) else None
            assert fx.zone_item(zone, i) == expected, (zone, i)
            if zone.id in game.state.per_player and zone.player is not None:
                own = game.state.per_player[zone.id]
                mine = own[zone.player][i] if 0 <= zone.player < len(own) and i < len(own[zone.player]) else None
                assert fx.seat_zone_item(zone.id, zone.player, i) == mine, (zone, i)


@pytest.mark.parametrize("ruleset", ["high_bohn", "high_bohn_plus", "la_isla_bohnita", "bohn_camillo"])
def test_every_zone_read_is_the_plain_read_of_the_state(ruleset: str) -> None:
    rules = load_ruleset(ruleset)
    players = 2 if ruleset == "bohn_camillo" else 3
    game = Game(rules, players, seed=2)
    arrange(game, {"hands": {0: ["soy", "red", "blue"], 1: ["red"]}, "discard": ["chili", "soy"]})
    fx = game.fx
    fx._zone_lists = (None, {})  # nothing mapped yet: each read takes its long way first
    _check(game)
    fx._zones_by_ref()  # mapped for this state
    _check(game)
    twin = copy_game(game)  # a look-ahead's copy reads its own lists, not the game's
    _check(twin)
    _check(game)
