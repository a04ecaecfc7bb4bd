"""Games per second with 1 and 2 local workers (and, if asked, on a Dask cluster).

    python bench/bench_workers.py [--games N] [--bots greedy] [--players 4] [--scheduler tcp://host:8786]

"1 worker" is this process (what ``bohn simulate`` does without ``--jobs``); "2 workers"
is ``--jobs 2`` (two processes, each building the rules once). The speed-up includes
the start-up of the processes, so it grows with the number of games. Every run checks
that it produced the very numbers of the first one. The target from issue 16 is a
speed-up of at least 1.8 on two free cores; on a busy machine it is lower.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

try:  # the installed engine, else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.backends import Backend, InlineBackend, ProcessBackend  # noqa: E402
from engine.sim.simulate import simulate  # noqa: E402


def run(label: str, backend: Backend, args: argparse.Namespace, reference: list[list[int]] | None) -> tuple[float, list[list[int]]]:
    rules = load_ruleset(args.ruleset)
    start = time.perf_counter()
    stats = simulate(rules, args.players, args.games, seed=0, bots=[args.bots], trading=not args.no_trading, backend=backend)
    rate = args.games / (time.perf_counter() - start)
    same = "" if reference is None else ("  same numbers" if stats.per_game_scores == reference else "  DIFFERENT NUMBERS")
    print(f"{label:<28} {rate:8.1f} games/s{same}")
    return rate, stats.per_game_scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--no-trading", action="store_true")
    parser.add_argument("--scheduler", help="also measure this Dask cluster")
    args = parser.parse_args()
    print(f"{args.ruleset}, {args.players} players, {args.bots} bots, {args.games} games; "
          f"{os.cpu_count()} CPU(s), load average {os.getloadavg()[0]:.1f}")
    one, reference = run("1 worker (this process)", InlineBackend(), args, None)
    two, _ = run("2 workers (--jobs 2)", ProcessBackend(2), args, reference)
    print(f"{'speed-up with 2 workers':<28} {two / one:8.2f}x")
    if args.scheduler:
        from engine.sim.dask_backend import DaskBackend

        backend = DaskBackend(args.scheduler)
        try:
            rate, _ = run(f"Dask ({backend.threads()} threads)", backend, args, reference)
        finally:
            backend.close()
        print(f"{'speed-up on Dask':<28} {rate / one:8.2f}x")


if __name__ == "__main__":
    main()
