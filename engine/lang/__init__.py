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
from engine.texts import file_lines


#: Compiled snippets by their content: the text, the name and environment it is compiled
#: with, its origin *and the file text at that origin*. Loading a ruleset checks its
#: effects and then builds them; both ask here, so each snippet is compiled once.
#: ``Compiled`` objects are never changed after compilation, so sharing them is safe.
_COMPILED: dict[tuple[object, ...], Compiled] = {}


def _source_key(origin: Span | None) -> tuple[str, ...]:
    """The file lines the snippet's positions are read from (``SnippetSource``).

    A compiled snippet carries file positions (events name their rule's ``file:line``,
    run-time errors point into the file), and those come from the file's text around
    ``origin``, not from the snippet's text: the same text re-indented in an editor's
    buffer, or another file shown under the same name, sits at the same ``origin`` with
    other columns. Keying on these lines keeps such a snippet from getting the stale
    positions of the earlier one."""
    if origin is None:
        return ()
    lines = file_lines(origin.file)
    return tuple(lines[origin.line - 1:max(origin.line, origin.end_line or origin.line)])


def compile_effect(text: str, *, env: CheckEnv | None = None, origin: Span | None = None,
                   name: str = "<effect>") -> Compiled:
    """Parse, type-check and compile one snippet; raise ``BohnError`` with positions."""
    env = env or CheckEnv()
    key = (text, origin, _source_key(origin), name, env.key())
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
