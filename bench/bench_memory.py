"""Memory of a long simulation: resident size as the games go by, and the peak.

    python bench/bench_memory.py [--games 100000] [--what simulate|sweep] [--jobs N]

Issue 16 asks that a 100,000-game simulation keeps constant memory, peak below 200 MB.
The run prints the resident set size (RSS) at each tenth of the games, the growth per
game between the first and the last tenth, and the peak (``ru_maxrss``). Random bots
without trading are used because they are the fastest; memory does not depend on the
bots. ``--what sweep`` runs a sweep of two field prices instead (its statistics are
streaming; ``simulate`` still keeps each game's scores for ``--compare``).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

try:  # the installed engine, else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.backends import make_backend  # noqa: E402


def rss_mb() -> float:
    """The resident set size now, from /proc (Linux), in MB."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return float("nan")
    return pages * resource.getpagesize() / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--what", choices=("simulate", "sweep"), default="simulate")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    samples: list[tuple[int, float]] = []
    last = [-1]

    def progress(done: int, total: int) -> None:
        tenth = 10 * done // total
        if tenth != last[0]:
            last[0] = tenth
            samples.append((done, rss_mb()))
            print(f"  {done:>8} games  RSS {samples[-1][1]:7.1f} MB", flush=True)

    backend = make_backend(args.jobs)
    print(f"{args.what}: {args.games} games, random bots, trading off, jobs {args.jobs}; RSS before: {rss_mb():.1f} MB")
    start = time.perf_counter()
    if args.what == "simulate":
        from engine.sim.simulate import simulate

        simulate(load_ruleset("base"), 4, args.games, bots=["random"], trading=False, backend=backend, progress=progress)
    else:
        from engine.sim.sweep import combinations, parse_set, sweep

        axes = [parse_set("player_counts.4.field_price=2,4")]
        baseline, variations = combinations("base", None, 4, axes)
        sweep(baseline, variations, 4, args.games, bots=["random"], trading=False, backend=backend, progress=progress, axes=axes)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6  # KiB on Linux
    (n0, m0), (n1, m1) = samples[1] if len(samples) > 1 else samples[0], samples[-1]
    growth = (m1 - m0) * 1e6 / max(n1 - n0, 1)
    print(f"{args.games / seconds:.0f} games/s; peak RSS {peak:.1f} MB; growth {growth:.0f} bytes/game "
          f"from game {n0} to {n1} (projected for 100,000 games: {m0 + growth * (100_000 - n0) / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
