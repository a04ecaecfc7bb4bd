"""What the greedy bot's look-ahead costs: previews per game, a copy's time, its share.

    python bench/bench_lookahead.py [--games N]

For each ruleset it plays N games (4 players, the Duel and Camillo 2, greedy bots, trading on), counts the
previews (``SeatView.preview``: a copy of the game, the action applied to it) and the
light trials (``SeatView.worth_after``: cards moved on the game and put back), and times
both: the CPU seconds spent inside them over the CPU seconds of the games. Then it times
``copy_game`` alone on the position after 100 actions of the first game (the best of
several runs, in microseconds). A profile (cProfile) overstates a look-ahead's share, since
it charges every Python call; this prints the share the plain interpreter spends.
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.game.core import Game  # noqa: E402
from engine.game.lookahead import copy_game  # noqa: E402
from engine.game.view import SeatView  # noqa: E402
from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.play import make_agents, play_game  # noqa: E402

CASES = [("High Bohn", "high_bohn", None, 4), ("High Bohn + Cognac", "high_bohn", "cognac", 4),
         ("High Bohn Plus", "high_bohn_plus", None, 4), ("La Isla Bohnita", "la_isla_bohnita", None, 4),
         ("La Isla Duel", "la_isla_bohnita_duel", None, 2), ("Camillo", "bohn_camillo", None, 2)]


def timed(method: str, spent: dict[str, list[float]]) -> None:
    """Wrap ``SeatView.<method>`` to count its calls and add up their CPU time."""
    real = getattr(SeatView, method)
    spent[method] = [0, 0.0]

    def wrapper(self: SeatView, action: object) -> object:
        start = time.process_time()
        try:
            return real(self, action)
        finally:
            spent[method][0] += 1
            spent[method][1] += time.process_time() - start

    setattr(SeatView, method, wrapper)


def copy_time(rules: object, players: int) -> float:
    """Microseconds for one ``copy_game`` of a position 100 actions into a game."""
    game = Game(rules, players, 0, trading=True, record=False)  # type: ignore[arg-type]
    agents = make_agents(["greedy"], players, 0)
    views = [SeatView(game, s) for s in range(players)]
    for _ in range(100):
        seat, legal = game.decision((False,) * 4)
        game.apply(agents[seat].choose(views[seat], legal))
    copy_game(game)
    return min(timeit.repeat(lambda: copy_game(game), number=20, repeat=7)) / 20 * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    spent: dict[str, list[float]] = {}
    timed("preview", spent)
    timed("worth_after", spent)
    print(f"{'':20} {'previews/game':>14} {'share':>6} {'trials/game':>12} {'share':>6} {'copy_game':>10}")
    for label, ruleset, variant, players in CASES:
        rules = load_ruleset(ruleset, variant)
        for counts in spent.values():
            counts[:] = [0, 0.0]
        start = time.process_time()
        for seed in range(args.games):
            play_game(rules, players, seed, make_agents(["greedy"], players, seed), trading=True, record=False)
        total = time.process_time() - start
        (previews, in_previews), (trials, in_trials) = spent["preview"], spent["worth_after"]
        print(f"{label:20} {previews / args.games:14.1f} {in_previews / total:6.1%} {trials / args.games:12.1f}"
              f" {in_trials / total:6.1%} {copy_time(rules, players):8.0f}us")


if __name__ == "__main__":
    main()
