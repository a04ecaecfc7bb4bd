"""How ``GameEffects`` finds the rules of an event or a query that hear a seat: a plan per
event (``fire_plan``) and per query (``modifier_plan``), made on first use.

Why: every event and query asks each of its rules whether it hears the seat (its owner,
the others, anyone, the active player) and, for an event, whether its first test
(``guard``) passes, before anything of the rule is read. Most events and queries find no
rule that runs (a phase's start that no rule waits for, a seat's copy of a rule of the
other seat's), so the rules are sorted once by the seat they hear (and, for an event
whose rules all test one field of it against a text, by that text), and ``fire`` and
``modified`` look the seat (and the text) up. The rules of cards apply to whoever holds
the card at the time: they are not planned (``GameEffects`` asks them rule by rule).
A plan is remembered in a read-only map, which a look ahead's copy shares.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.lang.compiled import CompiledModifier, CompiledTrigger

if TYPE_CHECKING:
    from engine.game.effects import GameEffects

#: what ``_hears`` asks of a rule by someone other than the active player
_BY_SEAT = ("anyone", "owner", "others")


def _hears_seat(by: str, who: int | None, owner: int) -> bool:
    """``compiled._hears`` for a seat of the table (or none), a rule by the active
    player kept (it asks the seat to move when it runs)."""
    if who is None or by == "anyone":
        return True
    if by == "owner":
        return who == owner
    if by == "others":
        return who != owner
    return True


def fire_plan(fx: GameEffects, event: str, triggers: list[tuple[CompiledTrigger, int]]) -> tuple[Any, ...]:
    """How ``GameEffects.fire`` finds the rules of ``event`` (none of them a card's): (the
    list ``triggers`` it was made of, the event's field ``KEY`` when every rule's guard is
    ``event.KEY == "TEXT"`` (else None), {TEXT (None without a key): {the seat of the
    event, or None for an event of no seat: a tuple}}). Each tuple holds, in order, the
    rules that hear that seat, each as (rule, owner, whether it hears only the active
    player, the guard left to test: none when the text was looked up)."""
    guards = [t.guard for t, _ in triggers]
    texts = {g[2] for g in guards if g is not None}
    first = guards[0] if guards else None
    key = first[1] if first is not None and all(g is not None and g[0] == "event" and g[1] == first[1]
                                                for g in guards) else None
    groups: dict[str | None, Any] = {}
    for text in (texts if key is not None else {None}):
        per_seat: dict[int | None, tuple[tuple[Any, int, bool, Any], ...]] = {}
        for who in [*range(fx.game.players), None]:
            runs = []
            for t, owner in triggers:
                guard = t.guard
                if key is not None and guard is not None and guard[2] != text:
                    continue
                if _hears_seat(t.by, who, owner):
                    runs.append((t, owner, who is not None and t.by not in _BY_SEAT, None if key is not None else guard))
            per_seat[who] = tuple(runs)
        groups[text] = MappingProxyType(per_seat)
    plan = (triggers, key, MappingProxyType(groups))
    fx._fire_plans = MappingProxyType({**fx._fire_plans, event: plan})
    return plan


def modifier_plan(fx: GameEffects, query: str, mods: list[tuple[CompiledModifier, int]]) -> tuple[Any, ...]:
    """How ``GameEffects.modified`` finds the rules of ``query`` (none of them a card's):
    (the list ``mods`` it was made of, {the asking seat, or None for a question of no
    seat: the rules that hear it, in order, each as (rule, owner, whether it hears only the
    active player, the owner's opponent)})."""
    players = fx.game.players
    per_seat: dict[int | None, tuple[tuple[Any, int, bool, int], ...]] = {}
    for who in [*range(players), None]:
        per_seat[who] = tuple((mod, owner, who is not None and mod.by not in _BY_SEAT, (owner + 1) % players)
                              for mod, owner in mods if _hears_seat(mod.by, who, owner))
    plan = (mods, MappingProxyType(per_seat))
    fx._modifier_plans = MappingProxyType({**fx._modifier_plans, query: plan})
    return plan
