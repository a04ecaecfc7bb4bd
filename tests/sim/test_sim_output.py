"""What `bohn simulate`, `bohn sweep` and `bohn play` print, whole, for small seeded runs,
kept in ``tests/golden/sim``: the report's column heads and figures, the designer tables
(beans, items, actions, game length), the comparison and its verdict, the JSON and CSV
fields, the sweep's table, and the narration of a game turn by turn.

Why: most survivors of the engine/sim mutation samples were words and numbers a user
reads (issue 20); each shows up here as a diff. The one figure that depends on the clock,
the games-per-second rate, is replaced by ``N games/s`` (JSON: its timing keys dropped).
When a change is intended, regenerate with
``BOHN_UPDATE_GOLDEN=1 python -m pytest tests/sim/test_sim_output.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Callable

import pytest

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "sim"
HOUSE = "extends: base\nid: short\nname: Short game\nplayer_counts:\n  3: {end_after_runouts: 1}\n"

_RATE = re.compile(r"[0-9.]+ games/s")
_TIMING_KEYS = {"seconds", "games_per_second", "elapsed", "rate", "wall_seconds"}


def _steady(text: str) -> str:
    return _RATE.sub("N games/s", text)


def _drop_timing(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_timing(v) for k, v in value.items() if k not in _TIMING_KEYS}
    if isinstance(value, list):
        return [_drop_timing(v) for v in value]
    return value


def _check(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("BOHN_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden {path}: run with BOHN_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def _house(tmp_path: Path) -> str:
    house = tmp_path / "cheap.yaml"
    house.write_text(HOUSE)
    return str(house)


SIMULATE = ["simulate", "--players", "3", "--games", "3", "--seed", "2", "--bots", "greedy,random,greedy", "--quiet"]
SWEEP = ["sweep", "--players", "3", "--games", "3", "--seed", "2", "--quiet",
         "--set", "player_counts.3.end_after_runouts=1,2", "--set", "player_counts.3.draw=2,3"]


def test_the_simulate_report_of_a_comparison_is_its_golden_text(bohn: Callable[..., Any], tmp_path: Path) -> None:
    run = bohn(*SIMULATE, "--compare", _house(tmp_path))
    assert run.code == 0 and run.err == ""
    _check("simulate_compare.txt", _steady(run.out).replace(str(tmp_path), "TMP"))


def test_the_simulate_report_of_an_expansion_is_its_golden_text(bohn: Callable[..., Any]) -> None:
    run = bohn("simulate", "--ruleset", "high_bohn", "--players", "3", "--games", "3", "--seed", "1", "--quiet")
    assert run.code == 0 and run.err == ""
    _check("simulate_high_bohn.txt", _steady(run.out))


def test_the_simulate_json_is_its_golden_fields(bohn: Callable[..., Any], tmp_path: Path) -> None:
    run = bohn(*SIMULATE, "--compare", _house(tmp_path), "--format", "json")
    assert run.code == 0 and run.err == ""
    data = _drop_timing(json.loads(run.out.replace(str(tmp_path), "TMP")))
    _check("simulate_compare.json", json.dumps(data, indent=1, sort_keys=True) + "\n")


def test_the_simulate_csv_is_its_golden_rows(bohn: Callable[..., Any]) -> None:
    run = bohn("simulate", "--ruleset", "high_bohn", "--players", "3", "--games", "3", "--seed", "1", "--quiet",
               "--format", "csv")
    assert run.code == 0 and run.err == ""
    _check("simulate_high_bohn.csv", run.out)


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_the_sweep_output_is_its_golden_text(bohn: Callable[..., Any], fmt: str) -> None:
    run = bohn(*SWEEP, "--format", fmt)
    assert run.code == 0 and run.err == ""
    out = _steady(run.out)
    if fmt == "json":
        out = json.dumps(_drop_timing(json.loads(run.out)), indent=1, sort_keys=True) + "\n"
    _check(f"sweep.{'txt' if fmt == 'text' else fmt}", out)


@pytest.mark.parametrize("ruleset, players, seed", [("base", 3, 3), ("high_bohn", 3, 2), ("la_isla_bohnita", 3, 4)])
def test_the_narration_of_a_game_is_its_golden_text(bohn: Callable[..., Any], ruleset: str, players: int,
                                                     seed: int) -> None:
    run = bohn("play", "--ruleset", ruleset, "--players", str(players), "--seed", str(seed))
    assert run.code == 0 and run.err == ""
    _check(f"play_{ruleset}_{players}p_seed{seed}.txt", run.out)


# --- the pictures, read back: every panel's texts, bars, lines, colours and alpha ----------


def _r(x: Any) -> Any:
    return round(float(x), 4)


def _own(label: str) -> str:
    """A label the code gave, or "_" for matplotlib's own (``_nolegend_``, ``_child5``)."""
    return "_" if label.startswith("_") else label


