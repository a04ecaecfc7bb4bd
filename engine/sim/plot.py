"""``bohn simulate --plot FILE``: score distributions and the A/B difference, as a picture.

matplotlib is an optional extra (``pip install 'bohn[plot]'``): the command works
without it and says how to get it (C520). The figure has one panel with the
distribution of final scores of every run, and with ``--compare`` a second panel with
the distribution of the paired per-seed differences, their mean and its 95 % confidence
interval (mean ± 1.96 standard errors), so "no clear difference" can be seen, not only
read.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from engine.errors import BohnError

if TYPE_CHECKING:
    from engine.sim.simulate import Stats

#: z for a two-sided 95 % interval
Z95 = 1.96


def _pyplot():  # type: ignore[no-untyped-def]
    try:
        import matplotlib
    except ImportError:
        raise BohnError.one("C520", "--plot needs matplotlib, which is not installed",
                            hint="pip install 'bohn[plot]' (or pip install matplotlib)") from None
    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    return plt


def save_figure(plt, fig, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Write a figure to ``path`` (C521 when it cannot be written) and free it."""
    try:
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise BohnError.one("C521", f"cannot write the plot {path}: {exc}") from None
    finally:
        plt.close(fig)


def require_matplotlib() -> None:
    """Fail with C520 now, before any game is played, when --plot cannot be drawn."""
    _pyplot()


def _label(stats: Stats) -> str:
    return stats.ruleset + (f" ({stats.variant})" if stats.variant else "")


def write_plot(path: Path, runs: Sequence[Stats]) -> None:
    """Draw the runs' score distributions (and the paired difference of two) into ``path``;
    the format follows the file's suffix (png, svg, pdf)."""
    from engine.sim.simulate import paired_difference

    plt = _pyplot()
    panels = 2 if len(runs) == 2 else 1
    fig, axes = plt.subplots(1, panels, figsize=(6.5 * panels, 4.2), squeeze=False)
    ax = axes[0][0]
    scores = [[s for seat in r.seats for s in seat.scores] for r in runs]
    low = min((min(s) for s in scores if s), default=0)
    high = max((max(s) for s in scores if s), default=1)
    bins = list(range(low, high + 2))
    for run, values in zip(runs, scores):
        ax.hist(values, bins=bins, alpha=0.55, label=f"{_label(run)} (mean {run.mean_score():.2f})", align="left")
    ax.set_title(f"final scores, {runs[0].players} players, {runs[0].games} games")
    ax.set_xlabel("score (coins)")
    ax.set_ylabel("seat-games")
    ax.legend(fontsize="small")
    if panels == 2:
        a, b = runs
        mean, se, n = paired_difference(a, b)
        diffs = [sum(sb) / len(sb) - sum(sa) / len(sa) for sa, sb in zip(a.per_game_scores, b.per_game_scores) if sa and sb]
        ax2 = axes[0][1]
        if diffs:
            ax2.hist(diffs, bins=min(30, max(5, len(diffs) // 5)), color="grey", alpha=0.6, label="per seed")
        ax2.axvline(0, color="black", linewidth=0.8)
        if n >= 2 and se == se:
            ax2.axvline(mean, color="tab:red", label=f"mean {mean:+.2f}")
            ax2.axvspan(mean - Z95 * se, mean + Z95 * se, color="tab:red", alpha=0.2,
                        label=f"95% interval ±{Z95 * se:.2f}")
        ax2.set_title(f"{_label(b)} − {_label(a)}, {n} paired seeds")
        ax2.set_xlabel("difference of the mean score per game")
        ax2.set_ylabel("games")
        ax2.legend(fontsize="small")
    fig.tight_layout()
    save_figure(plt, fig, path)
