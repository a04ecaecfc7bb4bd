"""Designer statistics: the per-bean, per-building and game-length tables of `bohn
simulate` agree with counts taken from the logs of the same games."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.game import log
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

GAMES = 6
PLAYERS = 4


def _logged_games(tmp_path: Path) -> list[list[dict]]:  # type: ignore[type-arg]
    """The same seeds `simulate` plays, written as logs and read back."""
    rules = load_ruleset("high_bohn")
    games = []
    for seed in range(GAMES):
        agents = make_agents(["greedy"], PLAYERS, seed)
        played = play_game(rules, PLAYERS, seed, agents)
        path = tmp_path / f"game-{seed}.jsonl"
        log.write(path, log.header(played.game, "high_bohn", [a.name for a in agents]),
                  log.entries(played.game.events, played.actions, played.action_positions))
        games.append([e for e in log.read(path)[1] if e["type"] != "action"])
    return games


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, list[list[dict]], Path]:  # type: ignore[type-arg]
    from engine.cli import main

    tmp = tmp_path_factory.mktemp("designer")
    out = tmp / "out.json"
    plot = tmp / "out.png"
    argv = ["simulate", "--ruleset", "high_bohn", "--games", str(GAMES), "--format", "json"]
    has_plot = _has_matplotlib()
    if has_plot:
        argv += ["--plot", str(plot)]
    stdout = sys.stdout
    sys.stdout = buffer = io.StringIO()
    try:
        assert main(argv) == 0
    finally:
        sys.stdout = stdout
    out.write_text(buffer.getvalue())
    data = json.loads(buffer.getvalue())["runs"][0]["designer"]
    return data, _logged_games(tmp), plot if has_plot else Path()


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def test_building_table_matches_the_logs(simulated) -> None:  # type: ignore[no-untyped-def]
    table, games, _ = simulated
    bought = Counter(e["item"] for g in games for e in g if e["type"] == "bought")
    in_games = Counter(item for g in games for item in {e["item"] for e in g if e["type"] == "bought"})
    turns: dict[str, list[int]] = {}
    for g in games:
        for e in g:
            if e["type"] == "bought":
                turns.setdefault(e["item"], []).append(e["turn"])
    rows = {r["item"]: r for r in table["items"]}
    assert set(rows) == set(bought) and len(rows) > 10, "every building bought in the logs has a row, no other"
    for item, row in rows.items():
        assert row["bought"] == bought[item]
        assert row["bought_share"] == pytest.approx(in_games[item] / GAMES)
        assert row["mean_turn"] == pytest.approx(sum(turns[item]) / len(turns[item]))
    # win share of holders, recounted from the logs for one building
    item = max(bought, key=lambda i: bought[i])
    won = seats = 0.0
    for g in games:
        end = next(e for e in g if e["type"] == "game_ended")
        for e in g:
            if e["type"] == "bought" and e["item"] == item:
                seats += 1
                won += 1 / len(end["winners"]) if e["seat"] in end["winners"] else 0
    assert rows[item]["holders_win_share"] == pytest.approx(won / seats)


def test_bean_table_and_length_match_the_logs(simulated) -> None:  # type: ignore[no-untyped-def]
    table, games, _ = simulated
    harvests = [e for g in games for e in g if e["type"] == "harvested"]
    for row in table["beans"]:
        mine = [e for e in harvests if e["bean"] == row["bean"]]
        assert row["harvests"] == sum(1 for e in mine if not e["final"])
        assert row["final_harvests"] == sum(1 for e in mine if e["final"])
        assert row["coins_per_harvest"] == pytest.approx(sum(e["coins"] for e in mine) / len(mine))
        assert row["beans_per_harvest"] == pytest.approx(sum(e["beans"] for e in mine) / len(mine))
    lengths = [next(e for e in g if e["type"] == "game_ended")["turn"] for g in games]
    assert table["length"]["mean"] == pytest.approx(sum(lengths) / GAMES)
    assert (table["length"]["min"], table["length"]["max"]) == (min(lengths), max(lengths))


def test_plot_is_written(simulated) -> None:  # type: ignore[no-untyped-def]
    _, _, plot = simulated
    if plot == Path():
        pytest.skip("matplotlib is not installed (pip install 'bohn[plot]')")
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_text_and_csv(bohn) -> None:
    run = bohn("simulate", "--ruleset", "high_bohn", "--games", "2", "--players", "3", "--quiet")
    assert run.code == 0
    assert "harvests/game" in run.out and "holders win" in run.out
    assert "Garden bean" in run.out and "2 Gold mine" in run.out, "names, not ids"
    assert "game length:" in run.out
    run = bohn("simulate", "--ruleset", "high_bohn", "--games", "2", "--players", "3", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(run.out)))
    assert rows[0].keys() == {"ruleset", "table", "name", "metric", "value"}
    assert {r["table"] for r in rows} >= {"length", "beans", "items"}
    assert any(r["table"] == "items" and r["name"] == "gold_mine_2" and r["metric"] == "bought" for r in rows)


def test_no_stats(bohn) -> None:
    run = bohn("simulate", "--games", "2", "--no-stats", "--format", "json")
    assert json.loads(run.out)["runs"][0]["designer"] is None


def test_plot_without_matplotlib_says_how_to_install(bohn, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    run = bohn("simulate", "--games", "2", "--quiet", "--no-stats", "--plot", str(tmp_path / "p.png"))
    assert run.code == 2 and "error C520" in run.err and "bohn[plot]" in run.err
    assert not (tmp_path / "p.png").exists()


def test_action_table_tells_apart_the_actions_one_effect_declares(bohn) -> None:
    """bean_market's `market` effect declares `sell` and `buy_action`: each gets its own
    row (``market.sell``, named as `act` takes it), counted as the logs count them; a card
    with one action keeps its own row, shown by the card's name."""
    market = "rulesets/examples/bean_market.yaml"
    run = bohn("simulate", "--ruleset", market, "--games", "3", "--players", "3", "--format", "json")
    assert run.code == 0
    rows = {r["action"]: r for r in json.loads(run.out)["runs"][0]["designer"]["actions"]}
    assert {"market.sell", "market.buy_action"} <= set(rows) and "market" not in rows
    rules = load_ruleset(market)
    uses: Counter[tuple[str, str]] = Counter()
    for seed in range(3):
        played = play_game(rules, 3, seed, make_agents(["greedy"], 3, seed))
        uses.update((e["action"], e["name"]) for e in played.game.events if e["type"] == "acted")
    assert rows["market.sell"]["uses"] == uses["market", "sell"] > 0
    assert rows["market.buy_action"]["uses"] == uses["market", "buy_action"] > 0
    assert rows["windfall"]["uses"] == uses["windfall", "play_windfall"]
    text = bohn("simulate", "--ruleset", market, "--games", "3", "--players", "3", "--quiet").out
    table = text[text.index("uses/game"):]
    assert "market.sell" in table and "market.buy_action" in table and "Windfall" in table


