"""Instructions per game, the figure that does not move with the machine's load.

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect='sys_call_tracing*' \\
        --callgrind-out-file=/tmp/cg.out python bench/callgrind_games.py la_isla
    # "Collected : N" on valgrind's last lines: N / 3 instructions per game

Plays one warm-up game (rules compiled, listings generated, caches made), then three
games with greedy bots (4 players; 2 for Bohn Camillo) inside ``sys.call_tracing``, a C
function nothing else in the engine calls: callgrind collects only inside it. The games
run as ``bohn simulate`` plays them (``many_games``: the loaded rules frozen out of the
cyclic collector), without an event log. ``yardstick`` plays the plain hand-written
simulator (bench/plain_sim.py) instead, one warm-up game and three measured ones.

``--free-listing`` measures what the declared-action listing costs: a first run (no
valgrind needed, ``--record FILE``) keeps every answer ``ListingMemo.legal`` gives; a
second run under valgrind (``--free-listing FILE``) gives those answers back without
listing. The games are the same (the answers are), so the difference of the two
figures is the listing's share of a game.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's engine, as tools/fingerprint.py does
sys.path.insert(1, str(ROOT / "bench"))

from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.play import make_agents, many_games, play_game  # noqa: E402

#: name -> (ruleset, variant, players)
GAMES: dict[str, tuple[str, str | None, int]] = {
    "base": ("base", None, 4), "high_bohn": ("high_bohn", None, 4), "cognac": ("high_bohn", "cognac", 4),
    "high_bohn_plus": ("high_bohn_plus", None, 4), "la_isla": ("la_isla_bohnita", None, 4),
    "bohn_camillo": ("bohn_camillo", None, 2),
}
#: measured games (after one warm-up game, seed 0)
MEASURED = range(1, 4)


def _listing_taped(record: str | None, replay: str | None) -> list[Any]:
    """Replace ``ListingMemo.legal`` by one that records its answers, or gives recorded
    ones back in order; the tape (a list) is returned."""
    import engine.game.declared as declared

    tape: list[Any] = []
    if replay is not None:
        with open(replay, "rb") as f:
            answers = iter(pickle.load(f))  # noqa: S301 - our own file, written by --record
        declared.ListingMemo.legal = lambda self, fx, seat: list(next(answers))  # type: ignore[method-assign]
    elif record is not None:
        legal = declared.ListingMemo.legal

        def recording(self: Any, fx: Any, seat: int) -> Any:
            out = legal(self, fx, seat)
            tape.append(list(out))
            return out
        declared.ListingMemo.legal = recording  # type: ignore[method-assign]
    return tape


def _played(rules: Any, players: int, seed: int) -> None:
    """One game with greedy bots, released once over (as ``bohn simulate`` plays it)."""
    play_game(rules, players, seed, make_agents(["greedy"], players, seed), record=False).game.release()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=[*GAMES, "yardstick"])
    parser.add_argument("--record", metavar="FILE", help="keep the listing's answers in FILE")
    parser.add_argument("--free-listing", metavar="FILE", help="give the answers of FILE back without listing")
    args = parser.parse_args()
    if args.game == "yardstick":
        import plain_sim

        plain_sim.play(0)
        sys.call_tracing(lambda: [plain_sim.play(seed) for seed in MEASURED], ())
        return
    tape = _listing_taped(args.record, args.free_listing)
    name, variant, players = GAMES[args.game]
    rules = load_ruleset(name, variant)
    with many_games():
        play_game(rules, players, 0, make_agents(["greedy"], players, 0), record=False)
        sys.call_tracing(lambda: [_played(rules, players, seed) for seed in MEASURED], ())
    if args.record:
        with open(args.record, "wb") as f:
            pickle.dump(tape, f)


if __name__ == "__main__":
    main()
