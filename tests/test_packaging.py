"""An installed wheel (not only an editable install) carries the rulesets and schemas."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.buildtree import source_copy

ROOT = Path(__file__).resolve().parent.parent

#: one worker builds the wheel once for every test here
pytestmark = pytest.mark.xdist_group("wheel")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source_copy(tmp_path_factory.mktemp("tree")))],
        capture_output=True, text=True,
    )
    if proc.returncode != 0:
        pytest.fail(proc.stderr[-2000:])
    [built] = out.glob("bohn-*.whl")
    return built


def test_wheel_carries_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "engine/rulesets/base.yaml" in names
    assert "engine/schemas/ruleset.schema.json" in names
    assert "engine/cli.py" in names


def test_wheel_carries_every_module(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = {str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")}
    assert sources - names == set()
    grammars = {str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.lark")}
    assert grammars - names == set()


def test_installed_wheel_finds_its_rulesets(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)], check=True)
    code = ("from engine.rules.loader import load_ruleset; print(load_ruleset('base').row(6).draw);"
            "from engine.cli import main; main(['play', '--quiet', '--players', '3'])")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(target)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0] == "4"
    assert "winner" in proc.stdout
