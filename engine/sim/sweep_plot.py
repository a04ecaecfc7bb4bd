"""``bohn sweep --plot FILE``: the sweep's table as a picture (needs ``bohn[plot]``).

Two panels, one row per combination: the paired difference of the mean score to the
baseline with its 95 % confidence interval (an interval that misses the zero line is a
real difference), and the win share of each seat (the dotted line is a fair share), so
the value that makes a game fair can be seen at a glance.
"""

from __future__ import annotations

from pathlib import Path

from engine.sim.plot import _pyplot, save_figure
from engine.sim.sweep import SweepResult


def write_sweep_plot(path: Path, result: SweepResult) -> None:
    """Draw ``result`` into ``path``; the format follows the suffix (png, svg, pdf)."""
    plt = _pyplot()
    labels = result.labels
    rows = list(range(len(labels)))[::-1]  # the baseline on top
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 1.2 + 0.45 * len(labels)), sharey=True)
    for row, tally in zip(rows[1:], result.tallies[1:]):
        diff = tally.score_diff
        if diff.n < 2:
            continue
        low, high = diff.ci95()
        color = "tab:red" if diff.excludes_zero() else "tab:grey"
        left.errorbar([diff.mean], [row], xerr=[[diff.mean - low], [high - diff.mean]], fmt="o", color=color, capsize=3)
    left.axvline(0, color="black", linewidth=0.8)
    left.set_yticks(rows, labels)
    left.set_xlabel("mean score vs baseline (paired, 95% interval)")
    height = 0.8 / result.players
    for seat in range(result.players):
        shares = [100 * t.win_share(seat) for t in result.tallies]
        right.barh([r + ((result.players - 1) / 2 - seat) * height for r in rows], shares, height=height,
                   label=f"seat {seat}")
    right.axvline(100 / result.players, color="black", linestyle=":", linewidth=0.8)
    right.set_xlabel("win share (%)")
    right.legend(fontsize="small", loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=result.players, frameon=False)
    title = result.ruleset + (f" ({result.variant})" if result.variant else "")
    fig.suptitle(f"{title}, {result.players} players, {result.games} games per combination (the same seeds)")
    fig.tight_layout()
    save_figure(plt, fig, path)
