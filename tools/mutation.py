"""Mutation testing of engine/ with mutmut: one command, a score per package.

Why a copy: mutmut writes its mutants (and a `mutants/` folder) next to the code it
mutates. Running it in a throw-away copy keeps the worktree clean, lets several packages
run with their own fast test selection (tools/mutation.toml), and means an interrupted
run can never leave a mutated file behind. Not part of CI or the normal test command:
a package takes minutes to hours (see docs/mutation.md).

    .venv/bin/python tools/mutation.py sim                       # one package
    .venv/bin/python tools/mutation.py --module engine/sim/running.py sim
    .venv/bin/python tools/mutation.py --report sim              # re-read a finished run
    .venv/bin/python tools/mutation.py --sample 80 game          # a random sample of 80 mutants
    .venv/bin/python tools/mutation.py --rerun game              # its survivors again, against the current tests
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "tools" / "mutation.toml"
COPIED = ("engine", "tests", "rulesets", "schemas", "docs", "pyproject.toml", "setup.py", "tools")
#: statuses that count as caught; "no tests" and "survived" count against the score,
#: "skipped" and "not checked" (an interrupted run) are left out of it
KILLED = {"killed", "timeout", "caught by type check", "segfault"}
UNSCORED = {"skipped", "not checked", "equivalent"}
RESULT_LINE = re.compile(r"^\s*(?P<name>[\w.ǁ]+__mutmut_\d+): (?P<status>.+?)\s*$")


def load_config() -> dict:  # type: ignore[type-arg]
    with CONFIG.open("rb") as f:
        return tomllib.load(f)


#: conftest.py written into the copy. mutmut maps each test to the functions it calls in
#: one traced run ("stats"), and runs only a function's tests against its mutants. The
#: engine caches compiled snippets and loaded rulesets per process, so in that run only
#: the first test to load a ruleset would be seen calling the loader and the compiler, and
#: a mutant there would be tried against that one test. Emptying the caches before every
#: test of the traced run (not of the mutant runs) shows mutmut every test's own calls.
CONFTEST = """\
\"\"\"Written by tools/mutation.py: empties the engine's caches before each test of mutmut's
traced run, so that its map from functions to tests sees every test's own calls.\"\"\"

import importlib
import os

CACHES = {caches!r}


def pytest_runtest_setup(item):  # every item, the scenario files' too (they take no fixtures)
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        for spec in CACHES:
            module, _, name = spec.partition(":")
            cache = getattr(importlib.import_module(module), name, None)
            if cache is not None:
                (cache.cache_clear if hasattr(cache, "cache_clear") else cache.clear)()
"""


def missing_caches(caches: list[str]) -> list[str]:
    """The ``module:name`` entries of ``caches`` this checkout does not have (renamed?)."""
    import importlib

    missing = []
    for spec in caches:
        module, _, name = spec.partition(":")
        cache = getattr(importlib.import_module(module), name, None)
        if not (hasattr(cache, "cache_clear") or hasattr(cache, "clear")):
            missing.append(spec)
    return missing


def prepare(workdir: Path, package: str, module: str | None, tests: list[str], pytest_args: list[str],
            skip: list[str] | None = None, caches: list[str] | None = None) -> None:
    """A fresh copy of the repository with a setup.cfg telling mutmut what to mutate."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".venv", "mutants")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, workdir / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, workdir / name)
    (workdir / "conftest.py").write_text(CONFTEST.format(caches=list(caches or [])), encoding="utf-8")
    only = module or f"engine/{package}/*"
    lines = [
        "[mutmut]",
        "source_paths = engine",
        f"only_mutate = {only}",
        *(["do_not_mutate =\n" + "".join(f"    {p}\n" for p in skip)] if skip else []),
        # setup.py: tests/game/test_copyable.py reads the compiled build's module list from it
        "also_copy =\n    rulesets\n    schemas\n    docs\n    conftest.py\n    setup.py",
        # each mutant's tests in a process that has run no test before: forked from mutmut's
        # own process (the default), a worker inherits the caches the clean run filled, and a
        # snippet compiled there by the unmutated compiler is never compiled by the mutant
        "process_isolation = forkserver",
        "forkserver_warmup = none",
        # mutmut allows (the tests' traced time + timeout_constant) * 15 seconds: with each
        # mutant importing and collecting afresh on a loaded machine, 1 s made false timeouts
        "timeout_constant = 10",
        "pytest_add_cli_args_test_selection =\n" + "".join(f"    {t}\n" for t in tests),
        "pytest_add_cli_args =\n" + "".join(f"    {a}\n" for a in pytest_args),
    ]
    (workdir / "setup.cfg").write_text("\n".join(lines) + "\n", encoding="utf-8")


