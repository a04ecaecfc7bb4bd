"""The ``bohn`` command: one sub-command per public contract in DESIGN.md.

Every handler returns an exit code; :func:`main` turns ``BohnError`` into coded messages
and never lets a traceback reach the user for bad input. Set ``BOHN_DEBUG=1`` to see
the traceback of an internal error.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable, NoReturn, Sequence

from engine.commands import authoring, files, games, simulation
from engine.errors import BohnError

Handler = Callable[[argparse.Namespace], int]
#: The handler of each sub-command (``engine.commands``).
_HANDLERS: dict[str, Handler] = {
    "validate": files.cmd_validate,
    "rules": files.cmd_rules,
    "test": files.cmd_test,
    "play": games.cmd_play,
    "replay": games.cmd_replay,
    "simulate": simulation.cmd_simulate,
    "sweep": simulation.cmd_sweep,
    "explain": authoring.cmd_explain,
    "lsp": authoring.cmd_lsp,
}


# --------------------------------------------------------------------------- parser


class _Parser(argparse.ArgumentParser):
    """argparse with bohn's error format: usage mistakes are C500, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"error C500: {message}\n  hint: see `{self.prog} --help`", file=sys.stderr)
        raise SystemExit(2)


def _version() -> str:
    """The installed distribution's version (``unknown`` when run from a bare checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bohn")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bohn",
        description="A declarative rules interpreter for Bohnanza and its expansions.",
        epilog="Every error has a stable code: `bohn explain CODE` says what it means, `bohn explain --all` lists them. "
               "BOHN_DEBUG=1 shows tracebacks of internal errors.",
    )
    parser.add_argument("--version", action="version", version=f"bohn {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    v = sub.add_parser("validate", help="check ruleset files or folders", description="Check ruleset files: YAML, schema, references and semantics. Exit 0 clean, 1 errors, 2 usage.")
    v.add_argument("paths", nargs="+", metavar="PATH", help="ruleset files or folders (searched for *.yaml)")
    v.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    v.add_argument("--strict", action="store_true", help="fail on warnings too (such as named assumptions)")

    r = sub.add_parser("rules", help="list rulesets or show a generated rulesheet")
    rsub = r.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    rl = rsub.add_parser("list", help="the shipped rulesets and their variants")
    rl.add_argument("--format", choices=("text", "json"), default="text")
    rs = rsub.add_parser("show", help="the rulesheet of a ruleset for one player count")
    rs.add_argument("name", metavar="NAME", help="a ruleset name (see `bohn rules list`) or a path to a ruleset file")
    rs.add_argument("--players", type=int, help="player count (default: 4, or the fewest the ruleset supports)")
    rs.add_argument("--variant", help="a variant of the ruleset")
    rs.add_argument("--format", choices=("md", "json"), default="md", help="Markdown (default) or JSON")

    t = sub.add_parser("test", help="run scenario files (*.scenario.yaml)", description="Run scenario files: each scenario sets up a position, takes actions and checks expectations. Exit 0 when all pass.")
    t.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders (searched for *.scenario.yaml)")
    t.add_argument("--mutants", action="store_true", help="also run each scenario that passes with its `mutant` rule change; a mutant the scenario still passes is reported (T707)")
    t.add_argument("-v", "--verbose", action="store_true", help="list passing scenarios too")

    p = sub.add_parser("play", help="play one full game with bots", description="Play one full game with bots and print a turn-by-turn summary and the scores.")
    p.add_argument("--ruleset", default="base", help="ruleset name or path (default: base)")
    p.add_argument("--variant", help="a variant of the ruleset")
    p.add_argument("--players", type=int, help="number of players (default: 4, or the fewest the ruleset supports)")
    p.add_argument("--seed", type=int, default=1, help="random seed; the same seed replays the same game (default: 1)")
    p.add_argument("--bots", default="greedy", help="bot name for all seats, or one per seat separated by commas (random, greedy; default: greedy)")
    p.add_argument("--no-trading", action="store_true", help="close every trading window at once")
    p.add_argument("--log", metavar="FILE", help="write the JSONL event log here (a new file; see --force)")
    p.add_argument("--force", action="store_true", help="let --log replace an existing log (never an input of the run)")
    p.add_argument("--quiet", action="store_true", help="print only the score table")
    p.add_argument("--human", type=int, metavar="SEAT", help="play this seat yourself at the terminal (0 starts)")
    p.add_argument("--check", action="store_true", help="check the invariants after every action (no card lost or "
                   "doubled, kinds in their zones, coins never negative, hand order kept); a broken one stops the game (G680)")

    sm = sub.add_parser("simulate", help="play many games and print statistics; --compare for A/B of a house rule",
                        description="Play many seeded games with bots and print win shares and scores per seat. "
                                    "With --compare, the other ruleset plays the same seeds and the paired difference is reported.")
    sm.add_argument("--ruleset", default="base", help="ruleset name or path (default: base)")
    sm.add_argument("--variant", help="a variant of the ruleset")
    sm.add_argument("--players", type=int, help="number of players (default: 4, or the fewest the ruleset supports)")
    sm.add_argument("--games", type=int, default=200, help="number of games (default: 200)")
    sm.add_argument("--seed", type=int, default=0, help="first seed; games use seed, seed+1, … (default: 0)")
    sm.add_argument("--bots", default="greedy", help="bot for all seats, or one per seat separated by commas (default: greedy)")
    sm.add_argument("--no-trading", action="store_true", help="close every trading window at once")
    sm.add_argument("--compare", metavar="OTHER", help="another ruleset (e.g. your house rule) to play on the same seeds")
    sm.add_argument("--compare-variant", help="a variant of the other ruleset")
    sm.add_argument("--format", choices=("text", "json", "csv"), default="text",
                    help="output format: text, json, or csv (the designer tables in long form; default: text)")
    sm.add_argument("--plot", metavar="FILE", help="draw the score distributions (and the A/B difference) into FILE "
                                                   "(.png, .svg, .pdf); needs pip install 'bohn[plot]'")
    sm.add_argument("--check", action="store_true",
                    help="check the invariants after every action of every game; a game that breaks one is reported "
                         "as failed (G680) with its replay command")
    sm.add_argument("--no-stats", action="store_true",
                    help="skip the designer tables (beans, items, actions, game length): games run a little faster")
    sm.add_argument("--quiet", action="store_true", help="no progress output")
    sm.add_argument("--jobs", type=int, default=1, help="processes to run games in (default: 1; the numbers do not depend on it)")
    sm.add_argument("--max-failures", type=float, default=0.0, metavar="SHARE",
                    help="share of games (0 to 1) allowed to stop with an error before the exit code is 1 (default: 0)")
    sm.add_argument("--scheduler", metavar="ADDRESS", help="run the games on a Dask cluster, e.g. tcp://host:8786 "
                    "(needs pip install 'bohn[dask]'; the numbers do not depend on it)")

    sw = sub.add_parser("sweep", help="play the same seeds for several values of a rule and compare them with the baseline",
                        description="Vary one or more values of a ruleset (--set PATH=V1,V2,...: any path an overlay can "
                                    "patch) and/or swap in house-rule files (--house), play every combination on the same "
                                    "seeds as the unchanged ruleset, and report mean score, win share by seat, game length "
                                    "and the paired difference to the baseline with its 95% confidence interval. "
                                    "See docs/simulation.md.")
    sw.add_argument("--ruleset", default="base", help="the baseline ruleset, name or path (default: base)")
    sw.add_argument("--variant", help="a variant of the ruleset (used for every combination)")
    sw.add_argument("--players", type=int, help="number of players (default: 4, or the fewest the ruleset supports)")
    sw.add_argument("--set", action="append", metavar="PATH=VALUES",
                    help="a dotted path and comma-separated values, e.g. player_counts.2.field_price=1,2,3,4 "
                         "(repeat for more; every combination is played)")
    sw.add_argument("--house", nargs="+", action="extend", metavar="FILE",
                    help="house-rule files to compare with the baseline (each extends it)")
    sw.add_argument("--games", type=int, default=200, help="games per combination (default: 200)")
    sw.add_argument("--seed", type=int, default=0, help="first seed; games use seed, seed+1, … (default: 0)")
    sw.add_argument("--bots", default="greedy", help="bot for all seats, or one per seat separated by commas (default: greedy)")
    sw.add_argument("--no-trading", action="store_true", help="close every trading window at once")
    sw.add_argument("--format", choices=("text", "json", "csv"), default="text", help="output format (default: text)")
    sw.add_argument("--quiet", action="store_true", help="no progress output")
    sw.add_argument("--max-failures", type=float, default=0.0, metavar="SHARE",
                    help="share of games (0 to 1) of a combination allowed to stop with an error before the exit code is 1 (default: 0)")
    sw.add_argument("--plot", metavar="FILE", help="draw the differences and win shares into FILE (.png, .svg, .pdf); "
                                                   "needs pip install 'bohn[plot]'")
    sw.add_argument("--jobs", type=int, default=1, help="local processes to run games in (default: 1)")
    sw.add_argument("--scheduler", metavar="ADDRESS", help="run the games on a Dask cluster, e.g. tcp://host:8786 "
                    "(needs pip install 'bohn[dask]')")

    rp = sub.add_parser("replay", help="re-run a logged game and report the first divergence")
    rp.add_argument("log", metavar="LOG", help="a JSONL log written by `bohn play --log`")
    rp.add_argument("--ruleset", metavar="FILE", help="the ruleset to replay with, instead of the log's (which must be shipped or inside the log's folder)")

    e = sub.add_parser("explain", help="what an error code means and what to do")
    e.add_argument("code", metavar="CODE", nargs="?", help="an error code such as R402")
    e.add_argument("--all", action="store_true", help="print the whole list as Markdown (docs/errors.md)")
    ls = sub.add_parser("lsp", help="language server for editors (needs the extra bohn[lsp])",
                        description="Serve the Language Server Protocol over stdin/stdout: diagnostics as you type, completion, "
                                    "hover and go to definition for rulesets, scenarios and effects. See docs/editors.md.")
    ls.add_argument("--debounce", type=int, metavar="MS", help="wait this long after a change before checking (default: 50)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Everything printed goes through an escaping stream (no control
    character from a ruleset, a log or an argument reaches the terminal raw); Ctrl-C
    ends with exit 130, and a second Ctrl-C during the clean-up is ignored."""
    from engine.textsafe import EscapingStream

    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingStream(out), EscapingStream(err)  # type: ignore[assignment]
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _main(argv: Sequence[str] | None) -> int:
    from engine.rules.loader import named_folders

    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    named = [Path(p) for p in getattr(args, "paths", None) or [] if _is_dir(p)]
    try:
        with named_folders(named):
            return _HANDLERS[args.command](args)
    except BohnError as exc:
        for d in exc.diagnostics:
            print(d.format(), file=sys.stderr)
        return 2 if exc.code.startswith("C") else 1
    except KeyboardInterrupt:
        previous = _ignore_interrupts()
        try:
            print("interrupted", file=sys.stderr)
        finally:
            _restore_interrupts(previous)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence against tracebacks
        if os.environ.get("BOHN_DEBUG"):
            raise
        print(f"internal error: {type(exc).__name__}: {exc}\n  hint: this is a bug in bohn; rerun with BOHN_DEBUG=1 and report the traceback", file=sys.stderr)
        return 3


def _is_dir(path: str) -> bool:
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def _ignore_interrupts() -> object:
    import signal

    try:
        return signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        return None


def _restore_interrupts(previous: object) -> None:
    import signal

    if previous is not None:
        try:
            signal.signal(signal.SIGINT, previous)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            pass


def run() -> None:
    """Console-script entry point. After an interrupt the process only exits: another
    Ctrl-C while the interpreter shuts down (joining pool threads) is ignored, so it
    cannot print a traceback or turn exit 130 into death by signal."""
    try:
        code = main()
    except KeyboardInterrupt:  # pressed before the command's own handler was reached (start-up)
        _ignore_interrupts()
        print("interrupted", file=sys.stderr)
        code = 130
    if code == 130:
        _ignore_interrupts()
    sys.exit(code)
