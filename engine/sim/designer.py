"""Designer statistics: what the cards themselves do over many games.

Win shares say who won; a designer also asks *why*: which beans pay, which buildings
are bought, when, and whether their owners win more. Each game is watched through its
events (``Game.listen``) and boiled down to a small, picklable :class:`GameRecord`
(so parallel workers send little back); :func:`aggregate` turns the records of a batch
into tables, shown as text, JSON or CSV.

Tables:

- **beans** — per bean: harvests per game (during play and at the final harvest),
  beans per harvest, coins per harvest;
- **items** — per purchasable item (building, ship…): share of games in which it was
  bought, the mean turn of purchase, the win share of its holders against the others
  (per seat-game), and the mean final score of holders and others;
- **actions** — per declared action (played cards, abilities): uses per game and the
  mean turn of use;
- **length** — turns per game: mean, median, shortest, longest.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any, Callable

#: The events a record needs; the listener ignores every other one.
WATCHED = frozenset({"harvested", "bought", "acted", "game_ended"})


@dataclass
class GameRecord:
    """One finished game, boiled down: harvests, purchases, uses, scores."""

    harvests: list[tuple[str, int, int, bool]] = field(default_factory=list)  # bean, beans, coins, final
    bought: list[tuple[str, str, int, int]] = field(default_factory=list)  # item, group, seat, turn
    acted: list[tuple[str, int, int]] = field(default_factory=list)  # rule, seat, turn
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    turns: int = 0


def watch(game: Any) -> GameRecord:
    """Start recording ``game``'s designer statistics; the record fills as it is played."""
    record = GameRecord()

    def listen(event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind not in WATCHED:
            return
        if kind == "harvested":
            record.harvests.append((event["bean"], event["beans"], event["coins"], bool(event.get("final"))))
        elif kind == "bought":
            record.bought.append((event["item"], event.get("group") or event["item"], event["seat"], event["turn"]))
        elif kind == "acted":
            record.acted.append((str(event.get("action")), event["seat"], event["turn"]))
        else:
            record.scores = list(event["scores"])
            record.winners = list(event["winners"])
            record.turns = event["turn"]

    game.listen(listen)
    return record


@dataclass
class Designer:
    """The designer tables of a batch of games (only games that finished count)."""

    games: int
    beans: list[dict[str, Any]]
    items: list[dict[str, Any]]
    actions: list[dict[str, Any]]
    length: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "beans": self.beans, "items": self.items, "actions": self.actions,
                "length": self.length}


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def aggregate(records: list[GameRecord], players: int) -> Designer:
    """The tables of finished games' records."""
    n = len(records)
    beans: dict[str, dict[str, float]] = {}
    for rec in records:
        for bean, count, coins, final in rec.harvests:
            row = beans.setdefault(bean, {"harvests": 0, "final_harvests": 0, "beans": 0, "coins": 0})
            row["final_harvests" if final else "harvests"] += 1
            row["beans"] += count
            row["coins"] += coins
    bean_rows = []
    for bean, row in sorted(beans.items()):
        total = row["harvests"] + row["final_harvests"]
        bean_rows.append({"bean": bean, "harvests": int(row["harvests"]), "final_harvests": int(row["final_harvests"]),
                          "harvests_per_game": total / n if n else 0.0,
                          "beans_per_harvest": row["beans"] / total, "coins_per_harvest": row["coins"] / total,
                          "coins": int(row["coins"])})

    item_rows = []
    bought: dict[str, list[tuple[GameRecord, str, int, int]]] = {}
    for rec in records:
        for item, group, seat, turn in rec.bought:
            bought.setdefault(item, []).append((rec, group, seat, turn))
    for item, purchases in sorted(bought.items()):
        holders = {(id(rec), seat) for rec, _, seat, _ in purchases}
        won_h = won_o = score_h = score_o = 0.0
        count_h = count_o = 0
        for rec in records:
            for seat in range(len(rec.scores)):
                share = 1 / len(rec.winners) if seat in rec.winners else 0.0
                if (id(rec), seat) in holders:
                    count_h += 1
                    won_h += share
                    score_h += rec.scores[seat]
                else:
                    count_o += 1
                    won_o += share
                    score_o += rec.scores[seat]
        item_rows.append({
            "item": item, "group": purchases[0][1], "bought": len(purchases),
            "bought_share": len({id(rec) for rec, _, _, _ in purchases}) / n if n else 0.0,
            "mean_turn": _mean([float(turn) for _, _, _, turn in purchases]),
            "holders_win_share": won_h / count_h if count_h else None,
            "others_win_share": won_o / count_o if count_o else None,
            "holders_mean_score": score_h / count_h if count_h else None,
            "others_mean_score": score_o / count_o if count_o else None,
        })

    uses: dict[str, list[int]] = {}
    for rec in records:
        for rule, _seat, turn in rec.acted:
            uses.setdefault(rule, []).append(turn)
    action_rows = [{"action": rule, "uses": len(turns), "uses_per_game": len(turns) / n if n else 0.0,
                    "mean_turn": _mean([float(t) for t in turns])} for rule, turns in sorted(uses.items())]

    lengths = sorted(rec.turns for rec in records)
    length: dict[str, Any] = {"mean": _mean([float(t) for t in lengths]), "median": None, "min": None, "max": None,
                              "rounds_mean": _mean([t / players for t in lengths])}
    if lengths:
        mid = len(lengths) // 2
        length.update(min=lengths[0], max=lengths[-1],
                      median=float(lengths[mid]) if len(lengths) % 2 else (lengths[mid - 1] + lengths[mid]) / 2)
    return Designer(n, bean_rows, item_rows, action_rows, length)


