"""Fix a game's position by bean names: the set-up of tests and scenario files.

``arrange`` takes cards of the named beans out of the game's own cards, so the card
count stays exactly that of the ruleset and player count. What the spec does not name
keeps its dealt contents where possible; cards left over go to the bottom of the draw
pile in their shuffled order (or to a named zone with ``rest_to``), except cards of a
kind that may not be there: they go under the shared zone their kind starts in (unless
the spec fixes that zone).

Spec keys (all optional): ``active``, ``turn``, ``runouts``; ``draw_pile`` (top card
first), ``discard`` (top card last); any other shared zone id; ``hands`` /
``coins`` / any per-player zone id as ``{seat: [beans]}`` (a hand front first; coins
also as a number, taken from the most plentiful beans); ``fields`` as ``{seat: [[beans],
…]}`` (the number of lists sets the number of fields); ``rest_to``; ``phase`` (the
phase id the active player's turn restarts at; default the first) and ``step`` (the kind
of the step in it to start at; the steps before it do not run); ``resume: true`` (take
the position up mid-turn: the turn's and phase's start events do not fire again);
``final_round: true`` (the deck's final run-out has happened; implied when ``runouts``
reaches the player count's ``end_after_runouts``); ``counters`` as ``{seat: {name: n}}``;
``items`` as ``{seat: [item ids]}`` (owned from the start: their effects apply, their
on-buy statements do not run); ``items_removed`` as ``[item ids]`` (left the game before
the position). The owner limits of the player count then hold at once.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Mapping

from engine.errors import BohnError

if TYPE_CHECKING:
    from engine.game.core import Game


def arrange(game: Game, spec: Mapping[str, Any]) -> None:
    st = game.state
    rules = game.rules
    deck_id = rules.zone_of_kind("deck").id
    hand_id = rules.zone_of_kind("hand").id
    coins_id = rules.zone_of_kind("coins").id
    index_of = {b: i for i, b in enumerate(st.card_types)}
    _check_keys(game, spec)

    everything = st.all_cards()  # the deck first, so leftovers keep the seeded order
    pool: dict[int, list[int]] = defaultdict(list)
    for card in everything:
        pool[st.bean_of[card]].append(card)

    def take(bean: str, where: str) -> int:
        if bean not in index_of:
            raise BohnError.one("G607", f"{where}: no bean `{bean}` in this ruleset")
        cards = pool.get(index_of[bean])
        if not cards:
            raise BohnError.one("G607", f"{where}: no `{bean}` card left (the game has {st.bean_of.count(index_of[bean])})")
        return cards.pop(0)

    def take_list(beans: Any, where: str) -> list[int]:
        return [take(str(b), where) for b in beans]

    per_player_specs = {k: v for k, v in spec.items() if k in st.per_player or k in ("hands", "coins")}
    shared_specs = {k: v for k, v in spec.items() if k in st.shared or k == "draw_pile"}
    # empty everything that the spec fixes, then place the named cards
    placed: dict[tuple[str, int], list[int]] = {}
    shared_placed: dict[str, list[int]] = {}
    fields_placed: dict[int, list[list[int]]] = {}
    for key, value in spec.get("fields", {}).items():
        seat = int(key)
        if not 1 <= len(value) <= game.max_fields(seat):
            raise BohnError.one("G607", f"set-up: seat {seat} gets {len(value)} fields; this ruleset allows 1 to {game.max_fields(seat)}")
        fields_placed[seat] = [take_list(f, f"fields of seat {seat}") for f in value]
    for key, by_seat in per_player_specs.items():
        zone_id = {"hands": hand_id, "coins": coins_id}.get(key, key)
        for seat_key, value in by_seat.items():
            seat = int(seat_key)
            if isinstance(value, int):
                if value > sum(len(cards) for cards in pool.values()):
                    raise BohnError.one("G607", f"set-up: {key} of seat {seat}: {value} cards, more than the game has left")
                cards = []
                for _ in range(value):
                    bean = max(pool, key=lambda b: len(pool[b]))
                    cards.append(pool[bean].pop(0))  # deck cards first: dealt hands stay whole
                placed[(zone_id, seat)] = cards
            else:
                placed[(zone_id, seat)] = take_list(value, f"{key} of seat {seat}")
    for key, value in shared_specs.items():
        zone_id = deck_id if key == "draw_pile" else key
        cards = take_list(value, key)
        shared_placed[zone_id] = list(reversed(cards)) if zone_id == deck_id else cards

    # rebuild zones: fixed ones from the spec, others keep what they had if still free
    free = {c for cards in pool.values() for c in cards}
    for zone_id, zone in st.shared.items():
        zone[:] = shared_placed.get(zone_id, [] if zone_id == deck_id else [c for c in zone if c in free])
        free.difference_update(zone)
    for zone_id, zones in st.per_player.items():
        for seat, zone in enumerate(zones):
            if (zone_id, seat) in placed:
                zone[:] = placed[(zone_id, seat)]
            else:
                zone[:] = [c for c in zone if c in free]
            free.difference_update(zone)
    for seat, fields in enumerate(st.fields):
        if seat in fields_placed:
            fields[:] = fields_placed[seat]
        else:
            for field in fields:
                field[:] = [c for c in field if c in free]
        for field in fields:
            free.difference_update(field)
    leftovers = [c for c in everything if c in free]
    rest_to = spec.get("rest_to", deck_id)
    homes = _homes(game, rest_to, set(shared_placed))
    if homes:  # a card whose kind may not lie where the rest goes returns under its own start pile
        for zone_id in dict.fromkeys(homes.values()):
            st.shared[zone_id][:0] = [c for c in leftovers if homes.get(st.bean_of[c]) == zone_id]
        leftovers = [c for c in leftovers if st.bean_of[c] not in homes]
    if rest_to == deck_id:
        st.deck[:0] = leftovers  # the bottom of the deck is the start of the list
    else:
        st.shared[rest_to].extend(leftovers)
    if "active" in spec:
        st.active = int(spec["active"])
    if "turn" in spec:
        st.turn = int(spec["turn"])
    if "runouts" in spec:
        st.runouts = int(spec["runouts"])
    # the final round: the deck's final run-out has happened (implied by enough run-outs)
    st.ending = bool(spec.get("final_round", st.runouts >= game.row.end_after_runouts))
    if game.fx is not None:  # effects start afresh on the arranged position
        from engine.game.effects import GameEffects

        game.fx = GameEffects(game)
    for seat_key, ids in spec.get("items", {}).items():
        _give_items(game, int(seat_key), list(ids))
    if game.items is not None:
        _remove_items(game, [str(i) for i in spec.get("items_removed", [])])
        _check_owner_limits(game)
        game.items.enforce_owner_limit()
    elif spec.get("items_removed"):  # (as `items` is: not a set-up line silently ignored)
        raise BohnError.one("G607", "`items_removed`: this ruleset has no items")
    _set_counters(game, spec.get("counters", {}))
    game.restart_turn(spec.get("phase"), step=spec.get("step"), resume=bool(spec.get("resume", False)))


def _homes(game: Game, rest_to: str, fixed: set[str]) -> dict[int, str]:
    """Card type -> the shared zone its kind starts in, for kinds whose ``zones`` leave
    out ``rest_to`` (a card displaced from a hand whose kind may not lie on the draw pile),
    unless the set-up fixes that zone's contents."""
    st = game.state
    homes: dict[int, str] = {}
    for kind in game.rules.kinds:
        if kind.zones and rest_to not in kind.zones and kind.starts_in in st.shared and kind.starts_in not in fixed:
            homes.update((t, kind.starts_in) for t, k in enumerate(st.type_kinds) if k == kind.id)
    return homes


