"""``bohn validate``, ``bohn rules`` and ``bohn test``: the commands that read ruleset and
scenario files and report on them (diagnostics, a rulesheet, scenario results)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Sequence

from engine.errors import BohnError, Diagnostic, Span
from engine.paths import display_path


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
        vwidth = max([len(r[3]) for r in rows] + [8])  # the columns stay aligned whatever the variants' names
        print(f"{'ruleset':<{width}}  {'players':<7}  {'variants':<{vwidth}}  name")
        for rid, name, counts, variants, problem in rows:
            print(f"{rid:<{width}}  {counts:<7}  {variants:<{vwidth}}  {name}{'  ' + problem if problem else ''}")
        return 0
    rules = load_ruleset(args.name, args.variant)
    players = args.players if args.players is not None else rules.default_players()
    rules.row(players)
    if args.format == "json":
        print(json.dumps(sheet_data(rules, players), indent=2))
    else:
        print(sheet_markdown(rules, players))
    return 0


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
    passed = failed = caught = survived = 0
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
            # the scenario as written first: with --mutants, a scenario that fails by itself
            # would "catch" any mutant, so its mutant is checked only once it passes
            outcome = run_scenario(sc)
            label = f"{display_path(path)}:{sc.span.line if sc.span else 1}: {sc.name}"
            if not outcome.passed:
                failed += 1
                print(f"FAIL {label}" + (" (its mutant not checked: the scenario itself fails)" if args.mutants else ""))
                assert outcome.failure is not None
                print("  " + outcome.failure.format().replace("\n", "\n  "))
                continue
            passed += 1
            if args.mutants:
                outcome = run_scenario(sc, mutant=True)
                if outcome.passed:
                    caught += 1
                else:
                    survived += 1
                    print(f"FAIL {label} (mutant)")
                    assert outcome.failure is not None
                    print("  " + outcome.failure.format().replace("\n", "\n  "))
                    continue
            if args.verbose:
                print(f"PASS {label}")
    if args.mutants:
        print(f"{caught} mutants caught, {survived} survived")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and survived == 0 else 1