def _num(value: Any, digits: int = 2, pct: bool = False) -> str:
    if value is None:
        return "-"
    if pct:
        return f"{100 * value:.1f}%"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def text_lines(d: Designer, name: Callable[[str], str] = str) -> list[str]:
    """The tables as aligned text; ``name`` turns a bean or item id into its display name."""
    if not d.games:
        return ["  (no finished game: no designer statistics)"]
    ln = d.length
    out = [f"  game length: {_num(ln['mean'], 1)} turns on average ({_num(ln['rounds_mean'], 1)} rounds), "
           f"median {_num(ln['median'], 1)}, shortest {ln['min']}, longest {ln['max']}"]
    if d.beans:
        out += ["", f"  {'bean':<22}{'harvests/game':>14}{'at the end':>11}{'beans/harvest':>14}{'coins/harvest':>14}"]
        for r in d.beans:
            out.append(f"  {name(r['bean']):<22}{r['harvests_per_game']:>14.2f}{r['final_harvests'] / d.games:>11.2f}"
                       f"{r['beans_per_harvest']:>14.2f}{r['coins_per_harvest']:>14.2f}")
    if d.items:
        out += ["", f"  {'item':<22}{'bought':>8}{'turn':>7}{'holders win':>13}{'others win':>12}"
                    f"{'holders score':>15}{'others score':>14}"]
        for r in d.items:
            out.append(f"  {name(r['item']):<22}{_num(r['bought_share'], pct=True):>8}{_num(r['mean_turn'], 1):>7}"
                       f"{_num(r['holders_win_share'], pct=True):>13}{_num(r['others_win_share'], pct=True):>12}"
                       f"{_num(r['holders_mean_score']):>15}{_num(r['others_mean_score']):>14}")
    if d.actions:
        out += ["", f"  {'action':<22}{'uses/game':>10}{'turn':>7}"]
        for r in d.actions:
            out.append(f"  {name(r['action']):<22}{r['uses_per_game']:>10.2f}{_num(r['mean_turn'], 1):>7}")
    return out


def csv_text(runs: list[tuple[str, Designer]]) -> str:
    """Every table in one long-format CSV: ruleset, table, name, metric, value."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["ruleset", "table", "name", "metric", "value"])
    for ruleset, d in runs:
        for key, value in d.length.items():
            writer.writerow([ruleset, "length", "", key, "" if value is None else value])
        for table, id_key, rows in (("beans", "bean", d.beans), ("items", "item", d.items), ("actions", "action", d.actions)):
            for row in rows:
                for metric, value in row.items():
                    if metric != id_key:
                        writer.writerow([ruleset, table, row[id_key], metric, "" if value is None else value])
    return buffer.getvalue()
