"""Marks the classes a look-ahead copies, so that the compiled build can copy them too.

Why: the greedy bot weighs some actions on a copy of the game
(:mod:`engine.game.lookahead`), which makes each object of the game as an empty
instance of its class and fills in its attributes. The optional compiled build
(``BOHN_COMPILE=1``, mypyc) turns the classes of its hot modules into native ones whose
``__new__`` runs ``__init__``, so no empty instance can be made and the copy fails.

``@mypyc_attr(allow_interpreted_subclasses=True)`` on such a class makes mypyc keep
Python's protocol: ``__new__`` makes the empty instance, ``__init__`` is run by the call
of the class. (``serializable=True`` would do the first half, but mypyc then leaves
``__init__`` out of a call from interpreted code as well: mypyc/mypyc#1172, seen with
mypy 2.4.) mypyc reads the decorator from the source, where it must name
``mypy_extensions.mypyc_attr``; mypy_extensions is not a runtime dependency, so at run
time ``mypyc_attr`` here is a stand-in that changes nothing and records the class in
:data:`COPYABLE` (only in pure Python: compiled code never runs the decorator of a
native class). A test checks that every class of a compiled module that a look-ahead
copies is recorded there.

Use it as::

    from engine.game.copyable import mypyc_attr

    @mypyc_attr(allow_interpreted_subclasses=True)
    class Step:
        ...

The flag is not inherited: mark each subclass too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

#: the classes marked copyable, as the pure-Python build ran their decorator
COPYABLE: set[type] = set()

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*names: str, **flags: Any) -> Callable[[type], type]:
        """The pure-Python stand-in: records a class marked copyable, returns it unchanged."""

        def mark(cls: type) -> type:
            if flags.get("allow_interpreted_subclasses") is True:
                COPYABLE.add(cls)
            return cls

        return mark
