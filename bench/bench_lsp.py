"""Edit-to-diagnostics time of `bohn lsp` for the shipped rulesets.

    python bench/bench_lsp.py [--edits N] [--debounce MS]

Starts the language server as an editor would (a child process over pipes), opens each
shipped ruleset, and then types: edits within a line (one more letter on the ``name:``
line), then edits that add a line (Enter), which move every position below them to
places not seen before. Each edit is a real re-check of the whole file, its parents and
its variants. It prints, per ruleset and kind of edit, the time from sending
``didChange`` to receiving the diagnostics of that version — median, 90th percentile
and worst — with the debounce pause included.
The target for ``rulesets/high_bohn.yaml`` is 300 ms. Needs the extra ``bohn[lsp]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

try:  # the installed engine, else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.lsp.client import Client  # noqa: E402
from engine.paths import rulesets_dir  # noqa: E402


def _edit_line(lines: list[str]) -> int:
    """A line whose text can change without changing the ruleset's meaning much."""
    for number, line in enumerate(lines):
        if line.lstrip().startswith("name:"):
            return number
    return 0


def bench(client: Client, path: Path, edits: int) -> tuple[list[float], list[float]]:
    """Times of edits within a line, and of edits that add a line (every position below
    moves, so every effect further down is checked again)."""
    text = path.read_text(encoding="utf-8")
    uri = client.open(path, text)
    client.diagnostics(uri, 1, timeout=60)
    lines = text.split("\n")
    number = _edit_line(lines)
    end = len(lines[number])
    in_line: list[float] = []
    new_line: list[float] = []
    version = 1
    for _ in range(edits):
        version += 1
        start = time.perf_counter()  # type one more letter: a text never checked before
        client.change(uri, version, "ab"[version % 2], (number, end, number, end))
        client.diagnostics(uri, version, timeout=60)
        in_line.append((time.perf_counter() - start) * 1000)
        end += 1
    for _ in range(edits):
        version += 1
        start = time.perf_counter()  # press Enter: the lines below move to new positions
        client.change(uri, version, "\n", (number, end, number, end))
        client.diagnostics(uri, version, timeout=60)
        new_line.append((time.perf_counter() - start) * 1000)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    return in_line, new_line


def _figures(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    return f"median {statistics.median(times):5.0f} ms  p90 {p90:5.0f} ms  worst {times[-1]:5.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=15, help="edits per ruleset (default 15)")
    parser.add_argument("--debounce", type=int, default=50, help="the server's debounce in ms (default 50)")
    args = parser.parse_args()
    folder = rulesets_dir()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"bohn lsp: edit -> diagnostics, {args.edits} edits per ruleset, debounce {args.debounce} ms, "
          f"{os.cpu_count()} CPUs, load average {load:.1f}")
    with Client(["--debounce", str(args.debounce)], cwd=folder.parent) as client:
        client.initialize(folder.parent)
        for path in sorted(folder.glob("*.yaml")):
            in_line, new_line = bench(client, path, args.edits)
            size = len(path.read_text(encoding="utf-8").splitlines())
            print(f"  rulesets/{path.name:<16} {size:>4} lines  edit in a line:    {_figures(in_line)}")
            print(f"  {'':<26} {'':>4}        add a line:        {_figures(new_line)}")

if __name__ == "__main__":
    main()
