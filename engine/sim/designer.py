"""Designer statistics: what the cards themselves do over many games.

Win shares say who won; a designer also asks *why*: which beans pay, which buildings
are bought, when, and whether their owners win more. Each game is watched through its
events (``Game.listen``) and boiled down to a small, picklable :class:`GameRecord`
(so parallel workers send little back); :class:`DesignerTally` folds the records into
tables as they arrive (constant memory), shown as text, JSON or CSV.

Tables:

- **beans** — per bean: harvests per game (during play and at the final harvest),
  beans per harvest, coins per harvest;
- **items** — per purchasable item (building, ship…): share of games in which it was
  bought, the mean turn of purchase, the win share of its holders against the others
  (per seat-game), and the mean final score of holders and others;
- **actions** — per declared action (played cards, abilities): uses per game, the share
  of games in which it was taken at all, and the mean turn of use. A row is named by the
  id of the effect or card declaring the action; where one declares several (a market
  that buys and sells), each gets its own row, ``id.name`` — the name ``act`` takes;
- **length** — turns per game: mean, median, shortest, longest.
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from engine.rules.probes import every_program

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


def action_labels(rules: Any) -> dict[tuple[str, str], str]:
    """The row of each declared action, by (declaring effect or card id, action name).

    Why: a designer balances each action on its own, and an effect may declare several
    (a market's `sell` and `buy_action`): lumped under the effect's id they hide which one
    is used. A declaration with one action keeps the plain id (a card's one play reads as
    the card); with several, each row is ``id.name``, the name ``bohn play``'s `act` takes."""
    declared: dict[str, list[str]] = {}
    for part in every_program(rules):
        for action in part.actions:
            names = declared.setdefault(action.rule, [])
            if action.name not in names:
                names.append(action.name)
    return {(rule, name): rule if len(names) == 1 else f"{rule}.{name}"
            for rule, names in declared.items() for name in names}


def watch(game: Any) -> GameRecord:
    """Start recording ``game``'s designer statistics; the record fills as it is played."""
    record = GameRecord()
    labels = action_labels(game.rules)

    def listen(event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind not in WATCHED:
            return
        if kind == "harvested":
            record.harvests.append((event["bean"], event["beans"], event["coins"], bool(event.get("final"))))
        elif kind == "bought":
            record.bought.append((event["item"], event.get("group") or event["item"], event["seat"], event["turn"]))
        elif kind == "acted":
            rule, name = str(event.get("action")), str(event.get("name"))
            record.acted.append((labels.get((rule, name), rule), event["seat"], event["turn"]))
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


class DesignerTally:
    """The designer tables, folded one record at a time: memory grows with the number of
    beans, items, actions and distinct game lengths, never with the number of games, so
    a 100,000-game simulation keeps no record (issue 16)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.beans: dict[str, list[int]] = {}  # harvests, final harvests, beans, coins
        # per item: purchases, games bought in, sum of turns, group, holder seat-games, their win units, their scores
        self.items: dict[str, list[Any]] = {}
        self.seat_games = 0
        self.win_units = 0  # wins in units of 1/unit: a tie shares exactly
        self.score_sum = 0
        self.unit = math.lcm(*range(1, max(players, 1) + 1))
        self.actions: dict[str, list[int]] = {}  # uses, sum of turns, games with a use
        self.lengths: Counter[int] = Counter()

    def add(self, rec: GameRecord) -> None:
        self.games += 1
        for bean, count, coins, final in rec.harvests:
            row = self.beans.setdefault(bean, [0, 0, 0, 0])
            row[1 if final else 0] += 1
            row[2] += count
            row[3] += coins
        shares = [self.unit // len(rec.winners) if seat in rec.winners else 0 for seat in range(len(rec.scores))]
        self.seat_games += len(rec.scores)
        self.win_units += sum(shares)
        self.score_sum += sum(rec.scores)
        holders: dict[str, set[int]] = {}
        for item, group, seat, turn in rec.bought:
            row = self.items.setdefault(item, [0, 0, 0, group, 0, 0, 0])
            row[0] += 1
            row[2] += turn
            holders.setdefault(item, set()).add(seat)
        for item, seats in holders.items():
            row = self.items[item]
            row[1] += 1
            for seat in seats:
                if seat < len(rec.scores):
                    row[4] += 1
                    row[5] += shares[seat]
                    row[6] += rec.scores[seat]
        for rule, _seat, turn in rec.acted:
            row = self.actions.setdefault(rule, [0, 0, 0])
            row[0] += 1
            row[1] += turn
        for rule in {r for r, _, _ in rec.acted}:
            self.actions[rule][2] += 1
        self.lengths[rec.turns] += 1

    def result(self) -> Designer:
        n = self.games
        bean_rows = []
        for bean, (harvests, finals, beans, coins) in sorted(self.beans.items()):
            total = harvests + finals
            bean_rows.append({"bean": bean, "harvests": harvests, "final_harvests": finals,
                              "harvests_per_game": total / n if n else 0.0,
                              "beans_per_harvest": beans / total, "coins_per_harvest": coins / total, "coins": coins})
        item_rows = []
        for item, (bought, games, turns, group, count_h, won_h, score_h) in sorted(self.items.items()):
            count_o = self.seat_games - count_h
            item_rows.append({
                "item": item, "group": group, "bought": bought, "bought_share": games / n if n else 0.0,
                "mean_turn": turns / bought if bought else None,
                "holders_win_share": won_h / self.unit / count_h if count_h else None,
                "others_win_share": (self.win_units - won_h) / self.unit / count_o if count_o else None,
                "holders_mean_score": score_h / count_h if count_h else None,
                "others_mean_score": (self.score_sum - score_h) / count_o if count_o else None,
            })
        action_rows = [{"action": rule, "uses": uses, "uses_per_game": uses / n if n else 0.0,
                        "games_share": games / n if n else 0.0,
                        "mean_turn": turns / uses if uses else None} for rule, (uses, turns, games) in sorted(self.actions.items())]
        total_turns = sum(t * k for t, k in self.lengths.items())
        length: dict[str, Any] = {"mean": total_turns / n if n else None, "median": None, "min": None, "max": None,
                                  "rounds_mean": total_turns / n / self.players if n else None}
        if n:
            ordered = sorted(self.lengths.items())

            def nth(index: int) -> int:
                for turns, k in ordered:
                    if index < k:
                        return turns
                    index -= k
                raise IndexError(index)

            mid = n // 2
            length.update(min=ordered[0][0], max=ordered[-1][0],
                          median=float(nth(mid)) if n % 2 else (nth(mid - 1) + nth(mid)) / 2)
        return Designer(n, bean_rows, item_rows, action_rows, length)


def aggregate(records: Iterable[GameRecord], players: int) -> Designer:
    """The tables of finished games' records."""
    tally = DesignerTally(players)
    for rec in records:
        tally.add(rec)
    return tally.result()


def _num(value: Any, digits: int = 2, pct: bool = False) -> str:
    if value is None:
        return "-"
    if pct:
        return f"{100 * value:.1f}%"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


#: The first column of a designer table: at least this wide, and as wide as its longest
#: name plus two spaces up to ``MAX_NAME_WIDTH`` (a longer name pushes its own row only).
MIN_NAME_WIDTH = 22
MAX_NAME_WIDTH = 48


def _first_width(names: list[str]) -> int:
    """The width of a table's first column for ``names``: why not a fixed 22, an action's
    name is its effect's id and its own (``field_to_ship.harvest_into_ship_one``), and a
    name as wide as the column ran into the figures."""
    return min(MAX_NAME_WIDTH, max([MIN_NAME_WIDTH] + [len(n) + 2 for n in names]))


def text_lines(d: Designer, name: Callable[[str], str] = str) -> list[str]:
    """The tables as aligned text; ``name`` turns a bean or item id into its display name."""
    if not d.games:
        return ["  (no finished game: no designer statistics)"]
    ln = d.length
    out = [f"  game length: {_num(ln['mean'], 1)} turns on average ({_num(ln['rounds_mean'], 1)} rounds), "
           f"median {_num(ln['median'], 1)}, shortest {ln['min']}, longest {ln['max']}"]
    if d.beans:
        w = _first_width([name(r['bean']) for r in d.beans])
        out += ["", f"  {'bean':<{w}}{'harvests/game':>14}{'at the end':>11}{'beans/harvest':>14}{'coins/harvest':>14}"]
        for r in d.beans:
            out.append(f"  {name(r['bean']):<{w}}{r['harvests_per_game']:>14.2f}{r['final_harvests'] / d.games:>11.2f}"
                       f"{r['beans_per_harvest']:>14.2f}{r['coins_per_harvest']:>14.2f}")
    if d.items:
        w = _first_width([name(r['item']) for r in d.items])
        out += ["", f"  {'item':<{w}}{'bought':>8}{'turn':>7}{'holders win':>13}{'others win':>12}"
                    f"{'holders score':>15}{'others score':>14}"]
        for r in d.items:
            out.append(f"  {name(r['item']):<{w}}{_num(r['bought_share'], pct=True):>8}{_num(r['mean_turn'], 1):>7}"
                       f"{_num(r['holders_win_share'], pct=True):>13}{_num(r['others_win_share'], pct=True):>12}"
                       f"{_num(r['holders_mean_score']):>15}{_num(r['others_mean_score']):>14}")
    if d.actions:
        w = _first_width([name(r['action']) for r in d.actions])
        out += ["", f"  {'action':<{w}}{'uses/game':>10}{'games':>8}{'turn':>7}"]
        for r in d.actions:
            out.append(f"  {name(r['action']):<{w}}{r['uses_per_game']:>10.2f}{_num(r['games_share'], pct=True):>8}"
                       f"{_num(r['mean_turn'], 1):>7}")
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
