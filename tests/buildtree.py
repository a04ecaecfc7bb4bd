"""A copy of the source tree to build a wheel from.

pip builds a local project inside its folder (``build/``); two builds of one tree at once
(parallel test workers, or a build left half done) collide there. Tests that build copy
the tree first, without the checkout's own venv, caches and earlier build output.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                               ".hypothesis", "mutants")


def source_copy(folder: Path) -> Path:
    """Copy the project into ``folder/source`` and return that path."""
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=_SKIP)
    return source
