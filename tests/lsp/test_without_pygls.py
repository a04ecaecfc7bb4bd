"""The core install runs without pygls; `bohn lsp` then says how to get it."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Callable

import pytest

from tests.conftest import Run

ROOT = Path(__file__).resolve().parents[2]


def test_lsp_without_the_extra_is_a_coded_error_with_the_install_line(
        bohn: Callable[..., Run], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pygls", None)  # import pygls now raises ImportError
    run = bohn("lsp")
    assert run.code == 2
    assert "error C530" in run.err and "pip install 'bohn[lsp]'" in run.err
    assert "Traceback" not in run.err + run.out


def test_pygls_is_an_extra_not_a_core_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(dep.startswith("pygls") for dep in project["dependencies"])
    assert any(dep.startswith("pygls") for dep in project["optional-dependencies"]["lsp"])
    assert any(dep.startswith("pygls") for dep in project["optional-dependencies"]["test"])


def test_the_analysis_modules_import_without_pygls() -> None:
    """In a fresh process where importing pygls fails, everything but the server imports."""
    import subprocess

    code = ("import sys; sys.modules['pygls'] = None; sys.modules['lsprotocol'] = None\n"
            "import engine.cli, engine.lsp.diagnose, engine.lsp.complete, engine.lsp.explain, engine.lsp.client\n"
            "from pathlib import Path\n"
            "from engine.lsp.diagnose import check\n"
            "p = Path('rulesets/base.yaml').resolve()\n"
            "print(sum(d.severity == 'error' for v in check(p, {p: p.read_text()}).by_file.values() for d in v))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "0", "base.yaml has no errors (its assumptions are warnings)"
