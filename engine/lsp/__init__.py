"""``bohn lsp``: a Language Server Protocol server for rulesets, scenarios and effects.

The analysis (:mod:`~engine.lsp.diagnose`, :mod:`~engine.lsp.complete`,
:mod:`~engine.lsp.explain`, :mod:`~engine.lsp.index`, :mod:`~engine.lsp.context`)
uses the project's own loader, checker and vocabulary and needs nothing extra; the
protocol itself comes from pygls, installed with the optional extra ``bohn[lsp]``, so
the core install stays without it. :func:`main` says how to install it when missing.
"""

from __future__ import annotations

from engine.errors import BohnError


def main(debounce: float | None = None) -> int:
    """Serve over stdin/stdout; a coded error (C530) when pygls is not installed."""
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        raise BohnError.one(
            "C530", "`bohn lsp` needs the language-server library pygls, which is not installed",
            hint="install the extra: pip install 'bohn[lsp]' (in a checkout: pip install -e '.[lsp]')",
        ) from None
    import faulthandler
    import signal
    import sys

    if hasattr(signal, "SIGUSR1"):  # `kill -USR1 PID` prints where a busy server is, to stderr
        faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
    from engine.lsp.server import DEBOUNCE, serve

    serve(DEBOUNCE if debounce is None else debounce)
    return 0
