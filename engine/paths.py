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
    """A path as users should see it in messages and logs.

    Shipped rulesets read as ``rulesets/NAME.yaml`` wherever bohn is installed, so logs
    and golden files do not depend on the install location; other files are shown
    relative to the working folder when inside it.
    """
    resolved = path.resolve()
    try:
        return "rulesets/" + str(resolved.relative_to(rulesets_dir().resolve()))
    except ValueError:
        pass
    try:
        return str(resolved.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
