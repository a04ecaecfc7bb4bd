"""How much of the long-running checks a test run does: a quick pass by default, the soak in
CI, and the full soak on request.

The README's test command must finish in minutes on a 2-core machine, and CI within 15
minutes, while an expansion's "finishes for 200 seeds per player count" is an hour of CPU
on its own. So there are three levels:

* quick (default): a few games per case, no ``@pytest.mark.soak`` tests;
* soak (``CI=true``, set by CI, or ``BOHN_SOAK=1``): hundreds of games per player count for
  the base game and High Bohn, a sample of tens per count for the expansions, the compiled
  build;
* full (``BOHN_SOAK=full``): the seed counts the expansions' issues ask for (200 or 300 per
  player count and variant), run before a release or after changing an expansion.

Tests that play many games size themselves with :func:`games`.
"""

from __future__ import annotations

import os

_ASKED = os.environ.get("BOHN_SOAK", "")
FULL: bool = _ASKED == "full"
SOAK: bool = FULL or _ASKED == "1" or os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def games(quick: int, soak: int, full: int | None = None) -> int:
    """The number of seeded games (or examples) to run: ``quick`` in the quick pass,
    ``soak`` in the soak, ``full`` (default: ``soak``) in the full soak."""
    if FULL and full is not None:
        return full
    return soak if SOAK else quick
