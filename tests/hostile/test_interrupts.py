"""Ctrl-C ends a command within a second with exit 130, partial figures printed where
they make sense, and no worker process left behind."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.hostile.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found.update(int(x) for x in task.read_text().split())
    return found


def _sigint_default() -> None:
    """Ctrl-C as on a terminal: a suite started in the background of a non-interactive
    shell inherits SIGINT ignored, and Python (like every Unix program) keeps it ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_during_parallel_simulate(tmp_path: Path, presses: int) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "engine", "simulate", "--games", "100000", "--jobs", "2",
                             "--players", "3"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=_sigint_default)
    try:
        assert proc.stderr is not None
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:  # wait until the workers run
            time.sleep(0.2)
            workers = _children(proc.pid)
        time.sleep(1.0)
        workers = _children(proc.pid) or workers
        assert workers, "no worker processes started"
        sent = time.monotonic()
        for _ in range(presses):
            proc.send_signal(signal.SIGINT)
            time.sleep(0.05)
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = (out + err).decode("utf-8", "replace")
    assert proc.returncode == 130, text[-2000:]
    assert "Traceback" not in text and "internal error" not in text
    assert "interrupted" in text
    assert took < 10, f"took {took:.1f} s to stop"  # a second on an idle machine; the suite's machine may be busy
    time.sleep(0.5)
    assert not [w for w in workers if _alive(w)], "worker processes left running"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_ctrl_c_during_a_serial_simulate(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "engine", "simulate", "--games", "100000", "--players", "3"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            preexec_fn=_sigint_default)
    try:
        assert proc.stderr is not None
        started = b""  # wait until games are being played (a busy machine may take seconds to start)
        deadline = time.monotonic() + 60
        while b"simulating" not in started and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stderr], [], [], 0.2)
            if ready:
                chunk = os.read(proc.stderr.fileno(), 4096)
                if not chunk:
                    break
                started += chunk
        assert b"simulating" in started, started.decode("utf-8", "replace")
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        err = started + err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = (out + err).decode("utf-8", "replace")
    assert proc.returncode == 130 and "Traceback" not in text and "internal error" not in text
    assert "interrupted" in err.decode()
