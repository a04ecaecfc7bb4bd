"""Backends: the same seeds give the same numbers in this process, in local processes
and on a Dask cluster; a lost worker's batch is run again and merged once."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from pathlib import Path
from typing import Any, Iterator, Sequence

import pytest

from engine.errors import BohnError
from engine.rules.loader import load_ruleset
from engine.rules.model import Ruleset
from engine.sim.backends import InlineBackend, ProcessBackend, RulesSpec, Window, bind, play_seeds
from engine.sim.simulate import simulate


def _seed_and_score(rulesets: Sequence[Ruleset], seed: int, *, die_once_at: int = -1, marker: str = "") -> tuple[int, int]:
    """A cheap game function: the seed and a number derived from the rules. On seed
    ``die_once_at`` the worker process kills itself the first time (a marker file says
    it already did), the way a machine dies under a batch."""
    if seed == die_once_at and marker and not Path(marker).exists():
        Path(marker).write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    return seed, rulesets[0].player_counts[4].field_price * 1000 + seed


def test_window_keeps_at_most_size_batches_open() -> None:
    w = Window(10, 3)
    assert list(w.startable()) == [0, 1, 2]
    assert w.returned_one(2) and list(w.startable()) == [], "batch 0 is still out: nothing new may start"
    assert w.returned_one(0) and list(w.startable()) == [3]
    assert not w.returned_one(2) and not w.returned_one(0), "a batch returns once"


def test_results_come_back_in_seed_order_from_any_order() -> None:
    class Shuffled(InlineBackend):
        def run(self, fn, rulesets, batches):  # type: ignore[no-untyped-def]
            results = list(super().run(fn, rulesets, batches))
            yield from reversed(results)
            yield results[0]  # a duplicate (a batch run twice) must not count twice

    rules = load_ruleset("base")
    seen = []
    out = list(play_seeds(_seed_and_score, [rules], range(5, 45), backend=Shuffled(), progress=lambda d, t: seen.append((d, t))))
    assert [seed for seed, _ in out] == list(range(5, 45))
    assert seen[-1] == (40, 40)


def test_spec_rebuilds_the_same_rules_from_the_document(tmp_path: Path) -> None:
    import pickle

    house = tmp_path / "house.yaml"
    house.write_text("extends: base\nid: house\nname: House\nplayer_counts:\n  4: {field_price: 1}\n")
    rules = load_ruleset(str(house))
    rebuilt = pickle.loads(pickle.dumps(RulesSpec.of(rules))).build()
    assert rebuilt.digest == rules.digest and rebuilt.player_counts[4].field_price == 1


def test_local_processes_match_inline_and_survive_a_dead_process(tmp_path: Path) -> None:
    rules = load_ruleset("base")
    inline = simulate(rules, 4, 12, seed=3, bots=["random"], trading=False)
    backend = ProcessBackend(2)
    parallel = simulate(rules, 4, 12, seed=3, bots=["random"], trading=False, backend=backend)
    assert parallel.per_game_scores == inline.per_game_scores
    assert [s.wins for s in parallel.seats] == [s.wins for s in inline.seats] and parallel.turns == inline.turns

    marker = tmp_path / "died"
    fn = bind(_seed_and_score, die_once_at=17, marker=str(marker))
    out = list(play_seeds(fn, [rules], range(40), backend=backend))
    assert marker.exists(), "a worker process died under its batch"
    assert [seed for seed, _ in out] == list(range(40)), "no game lost, none counted twice"
    assert backend.reruns >= 1


def test_errors_in_a_worker_keep_their_code() -> None:
    with pytest.raises(BohnError) as caught:
        simulate(load_ruleset("base"), 4, 4, bots=["nobody"], backend=ProcessBackend(2))
    assert caught.value.code == "C500"


def test_scheduler_without_dask_is_a_coded_error(monkeypatch: pytest.MonkeyPatch, bohn) -> None:  # type: ignore[no-untyped-def]
    from engine.sim.dask_backend import DaskBackend

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(BohnError) as caught:
        DaskBackend("tcp://127.0.0.1:1")
    assert caught.value.code == "C540" and "bohn[dask]" in str(caught.value.diagnostics[0].hint)


# --------------------------------------------------------------------------- Dask


@contextlib.contextmanager
def local_cluster(**config: Any) -> Iterator[Any]:
    """Two single-threaded worker processes and a scheduler, on loopback only (each of
    the two Dask tests starts its own, so pytest-xdist may run them side by side)."""
    distributed = pytest.importorskip("distributed")
    import logging

    import dask

    # fork, not Dask's default spawn: the workers start in a second, not in ten
    with dask.config.set({"distributed.worker.multiprocessing-method": "fork", **config}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                     dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL) as local:
        yield local


def test_dask_gives_exactly_the_local_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulation and a sweep on two Dask workers give the local run's very numbers;
    workers running another bohn are refused."""
    import engine.sim.backends as backends
    import engine.sim.batches as batches
    from engine.sim.dask_backend import DaskBackend
    from engine.sim.sweep import combinations, parse_set, sweep
    from engine.sim.sweep_report import to_json

    rules = load_ruleset("base")
    local = simulate(rules, 4, 16, seed=7, bots=["random"], trading=False)
    axes = [parse_set("player_counts.4.field_price=1,2")]
    baseline, variations = combinations("base", None, 4, axes)
    local_sweep = to_json(sweep(baseline, variations, 4, 10, seed=2, bots=["random"], trading=False, axes=axes))
    with local_cluster() as cluster:
        backend = DaskBackend(cluster.scheduler_address)
        try:
            remote = simulate(rules, 4, 16, seed=7, bots=["random"], trading=False, backend=backend)
            remote_sweep = to_json(sweep(baseline, variations, 4, 10, seed=2, bots=["random"], trading=False, axes=axes,
                                         backend=backend))
        finally:
            backend.close()
        monkeypatch.setattr(batches, "_FINGERPRINT", "edited-locally")
        with pytest.raises(BohnError) as caught:
            DaskBackend(cluster.scheduler_address)
    assert remote.per_game_scores == local.per_game_scores and remote.turns == local.turns
    assert [s.wins for s in remote.seats] == [s.wins for s in local.seats]
    assert remote.to_json()["seats"] == local.to_json()["seats"]
    local_sweep.pop("seconds"), remote_sweep.pop("seconds")
    assert remote_sweep == local_sweep
    assert caught.value.code == "C543" and "2 Dask worker(s) run another version" in caught.value.diagnostics[0].message
    late = backends.run_packed_batch(_seed_and_score, backends.pack([]), 0, [1], "not-this-one")
    assert late.errors is not None and late.errors[0].code == "C543", "a worker that joins later is checked per batch"


def test_dask_reruns_the_batch_of_a_killed_worker(tmp_path: Path) -> None:
    from engine.sim.dask_backend import DaskBackend

    rules = load_ruleset("base")
    marker = tmp_path / "died"
    fn = bind(_seed_and_score, die_once_at=23, marker=str(marker))
    # the scheduler gives a task up at its first lost worker (KilledWorker): bohn re-runs it
    with local_cluster(**{"distributed.scheduler.allowed-failures": 0}) as cluster:
        backend = DaskBackend(cluster.scheduler_address)
        try:
            out = list(play_seeds(fn, [rules], range(60), backend=backend))
        finally:
            backend.close()
    assert marker.exists(), "the worker playing seed 23 was killed mid-run"
    # the dead worker held the batch of seed 23 and sometimes one more queued behind it: each is re-run
    assert 1 <= backend.reruns <= 2, "the lost worker's batches were submitted again"
    assert [seed for seed, _ in out] == list(range(60)), "no game lost, none counted twice"
    assert out == [_seed_and_score([rules], s) for s in range(60)]
