"""Where the shipped rulesets and schemas live, installed or in a checkout.

The wheel maps the top-level ``rulesets/`` and ``schemas/`` folders into the package
as ``engine.rulesets`` and ``engine.schemas``; in a source checkout they sit beside
``engine/``. Both layouts resolve here, so no other module guesses paths.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def _data_dir(name: str) -> Path:
    checkout = Path(__file__).resolve().parent.parent / name
    if checkout.is_dir():
        return checkout
    installed = Path(__file__).resolve().parent / name
    if installed.is_dir():
        return installed
    try:
        from importlib.resources import files

        return Path(str(files(f"engine.{name}")))
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - broken install
        return checkout


def rulesets_dir() -> Path:
    """The folder of shipped ``*.yaml`` rulesets."""
    return _data_dir("rulesets")


def schemas_dir() -> Path:
    """The folder of shipped JSON Schemas."""
    return _data_dir("schemas")


def display_path(path: Path) -> str:
    """A path as users should see it in messages: relative to the working folder if inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
