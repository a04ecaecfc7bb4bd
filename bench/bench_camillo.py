"""Games per second on one core for Bohn Camillo (2 players, greedy bots), with and
without the Trading variant, and how many games saw action cards played.

    python bench/bench_camillo.py [--games N] [--log] [--profile]

It measures the engine that ``import engine`` finds (see bench_engine.py for the
compiled build). Target from issue 14: >= 200 games/s on one core with the pure build.
The plain hand-written simulator (bench/plain_sim.py, 4 players, random play) runs first
in the same process as the yardstick: on a busy machine the ratio to it is the figure
to compare across runs (about 1,350 games/s on an idle core). Each figure is also given
per second of CPU time the process got ("cpu"), and the ratio is taken of those: on a
machine shared by many processes the wall clock counts the waits for a core too. The
games are played in rounds (``--rounds``, default 3): each round times the yardstick,
then a share of the Camillo games, then the yardstick again, and takes the round's ratio
to the mean of the two; the figure printed is the median of the rounds' ratios, with
their range (the load of a shared machine changes within seconds, so short rounds side
by side compare like with like). The Camillo games run as ``bohn simulate`` plays them,
the loaded rules frozen out of the cyclic collector (``engine.sim.play.many_games``; the
yardstick is not); ``--no-freeze`` leaves them to it.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path

try:  # the installed engine, else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.game.actions import ACT, Action  # noqa: E402
from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.play import make_agents, many_games, play_game  # noqa: E402

#: the effect ids of the declared actions that are no action cards
NOT_CARDS = ("gifts", "planting")

YARDSTICK: list[float] = []  # games per CPU second of the plain simulator, one figure per timing
#: whether the Camillo games run as ``bohn simulate`` plays them, the loaded rules frozen
#: out of the cyclic collector (``engine.sim.play.many_games``); --no-freeze: as before
FREEZE = [True]


def yardstick(games: int, first: int = 0, show: bool = True) -> float:
    """Time the plain hand-written simulator (``games`` games from seed ``first``),
    remember its rate per CPU second and return it."""
    import plain_sim

    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(first, first + games):
        plain_sim.play(seed)
    YARDSTICK.append(games / (time.process_time() - cpu))
    if show:
        print(f"{'plain hand-written simulator (yardstick)':<45} {games / (time.perf_counter() - start):8.2f} games/s "
              f"({YARDSTICK[-1]:.1f} cpu)")
    return YARDSTICK[-1]


def run(games: int, variant: str | None, record: bool, rounds: int = 1) -> tuple[str, float, list[float]]:
    """Play ``games`` seeds in ``rounds`` rounds, each between two timings of the yardstick
    (10 of its games per Camillo game); return the figures' line, the games per CPU
    second and each round's ratio to the yardstick. The action cards played are counted
    from the actions taken (an action card's declared action, whether or not God's Bohn
    then cancels it), so the count needs no event log."""
    rules = load_ruleset("bohn_camillo", variant)
    actions = cards = with_cards = 0
    used = [0]

    def count(game: object, action: Action) -> None:
        if action.kind == ACT and not action.want[0].startswith(NOT_CARDS):
            used[0] += 1

    wall = spent = 0.0
    ratios: list[float] = []
    bounds = [games * r // rounds for r in range(rounds + 1)]
    for r in range(rounds):
        seeds = range(bounds[r], bounds[r + 1])
        if not seeds:
            continue
        before = yardstick(10 * len(seeds), 10 * bounds[r], show=False) if rounds > 1 else None
        with many_games() if FREEZE[0] else contextlib.nullcontext():
            start, cpu = time.perf_counter(), time.process_time()
            for seed in seeds:
                used[0] = 0
                played = play_game(rules, 2, seed, make_agents(["greedy"], 2, seed), record=record, after_action=count)
                actions += len(played.actions)
                played.game.release()  # (as ``simulate`` does once a game's outcome is read)
                cards += used[0]
                with_cards += bool(used[0])
            took = time.process_time() - cpu
            wall += time.perf_counter() - start
        spent += took
        if before is not None:
            after = yardstick(10 * len(seeds), 10 * bounds[r], show=False)
            ratios.append((before + after) / 2 / (len(seeds) / took))
    rate, cpu_rate = games / wall, games / spent
    label = f"bohn_camillo{' --variant ' + variant if variant else ''}, greedy{', event log' if record else ''}"
    return (f"{label:<45} {rate:8.2f} games/s ({cpu_rate:.1f} cpu)   {actions / games:4.0f} actions/game   "
            f"{cards / games:5.1f} action cards/game   action cards in {with_cards}/{games} games"), cpu_rate, ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--log", action="store_true", help="record the event log too (as `bohn play` does)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of games, each between two timings of the yardstick (the median ratio is printed)")
    parser.add_argument("--profile", action="store_true", help="profile the runs (no yardstick), top 25 by own time")
    parser.add_argument("--no-freeze", action="store_true",
                        help="play the games with the loaded rules left to the cyclic collector "
                             "(bohn simulate freezes them: engine.sim.play.many_games)")
    args = parser.parse_args()
    FREEZE[0] = not args.no_freeze
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("for v in (None, 'trading'): print(run(args.games, v, args.log)[0])", globals(), {"args": args},
                        "/tmp/bohn_camillo.prof")
        pstats.Stats("/tmp/bohn_camillo.prof").sort_stats("tottime").print_stats(25)
        return
    rounds = max(1, min(args.rounds, args.games))
    yardstick(args.games * 10)
    lines = []
    for variant in (None, "trading"):
        line, cpu_rate, ratios = run(args.games, variant, args.log, rounds)
        if ratios:
            ratios.sort()
            median = ratios[len(ratios) // 2] if len(ratios) % 2 else (ratios[len(ratios) // 2 - 1] + ratios[len(ratios) // 2]) / 2
            lines.append(f"{line}   {median:6.1f}x slower than the yardstick (median of {len(ratios)} rounds, "
                         f"{ratios[0]:.1f}-{ratios[-1]:.1f})")
        else:  # one round: the yardstick timed before and after it
            yardstick(args.games * 10)
            lines.append(f"{line}   {(YARDSTICK[-2] + YARDSTICK[-1]) / 2 / cpu_rate:6.1f}x slower than the yardstick")
    yardstick(args.games * 10)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
