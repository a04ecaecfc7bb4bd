"""Games per second on one core for the base game, 4 players.

    python bench/bench_engine.py [--games N] [--only base|high_bohn|la_isla] [--profile] [--cpu]

It measures the engine that ``import engine`` finds, and says which on its first line.
The compiled figures come from a separate, non-editable install (an editable one stays
pure Python); build it in its own venv and run the bench with both, back to back::

    python3 -m venv /tmp/cv && BOHN_COMPILE=1 /tmp/cv/bin/pip install .   # minutes: mypyc
    /tmp/cv/bin/python bench/bench_engine.py --games 40    # "compiled with mypyc"
    .venv/bin/python bench/bench_engine.py --games 40      # "pure Python"

Compare the builds by their ratio to the yardstick printed in the same run, not by raw
games/s: the machine's load moves both. On a busy machine add ``--cpu``: every figure is
then per second of CPU time the process got, so a load that changes between the
yardstick and a later line does not move the ratio. The engine's games run as ``bohn
simulate`` plays them, the loaded rules frozen out of the cyclic collector
(``engine.sim.play.many_games``; the yardstick is not); ``--no-freeze`` leaves them to it.
Which modules are compiled is ``HOT_MODULES`` in setup.py; ``--profile`` on the compiled
build lists only the functions left in Python.

Prints: random bots with trading off (compare with a plain hand-written simulator),
greedy bots with trading on, greedy bots with the event log recorded, High Bohn
(with and without Cognac), High Bohn Plus and La Isla Bohnitâ with greedy bots. Targets from the issues:
>= 1,000 and >= 300 games/s for the base game, >= 150 for High Bohn, >= 100 for High
Bohn Plus.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import pstats
import sys
import time
from pathlib import Path

try:  # the installed engine (possibly compiled with BOHN_COMPILE=1), else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.play import make_agents, many_games, play_game  # noqa: E402


YARDSTICK: list[float] = []  # games/s of the plain simulator, measured first in the same run
#: the clock every figure is taken with: the wall clock, or with --cpu the CPU time this
#: process got (on a machine shared by many processes the wall clock also counts the
#: waits for a core, which change between the yardstick and a later line)
CLOCK = [time.perf_counter]
#: whether the engine's games run as ``bohn simulate`` plays them, the loaded rules frozen
#: out of the cyclic collector (``engine.sim.play.many_games``); --no-freeze: as before
FREEZE = [True]


def run(label: str, games: int, bots: str, trading: bool, record: bool, ruleset: str = "base",
        variant: str | None = None, players: int = 4) -> float:
    rules = load_ruleset(ruleset, variant)
    actions = 0
    with many_games() if FREEZE[0] else contextlib.nullcontext():
        start = CLOCK[0]()
        for seed in range(games):
            played = play_game(rules, players, seed, make_agents([bots], players, seed), trading=trading, record=record)
            actions += len(played.actions)
            played.game.release()  # (as ``simulate`` does once a game's outcome is read)
        elapsed = CLOCK[0]() - start
    rate = games / elapsed
    ratio = "" if not YARDSTICK else (f"   {YARDSTICK[0] / rate:5.1f}x slower than the yardstick" if rate < YARDSTICK[0]
                                       else f"   {rate / YARDSTICK[0]:5.2f}x the yardstick (at or above it)")
    print(f"{label:<40} {rate:8.1f} games/s   {actions / games:7.0f} actions/game   {actions / elapsed:9.0f} actions/s{ratio}")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--only", choices=("base", "high_bohn", "la_isla"),
                        help="time only the base game's, High Bohn's or La Isla Bohnitâ's runs (after the yardstick)")
    parser.add_argument("--profile", action="store_true", help="profile the greedy, trading run")
    parser.add_argument("--cpu", action="store_true",
                        help="games per second of CPU time this process got, not of wall-clock time (a busy machine)")
    parser.add_argument("--no-freeze", action="store_true",
                        help="play the engine's games with the loaded rules left to the cyclic collector "
                             "(bohn simulate freezes them: engine.sim.play.many_games)")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    FREEZE[0] = not args.no_freeze
    if args.profile:
        cProfile.runctx("run('greedy, trading', args.games, 'greedy', True, False)", globals(), locals(), "/tmp/bohn.prof")
        pstats.Stats("/tmp/bohn.prof").sort_stats("tottime").print_stats(20)
        return
    import plain_sim

    import engine.game.core as core

    kind = "compiled with mypyc" if not core.__file__.endswith(".py") else "pure Python"
    print(f"engine: {Path(core.__file__).parent.parent} ({kind}){', per CPU second' if args.cpu else ''}")

    start = CLOCK[0]()
    for seed in range(args.games * 3):
        plain_sim.play(seed)
    YARDSTICK.append(args.games * 3 / (CLOCK[0]() - start))
    print(f"{'plain hand-written simulator (yardstick)':<40} {YARDSTICK[0]:8.1f} games/s")
    if args.only == "la_isla":
        la_isla(args.games)
        return
    if args.only == "high_bohn":  # after the yardstick, like the others: the ratios are the figures
        high_bohn(args.games)
        return
    run("random bots, trading off, no log", args.games, "random", False, False)
    run("greedy bots, trading on, no log", args.games, "greedy", True, False)
    run("greedy bots, trading on, event log", args.games, "greedy", True, True)
    if args.only == "base":
        return
    high_bohn(args.games)
    la_isla(args.games)


def high_bohn(games: int) -> None:
    """High Bohn (with and without Cognac) and High Bohn Plus, 4 players. Targets (issues
    16 and 12): 150 and 100 games/s on an idle core, about 9x and 13.5x slower than the yardstick."""
    run("High Bohn, greedy bots, trading on", games, "greedy", True, False, "high_bohn")
    run("High Bohn + Cognac, greedy bots", games, "greedy", True, False, "high_bohn", "cognac")
    run("High Bohn Plus, greedy bots, trading on", games, "greedy", True, False, "high_bohn_plus")


def la_isla(games: int) -> None:
    """La Isla Bohnitâ (4 players) and its Bean Duel (2): their declared actions (ships,
    raids) are listed at every decision, so a twentieth of the games keeps the run short.
    Target (issue 13): 100 games/s on an idle core, about 13.5x slower than the yardstick."""
    run("La Isla Bohnita, greedy bots, trading on", max(2, games // 20), "greedy", True, False, "la_isla_bohnita")
    run("La Isla Bean Duel, greedy bots (2 players)", max(2, games // 20), "greedy", True, False, "la_isla_bohnita_duel",
        players=2)


if __name__ == "__main__":
    main()
