"""What `bohn sweep --plot` draws (issue 20: its layout survived mutation because no test
looked at the picture): one row per combination with the baseline on top, each seat's win
share as a bar, the fair share and the zero line, the legend above the bars, a figure
whose height grows with the rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.sim import sweep_plot
from engine.sim.sweep import combinations, parse_set, sweep
from tests.sim.figures import drawn_figures

pytest.importorskip("matplotlib")


def _drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    axes = [parse_set("player_counts.4.field_price=1,2")]
    baseline, variations = combinations("base", None, 4, axes)
    result = sweep(baseline, variations, 4, 4, bots=["random"], trading=False, axes=axes)
    drawn = drawn_figures(monkeypatch, sweep_plot)
    picture = tmp_path / "sweep.svg"
    sweep_plot.write_sweep_plot(picture, result)
    assert picture.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    return result, drawn[0]


def test_the_plot_has_a_row_per_combination_the_baseline_on_top(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result, fig = _drawn(tmp_path, monkeypatch)
    left, right = fig.axes
    assert len(result.labels) == 3
    assert tuple(fig.get_size_inches()) == pytest.approx((12, 1.2 + 0.45 * 3))
    ticks = sorted(zip(left.get_yticks(), (t.get_text() for t in left.get_yticklabels())), reverse=True)
    assert [label for _, label in ticks] == result.labels, "top to bottom: the baseline, then each combination"
    assert [y for y, _ in ticks] == [2, 1, 0]
    assert "4 players, 4 games per combination" in fig.get_suptitle()


def test_each_seat_has_a_bar_per_row_and_the_legend_sits_above(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result, fig = _drawn(tmp_path, monkeypatch)
    _, right = fig.axes
    bars = right.patches
    assert len(bars) == 4 * 3
    for seat in range(4):
        mine = bars[3 * seat:3 * seat + 3]
        assert [b.get_width() for b in mine] == pytest.approx([100 * t.win_share(seat) for t in result.tallies])
        assert [b.get_height() for b in mine] == pytest.approx([0.2] * 3)
        # seat 0 highest within its row, rows from the top: baseline (2), then 1, 0
        centres = [b.get_y() + b.get_height() / 2 for b in mine]
        assert centres == pytest.approx([row + (1.5 - seat) * 0.2 for row in (2, 1, 0)])
    legend = right.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert legend._ncols == 4 and not legend.get_frame_on() and legend._loc == 8  # lower center
    box = legend.get_bbox_to_anchor().transformed(right.transAxes.inverted())
    assert (box.x0, box.y0) == pytest.approx((0.5, 1.0))
    fair = [line for line in right.get_lines() if line.get_linestyle() == ":"]
    assert len(fair) == 1 and list(fair[0].get_xdata()) == [25, 25]


def test_a_clear_difference_is_drawn_red_and_an_unclear_one_grey(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from matplotlib.colors import to_hex

    result, fig = _drawn(tmp_path, monkeypatch)
    left, _ = fig.axes
    markers = [line for line in left.get_lines() if line.get_marker() == "o"]
    diffs = [t.score_diff for t in result.tallies[1:] if t.score_diff.n >= 2]
    assert len(markers) == len(diffs) == 2
    for line, diff in zip(markers, diffs):
        assert to_hex(line.get_color()) == to_hex("tab:red" if diff.excludes_zero() else "tab:grey")
