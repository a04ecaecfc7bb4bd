"""Behaviour fingerprint of many games: actions, scores and event logs, hashed per case.

Why: speed work must not change a single game. Run this before and after a change and
diff the JSON; every hash must be identical::

    .venv/bin/python tools/fingerprint.py 2 > /tmp/fp_before.json
    # ... change the engine ...
    .venv/bin/python tools/fingerprint.py 2 > /tmp/fp_after.json
    diff /tmp/fp_before.json /tmp/fp_after.json && echo same

The argument is the number of seeds per case (default 3). Each case is a ruleset
(and variant), a player count, a bot line-up and trading on/off; each seed is played
with and without the event log recorded (both must give the same actions).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

# the engine of the checkout this script is in, not whichever one is installed (a second
# worktree of the repository imported the first one's engine and fingerprinted that)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.game import log  # noqa: E402
from engine.rules.loader import load_ruleset  # noqa: E402
from engine.sim.play import make_agents, play_game  # noqa: E402

RULESETS: list[tuple[str, str | None]] = [
    ("base", None),
    ("high_bohn", None),
    ("high_bohn", "cognac"),
    ("rulesets/examples/bean_market.yaml", None),
    ("rulesets/examples/edition_104.yaml", None),
    ("high_bohn_plus", None),
    ("la_isla_bohnita", None),
    ("la_isla_bohnita_duel", None),
    ("bohn_camillo", None),
    ("bohn_camillo", "trading"),
]


def cases() -> list[tuple[str, str | None, int, list[str], bool]]:
    """Every (ruleset, variant, players, bots, trading) combination fingerprinted."""
    out = []
    for rs, var in RULESETS:
        for players in (2, 3, 4, 5):
            for bots in (["random"], ["greedy"], ["greedy", "random"] + ["greedy"] * (players - 2)):
                for trading in (True, False):
                    out.append((rs, var, players, bots, trading))
    return out


def main(argv: list[str]) -> None:
    n = int(argv[1]) if len(argv) > 1 else 3
    out: dict[str, str] = {}
    for rs, var, players, bots, trading in cases():
        try:
            rules = load_ruleset(rs, var)
        except Exception as e:  # a ruleset missing on this branch: say so, go on
            print("skip", rs, e, file=sys.stderr)
            continue
        h = hashlib.sha256()
        for seed in range(n):
            for record in (False, True):
                try:
                    p = play_game(rules, players, seed, make_agents(bots, players, seed),
                                  trading=trading, record=record)
                    h.update(repr([tuple(a) for a in p.actions]).encode())
                    h.update(repr((p.game.scores, p.game.winners)).encode())
                    if record:
                        h.update(repr(p.action_positions).encode())
                        for e in p.game.events:
                            h.update(log.dumps(e).encode())
                except Exception as e:  # an error is behaviour too: hash it
                    h.update(repr(e).encode())
        out[f"{rs}/{var}/{players}/{bots}/{trading}"] = h.hexdigest()[:16]
    json.dump(out, sys.stdout, indent=0)


if __name__ == "__main__":
    main(sys.argv)
