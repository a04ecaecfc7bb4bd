"""The context a compiled rule runs in, and the limits it runs under.

Why a module of its own: the closures of ``compiler``, the generated functions of
``inline`` and the running of rules (``compiled``) all read a ``Ctx`` and spend its
budget; here they share one definition below all three, so none imports another for it.
Every statement spends one unit of the evaluation budget — one budget per decision,
shared by every trigger and modifier it sets off — and lists, texts and numbers have size
limits, so a runaway rule stops with an error that names it (L808, L813, L820, L821).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine.errors import BohnError, Span
from engine.lang.limits import MAX_INT, MAX_LIST, MAX_STEPS
from engine.lang.world import CancelAction, World

Fn = Callable[["Ctx"], Any]


@dataclass(slots=True)
class Ctx:
    world: World
    vars: dict[str, Any]
    budget: list[int]
    rule: str


def new_ctx(world: World, owner: int, rule: str, variables: dict[str, Any] | None = None,
            budget: list[int] | None = None) -> Ctx:
    env = {"owner": owner, "active": world.active(), "opponent": world.next_player(owner)}
    if variables:
        env.update(variables)
    if budget is None:
        shared = getattr(world, "budget", None)  # one budget per decision, shared by every rule it sets off
        budget = shared() if shared is not None else [MAX_STEPS]
    return Ctx(world, env, budget, rule)


def _runaway(ctx: Ctx, span: Span | None) -> BohnError:
    return BohnError.one("L808", f"rule `{ctx.rule}`: the effects of one decision ran more than {MAX_STEPS} steps of work", span)


def _bounded(ctx: Ctx, value: Any, span: Span | None) -> Any:
    """``value`` if within the limits: a list is charged to the budget by its length."""
    if type(value) is int:
        if not -MAX_INT <= value <= MAX_INT:
            raise BohnError.one("L821", f"rule `{ctx.rule}` computed a number beyond ±{MAX_INT:,}", span)
    elif type(value) is list:
        size = len(value)
        if size > MAX_LIST:
            raise BohnError.one("L820", f"rule `{ctx.rule}` built a list of {size:,} items; the limit is {MAX_LIST:,}", span)
        ctx.budget[0] -= size
        if ctx.budget[0] < 0:
            raise _runaway(ctx, span)
    elif type(value) is str and len(value) > MAX_LIST:
        raise BohnError.one("L820", f"rule `{ctx.rule}` built a text of {len(value):,} characters; the limit is {MAX_LIST:,}", span)
    return value


def nested(rule: str, span: Span | None) -> BohnError:
    """L808 for a rule whose evaluation recursed too deeply."""
    return BohnError.one("L808", f"rule `{rule}` nested too deeply", span)


def failed(rule: str, span: Span | None, exc: Exception) -> BohnError:
    """L813 for a rule part that failed unexpectedly (a world or a value the checker could not foresee)."""
    return BohnError.one("L813", f"rule `{rule}` failed: {type(exc).__name__}: {exc}", span)


def guarded(fn: Fn, rule: str, span: Span | None) -> Fn:
    """Run a compiled rule part; an unexpected failure becomes L813 naming the rule.
    (The parts ``blocks`` and ``inline`` generate carry this guard in their own source.)"""
    def run(ctx: Ctx) -> Any:
        try:
            return fn(ctx)
        except (BohnError, CancelAction):
            raise
        except RecursionError:
            raise nested(rule, span) from None
        except Exception as exc:  # noqa: BLE001 - a world or a value the checker could not foresee
            raise failed(rule, span, exc) from None
    return run
