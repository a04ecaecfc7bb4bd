"""Run batches of games on a Dask distributed cluster (``--scheduler tcp://host:8786``).

Dask is an optional extra (``pip install 'bohn[dask]'``); it is imported only when a
scheduler address is given (``_import_distributed``). Every worker needs the same bohn installed: the
batch function and the rules' merged document are sent with each batch, so workers read
no ruleset files.

The scheduler already moves a task to another worker when its worker dies; when it
gives up on a task (``KilledWorker``) the batch is submitted again, up to
:data:`~engine.sim.batches.MAX_RERUNS` times. Each batch is merged once (see
:class:`~engine.sim.batches.Window`), so a lost worker neither loses games nor counts
them twice.
"""

from __future__ import annotations

import uuid
from typing import Any, Iterator, Sequence

from engine.errors import BohnError
from engine.rules.model import Ruleset
from engine.sim.batches import (MAX_RERUNS, Batch, BatchResult, GameFn, RulesSpec, Window, engine_fingerprint, pack,
                                run_packed_batch)


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise BohnError.one("C540", "--scheduler needs Dask, which is not installed",
                            hint="install the extra: pip install 'bohn[dask]'") from None
    return distributed


class DaskBackend:
    """Batches as Dask tasks, a bounded number in flight, results as they complete."""

    name = "dask"

    def __init__(self, address: str, *, timeout: float = 10.0, client: Any = None) -> None:
        distributed = _import_distributed()
        self.address = address if "://" in address else f"tcp://{address}"
        self.reruns = 0
        self._own_client = client is None
        if client is None:
            try:
                client = distributed.Client(self.address, timeout=timeout, set_as_default=False)
            except (OSError, TimeoutError) as exc:
                raise BohnError.one("C541", f"cannot reach the Dask scheduler at {self.address}: {exc}",
                                    hint="start one with `dask scheduler` and workers with `dask worker ADDRESS`") from None
        self.client = client
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError):
            self.close()
            raise BohnError.one("C541", f"the Dask scheduler at {self.address} has no workers",
                                hint="start workers with `dask worker ADDRESS` on each machine") from None
        self._check_workers()

    def _check_workers(self) -> None:
        """Every worker must run this very bohn: the same seeds must give the same games."""
        mine = engine_fingerprint()
        try:
            theirs = self.client.run(engine_fingerprint)
        except Exception as exc:  # noqa: BLE001 - a worker without bohn fails to unpickle the call
            self.close()
            raise BohnError.one("C543", f"the Dask workers cannot run bohn: {type(exc).__name__}: {exc}",
                                hint="install the same bohn on every worker: pip install 'bohn[dask]'") from None
        other = sorted(address for address, fingerprint in theirs.items() if fingerprint != mine)
        if other:
            self.close()
            raise BohnError.one("C543", f"{len(other)} Dask worker(s) run another version of bohn "
                                        f"({', '.join(other[:3])}{', …' if len(other) > 3 else ''})",
                                hint="install the same bohn on every worker as on this machine")

    def threads(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def batch_size(self, games: int) -> int:
        return max(1, min(100, games // (self.threads() * 8) or 1))

    def run(self, fn: GameFn, rulesets: Sequence[Ruleset], batches: Sequence[Batch]) -> Iterator[BatchResult]:
        distributed = _import_distributed()
        packed = pack([RulesSpec.of(r) for r in rulesets])
        fingerprint = engine_fingerprint()  # a worker that joins later is checked by each batch
        run_id = uuid.uuid4().hex[:12]
        window = Window(len(batches), 3 * self.threads() + 2)
        tries: dict[int, int] = {}  # re-runs of the batches in flight (no list as long as the run)
        running: dict[Any, int] = {}
        pending = distributed.as_completed(loop=self.client.loop)

        def submit(index: int) -> None:
            future = self.client.submit(run_packed_batch, fn, packed, index, list(batches[index]), fingerprint, pure=False,
                                        key=f"bohn-batch-{run_id}-{index}-{tries.get(index, 0)}")
            running[future] = index
            pending.add(future)

        try:
            for index in window.startable():
                submit(index)
            for future in pending:
                index = running.pop(future)
                if future.status == "error":
                    exc = future.exception()
                    if isinstance(exc, distributed.KilledWorker) and tries.get(index, 0) < MAX_RERUNS:
                        tries[index] = tries.get(index, 0) + 1
                        self.reruns += 1
                        submit(index)
                        continue
                    if isinstance(exc, distributed.KilledWorker):
                        raise BohnError.one("C542", f"batch {index} lost its worker {tries.get(index, 0) + 1} times; the run was stopped",
                                            hint="check the workers' logs: a game may exhaust a worker's memory") from None
                    raise exc
                result = future.result()
                future.release()
                tries.pop(index, None)
                if window.returned_one(index):
                    yield result
                for more in window.startable():
                    submit(more)
        finally:
            for future in running:
                future.cancel()

    def close(self) -> None:
        if self._own_client:
            self.client.close()
