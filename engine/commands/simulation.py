"""``bohn simulate`` and ``bohn sweep``: many seeded games, their statistics, and the
exit code that says whether too many of them failed."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from engine.commands.seeds import check_seed
from engine.errors import BohnError, Diagnostic

if TYPE_CHECKING:
    from engine.sim.sweep import SweepResult

#: Most games one ``simulate`` may play, and most worker processes.
MAX_GAMES = 10_000_000
MAX_JOBS = 256


def cmd_simulate(args: argparse.Namespace) -> int:
    from engine.files import is_regular
    from engine.rules.loader import load_ruleset
    from engine.sim.simulate import compare_report, progress_bar, report, simulate

    if not 1 <= args.games <= MAX_GAMES:
        raise BohnError.one("C511", f"--games must be from 1 to {MAX_GAMES:,}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise BohnError.one("C511", f"--jobs must be from 1 to {MAX_JOBS}")
    check_seed(args.seed)
    check_seed(args.seed + args.games)
    if not 0 <= args.max_failures <= 1:
        raise BohnError.one("C500", "--max-failures is a share of the games, from 0 to 1 (0.05 allows 5 %)")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    rules = load_ruleset(args.ruleset, args.variant)
    if args.players is None:
        args.players = rules.default_players()
    rules.row(args.players)
    other = load_ruleset(args.compare, args.compare_variant) if args.compare else None
    if other is not None:
        other.row(args.players)
    quiet = args.quiet or args.format in ("json", "csv")
    if args.jobs < 1:
        raise BohnError.one("C500", "--jobs must be at least 1")
    if args.plot:
        from engine.sim.plot import require_matplotlib

        require_matplotlib()
    runs = [(rules, args.ruleset)] + ([(other, args.compare)] if other is not None else [])
    results = []
    from engine.sim.backends import make_backend

    backend = make_backend(args.jobs, args.scheduler)
    try:
        for ruleset, ref in runs:
            if not quiet:
                print(f"simulating {ruleset.id}{f' ({ruleset.variant})' if ruleset.variant else ''}…", file=sys.stderr)
            results.append(simulate(ruleset, args.players, args.games, seed=args.seed, bots=bots, trading=not args.no_trading,
                                    progress=None if quiet else progress_bar(), backend=backend,
                                    ref=str(Path(ref).resolve()) if is_regular(ref) else ref,
                                    stats=not args.no_stats, check=args.check))
    finally:
        backend.close()
    if args.plot:
        from engine.sim.plot import write_plot

        write_plot(Path(args.plot), results)
        if not quiet:
            print(f"plot written to {args.plot}", file=sys.stderr)
    if args.format == "csv":
        from engine.sim.designer import csv_text

        sys.stdout.write(csv_text([(r.ruleset + (f" ({r.variant})" if r.variant else ""), r.designer)
                                   for r in results if r.designer is not None]))
    elif args.format == "json":
        from engine.sim.simulate import conclusive, paired_difference, unfinished

        data: dict[str, object] = {"runs": [r.to_json() for r in results]}
        if len(results) == 2:
            mean, se, n = paired_difference(results[0], results[1])
            data["comparison"] = {"mean_score_difference": mean, "standard_error": se if se == se else None,
                                  "paired_games": n, "unfinished_seeds": unfinished(results[0], results[1]),
                                  "conclusive": conclusive(results[0], results[1])}
        print(json.dumps(data, indent=2))
    else:
        from engine.sim.designer import text_lines

        for r, (ruleset, _) in zip(results, runs):
            for line in report(r):
                print(line)
            if r.designer is not None:
                for line in text_lines(r.designer, _display_names(ruleset)):
                    print(line)
        if len(results) == 2:
            for line in compare_report(results[0], results[1]):
                print(line)
    return _simulation_exit(results, args.max_failures)


def _display_names(rules: object) -> Callable[[str], str]:
    """A bean's or an item's name for an id (the id itself when it names neither)."""
    names = {b.id: b.name for b in getattr(rules, "beans", ())}
    names.update({it.id: it.name for it in getattr(rules, "items", ())})
    names.update({c.id: c.name for k in getattr(rules, "kinds", ()) for c in k.cards})  # a card's action row
    return lambda ident: names.get(ident, ident)


def _simulation_exit(results: list, allowed: float) -> int:  # type: ignore[type-arg]
    """1 when more games failed than ``--max-failures`` allows, or when a comparison
    had unfinished seeds (it then concludes nothing); the reason goes to stderr."""
    from engine.sim.simulate import unfinished

    code = 0
    for r in results:
        if r.failures and len(r.failures) > allowed * r.games:
            first = r.failures[0]
            print(Diagnostic("G641", f"{len(r.failures)} of {r.games} game(s) of {r.ruleset} failed; the first, seed "
                                     f"{first.seed}: error {first.code}: {first.message}",
                             hint=f"replay it with: {r.replay_command(first.seed)}").format(), file=sys.stderr)
            code = 1
    if len(results) == 2 and unfinished(results[0], results[1]):
        print(Diagnostic("G641", "the comparison concludes nothing: some seeds did not finish in both rulesets",
                         hint="fix the failing games first (see the errors above)").format(), file=sys.stderr)
        code = 1
    return code


def cmd_sweep(args: argparse.Namespace) -> int:
    from engine.sim.backends import make_backend
    from engine.sim.simulate import progress_bar
    from engine.sim.sweep import combinations, parse_set, sweep
    from engine.sim.sweep_report import text_lines, to_csv, to_json

    if args.games < 1:
        raise BohnError.one("C500", "--games must be at least 1")
    if args.jobs < 1:
        raise BohnError.one("C500", "--jobs must be at least 1")
    if not args.set and not args.house:
        raise BohnError.one("C500", "name what to vary: --set PATH=V1,V2,... and/or --house FILE...")
    axes = [parse_set(text, number) for number, text in enumerate(args.set or [], start=1)]
    houses = list(args.house or [])
    if args.plot:
        from engine.sim.plot import require_matplotlib

        require_matplotlib()  # before any game is played
    if args.players is None:
        from engine.rules.loader import load_ruleset

        args.players = load_ruleset(args.ruleset, args.variant).default_players()
    baseline, variations = combinations(args.ruleset, args.variant, args.players, axes, houses)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    quiet = args.quiet or args.format != "text"
    if not quiet:
        print(f"sweeping {len(variations)} combination(s) and the baseline, {args.games} games each…", file=sys.stderr)
    backend = make_backend(args.jobs, args.scheduler)
    try:
        result = sweep(baseline, variations, args.players, args.games, seed=args.seed, bots=bots,
                       trading=not args.no_trading, backend=backend, progress=None if quiet else progress_bar(),
                       axes=axes, houses=houses)
    finally:
        backend.close()
    if args.plot:
        from engine.sim.sweep_plot import write_sweep_plot

        write_sweep_plot(Path(args.plot), result)
        if not quiet:
            print(f"plot written to {args.plot}", file=sys.stderr)
    if args.format == "json":
        print(json.dumps(to_json(result), indent=2))
    elif args.format == "csv":
        print(to_csv(result), end="")
    else:
        for line in text_lines(result):
            print(line)
    return _sweep_exit(result, args.max_failures, args.players, bots, not args.no_trading)


def _sweep_exit(result: SweepResult, allowed: float, players: int, bots: list[str], trading: bool) -> int:
    """1 when a combination lost more games to errors than ``--max-failures`` allows (as
    ``simulate``); each such combination is named on stderr with a game to replay."""
    from engine.sim.failures import replay_command

    code = 0
    for label, settings, tally in zip(result.labels, result.settings, result.tallies):
        if not tally.failed or tally.failed <= allowed * result.games:
            continue
        first = tally.failures[0]
        command = replay_command(settings.get("house") or result.ruleset, result.variant, players, first.seed, bots, trading)
        extra = " (with the --set values written into a house-rule file)" if set(settings) - {"house"} else ""
        print(Diagnostic("G641", f"{tally.failed} of {result.games} game(s) of `{label}` failed; the first, seed "
                                 f"{first.seed}: error {first.code}: {first.message}",
                         hint=f"replay it with: {command}{extra}").format(), file=sys.stderr)
        code = 1
    return code
