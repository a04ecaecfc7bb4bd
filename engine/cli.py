"""The ``bohn`` command: one sub-command per public contract in DESIGN.md.

Every handler returns an exit code; :func:`main` turns ``BohnError`` into coded messages
and never lets a traceback reach the user for bad input. Set ``BOHN_DEBUG=1`` to see
the traceback of an internal error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NoReturn, Sequence

from engine.errors import BohnError, Diagnostic, Span
from engine.paths import display_path

if TYPE_CHECKING:
    from engine.sim.sweep import SweepResult

Handler = Callable[[argparse.Namespace], int]
#: Most games one ``simulate`` may play, and most worker processes.
MAX_GAMES = 10_000_000
MAX_JOBS = 256
MAX_SEED = 2**63 - 1
_HANDLERS: dict[str, Handler] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[name] = fn
        return fn

    return register


# --------------------------------------------------------------------------- validate


def _collect(paths: Sequence[str]) -> tuple[list[Path], list[Diagnostic]]:
    files: list[Path] = []
    problems: list[Diagnostic] = []
    from engine.files import UnsafeFile, check_path_text

    for raw in paths:
        p = Path(raw)
        try:
            check_path_text(raw)
        except UnsafeFile as exc:
            problems.append(Diagnostic("Y100", str(exc), Span(raw[:80], 1, 1)))
            continue
        if p.is_dir():
            found = sorted(
                f for f in p.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file() and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            files.extend(found)
            if not found:
                problems.append(Diagnostic("C501", "the folder holds no *.yaml files", Span(raw, 1, 1), "warning"))
        elif p.exists():
            files.append(p)
        else:
            problems.append(Diagnostic("Y100", "no such file or folder", Span(raw, 1, 1)))
    return files, problems


@command("validate")
def cmd_validate(args: argparse.Namespace) -> int:
    from engine.rules.loader import check_path
    from engine.scenario.model import check_scenario_file, is_scenario_file

    files, found = _collect(args.paths)
    for path in files:
        found.extend(check_scenario_file(path) if is_scenario_file(path) else check_path(path))
    errors = sum(1 for d in found if d.severity == "error")
    warnings = len(found) - errors
    failed = errors > 0 or (args.strict and warnings > 0)
    if args.format == "json":
        print(json.dumps({"files": [display_path(f) for f in files], "errors": errors, "warnings": warnings,
                          "ok": not failed, "diagnostics": [d.to_json() for d in found]}, indent=2))
    else:
        for d in found:
            print(d.format())
        status = "FAILED" if failed else "ok"
        print(f"{status}: {len(files)} file(s) checked, {errors} error(s), {warnings} warning(s)")
    return 1 if failed else 0


# --------------------------------------------------------------------------- rules


@command("rules")
def cmd_rules(args: argparse.Namespace) -> int:
    from engine.rules.loader import list_rulesets, load_ruleset
    from engine.rules.sheet import sheet_data, sheet_markdown

    if args.rules_command == "list":
        rows = []
        for path in list_rulesets():
            try:
                r = load_ruleset(str(path))
                rows.append((path.stem, r.name, f"{r.min_players}-{r.max_players}", ", ".join(r.variants) or "-", ""))
            except BohnError as exc:
                rows.append((path.stem, "(invalid)", "", "", exc.diagnostics[0].format().splitlines()[0]))
        if args.format == "json":
            print(json.dumps([dict(zip(("id", "name", "players", "variants", "problem"), r)) for r in rows], indent=2))
            return 0
        width = max([len(r[0]) for r in rows] + [7])
        print(f"{'ruleset':<{width}}  {'players':<7}  {'variants':<20}  name")
        for rid, name, counts, variants, problem in rows:
            print(f"{rid:<{width}}  {counts:<7}  {variants:<20}  {name}{'  ' + problem if problem else ''}")
        return 0
    rules = load_ruleset(args.name, args.variant)
    players = args.players if args.players is not None else (4 if rules.min_players <= 4 <= rules.max_players else rules.min_players)
    rules.row(players)
    if args.format == "json":
        print(json.dumps(sheet_data(rules, players), indent=2))
    else:
        print(sheet_markdown(rules, players))
    return 0


# --------------------------------------------------------------------------- test


@command("test")
def cmd_test(args: argparse.Namespace) -> int:
    from engine.scenario.model import SUFFIX, load_scenarios
    from engine.scenario.run import run_scenario

    files: list[Path] = []
    from engine.files import UnsafeFile, check_path_text

    for raw in args.paths:
        p = Path(raw)
        try:
            check_path_text(raw)
        except UnsafeFile as exc:
            raise BohnError.one("Y100", str(exc), Span(raw[:80], 1, 1)) from None
        if p.is_dir():
            files.extend(sorted(f for f in p.rglob(f"*{SUFFIX}") if f.is_file()))
        elif p.exists():
            files.append(p)
        else:
            raise BohnError.one("Y100", "no such file or folder", Span(raw, 1, 1))
    if not files:
        raise BohnError.one("C501", f"no *{SUFFIX} files in {', '.join(args.paths)}")
    passed = failed = 0
    for path in files:
        try:
            scenarios = load_scenarios(path)
        except BohnError as exc:
            failed += 1
            print(f"FAIL {display_path(path)} (invalid file)")
            for d in exc.diagnostics:
                print("  " + d.format().replace("\n", "\n  "))
            continue
        for sc in scenarios:
            outcome = run_scenario(sc, mutant=args.mutants)
            label = f"{display_path(path)}:{sc.span.line if sc.span else 1}: {sc.name}"
            if outcome.passed:
                passed += 1
                if args.verbose:
                    print(f"PASS {label}")
            else:
                failed += 1
                print(f"FAIL {label}")
                assert outcome.failure is not None
                print("  " + outcome.failure.format().replace("\n", "\n  "))
    what = "mutants caught" if args.mutants else "passed"
    if args.mutants:
        print(f"{passed} {what}, {failed} survived")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


# --------------------------------------------------------------------------- play / replay


@command("play")
def cmd_play(args: argparse.Namespace) -> int:
    from engine.game import log
    from engine.rules.loader import load_ruleset
    from engine.game.core import Game
    from engine.game.invariants import InvariantWatch
    from engine.sim.play import Played, make_agents, play_game, stopped_game
    from engine.sim.summary import score_table, turn_lines

    _check_seed(args.seed)
    rules = load_ruleset(args.ruleset, args.variant)
    players = args.players
    rules.row(players)
    if args.log is not None:  # refuse before the game is played, not after
        from engine.rules.loader import ruleset_files

        log.check_destination(Path(args.log), ruleset_files(args.ruleset), args.force)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    agents = make_agents(bots, players, args.seed)
    if args.human is not None:
        from engine.agents.human import HumanAgent

        if not 0 <= args.human < players:
            raise BohnError.one("C500", f"--human takes a seat from 0 to {players - 1}")
        human = HumanAgent()
        agents[args.human] = human
    def write_log(played: Played, stopped: BohnError | None = None) -> None:
        from engine.rules.loader import reference_from

        head = log.header(played.game, reference_from(args.ruleset, Path(args.log).parent), [a.name for a in agents])
        if stopped is not None:
            head["stopped"] = {"code": stopped.code, "message": stopped.diagnostics[0].message.splitlines()[0]}
        try:
            log.write(Path(args.log), head, log.entries(played.game.events, played.actions, played.action_positions))
        except OSError as exc:
            raise BohnError.one("C500", f"cannot write the log {args.log}: {exc.strerror or exc}") from None

    from engine.agents.human import PlayerQuit

    seat = args.human
    checker = InvariantWatch() if args.check else None

    def on_start(game: Game) -> None:
        if seat is not None:
            human.watch(game, seat)
        if checker is not None:
            checker.start(game)

    try:
        played = play_game(rules, players, args.seed, agents, trading=not args.no_trading, on_start=on_start,
                           after_action=checker)
    except PlayerQuit:
        print("game stopped at your request")
        return 0
    except BohnError as exc:
        partial = stopped_game(exc)
        if partial is None or exc.code.startswith("C"):
            raise
        for d in exc.diagnostics:
            print(d.format(), file=sys.stderr)
        print(f"the game (seed {args.seed}) stopped at turn {partial.game.state.turn} after {len(partial.actions)} actions",
              file=sys.stderr)
        if args.log is not None:
            write_log(partial, exc)
            print(f"log up to that point written to {args.log} ({len(partial.game.events)} events)", file=sys.stderr)
        else:
            print("  hint: add --log FILE to write the game up to that point", file=sys.stderr)
        return 1
    game = played.game
    names = [f"{agents[s].name}-{s}" for s in range(players)]
    if args.log is not None:
        write_log(played)
    if not args.quiet:
        title = rules.name + (f" ({rules.variant})" if rules.variant else "")
        print(f"{title}: {players} players, seed {args.seed}, bots {', '.join(names)}")
        from engine.sim.narrate import labels

        for line in turn_lines(game.events, names, labels(rules)):
            print(line)
        print()
    for line in score_table(game.events, names):
        print(line)
    if args.log is not None:
        print(f"log written to {args.log} ({len(game.events)} events, {len(played.actions)} actions)")
    return 0


def _check_seed(seed: int) -> None:
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise BohnError.one("C511", "--seed must fit in 64 bits")


@command("simulate")
def cmd_simulate(args: argparse.Namespace) -> int:
    from engine.files import is_regular
    from engine.rules.loader import load_ruleset
    from engine.sim.simulate import compare_report, progress_bar, report, simulate

    if not 1 <= args.games <= MAX_GAMES:
        raise BohnError.one("C511", f"--games must be from 1 to {MAX_GAMES:,}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise BohnError.one("C511", f"--jobs must be from 1 to {MAX_JOBS}")
    _check_seed(args.seed)
    _check_seed(args.seed + args.games)
    if not 0 <= args.max_failures <= 1:
        raise BohnError.one("C500", "--max-failures is a share of the games, from 0 to 1 (0.05 allows 5 %)")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    rules = load_ruleset(args.ruleset, args.variant)
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


@command("sweep")
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


@command("replay")
def cmd_replay(args: argparse.Namespace) -> int:
    from engine.sim.replay import replay

    path = Path(args.log)
    result = replay(path, args.ruleset)
    if result.digest_changed:
        print(f"{args.log}:1:1: warning G605: the ruleset has changed since this log was written")
    if result.ok:
        print(f"ok: {result.actions} actions and {result.events} events replayed, no divergence"
              + (f"; {result.message}" if result.message else ""))
        return 0
    where = f"{args.log}:{result.line}:1" if result.line else args.log
    print(f"{where}: error {result.code}: {result.message}")
    if result.code != "G603":
        return 1
    print(f"  logged:  {json.dumps(result.expected, sort_keys=True)}")
    print(f"  re-run:  {json.dumps(result.actual, sort_keys=True)}")
    return 1


@command("explain")
def cmd_explain(args: argparse.Namespace) -> int:
    from engine.errors import CODES

    if args.all:
        from engine.errors import codes_markdown

        print(codes_markdown(), end="")
        return 0
    if not args.code:
        raise BohnError.one("C500", "name a code, or use --all")
    code = args.code.upper()
    info = CODES.get(code)
    if info is None:
        from engine.errors import did_you_mean

        raise BohnError.one("C500", f"no error code `{args.code}`{did_you_mean(code, list(CODES))}")
    print(f"{code}: {info.title}\n  {info.hint}")
    return 0


@command("lsp")
def cmd_lsp(args: argparse.Namespace) -> int:
    from engine.lsp import main as lsp_main

    return lsp_main(args.debounce / 1000 if args.debounce is not None else None)


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
    rs.add_argument("--players", type=int, help="player count (default: 4, or the fewest supported)")
    rs.add_argument("--variant", help="a variant of the ruleset")
    rs.add_argument("--format", choices=("md", "json"), default="md", help="Markdown (default) or JSON")

    t = sub.add_parser("test", help="run scenario files (*.scenario.yaml)", description="Run scenario files: each scenario sets up a position, takes actions and checks expectations. Exit 0 when all pass.")
    t.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders (searched for *.scenario.yaml)")
    t.add_argument("--mutants", action="store_true", help="run each scenario with its `mutant` rule change; a scenario that still passes is reported")
    t.add_argument("-v", "--verbose", action="store_true", help="list passing scenarios too")

    p = sub.add_parser("play", help="play one full game with bots", description="Play one full game with bots and print a turn-by-turn summary and the scores.")
    p.add_argument("--ruleset", default="base", help="ruleset name or path (default: base)")
    p.add_argument("--variant", help="a variant of the ruleset")
    p.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
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
    sm.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
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
    sw.add_argument("--players", type=int, default=4, help="number of players (default: 4)")
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
