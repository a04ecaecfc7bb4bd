"""`bohn sweep`: values set by path, house-rule files, the same seeds for every
combination, paired differences to the baseline, and its three output formats."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.rules.loader import load_ruleset
from engine.sim.simulate import simulate
from engine.sim.sweep import combinations, parse_set, sweep
from engine.sim.sweep_report import text_lines, to_csv, to_json


def test_parse_set_reads_paths_and_yaml_values() -> None:
    axis = parse_set("player_counts.2.field_price=1, 2,3")
    assert axis.path == ("player_counts", "2", "field_price") and axis.values == (1, 2, 3)
    assert [s.col for s in axis.spans] == [29, 32, 34], "each value knows its column on the command line"
    listed = parse_set("beans.coffee.beanometer=[4,7,10,12],[3,6,9,11]", 2)
    assert listed.values == ([4, 7, 10, 12], [3, 6, 9, 11]) and listed.spans[1].line == 2


@pytest.mark.parametrize("text, col", [("field_price", 1), ("=1,2", 1), ("a..b=1", 1), ("a.b=1,,2", 7), ("a.+b=1", 1)])
def test_parse_set_errors_are_coded_and_placed(text: str, col: int) -> None:
    with pytest.raises(BohnError) as caught:
        parse_set(text)
    d = caught.value.diagnostics[0]
    assert d.code == "C544" and d.span is not None and (d.span.file, d.span.col) == ("--set", col)


def test_a_path_that_does_not_exist_points_at_the_option() -> None:
    with pytest.raises(BohnError) as caught:
        combinations("base", None, 2, [parse_set("player_counts.2.feld_price=1")])
    d = caught.value.diagnostics[0]
    assert d.code == "O302" and "field_price" in d.message and str(d.span) == "--set:1:28"


def test_a_value_the_schema_refuses_points_at_the_value() -> None:
    with pytest.raises(BohnError) as caught:
        combinations("base", None, 2, [parse_set("player_counts.2.field_price=2,-1")])
    assert caught.value.code.startswith("S") and str(caught.value.diagnostics[0].span) == "--set:1:31"


def test_too_many_combinations() -> None:
    axes = [parse_set("player_counts.4.field_price=" + ",".join(map(str, range(1, 9)))),
            parse_set("player_counts.4.draw=" + ",".join(map(str, range(1, 10))), 2)]
    with pytest.raises(BohnError) as caught:
        combinations("base", None, 4, axes)
    assert caught.value.code == "C545"


def test_every_combination_plays_the_baseline_seeds() -> None:
    axes = [parse_set("player_counts.4.field_price=1,3")]
    baseline, variations = combinations("base", None, 4, axes)
    assert [v.rules.player_counts[4].field_price for v in variations] == [1, 3]
    result = sweep(baseline, variations, 4, 12, seed=4, bots=["greedy"], axes=axes)
    alone = simulate(load_ruleset("base"), 4, 12, seed=4, bots=["greedy"])
    base = result.tallies[0]
    assert base.finished == 12 and [base.win_share(s) for s in range(4)] == [s.wins / 12 for s in alone.seats]
    assert base.score.mean == pytest.approx(alone.mean_score()) and base.turns.mean == pytest.approx(alone.mean_turns)
    same = result.tallies[2]  # field_price=3 is the baseline's own value: the same games
    assert same.score_diff.n == 12 and same.score_diff.mean == 0 and same.score_diff.m2 == 0
    assert not same.score_diff.excludes_zero()
    cheap = result.tallies[1]
    assert cheap.score_diff.n == 12 and cheap.score.mean != base.score.mean, "a cheaper field changes the games"
    data = to_json(result)
    assert [c["label"] for c in data["combinations"]] == ["baseline", "player_counts.4.field_price=1",
                                                          "player_counts.4.field_price=3"]
    assert data["combinations"][2]["vs_baseline"]["ci95"] == [0.0, 0.0]
    assert data["combinations"][2]["vs_baseline"]["first_seat_ci95"] == [0.0, 0.0], "the same games: no first-seat difference"
    assert [s["mean_score"] for s in data["combinations"][0]["seats"]] == pytest.approx([s.mean for s in alone.seats])
    assert data["seeds"] == [4, 15] and data["axes"] == [{"path": "player_counts.4.field_price", "values": [1, 3]}]
    low, high = data["combinations"][1]["vs_baseline"]["ci95"]
    assert low < data["combinations"][1]["vs_baseline"]["mean_score_difference"] < high


def test_cli_table_json_and_csv(bohn, tmp_path: Path) -> None:
    house = tmp_path / "cheap.yaml"
    house.write_text("extends: base\nid: cheap\nname: Cheap fields\nplayer_counts:\n  3: {field_price: 1}\n")
    args = ["sweep", "--players", "3", "--games", "6", "--bots", "random", "--no-trading",
            "--set", "player_counts.3.draw=2,3", "--house", str(house)]
    text = bohn(*args)
    assert text.code == 0, text.err
    lines = text.out.splitlines()
    assert lines[0].startswith("base, 3 players: 6 games per combination (seeds 0..5")
    rows = [line for line in lines if line.startswith(("baseline", str(house)))]
    assert len(rows) == 3 and "%" in rows[0] and "[" in rows[1], "baseline, then two rows with their difference"
    assert "6/6 games" in text.err
    data = json.loads(bohn(*args, "--format", "json").out)
    assert len(data["combinations"]) == 3 and data["house_rules"] == [str(house)]
    assert data["combinations"][1]["settings"] == {"house": str(house), "player_counts.3.draw": 2}
    table = list(csv.DictReader(io.StringIO(bohn(*args, "--format", "csv").out)))
    assert [r["combination"] for r in table][0] == "baseline" and len(table) == 3
    assert table[2]["player_counts.3.draw"] == "3" and table[2]["house"] == str(house)
    assert float(table[1]["win_share_seat_0"]) == pytest.approx(data["combinations"][1]["seats"][0]["win_share"], rel=1e-9)


def test_cli_errors(bohn) -> None:
    assert bohn("sweep", "--games", "2").code == 2, "nothing to vary"
    bad = bohn("sweep", "--games", "2", "--set", "nothing")
    assert bad.code == 2 and "C544" in bad.err
    assert bohn("sweep", "--games", "2", "--house", "no_such_file.yaml").code == 1


def test_text_report_marks_clear_differences() -> None:
    axes = [parse_set("player_counts.4.field_price=3")]
    baseline, variations = combinations("base", None, 4, axes)
    lines = text_lines(sweep(baseline, variations, 4, 3, bots=["random"], trading=False, axes=axes))
    row = next(line for line in lines if line.startswith("player_counts"))
    assert "+0.00 [+0.00, +0.00]" in row and "*" not in row
    assert to_csv(sweep(baseline, variations, 4, 1, bots=["random"], trading=False, axes=axes)).count("\n") == 3


def test_plot_is_drawn_with_the_extra_and_refused_without(bohn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    args = ["sweep", "--players", "4", "--games", "3", "--bots", "random", "--no-trading", "--quiet",
            "--set", "player_counts.4.field_price=1,2"]
    if pytest.importorskip("matplotlib"):
        picture = tmp_path / "sweep.png"
        assert bohn(*args, "--plot", str(picture)).code == 0
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    refused = bohn(*args, "--plot", str(tmp_path / "none.png"))
    assert refused.code == 2 and "C520" in refused.err and "bohn[plot]" in refused.err
    assert not (tmp_path / "none.png").exists() and refused.out == "", "refused before any game is played"


def test_failed_games_are_named_and_set_the_exit_code(bohn, tmp_path: Path) -> None:
    house = tmp_path / "lone.yaml"  # forbids harvesting a lone bean: some games deadlock (G640)
    house.write_text('extends: base\nid: lone\nname: No lone harvest\neffects:\n'
                     '  +no_lone:\n    effect: "modify may_harvest if field.size == 1 = false"\n')
    args = ["sweep", "--players", "4", "--games", "6", "--seed", "3", "--house", str(house), "--quiet"]
    run = bohn(*args)
    assert run.code == 1 and "error G641" in run.err and f"of `{house}` failed; the first, seed" in run.err
    assert f"bohn play --ruleset {house}" in run.err and "G640" in run.out, "the table names the error too"
    row = json.loads(bohn(*args, "--format", "json").out)["combinations"][1]
    assert row["failed_games"] >= 1 and row["finished_games"] + row["failed_games"] == 6
    assert row["vs_baseline"]["paired_games"] == row["finished_games"], "a failed game has no pair"
    assert bohn(*args, "--max-failures", "1").code == 0


@pytest.mark.parametrize("second", ["player_counts.4.field_price=2", "player_counts.4=5"])
def test_a_value_may_be_set_once(second: str) -> None:
    with pytest.raises(BohnError) as caught:
        combinations("base", None, 4, [parse_set("player_counts.4.field_price=1"), parse_set(second, 2)])
    assert caught.value.code == "C544" and caught.value.diagnostics[0].span.line == 2  # type: ignore[union-attr]


def test_batches_are_cut_on_demand() -> None:
    from engine.sim.backends import Batches

    batches = Batches(range(10**12), 50)
    assert len(batches) == 2 * 10**10 and list(batches[3]) == list(range(150, 200))
    assert list(Batches(range(5, 12), 3)[2]) == [11]


def test_text_report_says_whether_the_games_traded() -> None:
    axes = [parse_set("player_counts.4.field_price=3")]
    baseline, variations = combinations("base", None, 4, axes)
    for trading, said in ((True, "trading on"), (False, "trading off")):
        lines = text_lines(sweep(baseline, variations, 4, 1, bots=["random"], trading=trading, axes=axes))
        assert any(said in line for line in lines[:3]), lines[:3]


def test_a_list_value_is_labelled_as_it_is_written_on_the_command_line() -> None:
    """A combination's label shows a list value compactly, as `--set` takes it (a fresh
    seed-47 sample's survivor wrote `[4, 7, 10, 12]`, which is not what was typed and
    widens every table column it heads)."""
    _, made = combinations("base", None, 2, [parse_set("beans.coffee.beanometer=[4,7,10,12],[3,6,9,11]")])
    assert [c.label for c in made] == ["beans.coffee.beanometer=[4,7,10,12]", "beans.coffee.beanometer=[3,6,9,11]"]
