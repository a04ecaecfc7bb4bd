"""Compiled rules, and running them: firing triggers and asking modifiers.

Why a module of its own: the engine holds and runs these objects for a whole game, while
the compiler that builds them runs once per snippet; the game reads only this side
(``fire``, ``modify``, the ``Compiled*`` records). Trigger chains have a depth limit, so
a self-feeding rule stops with L809 naming it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.errors import BohnError, Span
from engine.lang.context import Ctx, Fn, new_ctx
from engine.lang.guards import _guard_passes
from engine.lang.limits import MAX_STEPS, MAX_TRIGGER_DEPTH
from engine.lang.world import World

@dataclass(frozen=True, slots=True)
class CompiledTrigger:
    event: str
    by: str
    condition: Fn | None
    body: Fn
    span: Span | None
    rule: str
    #: what the condition starts by requiring (``leading_guard``): checked before the
    #: trigger's context is made, so the rule costs nothing on the other events
    guard: tuple[str, str, str] | None = None


@dataclass(frozen=True, slots=True)
class CompiledModifier:
    """One ``modify`` rule. ``adjusts`` is True when it reads ``value`` (in its condition
    or its expression): such a modifier adjusts the answer the replacements gave, so it
    runs after every replacement of the same query (see ``modifier_stage``)."""

    query: str
    by: str
    condition: Fn | None
    value: Fn
    span: Span | None
    rule: str
    adjusts: bool = False
    #: the condition starts with ``value and`` (or is ``value``): the rule never changes a
    #: falsy answer, so it is passed over for one without its context being made
    needs_value: bool = False
    #: the rule reads no ``field`` and asks no player (``field_free``): it gives every field
    #: of one planting the same answer, so the engine may ask it once for them all
    field_free: bool = False
    #: the rule reads nothing of the game but the query's parameters, ``value``, its owner
    #: and opponent, and what never changes (``reads.modifier_reads``): its answer for a seat
    #: is a function of those alone (a field's, of the field's cards), so the engine may keep
    #: it while they are the same
    pure: bool = False
    #: pure but for a field parameter's limit (``field.only``): its answer for a field is a
    #: function of the parameters, the field's cards and its limit (``reads.modifier_reads``)
    pure_limits: bool = False
    #: what the rule reads of the game besides the query's parameters (``reads.modifier_inputs``;
    #: None: not all followed): its answer for a seat is a function of the parameters, ``value``
    #: and these, so ``FieldWork.fitting_fields`` keeps it by them
    inputs: tuple[tuple[Any, ...], ...] | None = None


def modifier_stage(mod: CompiledModifier) -> int:
    """How modifiers of one query compose, whoever owns them and whenever they were
    acquired: replacements (stage 0, they ignore ``value``) first, then adjustments
    (stage 1, they read ``value``); within a stage, in the order the ruleset declares
    them. The order of purchase never matters."""
    return 1 if mod.adjusts else 0


@dataclass(frozen=True, slots=True)
class CompiledAction:
    name: str
    timing: str
    condition: Fn | None
    cost: Fn | None
    body: Fn
    span: Span | None
    rule: str
    #: ``action NAME(param in values)``: offered once per value, bound to ``param``
    param: str | None = None
    values: Fn | None = None
    #: ``worth EXPR``: what taking it is worth to its owner, for bots (None: they look ahead)
    worth: Fn | None = None
    #: the step id the condition starts by requiring (``if step() == "x" and …``): a
    #: listing skips the action in every other step without building its context
    only_step: str | None = None
    #: a first test the game answers without the language (``required_guard``): a
    #: listing skips the action while it fails, without building its context
    guard: tuple[Any, ...] | None = None
    #: every input of its values, cost and condition (``reads.action_reads``), or None:
    #: a listing reuses its answer while they are unchanged (``engine.game.declared``)
    reads: tuple[tuple[Any, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class CompiledProcedure:
    name: str
    params: tuple[str, ...]
    body: Fn
    span: Span | None
    rule: str


@dataclass
class Compiled:
    """A compiled snippet: its rules, and the statements it runs when played."""

    name: str
    triggers: list[CompiledTrigger] = field(default_factory=list)
    modifiers: list[CompiledModifier] = field(default_factory=list)
    actions: list[CompiledAction] = field(default_factory=list)
    procedures: dict[str, CompiledProcedure] = field(default_factory=dict)
    body: Fn | None = None
    #: a card's ``worth EXPR``: what holding it is worth to its holder, for bots
    worth: Fn | None = None
    #: ``(kind, name)`` of every vocabulary entry the snippet uses (see ``usage``)
    uses: Counter[tuple[str, str]] = field(default_factory=Counter)

    def run(self, world: World, owner: int, **variables: Any) -> None:
        """Run the snippet's statements for ``owner`` (playing an action card, say)."""
        if self.body is not None:
            self.body(new_ctx(world, owner, self.name, variables))


