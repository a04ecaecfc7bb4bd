"""The modules the compiled build compiles type-check, in the quick pass.

mypyc refuses a module with a type error, and the compiled build itself is built only in
the soak (tests/test_compiled.py), so without this check a type slip in a hot module
would surface only in CI, as a failed build. mypy on those modules takes seconds.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _hot_modules() -> list[str]:
    """``HOT_MODULES`` from setup.py, read without running setup()."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "HOT_MODULES" for t in targets):
            value = ast.literal_eval(node.value)  # type: ignore[arg-type]
            return [str(v) for v in value]
    raise AssertionError("setup.py has no HOT_MODULES list")


def test_the_compiled_modules_type_check() -> None:
    pytest.importorskip("mypy")
    modules = _hot_modules()
    assert modules and all((ROOT / m).is_file() for m in modules)
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", *modules], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
