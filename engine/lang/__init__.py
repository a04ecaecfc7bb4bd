"""The effect language: Lark grammar → typed AST → checker → compiled closures.

Use :func:`compile_effect` to turn one snippet (with the YAML span it came from) into a
:class:`~engine.lang.compiler.Compiled` object; :func:`fire` and :func:`modify` run its
triggers and modifiers against a :class:`~engine.lang.world.World`.
"""

from __future__ import annotations

from engine.errors import BohnError, Span
from engine.lang.checker import CheckEnv, check
from engine.lang.compiler import Compiled, compile_program, fire, modify
from engine.lang.parser import parse
from engine.lang.world import CancelAction, FieldRef, TableWorld, World, ZoneRef


#: Compiled snippets by (text, origin, name, environment). Loading a ruleset checks its
#: effects and then builds them; both ask here, so each snippet is compiled once.
#: ``Compiled`` objects are never changed after compilation, so sharing them is safe.
_COMPILED: dict[tuple[object, ...], Compiled] = {}


def compile_effect(text: str, *, env: CheckEnv | None = None, origin: Span | None = None,
                   name: str = "<effect>") -> Compiled:
    """Parse, type-check and compile one snippet; raise ``BohnError`` with positions."""
    env = env or CheckEnv()
    key = (text, origin, name, env.key())
    hit = _COMPILED.get(key)
    if hit is not None:
        return hit
    program = parse(text, origin, name)
    try:
        types = check(program, env)
        compiled = compile_program(program, types, env, name)
    except RecursionError:
        raise BohnError.one("L800", "the effect is nested too deeply", program.span) from None
    if len(_COMPILED) > 4096:
        _COMPILED.clear()
    _COMPILED[key] = compiled
    return compiled


__all__ = ["CancelAction", "CheckEnv", "Compiled", "FieldRef", "TableWorld", "World", "ZoneRef",
           "compile_effect", "fire", "modify", "parse"]
