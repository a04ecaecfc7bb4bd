"""Running ``bohn`` the way a stranger's input would meet it: in a child process under a
1 GB address-space limit and a 5-second CPU limit.

A child that runs out of memory, out of CPU time (SIGXCPU) or hangs (the wall timeout)
fails the test, as does any output with a traceback or "internal error". Each test
then states which coded error (or which correct result) it expects.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

ROOT = Path(__file__).resolve().parents[2]
MEMORY_BYTES = 1 << 30
CPU_SECONDS = 5
#: Wall-clock guard against hangs (FIFOs, deadlocks); generous because the machine that
#: runs the suite may be busy. The CPU limit is the real bound.
WALL_SECONDS = 60

_CHILD = f"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_BYTES}, {MEMORY_BYTES}))
resource.setrlimit(resource.RLIMIT_CPU, ({CPU_SECONDS}, {CPU_SECONDS + 1}))
sys.path.insert(0, {str(ROOT)!r})
from engine.cli import main
sys.exit(main(sys.argv[1:]))
"""


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def run_limited(*args: str, cwd: Path) -> Run:
    """``bohn ARGS`` in a limited child process; asserts it ended on its own, cleanly."""
    env = {k: v for k, v in os.environ.items() if k != "BOHN_DEBUG"}
    proc = subprocess.run([sys.executable, "-c", _CHILD, *args], cwd=cwd, capture_output=True, timeout=WALL_SECONDS,
                          env=env, stdin=subprocess.DEVNULL)
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode} (CPU or memory limit)\n{err[-2000:]}"
    assert "Traceback" not in out + err, err[-1500:]
    assert "internal error" not in out + err, err[-1500:]
    assert "MemoryError" not in out + err
    return Run(proc.returncode, out, err)


@pytest.fixture
def limited(tmp_path: Path) -> Callable[..., Run]:
    """``limited("validate", "x.yaml")`` runs in ``tmp_path``."""
    return lambda *args: run_limited(*args, cwd=tmp_path)


def house(tmp_path: Path, body: str, name: str = "house.yaml") -> Path:
    """A house rule on the base game with ``body`` appended."""
    path = tmp_path / name
    path.write_text("extends: base\nid: house\nname: House\n" + body, encoding="utf-8")
    return path


def effect(tmp_path: Path, snippet: str) -> Path:
    """A house rule adding one effect snippet."""
    quoted = snippet.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return house(tmp_path, f'effects:\n  +hostile: {{effect: "{quoted}"}}\n')
