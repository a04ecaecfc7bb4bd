"""Where games run: in this process, in local worker processes, or on a Dask cluster.

A run is cut into *batches* of consecutive seeds. Every backend plays a batch with the
same function on the same rules, and :func:`play_seeds` hands the results back in seed
order, so the numbers never depend on the backend, the number of workers or which batch
happened to finish first. Backends keep only a bounded *window* of batches in flight
(and merged results are streamed, never collected), so a 100,000-game run needs no more
memory than a 1,000-game one.

Rules travel as a :class:`RulesSpec`: the merged, checked document of a ruleset, not a
path, so a worker on another machine rebuilds exactly the rules this machine loaded
(house-rule files and ``--set`` patches included) without reading any file; the
rebuilt ruleset's digest must match. A batch whose worker is lost is run again; each
batch is merged once, so nothing is lost or counted twice.
"""

from __future__ import annotations

import functools
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterator, Sequence

from engine.errors import BohnError
from engine.rules.model import Ruleset
# the shared parts of every backend; re-exported: callers import them from here
from engine.sim.batches import (MAX_RERUNS, Backend, Batch, BatchResult, GameFn, Progress, RulesSpec,  # noqa: F401
                                Window, engine_fingerprint, pack, run_batch, run_packed_batch)
from engine.sim.dask_backend import DaskBackend

#: Set in each local worker process by :func:`_remember`, so batches need not carry it.
_JOB: tuple[GameFn, tuple[RulesSpec, ...]] | None = None


def _remember(fn: GameFn, specs: tuple[RulesSpec, ...]) -> None:
    """A local worker's start: Ctrl-C is left to the parent, which stops the workers
    (no traceback from each), and the rules are built once."""
    import signal

    global _JOB
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _JOB = (fn, specs)
    for spec in specs:
        spec.build()
    import gc

    gc.freeze()  # the rules live as long as the worker: full collections skip them (see play.many_games)


def _run_remembered(index: int, seeds: Batch) -> BatchResult:
    assert _JOB is not None, "the worker process was not initialised"
    return run_batch(_JOB[0], _JOB[1], index, seeds)


