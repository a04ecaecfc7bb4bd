"""How much of the long-running checks a test run does: a quick pass by default, the soak in CI.

The README's test command must finish in minutes on a 2-core machine while CI can afford
the long runs (hundreds of seeded games per player count, the compiled build). Tests that
play many games size themselves with :func:`games`; tests marked ``@pytest.mark.soak``
run only in the soak. CI sets ``CI=true``; anyone can ask for the soak with ``BOHN_SOAK=1``.
"""

from __future__ import annotations

import os

SOAK: bool = os.environ.get("CI", "").lower() in {"1", "true", "yes"} or os.environ.get("BOHN_SOAK") == "1"


def games(quick: int, soak: int) -> int:
    """The number of seeded games (or examples) to run: ``soak`` in the soak, ``quick`` otherwise."""
    return soak if SOAK else quick
