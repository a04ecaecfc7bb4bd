"""The optional compiled build (``BOHN_COMPILE=1``) behaves exactly like pure Python.

The hot modules are compiled with mypyc; this test builds that wheel, checks that the
compiled modules are the ones imported, that every shipped scenario passes with them,
that a seeded game's log is byte-identical to the pure-Python one, and that every case
of tools/fingerprint.py (greedy bots and their look-ahead copies of the game too) plays
the same game in both builds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.buildtree import source_copy

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.soak,  # the mypyc build alone takes minutes: CI runs it, the quick pass does not
    pytest.mark.xdist_group("wheel"),  # one worker builds: two pip builds of one tree share its build/ folder
    pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None,
                       reason="a C compiler is needed for the compiled build"),
]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled build as a user gets it: one command in a fresh virtual environment
    (``BOHN_COMPILE=1 pip install .``); the site-packages folder it installed into."""
    out = tmp_path_factory.mktemp("compiled")
    source = source_copy(out)  # pip builds in the source tree: a copy, so parallel workers never share build/
    venv = out / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    env = {**os.environ, "BOHN_COMPILE": "1"}
    proc = subprocess.run([str(python), "-m", "pip", "install", "-q", str(source)], capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        pytest.fail(proc.stderr[-3000:])
    version = subprocess.run([str(venv / "bin" / "bohn"), "--version"], capture_output=True, text=True)
    assert version.returncode == 0 and version.stdout.startswith("bohn "), version.stderr
    site = subprocess.run([str(python), "-c", "import engine, pathlib; print(pathlib.Path(engine.__file__).parent.parent)"],
                          capture_output=True, text=True, cwd=out, check=True)
    return Path(site.stdout.strip())


def _run(target: Path | None, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if target is not None:
        env["PYTHONPATH"] = str(target)
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=env)


def test_compiled_modules_are_imported(compiled: Path, tmp_path: Path) -> None:
    proc = _run(compiled, "-c", "import engine.game.core as c, engine.lang.compiler as l; print(c.__file__); print(l.__file__)", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert all(line.endswith(".so") for line in proc.stdout.split()), proc.stdout


def test_shipped_scenarios_pass_compiled(compiled: Path, tmp_path: Path) -> None:
    proc = _run(compiled, "-m", "engine", "test", str(ROOT / "rulesets" / "scenarios"), str(ROOT / "tests" / "game"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert proc.stdout.strip().endswith(" 0 failed")


@pytest.mark.parametrize(("ruleset", "extra"), [("base", []), ("high_bohn", ["--variant", "cognac", "--bots", "random"])])
def test_compiled_games_are_byte_identical(compiled: Path, tmp_path: Path, ruleset: str, extra: list[str]) -> None:
    pure_log, fast_log = tmp_path / "pure.jsonl", tmp_path / "fast.jsonl"
    args = ["play", "--ruleset", ruleset, "--players", "4", "--seed", "17", "--quiet", *extra]
    pure = _run(None, "-m", "engine", *args, "--log", str(pure_log), cwd=ROOT)
    fast = _run(compiled, "-m", "engine", *args, "--log", str(fast_log), cwd=tmp_path)
    assert pure.returncode == 0 and fast.returncode == 0, pure.stderr + fast.stderr
    assert pure_log.read_bytes() == fast_log.read_bytes()


def _fingerprint(target: Path | None, seeds: int) -> dict[str, str]:
    """tools/fingerprint.py's hashes (every shipped ruleset, player count and bot line-up)
    from the build at ``target`` (None: this checkout, pure Python); it runs from the
    checkout for the example rulesets' paths, with -P so the checkout's own ``engine``
    does not shadow the compiled one, and says which engine it imported."""
    code = ("import sys, runpy, engine.game.core as c, engine.game.lookahead as l; "
            "print(c.__file__, l.__file__, file=sys.stderr); "
            f"sys.argv = ['fingerprint', '{seeds}']; runpy.run_path('tools/fingerprint.py', run_name='__main__')")
    proc = _run(target, "-P", "-c", code, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    compiled = all(f.endswith(".so") for f in proc.stderr.split()[:2])
    assert compiled == (target is not None), proc.stderr[:500]
    return dict(json.loads(proc.stdout))


def test_compiled_greedy_games_equal_the_pure_ones(compiled: Path) -> None:
    """The greedy bot's look-ahead copies the game; the compiled build copies its native
    classes too (engine/game/copyable.py), so every case of the fingerprint, greedy bots
    and look-ahead included, plays the same game in both builds."""
    pure = _fingerprint(None, 1)
    fast = _fingerprint(compiled, 1)
    assert len(pure) >= 200 and any("greedy" in case for case in pure)
    differ = sorted(case for case in pure if fast.get(case) != pure[case])
    assert not differ, f"{len(differ)} of {len(pure)} cases differ: {differ[:10]}"
