"""Games per second on one core for Bohn Camillo (2 players, greedy bots), with and
without the Trading variant, and how many games saw action cards played.

    python bench/bench_camillo.py [--games N]

It measures the engine that ``import engine`` finds (see bench_engine.py for the
compiled build). Target from issue 14: >= 200 games/s on one core with the pure build.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:  # the installed engine, else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.play import make_agents, play_game  # noqa: E402

#: the effect ids of the rules that are no action cards (their `acted` events do not count)
NOT_CARDS = ("gifts", "planting")


def run(games: int, variant: str | None) -> None:
    rules = load_ruleset("bohn_camillo", variant)
    actions = cards = with_cards = 0
    start = time.perf_counter()
    for seed in range(games):
        played = play_game(rules, 2, seed, make_agents(["greedy"], 2, seed), record=True)
        actions += len(played.actions)
        used = [e for e in played.game.events if e["type"] == "acted" and not str(e.get("action", "")).startswith(NOT_CARDS)]
        cards += len(used)
        with_cards += bool(used)
    elapsed = time.perf_counter() - start
    label = f"bohn_camillo{' --variant ' + variant if variant else ''}, greedy"
    print(f"{label:<40} {games / elapsed:8.2f} games/s   {actions / games:6.0f} actions/game   "
          f"{cards / games:5.1f} action cards/game   action cards in {with_cards}/{games} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    for variant in (None, "trading"):
        run(args.games, variant)


if __name__ == "__main__":
    main()
