"""The report of a sweep as a text table, JSON or CSV (docs/simulation.md reads it)."""

from __future__ import annotations

import csv
import io
import math
from typing import Any

from engine.sim.running import Running
from engine.sim.sweep import SweepResult


def _num(value: float) -> float | None:
    """JSON has no nan: an undefined figure is null."""
    return None if value != value or math.isinf(value) else value


def _interval(r: Running) -> list[float | None]:
    low, high = r.ci95()
    return [_num(low), _num(high)]


def _win_interval(share: float, n: int) -> list[float | None]:
    if n < 2:
        return [None, None]
    half = 1.959963984540054 * math.sqrt(max(share * (1 - share), 0.0) / n)
    return [max(0.0, share - half), min(1.0, share + half)]


def combination_json(result: SweepResult, index: int) -> dict[str, Any]:
    t = result.tallies[index]
    data: dict[str, Any] = {
        "label": result.labels[index],
        "baseline": index == 0,
        "settings": result.settings[index],
        "games": result.games,
        "finished_games": t.finished,
        "failed_games": t.failed,
        "failures": [f.to_json() for f in t.failures],
        "mean_score": _num(t.score.mean) if t.finished else None,
        "score_sd": _num(t.score.sd),
        "mean_turns": _num(t.turns.mean) if t.finished else None,
        "seats": [{"seat": s, "win_share": t.win_share(s), "win_share_ci95": _win_interval(t.win_share(s), t.finished),
                   "mean_score": t.seat_mean(s)} for s in range(result.players)],
    }
    if index > 0:
        data["vs_baseline"] = {
            "paired_games": t.score_diff.n,
            "mean_score_difference": _num(t.score_diff.mean),
            "standard_error": _num(t.score_diff.se),
            "ci95": _interval(t.score_diff),
            "clear": t.score_diff.excludes_zero(),
            "turns_difference": _num(t.turns_diff.mean),
            "turns_ci95": _interval(t.turns_diff),
            "first_seat_win_share_difference": _num(t.first_seat_diff.mean),
            "first_seat_ci95": _interval(t.first_seat_diff),
        }
    return data


def to_json(result: SweepResult) -> dict[str, Any]:
    return {
        "ruleset": result.ruleset,
        "variant": result.variant,
        "players": result.players,
        "games": result.games,
        "seeds": [result.seed, result.seed + result.games - 1],
        "bots": list(result.bots),
        "trading": result.trading,
        "axes": [{"path": a.name, "values": list(a.values)} for a in result.axes],
        "house_rules": result.houses,
        "seconds": result.seconds,
        "combinations": [combination_json(result, i) for i in range(len(result.tallies))],
    }


def to_csv(result: SweepResult) -> str:
    """One row per combination, the baseline first; empty cells where a figure is undefined."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    seats = range(result.players)
    header = ["combination", *(a.name for a in result.axes), "house", "games", "failed_games", "mean_score", "mean_turns",
              *(f"win_share_seat_{s}" for s in seats), *(f"mean_score_seat_{s}" for s in seats),
              "score_difference", "score_ci95_low", "score_ci95_high", "turns_difference",
              "first_seat_win_difference", "first_seat_ci95_low", "first_seat_ci95_high"]
    writer.writerow(header)

    def cell(value: float | None) -> str:
        return "" if value is None else f"{value:.10g}"

    for i, t in enumerate(result.tallies):
        settings = result.settings[i]
        house = str(settings.get("house") or "")
        row: list[str] = [result.labels[i], *(str(settings.get(a.name, "")) for a in result.axes), house, str(result.games),
                          str(t.failed), cell(_num(t.score.mean) if t.finished else None),
                          cell(_num(t.turns.mean) if t.finished else None),
                          *(cell(t.win_share(s)) for s in seats), *(cell(t.seat_mean(s)) for s in seats)]
        if i == 0:
            row += [""] * 7
        else:
            row += [cell(_num(t.score_diff.mean)), *(cell(v) for v in _interval(t.score_diff)), cell(_num(t.turns_diff.mean)),
                    cell(_num(t.first_seat_diff.mean)), *(cell(v) for v in _interval(t.first_seat_diff))]
        writer.writerow(row)
    return out.getvalue()


def _signed(value: float, digits: int = 2) -> str:
    return "n/a" if value != value else f"{value:+.{digits}f}"


def _difference(r: Running, scale: float = 1.0, digits: int = 2) -> str:
    if r.n < 2:
        return "n/a"
    low, high = r.ci95()
    mark = " *" if r.excludes_zero() else "  "
    return f"{_signed(r.mean * scale, digits)} [{_signed(low * scale, digits)}, {_signed(high * scale, digits)}]{mark}"


def text_lines(result: SweepResult) -> list[str]:
    """The table: a row per combination, the baseline first."""
    title = result.ruleset + (f" ({result.variant})" if result.variant else "")
    seeds = f"seeds {result.seed}..{result.seed + result.games - 1}"
    out = [f"{title}, {result.players} players: {result.games} games per combination ({seeds}, the same for each), "
           f"bots {','.join(result.bots)}, trading {'on' if result.trading else 'off'}", ""]
    width = max(len(label) for label in result.labels)
    wins = "  ".join(f"{'seat ' + str(s):>7}" for s in range(result.players))
    out.append(f"{'':<{width}}  {'mean':>6}  {'win share by seat':^{len(wins)}}  {'game':>6}  "
               f"{'vs baseline: mean score':<28}{'first seat wins':<24}")
    out.append(f"{'combination':<{width}}  {'score':>6}  {wins}  {'turns':>6}  {'difference [95% CI]':<28}{'difference [95% CI]':<24}")
    for i, t in enumerate(result.tallies):
        if t.finished:
            shares = "  ".join(f"{100 * t.win_share(s):>6.1f}%" for s in range(result.players))
            row = f"{result.labels[i]:<{width}}  {t.score.mean:>6.2f}  {shares}  {t.turns.mean:>6.1f}  "
        else:
            row = f"{result.labels[i]:<{width}}  {'-':>6}  {'':<{len(wins)}}  {'-':>6}  "
        if i:
            row += f"{_difference(t.score_diff):<28}{_difference(t.first_seat_diff, 100, 1):<24}"
        out.append(row.rstrip())
        if t.failed:
            first = t.failures[0]
            out.append(f"{'':<{width}}  ! {t.failed} game(s) stopped with an error, e.g. seed {first.seed}: "
                       f"{first.code} {first.message}")
    out += ["", "* the 95% confidence interval excludes 0: a real difference, not noise "
                "(differences are paired: each game is compared with the baseline game of the same seed; "
                "first seat wins in percentage points)"]
    return out
