"""Where a game's time goes, per kind of decision: the listing, the bot and the action.

    python bench/bench_breakdown.py [--ruleset base] [--players 4] [--games 60] [--variant V] [--top 20]

Why: the speed targets of issues 12, 13, 14 and 16 are missed by the cost of rules per
action (High Bohn's action costs about 2.8 times the base game's), spread over some
forty functions, so a profile sorted by function says little. This plays greedy bots
as ``bohn simulate`` does (``engine.sim.play.many_games``: the rules frozen out of the
cyclic collector) and times each action's three parts around their calls: the game's
``decision`` (the step's listing and the free actions), the bot's ``choose`` and the
game's ``apply`` (the action, then every step, phase and rule it sets off). Rows are
(step kind, the step's mode, the action's kind), heaviest first, with each part in
microseconds per action. The timer's own cost (three clock reads an action) is in every
figure, so compare rows and rulesets of one run, not with ``bench_engine.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

try:  # the installed engine, else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.game.core import Game  # noqa: E402
from engine.game.view import SeatView  # noqa: E402
from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.play import make_agents, many_games, route_choices  # noqa: E402

#: (step kind, mode, action kind) -> [decision, choose, apply] seconds, and the count
Row = tuple[str, str, str]


def breakdown(ruleset: str, players: int, games: int, variant: str | None = None) -> tuple[dict[Row, list[float]], dict[Row, int], float]:
    """The time of each part of each action of ``games`` greedy games (seeds 0..games-1),
    by row, the count of each row, and the total."""
    rules = load_ruleset(ruleset, variant)
    times: dict[Row, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    counts: dict[Row, int] = defaultdict(int)
    clock = time.perf_counter
    with many_games():
        for seed in range(games):
            game = Game(rules, players, seed, trading=True, record=False)
            agents = make_agents(["greedy"], players, seed)
            views = [SeatView(game, s) for s in range(players)]
            route_choices(game, agents, views)  # (as ``play_game`` does: the agents answer the rules' choices)
            wants = tuple(bool(getattr(a, "wants_offers", True)) for a in agents)
            game.free_in_answers = tuple(bool(getattr(a, "free_in_answers", True)) for a in agents)
            while not game.state.over:
                step = game.step
                mode = str(getattr(step, "mode", ""))  # (before the action: it may change the mode)
                t0 = clock()
                seat, legal = game.decision(wants)
                t1 = clock()
                action = agents[seat].choose(views[seat], legal)
                t2 = clock()
                game.apply(action)
                t3 = clock()
                row = (type(step).__name__, mode, str(action[0]))
                counts[row] += 1
                part = times[row]
                part[0] += t1 - t0
                part[1] += t2 - t1
                part[2] += t3 - t2
            game.release()  # (as ``simulate`` does once a game's outcome is read)
    return times, counts, sum(sum(p) for p in times.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--variant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--top", type=int, default=20, help="rows printed (the heaviest first)")
    args = parser.parse_args()
    if args.games < 1 or args.players < 1 or args.top < 1:
        parser.error("--games, --players and --top must be at least 1")
    times, counts, total = breakdown(args.ruleset, args.players, args.games, args.variant)
    actions = sum(counts.values())
    print(f"{args.ruleset}{f' ({args.variant})' if args.variant else ''}, {args.players} players, {args.games} greedy games: "
          f"{args.games / total:.1f} games/s, {actions / args.games:.0f} actions/game, {actions / total:,.0f} actions/s (timed)")
    print(f"{'share':>6} {'actions':>8} {'decision':>9} {'choose':>8} {'apply':>8}  (µs per action)  step, mode, action")
    for row, part in sorted(times.items(), key=lambda kv: -sum(kv[1]))[:args.top]:
        n = counts[row]
        print(f"{sum(part) / total:6.1%} {n:8d} {part[0] / n * 1e6:9.1f} {part[1] / n * 1e6:8.1f} {part[2] / n * 1e6:8.1f}  "
              f"{', '.join(x for x in row if x)}")


if __name__ == "__main__":
    main()
