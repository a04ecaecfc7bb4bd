"""``bohn sweep``: one ruleset, several variations of it, the very same seeds for each.

A designer asks "which third-field price makes the two-player game fair?". A sweep
answers with one command: every combination of the values given with ``--set PATH=V1,V2``
(any path an overlay can patch) and of the house-rule files given with ``--house``
plays the same seeds as the unchanged ruleset (the *baseline*). Because the seeds are
shared, each game of a variation has a twin in the baseline, and the per-seed
differences give a confidence interval far narrower than two independent runs would.

Every seed plays all combinations in the same batch, so results stream back per seed
and the statistics (:mod:`engine.sim.running`) use constant memory on any backend.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.errors import BohnError, Span
from engine.rules.located import LMap
from engine.rules.model import Ruleset
from engine.sim.backends import Backend, Progress, bind, play_seeds
from engine.sim.failures import GameFailure
from engine.sim.running import Running

#: Combinations one sweep may play (each plays every seed).
MAX_COMBINATIONS = 64

#: Failed games kept (with seed and error) per combination; the rest are counted.
KEPT_FAILURES = 5


@dataclass(frozen=True)
class Axis:
    """One ``--set PATH=V1,V2,...``: a dotted path and the values it takes."""

    path: tuple[str, ...]
    values: tuple[Any, ...]
    spans: tuple[Span, ...]  # where each value stands on the command line

    @property
    def name(self) -> str:
        return ".".join(self.path)


def _split_values(text: str) -> list[tuple[str, int]]:
    """Split at commas outside brackets and quotes; each piece with its offset."""
    pieces: list[tuple[str, int]] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            pieces.append((text[start:i], start))
            start = i + 1
    pieces.append((text[start:], start))
    return pieces


def parse_set(text: str, number: int = 1) -> Axis:
    """``player_counts.2.field_price=1,2,3`` → an axis. Errors point at ``--set:N:COL``
    (N counts the ``--set`` options, COL the character in it)."""
    from engine.rules.yamlload import load_text

    def where(col: int) -> Span:
        return Span("--set", number, col + 1)

    path_text, eq, values_text = text.partition("=")
    path = tuple(part.strip() for part in path_text.split("."))
    if not eq or not path_text.strip():
        raise BohnError.one("C544", f"`{text}` is not PATH=VALUES", where(0),
                            hint="for example --set player_counts.2.field_price=1,2,3,4")
    if any(not part or part[0] in "+-" or any(c.isspace() for c in part) for part in path):
        raise BohnError.one("C544", f"`{path_text}` is not a dotted path of existing keys", where(0),
                            hint="write keys (and list item ids) separated by dots, e.g. beans.coffee.count")
    values: list[Any] = []
    spans: list[Span] = []
    for piece, offset in _split_values(values_text):
        col = len(path_text) + 1 + offset + (len(piece) - len(piece.lstrip()))
        if not piece.strip():
            raise BohnError.one("C544", f"an empty value in `{text}`", where(col))
        try:
            values.append(load_text(piece, "--set"))
        except BohnError as exc:
            raise BohnError.one("C544", f"`{piece.strip()}` is not a YAML value: {exc.diagnostics[0].message}", where(col)) from None
        spans.append(where(col))
    return Axis(path, tuple(values), tuple(spans))


def patch_of(settings: Sequence[tuple[Axis, int]]) -> LMap:
    """The overlay that sets each axis to its chosen value (by index), as a house-rule
    file would; every key points at the ``--set`` option it came from."""
    root = LMap(Span("--set", 1, 1))
    for axis, index in settings:
        node = root
        span = axis.spans[index]
        for depth, key in enumerate(axis.path):
            if depth == len(axis.path) - 1:
                node.put(key, axis.values[index], span, span)
                break
            child = node.get(key)
            if not isinstance(child, LMap):
                child = LMap(span)
                node.put(key, child, span, span)
            node = child
    return root


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        import json

        return json.dumps(value, separators=(",", ":"))
    return str(value)


@dataclass
class Combination:
    """One variation: the settings that make it and its ruleset."""

    label: str
    settings: dict[str, Any]
    rules: Ruleset
    house: str | None = None


def combinations(ref: str, variant: str | None, players: int, axes: Sequence[Axis],
                 houses: Sequence[str] = ()) -> tuple[Combination, list[Combination]]:
    """The baseline (``ref`` unchanged) and every combination of house file and values."""
    from engine.rules.loader import load_ruleset

    names = [axis.name for axis in axes]
    for i, name in enumerate(names):
        for j, other in enumerate(names[:i]):
            if name == other or name.startswith(other + ".") or other.startswith(name + "."):
                raise BohnError.one("C544", f"`{name}` overlaps `{other}` (--set {j + 1}): each value may be set once",
                                    axes[i].spans[0])
    count = max(len(houses), 1)
    for axis in axes:
        count *= len(axis.values)
    if count > MAX_COMBINATIONS:
        raise BohnError.one("C545", f"{count} combinations; a sweep plays at most {MAX_COMBINATIONS}")
    baseline = Combination("baseline", {}, load_ruleset(ref, variant))
    baseline.rules.row(players)
    out: list[Combination] = []
    for house in (list(houses) or [None]):
        for choice in itertools.product(*(range(len(axis.values)) for axis in axes)):
            chosen = list(zip(axes, choice))
            patches = [patch_of(chosen)] if chosen else []
            rules = load_ruleset(house or ref, variant, patches=patches)
            rules.row(players)
            settings: dict[str, Any] = {"house": house} if house else {}
            settings.update({axis.name: axis.values[i] for axis, i in chosen})
            parts = [house if name == "house" else f"{name}={_show(v)}" for name, v in settings.items()]
            out.append(Combination(", ".join(str(p) for p in parts), settings, rules, house))
    return baseline, out


GameOutcome = tuple[tuple[int, ...], tuple[int, ...], int] | GameFailure


def _play_all(rulesets: Sequence[Ruleset], seed: int, *, players: int, bots: Sequence[str], trading: bool
              ) -> tuple[GameOutcome, ...]:
    """One seed in every ruleset of the sweep (a backend's game function)."""
    from engine.sim.play import make_agents, play_game

    out: list[GameOutcome] = []
    for rules in rulesets:
        try:
            game = play_game(rules, players, seed, make_agents(list(bots), players, seed), trading=trading, record=False).game
        except BohnError as exc:
            if exc.code.startswith("C"):
                raise
            out.append(GameFailure.from_error(seed, exc))
            continue
        out.append((tuple(game.scores), tuple(game.winners), game.state.turn))
        game.release()  # (freed at once, not by the cyclic collector: ``Game.release``)
    return tuple(out)


@dataclass
class Tally:
    """The running statistics of one combination; the paired ones against the baseline."""

    players: int
    finished: int = 0
    failures: list[GameFailure] = field(default_factory=list)
    failed: int = 0
    score: Running = field(default_factory=Running)  # the per-game average score
    turns: Running = field(default_factory=Running)
    wins: list[float] = field(default_factory=list)
    seat_score: list[float] = field(default_factory=list)
    score_diff: Running = field(default_factory=Running)
    turns_diff: Running = field(default_factory=Running)
    first_seat_diff: Running = field(default_factory=Running)

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.seat_score = [0.0] * self.players

    def add(self, outcome: GameOutcome, baseline: GameOutcome) -> None:
        if isinstance(outcome, GameFailure):
            self.failed += 1
            if len(self.failures) < KEPT_FAILURES:
                self.failures.append(outcome)
            return
        scores, winners, length = outcome
        self.finished += 1
        self.score.add(sum(scores) / len(scores))
        self.turns.add(length)
        for seat in winners:
            self.wins[seat] += 1 / len(winners)
        for seat, value in enumerate(scores):
            self.seat_score[seat] += value
        if not isinstance(baseline, GameFailure):
            b_scores, b_winners, b_length = baseline
            self.score_diff.add(sum(scores) / len(scores) - sum(b_scores) / len(b_scores))
            self.turns_diff.add(length - b_length)
            self.first_seat_diff.add(_share(winners, 0) - _share(b_winners, 0))

    def win_share(self, seat: int) -> float:
        return self.wins[seat] / self.finished if self.finished else 0.0

    def seat_mean(self, seat: int) -> float:
        return self.seat_score[seat] / self.finished if self.finished else 0.0


def _share(winners: Sequence[int], seat: int) -> float:
    return 1 / len(winners) if seat in winners else 0.0


@dataclass
class SweepResult:
    ruleset: str
    variant: str | None
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    trading: bool
    axes: list[Axis]
    houses: list[str]
    labels: list[str]  # baseline first
    settings: list[dict[str, Any]]
    tallies: list[Tally]
    seconds: float


def sweep(baseline: Combination, variations: Sequence[Combination], players: int, games: int, *, seed: int = 0,
          bots: Sequence[str] = ("greedy",), trading: bool = True, backend: Backend | None = None,
          progress: Progress | None = None, axes: Sequence[Axis] = (), houses: Sequence[str] = ()) -> SweepResult:
    """Play seeds ``seed .. seed+games-1`` in the baseline and every variation."""
    import time

    start = time.perf_counter()
    everything = [baseline, *variations]
    tallies = [Tally(players) for _ in everything]
    play = bind(_play_all, players=players, bots=tuple(bots), trading=trading)
    for outcomes in play_seeds(play, [c.rules for c in everything], range(seed, seed + games), backend=backend,
                               progress=progress):
        for tally, outcome in zip(tallies, outcomes):
            tally.add(outcome, outcomes[0])
    return SweepResult(baseline.rules.id, baseline.rules.variant, players, games, seed, tuple(bots), trading,
                       list(axes), list(houses), [c.label for c in everything], [c.settings for c in everything],
                       tallies, time.perf_counter() - start)