SETUP_KEYS = ("active", "turn", "runouts", "final_round", "phase", "step", "resume", "counters", "rest_to", "items",
              "items_removed", "fields", "hands", "coins", "draw_pile")


def _check_keys(game: Game, spec: Mapping[str, Any]) -> None:
    """Unknown keys and zones are errors, not silently ignored set-up lines."""
    from engine.errors import did_you_mean

    st = game.state
    known = [*SETUP_KEYS, *st.shared, *st.per_player]
    for key in spec:
        if key not in known:
            raise BohnError.one("G607", f"set-up: `{key}` is neither a set-up key nor a zone{did_you_mean(key, known)}")
    rest = spec.get("rest_to")
    if rest is not None and rest not in st.shared:
        raise BohnError.one("G607", f"set-up: `rest_to` must name a shared zone{did_you_mean(str(rest), list(st.shared))}")
    for key in ("hands", "coins", "fields", "items", "counters", *st.per_player):
        for seat in spec.get(key, {}) if isinstance(spec.get(key), dict) else []:
            if not 0 <= int(seat) < game.players:
                raise BohnError.one("G607", f"set-up: `{key}` names seat {seat}; seats are 0-{game.players - 1}")
    if "active" in spec and not 0 <= int(spec["active"]) < game.players:
        raise BohnError.one("G607", f"set-up: `active` is {spec['active']}; seats are 0-{game.players - 1}")


def _check_owner_limits(game: Game) -> None:
    """A set-up cannot give a group to more players than the player count allows."""
    items = game.items
    assert items is not None
    limit = game.row.group_owner_limit
    if not limit:
        return
    owners: dict[str, set[int]] = {}
    for item_id, seat in items.owner.items():
        owners.setdefault(items.by_id[item_id].group, set()).add(seat)
    for group, seats in owners.items():
        if len(seats) > limit:
            raise BohnError.one("G607", f"set-up: {len(seats)} players own a `{group}`; with {game.players} players at most {limit} may")


def _remove_items(game: Game, ids: list[str]) -> None:
    """Items that have left the game before the position starts (``items_removed``)."""
    items = game.items
    assert items is not None
    for item_id in ids:
        if item_id not in items.by_id:
            from engine.errors import did_you_mean

            raise BohnError.one("G607", f"`items_removed`: no item `{item_id}`{did_you_mean(item_id, list(items.by_id))}")
        if not items.available(item_id):
            raise BohnError.one("G607", f"`items_removed`: item `{item_id}` is owned or removed already")
    if ids:
        items.remove(ids)


def _give_items(game: Game, seat: int, ids: list[str]) -> None:
    """Items owned from the start: their effects apply; their on-buy statements do not run."""
    items, fx = game.items, game.fx
    if items is None or fx is None:
        raise BohnError.one("G607", "this ruleset has no items")
    for item_id in ids:
        if item_id not in items.by_id:
            from engine.errors import did_you_mean

            raise BohnError.one("G607", f"no item `{item_id}`{did_you_mean(item_id, list(items.by_id))}")
        if not items.available(item_id):
            raise BohnError.one("G607", f"item `{item_id}` is given twice")
        items.take(seat, items.by_id[item_id])


def _set_counters(game: Game, counters: Mapping[str, Any]) -> None:
    """Counters of effects as the position has them (after items, which count too)."""
    if not counters:
        return
    if game.fx is None:
        raise BohnError.one("G607", "set-up: `counters` belong to effects, and this ruleset has none")
    for seat_key, values in counters.items():
        for name, value in values.items():
            game.fx.counters[(int(seat_key), str(name))] = int(value)