def _hears(by: str, who: Any, owner: int, world: World) -> bool:
    """Whether a rule ``by`` someone applies to an event or query of seat ``who``; table
    events and queries (no seat) apply to every rule."""
    if by == "anyone" or who is None:
        return True
    if by == "owner":
        return bool(who == owner)
    if by == "others":
        return who is not None and who != owner
    return bool(who == world.active())


def fire(triggers: Sequence[tuple[CompiledTrigger, int]], event: str, payload: dict[str, Any], world: World) -> int:
    """Run every trigger (with its owner) listening to ``event``; return how many ran.

    Trigger bodies may cause further events; the world's ``trigger_depth`` bounds how
    deep such chains go (L809) so a self-feeding rule cannot hang the game."""
    if world.trigger_depth >= MAX_TRIGGER_DEPTH:
        first = next((t for t, _ in triggers if t.event == event), None)
        raise BohnError.one("L809", f"triggers on `{event}` fired each other more than {MAX_TRIGGER_DEPTH} deep"
                            + (f" (rule `{first.rule}`)" if first else ""), first.span if first else None)
    world.trigger_depth += 1
    ran = 0
    shared = getattr(world, "budget", None)  # one budget per decision (see ``new_ctx``)
    budget: list[int] | None = None
    try:
        who = payload.get("player")
        for trigger, owner in triggers:
            if trigger.event != event:
                continue
            by = trigger.by
            if who is not None and by != "anyone":  # what ``_hears`` asks, spelt out
                if by == "owner":
                    if who != owner:
                        continue
                elif by == "others":
                    if who == owner:
                        continue
                elif who != world.active():
                    continue
            if trigger.guard is not None and not _guard_passes(trigger.guard, payload, world):
                continue
            # what ``new_ctx`` makes, the decision's budget read once for every trigger (no
            # action is taken while they run)
            if shared is None:
                ctx_budget = [MAX_STEPS]
            else:
                if budget is None:
                    budget = shared()
                ctx_budget = budget
            ctx = Ctx(world, {"owner": owner, "active": world.active(), "opponent": world.next_player(owner),
                              "event": payload}, ctx_budget, trigger.rule)
            if trigger.condition is None or trigger.condition(ctx):
                trigger.body(ctx)
                ran += 1
    finally:
        world.trigger_depth -= 1
    return ran


def modify(modifiers: Sequence[tuple[CompiledModifier, int]], world: World, query: str, value: Any,
           **params: Any) -> Any:
    """The value of ``query`` after every applicable modifier, in order."""
    who = params.get("player")
    for mod, owner in modifiers:
        if mod.query != query or not _hears(mod.by, who, owner, world) or mod.needs_value and not value:
            continue
        ctx = new_ctx(world, owner, mod.rule, {**params, "value": value})
        if mod.condition is None or mod.condition(ctx):
            value = mod.value(ctx)
    return value