def _figure(fig: Any) -> dict[str, Any]:
    """The figure as data a reader of the picture sees: titles, labels, ticks, legends, and
    every bar, band and line with its place, size, colour and transparency."""
    from matplotlib.colors import to_hex

    def colour(c: Any) -> str:
        return to_hex(c, keep_alpha=True)

    panels = []
    for ax in fig.axes:
        legend = ax.get_legend()
        panels.append({
            "title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
                        "yticklabels": [(_r(t.get_position()[1]), t.get_text()) for t in ax.get_yticklabels()
                            if t.get_text() and not re.fullmatch(r"[-−0-9.]+", t.get_text())],
            "legend": None if legend is None else {
                "texts": [t.get_text() for t in legend.get_texts()], "ncols": legend._ncols,
                "frame": legend.get_frame_on(), "fontsize": _r(legend.get_texts()[0].get_fontsize()) if legend.get_texts() else None},
            "patches": [{"label": _own(p.get_label()), "x": _r(p.get_x()), "y": _r(p.get_y()), "width": _r(p.get_width()),
                         "height": _r(p.get_height()), "face": colour(p.get_facecolor()),
                         "alpha": None if p.get_alpha() is None else _r(p.get_alpha())}
                        for p in ax.patches],
            "lines": [{"label": _own(ln.get_label()), "x": [_r(v) for v in ln.get_xdata()], "y": [_r(v) for v in ln.get_ydata()],
                       "colour": colour(ln.get_color()), "width": _r(ln.get_linewidth()), "style": ln.get_linestyle(),
                       "marker": str(ln.get_marker())}
                      for ln in ax.lines],
            "collections": [{"label": c.get_label(), "segments": [[[_r(v) for v in pt] for pt in seg] for seg in c.get_segments()],
                             "colour": [colour(x) for x in c.get_color()]}
                            for c in ax.collections if hasattr(c, "get_segments")],
        })
    return {"suptitle": fig._suptitle.get_text() if fig._suptitle else None,
            "size": [_r(v) for v in fig.get_size_inches()], "panels": panels}


def test_the_compare_plot_is_its_golden_figure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    from engine.rules.loader import load_ruleset
    from engine.sim import plot
    from engine.sim.simulate import simulate

    a = simulate(load_ruleset("base"), 3, 6, seed=2, bots=["random"], trading=False)
    b = simulate(load_ruleset("base"), 3, 6, seed=2, bots=["greedy"], trading=False)
    drawn: list[Any] = []
    real = plot.save_figure

    def keep(plt: Any, fig: Any, path: Path) -> None:
        drawn.append(_figure(fig))
        real(plt, fig, path)

    monkeypatch.setattr(plot, "save_figure", keep)
    plot.write_plot(tmp_path / "ab.svg", [a, b])
    assert (tmp_path / "ab.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    _check("plot_compare.json", json.dumps(drawn[0], indent=1) + "\n")
    plot.write_plot(tmp_path / "a.png", [a])
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")
    _check("plot_one.json", json.dumps(drawn[1], indent=1) + "\n")


def test_the_sweep_plot_is_its_golden_figure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    from engine.sim import sweep_plot
    from engine.sim.sweep import combinations, parse_set, sweep

    axes = [parse_set("player_counts.3.end_after_runouts=1,2"), parse_set("player_counts.3.draw=2")]
    baseline, variations = combinations("base", None, 3, axes)
    result = sweep(baseline, variations, 3, 3, seed=2, bots=["greedy"], axes=axes)
    drawn: list[Any] = []
    real = sweep_plot.save_figure

    def keep(plt: Any, fig: Any, path: Path) -> None:
        drawn.append(_figure(fig))
        real(plt, fig, path)

    monkeypatch.setattr(sweep_plot, "save_figure", keep)
    sweep_plot.write_sweep_plot(tmp_path / "sweep.svg", result)
    _check("plot_sweep.json", json.dumps(drawn[0], indent=1) + "\n")