class InlineBackend:
    """This process, one game after the other: no start-up cost, the default for one job."""

    name = "inline"

    def batch_size(self, games: int) -> int:
        return max(1, min(50, games // 20 or 1))

    def run(self, fn: GameFn, rulesets: Sequence[Ruleset], batches: Sequence[Batch]) -> Iterator[BatchResult]:
        for index, seeds in enumerate(batches):
            yield BatchResult(index, [fn(rulesets, seed) for seed in seeds])

    def close(self) -> None:
        pass


class ProcessBackend:
    """Local worker processes; each builds the rules once when it starts. A process that
    dies takes the pool with it: a new pool runs the batches that had not returned."""

    name = "processes"

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.reruns = 0

    def batch_size(self, games: int) -> int:
        return max(1, min(25, games // (self.jobs * 8) or 1))

    def run(self, fn: GameFn, rulesets: Sequence[Ruleset], batches: Sequence[Batch]) -> Iterator[BatchResult]:
        specs = tuple(RulesSpec.of(r) for r in rulesets)
        window = Window(len(batches), 3 * self.jobs)
        broken = 0
        while window.first_missing < len(batches):
            pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_remember, initargs=(fn, specs))
            running: dict[Future[BatchResult], int] = {}
            # after a broken pool, start again from the batches that have not returned
            window.next_to_start = window.first_missing
            finished = False
            try:
                while True:
                    for index in window.startable():
                        if index not in window.returned:
                            running[pool.submit(_run_remembered, index, batches[index])] = index
                    if not running:
                        finished = True
                        break
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        index = running.pop(future)
                        result = future.result()
                        if window.returned_one(index):
                            yield result
            except BrokenProcessPool:
                broken += 1
                self.reruns += sum(1 for i in range(window.first_missing, window.next_to_start) if i not in window.returned)
                if broken > MAX_RERUNS:
                    raise BohnError.one("C542", f"worker processes died {broken} times; the run was stopped") from None
            finally:
                if finished:
                    pool.shutdown(wait=True)
                else:  # an error, Ctrl-C, a broken pool or a reader that stopped early
                    for future in running:
                        future.cancel()
                    _stop(pool)

    def close(self) -> None:
        pass


#: Most seconds an interrupted run waits for a pool's manager thread to end (``_stop``)
MANAGER_JOIN_SECONDS = 5


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut a pool down without waiting for batches nobody will read: cancel what has not
    started, terminate what runs (a second Ctrl-C meanwhile must not leave workers), then
    wait for the pool's own manager thread to end.

    Why the last: the manager thread closes its wake-up pipe when it sees the workers
    gone, and at exit ``concurrent.futures`` wakes every manager thread still known; on a
    loaded machine the two met and an interrupted ``bohn simulate --jobs 2`` printed a
    traceback (OSError: Bad file descriptor) after "interrupted" (CPython 3.11's
    ``_ThreadWakeup`` checks ``_closed`` and writes without a lock). A manager that has
    ended has closed its pipe, and the exit's wake-up then writes nothing."""
    import signal

    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        previous = None
    try:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)  # (``shutdown`` forgets it)
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=1)
            if process.is_alive():
                process.kill()
                process.join(timeout=1)
        if manager is not None and manager.is_alive():
            manager.join(timeout=MANAGER_JOIN_SECONDS)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def local_backend(jobs: int) -> Backend:
    return ProcessBackend(jobs) if jobs > 1 else InlineBackend()


class Batches(Sequence[Batch]):
    """The seeds cut into batches, made on demand: a billion games cost no list."""

    def __init__(self, seeds: Sequence[int], size: int) -> None:
        self.seeds = seeds
        self.size = size

    def __len__(self) -> int:
        return -(-len(self.seeds) // self.size)

    def __getitem__(self, index: int) -> Batch:  # type: ignore[override]
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.seeds[index * self.size:(index + 1) * self.size]


def play_seeds(fn: GameFn, rulesets: Sequence[Ruleset], seeds: Sequence[int], *, backend: Backend | None = None,
               progress: Progress | None = None) -> Iterator[Any]:
    """``fn(rulesets, seed)`` for every seed, yielded in seed order whatever the backend
    (the rules loaded so far out of the collector's reach, ``play.many_games``)."""
    from engine.sim.play import many_games

    with many_games():
        yield from _play_seeds(fn, rulesets, seeds, backend or InlineBackend(), progress)


def _play_seeds(fn: GameFn, rulesets: Sequence[Ruleset], seeds: Sequence[int], backend: Backend,
                progress: Progress | None) -> Iterator[Any]:
    total = len(seeds)
    size = backend.batch_size(total)
    batches = Batches(seeds, size)
    waiting: dict[int, list[Any]] = {}
    next_index = 0
    done = 0
    for result in backend.run(fn, rulesets, batches):
        if result.index < next_index or result.index in waiting:
            continue  # a batch that was re-run and came back twice counts once
        waiting[result.index] = result.unwrap()
        while next_index in waiting:
            values = waiting.pop(next_index)
            next_index += 1
            yield from values
            done += len(values)
            if progress is not None:
                progress(done, total)
    if next_index != len(batches):
        raise RuntimeError(f"the backend returned {next_index} of {len(batches)} batches")


def bind(fn: Callable[..., Any], **kwargs: Any) -> GameFn:
    """A picklable game function with its settings (players, bots, …) fixed."""
    return functools.partial(fn, **kwargs)


def make_backend(jobs: int = 1, scheduler: str | None = None) -> Backend:
    """The backend the command line asked for: a Dask cluster, local processes or inline."""
    if scheduler:
        return DaskBackend(scheduler)
    return local_backend(jobs)
