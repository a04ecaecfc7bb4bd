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
from typing import Callable, Sequence

from engine.errors import BohnError, Diagnostic, Span
from engine.paths import display_path

Handler = Callable[[argparse.Namespace], int]
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
    for raw in paths:
        p = Path(raw)
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

    files, found = _collect(args.paths)
    for path in files:
        found.extend(check_path(path))
    errors = sum(1 for d in found if d.severity == "error")
    warnings = len(found) - errors
    failed = errors > 0 or (args.strict and warnings > 0)
    if args.format == "json":
        print(json.dumps({"files": [display_path(f) for f in files], "errors": errors, "warnings": warnings,
                          "ok": not failed, "diagnostics": [d.to_json() for d in found]}, indent=2))
    else:
        for d in found:
            print(d.format(), file=sys.stdout if d.severity == "warning" else sys.stdout)
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
        for rid, name, players, variants, problem in rows:
            print(f"{rid:<{width}}  {players:<7}  {variants:<20}  {name}{'  ' + problem if problem else ''}")
        return 0
    rules = load_ruleset(args.name, args.variant)
    players = args.players or (4 if rules.min_players <= 4 <= rules.max_players else rules.min_players)
    rules.row(players)
    if args.format == "json":
        print(json.dumps(sheet_data(rules, players), indent=2))
    else:
        print(sheet_markdown(rules, players))
    return 0


@command("explain")
def cmd_explain(args: argparse.Namespace) -> int:
    from engine.errors import CODES

    code = args.code.upper()
    info = CODES.get(code)
    if info is None:
        from engine.errors import did_you_mean

        raise BohnError.one("C500", f"no error code `{args.code}`{did_you_mean(code, list(CODES))}")
    print(f"{code}: {info.title}\n  {info.hint}")
    return 0


# --------------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bohn",
        description="A declarative rules interpreter for Bohnanza and its expansions.",
        epilog="Error codes are listed in docs/errors.md. BOHN_DEBUG=1 shows tracebacks of internal errors.",
    )
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

    e = sub.add_parser("explain", help="what an error code means and what to do")
    e.add_argument("code", metavar="CODE", help="an error code such as R402")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    try:
        return _HANDLERS[args.command](args)
    except BohnError as exc:
        for d in exc.diagnostics:
            print(d.format(), file=sys.stderr)
        return 2 if exc.code.startswith("C") else 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence against tracebacks
        if os.environ.get("BOHN_DEBUG"):
            raise
        print(f"internal error: {type(exc).__name__}: {exc}\n  hint: this is a bug in bohn; rerun with BOHN_DEBUG=1 and report the traceback", file=sys.stderr)
        return 3


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
