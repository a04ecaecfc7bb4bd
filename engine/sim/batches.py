"""What every backend shares: a batch of seeds, its result, the rules as a worker
rebuilds them, running a batch on a worker, the window of batches in flight, and the
fingerprint a remote worker must show.

Why a module of its own: the local backends (``backends``) and the Dask backend
(``dask_backend``) both build on these; with them here, below both, ``dask_backend``
needs nothing from ``backends`` and ``backends.make_backend`` imports it at the top (no
import hidden in a function to dodge a circle).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Protocol, Sequence

from engine.errors import BohnError, Diagnostic
from engine.rules.located import LMap
from engine.rules.model import Ruleset

#: One game: the rulesets of the run (one, or a baseline and its variations) and a
#: seed. It must be picklable: a module-level function or a ``functools.partial`` of one.
GameFn = Callable[[Sequence[Ruleset], int], Any]
Progress = Callable[[int, int], None]
Batch = Sequence[int]

#: How often a batch is started again after its worker was lost before the run fails.
MAX_RERUNS = 3


@dataclass(frozen=True)
class RulesSpec:
    """What a worker needs to rebuild a ruleset exactly: its merged document."""

    document: LMap
    variant: str | None
    sources: tuple[str, ...]
    digest: str

    @classmethod
    def of(cls, rules: Ruleset) -> RulesSpec:
        return cls(rules.document, rules.variant, rules.sources, rules.digest)

    def build(self) -> Ruleset:
        """The ruleset, built once per worker process (compiled closures cannot be sent)."""
        key = (self.digest, self.variant)
        rules = _BUILT.get(key)
        if rules is None:
            from engine.rules.model import build

            rules = build(self.document, variant=self.variant, sources=self.sources, warnings=[])
            if rules.digest != self.digest:
                raise BohnError.one("C543", f"a worker rebuilt `{rules.id}` with digest {rules.digest}, not {self.digest}")
            if len(_BUILT) >= 32:
                _BUILT.clear()
            _BUILT[key] = rules
        return rules


_BUILT: dict[tuple[str, str | None], Ruleset] = {}


@dataclass(frozen=True)
class BatchResult:
    """A batch's games, or the coded error that stopped it (``BohnError`` itself does
    not survive pickling, its diagnostics do)."""

    index: int
    values: list[Any] | None
    errors: list[Diagnostic] | None = None

    def unwrap(self) -> list[Any]:
        if self.errors is not None:
            raise BohnError(list(self.errors))
        assert self.values is not None
        return self.values


def run_batch(fn: GameFn, specs: Sequence[RulesSpec], index: int, seeds: Batch) -> BatchResult:
    """Play one batch on a worker: the function every remote backend calls."""
    try:
        rulesets = [spec.build() for spec in specs]
        return BatchResult(index, [fn(rulesets, seed) for seed in seeds])
    except BohnError as exc:
        return BatchResult(index, None, list(exc.diagnostics))


def pack(specs: Sequence[RulesSpec]) -> tuple[tuple[tuple[str, str | None], ...], bytes]:
    """Specs as opaque bytes and their keys: a scheduler need not walk the documents,
    and a worker that already built them skips unpickling."""
    import pickle

    return tuple((s.digest, s.variant) for s in specs), pickle.dumps(tuple(specs), protocol=pickle.HIGHEST_PROTOCOL)


def run_packed_batch(fn: GameFn, packed: tuple[tuple[tuple[str, str | None], ...], bytes], index: int, seeds: Batch,
                     fingerprint: str | None = None) -> BatchResult:
    """:func:`run_batch` for rules sent by :func:`pack`, on a worker that must run the
    same bohn as the sender (``fingerprint``)."""
    if fingerprint is not None and fingerprint != engine_fingerprint():
        return BatchResult(index, None, [Diagnostic("C543", f"the worker runs another version of bohn "
                                                            f"({engine_fingerprint()}, not {fingerprint})")])
    keys, blob = packed
    if all(key in _BUILT for key in keys):
        try:
            rulesets = [_BUILT[key] for key in keys]
            return BatchResult(index, [fn(rulesets, seed) for seed in seeds])
        except BohnError as exc:
            return BatchResult(index, None, list(exc.diagnostics))
    import pickle

    return run_batch(fn, pickle.loads(blob), index, seeds)


class Backend(Protocol):
    """Runs batches and yields their results as they finish, in any order."""

    name: str

    def batch_size(self, games: int) -> int: ...

    def run(self, fn: GameFn, rulesets: Sequence[Ruleset], batches: Sequence[Batch]) -> Iterator[BatchResult]: ...

    def close(self) -> None: ...


class Window:
    """Which batches may start: at most ``size`` past the first one not yet returned, so
    results waiting for an earlier batch never pile up."""

    def __init__(self, total: int, size: int) -> None:
        self.total = total
        self.size = max(1, size)
        self.next_to_start = 0
        self.returned: set[int] = set()
        self.first_missing = 0

    def startable(self) -> Iterator[int]:
        while self.next_to_start < self.total and self.next_to_start < self.first_missing + self.size:
            self.next_to_start += 1
            yield self.next_to_start - 1

    def returned_one(self, index: int) -> bool:
        """Record a returned batch; False when it had already returned (a duplicate)."""
        if index < self.first_missing or index in self.returned:
            return False
        self.returned.add(index)
        while self.first_missing in self.returned:
            self.returned.discard(self.first_missing)
            self.first_missing += 1
        return True


def engine_fingerprint() -> str:
    """A hash of bohn's Python sources in this process: two processes with the same
    fingerprint play the same games, so a remote worker must show this one's."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        import hashlib
        from pathlib import Path

        root = Path(__file__).resolve().parent.parent
        digest = hashlib.sha256()
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        _FINGERPRINT = digest.hexdigest()[:16]
    return _FINGERPRINT


_FINGERPRINT: str | None = None
