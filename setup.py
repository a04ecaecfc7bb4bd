"""Optional compiled build (``BOHN_COMPILE=1``); everything else is in pyproject.toml."""

from __future__ import annotations

import os

from setuptools import setup

#: The modules the game loop spends its time in. Compiling them with mypyc keeps their
#: Python semantics (the test suite runs against both forms) and speeds games 2-3x.
HOT_MODULES = [
    "engine/game/actions.py",
    "engine/game/core.py",
    "engine/game/gamebase.py",
    "engine/game/flow.py",
    "engine/game/freelist.py",
    "engine/game/fieldwork.py",
    "engine/game/legality.py",
    "engine/game/declared.py",
    "engine/game/keys.py",
    "engine/game/fixed.py",
    "engine/game/holders.py",
    "engine/game/lookahead.py",
    "engine/game/effects.py",
    "engine/game/worldreads.py",
    "engine/game/ruleindex.py",
    "engine/game/plans.py",
    "engine/game/choices.py",
    "engine/game/statements.py",
    "engine/game/items.py",
    "engine/game/scoring.py",
    "engine/game/state.py",
    "engine/game/steps.py",
    "engine/game/steprun.py",
    "engine/game/trading.py",
    "engine/game/view.py",
    "engine/agents/greedy.py",
    "engine/agents/random_bot.py",
    "engine/agents/steering.py",
    "engine/sim/play.py",
    "engine/rules/model.py",
    "engine/lang/compiler.py",
    "engine/lang/compiled.py",
    "engine/lang/context.py",
    "engine/lang/builtins.py",
    "engine/lang/guards.py",
]

ext_modules = []
if os.environ.get("BOHN_COMPILE") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError:
        # pip first asks for the build requirements (mypy among them) before it installs
        # them; only a build without build isolation and without mypy ends up here too
        import sys

        print("bohn: BOHN_COMPILE=1 but mypy is not installed; building pure Python", file=sys.stderr)
    else:
        ext_modules = mypycify(HOT_MODULES, opt_level="3")

setup(ext_modules=ext_modules)
