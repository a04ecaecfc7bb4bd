"""A rule's part generated as Python source: its guard in its own lines, ``this`` bound by a default.

Why a module of its own: both generators, ``blocks`` (a rule's statements) and ``inline``
(a rule's expressions), write a rule's whole part as one function that does what
``context.guarded`` does around a closure (an unexpected failure becomes L813 naming the
rule), and the game binds a card's parts to the card (``bind_this``) without a wrapper
to call; both read the one definition here, and neither imports the other for it.
"""

from __future__ import annotations

from types import FunctionType
from typing import Any

from engine.errors import BohnError, Span
from engine.lang.context import Fn, failed, nested
from engine.lang.world import CancelAction

#: The default of a generated part's ``_this``: no card to bind (see ``bind_this``).
_NO_THIS = object()


def guarded_source(name: str, writer: Any, body: list[str], rule: str, span: Span | None) -> str:
    """``def NAME(ctx, _this)`` running ``body`` (unindented lines) under a rule's guard,
    what ``context.guarded`` does around a part: BohnError and cancel pass, too deep a
    nesting is L808, any other failure L813 naming the rule. ``_this``, when given
    (``bind_this``), is bound first. ``writer.const`` names the constants, which the
    function reads as its globals (see ``blocks.made``)."""
    no_this, known = writer.const(_NO_THIS), writer.const((BohnError, CancelAction))
    fail, deep, label, where = writer.const(failed), writer.const(nested), writer.const(rule), writer.const(span)
    lines = [f"def {name}(ctx, _this={no_this}):",
             f"    if _this is not {no_this}:",
             "        ctx.vars['this'] = _this",
             "    try:"]
    lines += ["        " + line for line in body]
    lines += [f"    except {known}:",
              "        raise",
              "    except RecursionError:",
              f"        raise {deep}({label}, {where}) from None",
              "    except Exception as _exc:  # a world or a value the checker could not foresee",
              f"        raise {fail}({label}, {where}, _exc) from None"]
    return "\n".join(lines) + "\n"


def is_guarded(fn: Any) -> bool:
    """Whether ``fn`` is a rule's part made by ``guarded_source`` (it carries its guard)."""
    if not isinstance(fn, FunctionType) or fn.__code__.co_varnames[1:2] != ("_this",):
        return False
    defaults = fn.__defaults__
    return defaults is not None and len(defaults) > 0 and defaults[0] is _NO_THIS


def bind_this(fn: Any, card: int) -> Fn | None:
    """A part made by ``guarded_source`` with ``this`` bound to ``card``: the same
    code with another default, so the binding costs no call; None for another function."""
    if not is_guarded(fn):
        return None
    bound = FunctionType(fn.__code__, fn.__globals__, fn.__name__, (card, *fn.__defaults__[1:]), fn.__closure__)
    return bound