def test_designer_tables_keep_their_columns_under_long_names() -> None:
    """An action's name is its effect's id and its own; one longer than the old fixed
    column (22) ran into its figures. Every row's figures end where the header's do."""
    from engine.sim.designer import MAX_NAME_WIDTH, Designer, text_lines

    rows = [{"action": name, "uses": 3, "uses_per_game": 1.5, "games_share": 0.5, "mean_turn": 4.0}
            for name in ("market", "field_to_ship.harvest_into_ship_one", "x" * 80)]
    items = [{"item": "a_building_with_a_long_long_id", "bought_share": 0.5, "mean_turn": 3.0, "holders_win_share": 0.5,
              "others_win_share": 0.2, "holders_mean_score": 9.0, "others_mean_score": 8.0}]
    d = Designer(2, [], items, rows, {"mean": 40.0, "median": 40.0, "min": 38, "max": 42, "rounds_mean": 10.0})
    text = text_lines(d)
    head = next(line for line in text if line.startswith("  action"))
    assert head.index("uses/game") == 2 + MAX_NAME_WIDTH + 1, "the widest column: the 80-letter name is past it"
    for name in ("market", "field_to_ship.harvest_into_ship_one"):
        row = next(line for line in text if line.startswith("  " + name + " "))
        assert len(row) == len(head), row
        assert row[:2 + MAX_NAME_WIDTH].rstrip() == "  " + name
    long_row = next(line for line in text if "x" * 80 in line)
    assert long_row.split()[1:] == ["1.50", "50.0%", "4.0"], "a name past the widest column pushes its own row only"
    item_head = next(line for line in text if line.startswith("  item"))
    item_row = next(line for line in text if line.startswith("  a_building"))
    assert len(item_row) == len(item_head) and item_head.index("bought") == 2 + len("a_building_with_a_long_long_id") + 2 + 2
