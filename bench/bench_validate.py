"""`bohn validate` of the shipped scenario folder against `bohn test` of the same files.

    python bench/bench_validate.py

Each command runs in a fresh process (imports included, as a user sees it); prints the
wall and CPU seconds of each, best of three. Validation checks every scenario's rules
patch and mutant without building or playing anything, so it should not be slower than
running the scenarios.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "rulesets" / "scenarios"


def run(*args: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    files = len(list(FOLDER.rglob("*.scenario.yaml")))
    for command in (("validate", str(FOLDER)), ("test", str(FOLDER))):
        best = min((run(*command) for _ in range(3)), key=lambda r: r[1])
        print(f"bohn {command[0]:<9} {files} scenario files: {best[0]:.2f} s wall, {best[1]:.2f} s CPU")


if __name__ == "__main__":
    main()