#: mutmut's command line, with one change: its fork server runs a mutant's tests in the
#: order it was handed them (a set), so a mutant the quickest test kills could first sit
#: through the slowest one; sorted fastest first (what its plain fork runner does), with
#: pytest's -x the first failure ends the mutant's run. Its wall-clock limit per mutant (half
#: the CPU limit, (traced time + timeout_constant) * 15 s) is stretched WALL times: each mutant
#: imports and collects the selection afresh, and at `nice` on a shared machine that alone
#: outlasted the limit (the 2026-12-01 lang sample's first three "timeouts" were such); a
#: mutant that loops still meets mutmut's CPU-time limit, which the load does not stretch
WALL = 6
CLI = """
import sys
from mutmut.state import state
from mutmut.workers import isolation
_submit = isolation.ForkServerRunner.submit
def submit(self, name, tests, *rest):
    took = state().duration_by_test
    return _submit(self, name, sorted(tests, key=lambda t: (took.get(t, 0.0), t)), *rest)
isolation.ForkServerRunner.submit = submit
_register = isolation.register_timeout
def register_timeout(pid, timeout_s):
    return _register(pid, timeout_s * {wall})
isolation.register_timeout = register_timeout
from mutmut.__main__ import cli
sys.argv[0] = "mutmut"
cli()
"""


