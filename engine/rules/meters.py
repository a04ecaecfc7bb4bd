"""Beanometers that items carry, read from their compiled rules for the rulesheet.

An item's own beanometer (a building that pays a bean by its own card) lives in its
effect as a ``beanometer`` modifier, and a payout for fields of different beans as a
``harvest_coins`` modifier. Rather than parse effect text, the rulesheet asks the
compiled modifiers on a small table: which beanometer does the owner use for each bean,
and what does a field of 1, 2, 3… different beans pay? Whatever differs from the plain
rules is the item's beanometer, so the printed table always matches what the engine pays.
"""

from __future__ import annotations

from typing import Any

from engine.errors import BohnError
from engine.lang import FieldRef, TableWorld, modify
from engine.rules.model import Item, Ruleset, coins_for

#: Largest mixed field the rulesheet probes.
MAX_MIXED = 12


def item_beanometers(rules: Ruleset, item: Item, in_play: list[str]) -> dict[str, list[int | None]]:
    """``{bean id: beanometer}`` for each bean the item's owner harvests by another
    beanometer, plus ``"mixed"`` for a field of different beans when the item pays such
    fields its own way (fewest different beans for 1, 2, 3… coins)."""
    if item.effect is None:
        return {}
    beans = {b.id: (b.count, list(b.beanometer)) for b in rules.beans}
    out: dict[str, list[int | None]] = {}
    meter_mods = [(m, 0) for m in item.effect.modifiers if m.query == "beanometer"]
    for bean in in_play:
        base = list(beans[bean][1])
        got = _ask(meter_mods, TableWorld(beans=beans), "beanometer", base, player=0, bean=bean)
        if isinstance(got, list) and got != base:
            out[bean] = got
    coin_mods = [(m, 0) for m in item.effect.modifiers if m.query == "harvest_coins"]
    if coin_mods and len(in_play) > 1:
        paid = []
        for n in range(1, min(MAX_MIXED, len(in_play)) + 1):
            world = TableWorld(beans=beans)
            world.plant_beans(0, 0, *in_play[:n])
            plain = coins_for(beans[in_play[0]][1], n)
            got = _ask(coin_mods, world, "harvest_coins", plain, player=0, field=FieldRef(0, 0), bean=in_play[0], beans=n)
            paid.append((n, got if isinstance(got, int) else plain, plain))
        if any(n > 1 and got != plain for n, got, plain in paid):
            top = max(got for _, got, _ in paid)
            out["mixed"] = [next((n for n, got, _ in paid if got >= c), None) for c in range(1, top + 1)]
    return out


def _ask(mods: list[Any], world: TableWorld, query: str, value: Any, **params: Any) -> Any:
    try:
        return modify(mods, world, query, value, **params)
    except BohnError:
        return value
