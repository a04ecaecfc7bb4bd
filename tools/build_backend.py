"""Build backend: setuptools, plus mypy when ``BOHN_COMPILE=1`` asks for compiled modules.

A plain install is pure Python and needs nothing but setuptools. With
``BOHN_COMPILE=1 pip install .`` the hot modules of the engine are compiled to C with
mypyc (part of mypy, the type checker), which makes simulations two to three times
faster; mypy is then fetched as a build requirement only.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - re-export the standard hooks

MYPYC = "mypy>=1.10"
#: Runtime dependencies whose types mypyc must see while it compiles (it follows the
#: hot modules' imports into them; lark ships its own type hints). Without them in the
#: isolated build environment a fresh `BOHN_COMPILE=1 pip install .` fails.
TYPED_DEPENDENCIES = ["lark>=1.1.9"]


def _compile() -> list[str]:
    return [MYPYC, *TYPED_DEPENDENCIES] if os.environ.get("BOHN_COMPILE") == "1" else []


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return list(_setuptools.get_requires_for_build_wheel(config_settings)) + _compile()


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return list(_setuptools.get_requires_for_build_editable(config_settings)) + _compile()