def mutmut(workdir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-c", CLI.replace("{wall}", str(WALL)), *args], cwd=workdir, env=env, text=True, capture_output=True)


#: mutmut's own first step (copy the sources, write every mutant), without running tests,
#: so that the mutants' names are known before a sample of them is run
GENERATE = """
from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
from mutmut.mutation.trampoline import set_mutant_under_test
set_mutant_under_test("mutant_generation")
copy_src_dir(); copy_also_copy_files(); setup_source_paths(); create_mutants(1)
"""


#: what a re-run copies afresh into a finished run's copy: the tests and scenarios written
#: since (the engine stays as it was mutated, so the mutants' names still mean the same)
REFRESHED = ("tests", "rulesets")


def refresh_tests(workdir: Path, paths: list[str] | None = None) -> None:
    """Copy the worktree's current tests and scenarios (or only ``paths``) over a finished
    run's copy (both the copy and mutmut's ``mutants/`` folder, where its pytest runs).
    mutmut sees the new tests' names and traces only those, keeping its map of the old
    ones. Only the survivors' new tests, when main has moved on since the run: a test of a
    newer engine fails on the copy's older one, and mutmut stops on a failing clean run."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for target in (workdir, workdir / "mutants"):
        for name in paths or REFRESHED:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, target / name, ignore=ignore, dirs_exist_ok=True)
            else:
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


def statuses(workdir: Path) -> dict[str, str]:
    """Mutant name -> mutmut's status, for a run in ``workdir``."""
    out = {}
    for line in mutmut(workdir, "results", "--all", "true").stdout.splitlines():
        m = RESULT_LINE.match(line)
        if m:
            out[m["name"]] = m["status"]
    return out


def mutant_names(workdir: Path) -> list[str]:
    """Every mutant mutmut wrote in ``workdir`` (from its ``.meta`` files), sorted."""
    names: list[str] = []
    for meta in (workdir / "mutants").rglob("*.meta"):
        names.extend(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return sorted(names)


def sample(workdir: Path, size: int, seed: int) -> list[str]:
    """A uniform random sample of ``size`` mutants: its score estimates the whole
    package's within about +-1.96*sqrt(p(1-p)/size) when a full run takes hours."""
    exe = Path(sys.executable)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([str(exe), "-c", GENERATE], cwd=workdir, env=env, check=True, capture_output=True)
    names = mutant_names(workdir)
    return sorted(random.Random(seed).sample(names, min(size, len(names))))


def tally(results_text: str, equivalent: dict[str, str] | None = None) -> dict[str, Counter[str]]:
    """Statuses per package (``engine.sim``) from ``mutmut results --all true``; a survivor
    listed in ``equivalent`` (tools/mutation.toml, with the reason) counts as "equivalent"
    and is left out of the score: no input can tell it from the real code."""
    per: dict[str, Counter[str]] = {}
    for line in results_text.splitlines():
        m = RESULT_LINE.match(line)
        if not m:
            continue
        package = ".".join(m["name"].split(".")[:2])
        status = m["status"]
        if status in ("survived", "no tests") and m["name"] in (equivalent or {}):
            status = "equivalent"
        per.setdefault(package, Counter())[status] += 1
    return per


def score_lines(per: dict[str, Counter[str]]) -> list[str]:
    out = [f"{'package':<16}{'mutants':>8}{'killed':>8}{'survived':>9}{'no tests':>9}{'equiv.':>7}{'score':>8}"]
    for package, counts in sorted(per.items()):
        scored = sum(n for s, n in counts.items() if s not in UNSCORED)
        killed = sum(n for s, n in counts.items() if s in KILLED)
        score = f"{100 * killed / scored:.1f}%" if scored else "-"
        out.append(f"{package:<16}{scored:>8}{killed:>8}{counts['survived']:>9}{counts['no tests']:>9}{counts['equivalent']:>7}{score:>8}")
    return out


def main(argv: list[str] | None = None) -> int:
    config = load_config()
    packages = config["packages"]
    parser = argparse.ArgumentParser(description="Mutation testing of engine/ (docs/mutation.md)")
    parser.add_argument("packages", nargs="+", choices=sorted(packages), help="engine packages to mutate")
    parser.add_argument("--module", help="mutate only this file (e.g. engine/sim/running.py) of the one package given")
    parser.add_argument("--max-children", type=int, default=config["settings"]["max_children"])
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "bohn-mutation",
                        help="where the copies go (one sub-folder per package)")
    parser.add_argument("--report", action="store_true", help="only print the scores of finished runs")
    parser.add_argument("--survivors", action="store_true", help="also list the surviving mutants")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="run only a uniform random sample of N mutants of each package (the score is an estimate)")
    parser.add_argument("--seed", type=int, default=20, help="seed of the --sample draw")
    parser.add_argument("--rerun", nargs="*", metavar="MUTANT",
                        help="re-run these mutants (default: the survivors and 'no tests') of the package's finished "
                             "run against the current tests, keeping the rest of its results")
    parser.add_argument("--refresh", nargs="+", metavar="PATH",
                        help="with --rerun: copy only these test files or folders into the run's copy (default: tests, rulesets)")
    args = parser.parse_args(argv)
    if args.rerun is not None and (len(args.packages) != 1 or args.sample or args.report or args.module):
        parser.error("--rerun takes exactly one package, without --sample, --module or --report")
    if args.module and len(args.packages) != 1:
        parser.error("--module takes exactly one package")
    if shutil.which("mutmut", path=str(Path(sys.executable).parent)) is None:
        print("mutmut is not installed in this environment: .venv/bin/pip install 'mutmut>=3.3,<4'", file=sys.stderr)
        return 2
    total: dict[str, Counter[str]] = {}
    for package in args.packages:
        workdir = args.workdir / package
        if args.rerun is not None:
            if not (workdir / "mutants").is_dir():
                parser.error(f"no finished run in {workdir} to re-run")
            chosen = args.rerun or sorted(n for n, st in statuses(workdir).items() if st in ("survived", "no tests"))
            refresh_tests(workdir, args.refresh)
            print(f"re-running {len(chosen)} mutants of engine/{package} in {workdir} ...", flush=True)
            run = mutmut(workdir, "run", "--max-children", str(args.max_children), *chosen)
            if run.returncode != 0:
                print(run.stdout[-2000:], run.stderr[-2000:], sep="\n", file=sys.stderr)
                return run.returncode
        elif not args.report:
            deselect = [a for t in packages[package].get("deselect", []) for a in ("--deselect", t)]
            caches = config["settings"].get("caches", [])
            for spec in missing_caches(caches):
                print(f"warning: no cache {spec} in engine/ (renamed?): tools/mutation.toml names it", file=sys.stderr)
            prepare(workdir, package, args.module, packages[package]["tests"], config["settings"]["pytest_args"] + deselect,
                    packages[package].get("do_not_mutate"), caches)
            chosen = sample(workdir, args.sample, args.seed) if args.sample else []
            what = f"{len(chosen)} sampled mutants of " if args.sample else ""
            print(f"mutating {what}engine/{package} in {workdir} ...", flush=True)
            run = mutmut(workdir, "run", "--max-children", str(args.max_children), *chosen)
            if run.returncode != 0:
                print(run.stdout[-2000:], run.stderr[-2000:], sep="\n", file=sys.stderr)
                return run.returncode
        results = mutmut(workdir, "results", "--all", "true")
        per = tally(results.stdout, packages[package].get("equivalent"))
        total.update(per)
        if args.survivors:
            for line in results.stdout.splitlines():
                m = RESULT_LINE.match(line)
                if m and m["status"] in ("survived", "no tests") and m["name"] not in packages[package].get("equivalent", {}):
                    print(f"  {m['status']}: {m['name']}  (cd {workdir} && mutmut show {m['name']})")
    print("\n".join(score_lines(total)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
