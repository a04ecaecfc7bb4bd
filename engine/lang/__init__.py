"""The effect language: Lark grammar → typed AST → checker → compiled closures.

Use :func:`compile_effect` to turn one snippet (with the YAML span it came from) into a
:class:`~engine.lang.compiler.Compiled` object; :func:`fire` and :func:`modify` run its
triggers and modifiers against a :class:`~engine.lang.world.World`.
"""

from __future__ import annotations

from collections import Counter

from engine.errors import BohnError, Span
from engine.lang import ast as A
from engine.lang.checker import CheckEnv, Types, check
from engine.lang.compiler import Compiled, compile_program, fire, modify
from engine.lang.parser import parse
from engine.lang.usage import uses
from engine.lang.world import CancelAction, FieldRef, TableWorld, World, ZoneRef
from engine.texts import file_lines


#: Compiled snippets by their content: the text, the name and environment it is compiled
#: with, its origin *and the file text at that origin*. Loading a ruleset checks its
#: effects and then builds them; both ask here, so each snippet is compiled once.
#: ``Compiled`` objects are never changed after compilation, so sharing them is safe.
_COMPILED: dict[tuple[object, ...], Compiled] = {}
#: Checked snippets (syntax tree, types, uses) under the same keys. Validating (``bohn
#: validate``, the language server at every keystroke) needs no generated code: only
#: whether the snippet is right and which options it reads. Compiling, after a check,
#: starts from here instead of parsing again.
_CHECKED: dict[tuple[object, ...], tuple[A.Program, Types, Counter[tuple[str, str]]]] = {}
#: Entries each cache keeps before it starts over (a stranger's ruleset cannot grow it
#: without bound).
CACHE_ENTRIES = 4096


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


def _checked(text: str, env: CheckEnv, origin: Span | None, name: str,
             key: tuple[object, ...]) -> tuple[A.Program, Types, Counter[tuple[str, str]]]:
    hit = _CHECKED.get(key)
    if hit is not None:
        return hit
    program = parse(text, origin, name)
    try:
        types = check(program, env)
    except RecursionError:
        raise BohnError.one("L800", "the effect is nested too deeply", program.span) from None
    if len(_CHECKED) > CACHE_ENTRIES:
        _CHECKED.clear()
    out = _CHECKED[key] = (program, types, uses(program))
    return out


def check_effect(text: str, *, env: CheckEnv | None = None, origin: Span | None = None,
                 name: str = "<effect>") -> Counter[tuple[str, str]]:
    """Parse and type-check one snippet without generating its code; return the
    ``(kind, name)`` vocabulary entries it uses (``Compiled.uses``). Raise ``BohnError``
    with positions, exactly the errors :func:`compile_effect` raises."""
    env = env or CheckEnv()
    return _checked(text, env, origin, name, (text, origin, _source_key(origin), name, env.key()))[2]


def compile_effect(text: str, *, env: CheckEnv | None = None, origin: Span | None = None,
                   name: str = "<effect>") -> Compiled:
    """Parse, type-check and compile one snippet; raise ``BohnError`` with positions."""
    env = env or CheckEnv()
    key = (text, origin, _source_key(origin), name, env.key())
    hit = _COMPILED.get(key)
    if hit is not None:
        return hit
    program, types, _ = _checked(text, env, origin, name, key)
    try:
        compiled = compile_program(program, types, env, name)
    except RecursionError:
        raise BohnError.one("L800", "the effect is nested too deeply", program.span) from None
    if len(_COMPILED) > CACHE_ENTRIES:
        _COMPILED.clear()
    _COMPILED[key] = compiled
    return compiled


__all__ = ["CancelAction", "CheckEnv", "Compiled", "FieldRef", "TableWorld", "World", "ZoneRef",
           "check_effect", "compile_effect", "fire", "modify", "parse"]
