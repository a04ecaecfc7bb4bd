"""Many games: statistics per seat, and paired A/B comparison of two rulesets.

``bohn simulate`` plays ``games`` seeded games (seeds ``seed .. seed+games-1``). With
``--compare`` the other ruleset plays the very same seeds, so each difference is paired
and the standard error of the mean difference says whether a house rule really changes
anything or the numbers are noise.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence, TextIO

from engine.rules.model import Ruleset
from engine.sim.backends import Backend, bind, local_backend, play_seeds
from engine.sim.designer import Designer, DesignerTally, GameRecord, watch
from engine.sim.failures import GameFailure, failure_lines, replay_command
from engine.sim.play import make_agents, play_game

if TYPE_CHECKING:
    from engine.game.core import Game


@dataclass
class SeatStats:
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


@dataclass
class Stats:
    """The outcome of a batch of games."""

    ruleset: str
    variant: str | None
    players: int
    games: int
    seats: list[SeatStats]
    turns: list[int]
    runaway: int
    seconds: float
    per_game_scores: list[list[int]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    failures: list[GameFailure] = field(default_factory=list)
    #: designer statistics (beans, items, actions, game length) of the finished games
    designer: Designer | None = None
    #: how to play one of these games again: ruleset reference, bots, trading
    ref: str = ""
    bots: tuple[str, ...] = ("greedy",)
    trading: bool = True

    def replay_command(self, seed: int) -> str:
        return replay_command(self.ref or self.ruleset, self.variant, self.players, seed, self.bots, self.trading)

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    def mean_score(self) -> float:
        scores = [s for seat in self.seats for s in seat.scores]
        return sum(scores) / len(scores) if scores else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "games_per_second": self.games / self.seconds if self.seconds else None,
            "mean_turns": self.mean_turns,
            "mean_score": self.mean_score(),
            "failed_games": self.runaway,
            "failures": [f.to_json(self.replay_command(f.seed)) for f in self.failures],
            "designer": self.designer.to_json() if self.designer is not None else None,
            "seats": [{"seat": i, "win_share": s.wins / max(self.games - self.runaway, 1), "mean_score": s.mean}
                      for i, s in enumerate(self.seats)],
        }


Progress = Callable[[int, int], None]


def progress_bar(stream: TextIO | None = None, what: str = "games") -> Progress:
    """A progress reporter: on a terminal a bar redrawn in place, with the rate and the
    time left; elsewhere (a file, a CI log) a plain line per 10 %, so logs stay short.

    No library: this is all a bar needs, and the core keeps three dependencies."""
    from engine.textsafe import raw_stream

    out: TextIO = raw_stream(stream if stream is not None else sys.stderr)  # it writes its own \r
    tty = out.isatty()
    last = [-1]
    start = time.perf_counter()
    drawn = [0.0]
    utf8 = (getattr(out, "encoding", None) or "").lower().replace("-", "") == "utf8"
    full, empty = ("█", "·") if utf8 else ("#", ".")

    def report(done: int, total: int) -> None:
        if tty:
            now = time.perf_counter()
            if done != total and now - drawn[0] < 0.1:
                return  # redraw at most ten times a second
            drawn[0] = now
            elapsed = max(now - start, 1e-9)
            rate = done / elapsed
            left = (total - done) / rate if rate > 0 else 0.0
            tail = f" {done}/{total} {what}, {rate:.1f}/s, " + (f"{_clock(left)} left" if done < total else f"{_clock(elapsed)}")
            import shutil

            width = max(10, min(40, shutil.get_terminal_size((80, 24)).columns - len(tail) - 3))
            filled = width * done // total
            out.write(f"\r[{full * filled}{empty * (width - filled)}]{tail}\033[K")
            if done == total:
                out.write("\n")
            out.flush()
            return
        tenth = 10 * done // total
        if tenth != last[0]:
            last[0] = tenth
            out.write(f"{done}/{total} {what}\n")
            out.flush()

    return report


def _clock(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds}s"


#: scores, winners, turns, and the designer record when statistics are asked for
Outcome = tuple[list[int], list[int], int, GameRecord | None] | GameFailure


def _one_game(rules: Ruleset, players: int, game_seed: int, bots: Sequence[str], trading: bool,
              stats: bool = False, check: bool = False) -> Outcome:
    from engine.errors import BohnError
    from engine.game.invariants import InvariantWatch

    records: list[GameRecord] = []
    checker = InvariantWatch() if check else None

    def on_start(game: Game) -> None:
        if stats:
            records.append(watch(game))
        if checker is not None:
            checker.start(game)

    try:
        played = play_game(rules, players, game_seed, make_agents(list(bots), players, game_seed),
                           trading=trading, record=False, on_start=on_start if stats or check else None,
                           after_action=checker)
    except BohnError as exc:
        if exc.code.startswith("C"):
            raise
        return GameFailure.from_error(game_seed, exc)  # reported with its seed; the batch goes on
    game = played.game
    outcome = list(game.scores), list(game.winners), game.state.turn, records[0] if records else None
    game.release()  # (freed at once, not by the cyclic collector: ``Game.release``)
    return outcome


def _seed_outcome(rulesets: Sequence[Ruleset], game_seed: int, *, players: int, bots: Sequence[str], trading: bool,
                  stats: bool = False, check: bool = False) -> Outcome:
    """One game for a backend (engine/sim/backends.py): module level, so it pickles."""
    return _one_game(rulesets[0], players, game_seed, bots, trading, stats, check)


def simulate(rules: Ruleset, players: int, games: int, *, seed: int = 0, bots: Sequence[str] = ("greedy",),
             trading: bool = True, progress: Progress | None = None, jobs: int = 1, ref: str | None = None,
             backend: Backend | None = None, stats: bool = True, check: bool = False) -> Stats:
    """Play ``games`` games on seeds ``seed..``; count wins (ties split) and scores.

    Games run on ``backend`` (default: this process, or ``jobs`` local processes);
    results come back in seed order, so the numbers do not depend on where they ran.
    ``ref`` (how the user named the ruleset) goes into the replay commands of failed games.
    With ``stats`` each game is watched for the designer tables (engine/sim/designer.py);
    with ``check`` the invariants are checked after every action (a game breaking one is a
    failure, G680)."""
    start = time.perf_counter()
    play = bind(_seed_outcome, players=players, bots=tuple(bots), trading=trading, stats=stats, check=check)
    outcomes = play_seeds(play, [rules], range(seed, seed + games), backend=backend or local_backend(jobs),
                          progress=progress)
    seats = [SeatStats() for _ in range(players)]
    turns: list[int] = []
    per_game: list[list[int]] = []
    failures: list[GameFailure] = []
    designer = DesignerTally(players) if stats else None
    for outcome in outcomes:
        if isinstance(outcome, GameFailure):
            failures.append(outcome)
            per_game.append([])
            continue
        scores, winners, length, record = outcome
        if record is not None and designer is not None:
            designer.add(record)  # folded now: no record is kept
        for seat in winners:
            seats[seat].wins += 1 / len(winners)
        for seat, score in enumerate(scores):
            seats[seat].scores.append(score)
        turns.append(length)
        per_game.append(scores)
    return Stats(rules.id, rules.variant, players, games, seats, turns, len(failures), time.perf_counter() - start, per_game,
                 failures=failures, ref=ref or rules.id, bots=tuple(bots), trading=trading,
                 designer=designer.result() if designer is not None else None)


def paired_difference(a: Stats, b: Stats) -> tuple[float, float, int]:
    """Mean per-game difference of the average score (b - a), its standard error, games."""
    diffs = [sum(sb) / len(sb) - sum(sa) / len(sa) for sa, sb in zip(a.per_game_scores, b.per_game_scores) if sa and sb]
    n = len(diffs)
    if n < 2:
        return (diffs[0] if diffs else 0.0), float("nan"), n
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n), n


def report(stats: Stats) -> list[str]:
    title = stats.ruleset + (f" ({stats.variant})" if stats.variant else "")
    rate = stats.games / stats.seconds if stats.seconds else 0.0
    out = [f"{title}: {stats.games} games, {stats.players} players, {rate:.0f} games/s, "
           f"{stats.mean_turns:.1f} turns on average, mean score {stats.mean_score():.2f}"]
    out += failure_lines(stats.failures, stats.games, stats.replay_command)
    out.append(f"  {'seat':<6}{'wins':>8}{'mean score':>12}")
    for i, s in enumerate(stats.seats):
        share = 100 * s.wins / max(stats.games - stats.runaway, 1)
        out.append(f"  {i:<6}{share:>7.1f}%{s.mean:>12.2f}")
    return out


def unfinished(a: Stats, b: Stats) -> int:
    """Seeds on which at least one of the two rulesets did not finish its game."""
    return sum(1 for sa, sb in zip(a.per_game_scores, b.per_game_scores) if not sa or not sb)


def compare_report(a: Stats, b: Stats) -> list[str]:
    mean, se, n = paired_difference(a, b)
    verdict = "no clear difference"
    missing = unfinished(a, b)
    if missing:
        verdict = (f"NO CONCLUSION: {missing} of {a.games} seed(s) did not finish in both rulesets, "
                   "and a comparison that leaves them out would be biased (see the errors above)")
    elif n < 2:
        verdict = "NO CONCLUSION: a comparison needs at least two games"
    elif se == se and se > 0 and abs(mean) > 2 * se:
        verdict = "a real difference (more than two standard errors)"
    name_a = a.ruleset + (f" ({a.variant})" if a.variant else "")
    name_b = b.ruleset + (f" ({b.variant})" if b.variant else "")
    if missing or n < 2:
        return [f"{name_b} vs {name_a}: {verdict}"]
    return [
        f"{name_b} vs {name_a}, the same {n} seeds:",
        f"  mean score {b.mean_score():.2f} vs {a.mean_score():.2f}: difference {mean:+.2f} ± {se:.2f} (standard error) — {verdict}",
        f"  game length {b.mean_turns:.1f} vs {a.mean_turns:.1f} turns",
    ]


def conclusive(a: Stats, b: Stats) -> bool:
    """Whether a comparison may conclude anything: every seed finished in both rulesets."""
    return unfinished(a, b) == 0 and paired_difference(a, b)[2] >= 2
