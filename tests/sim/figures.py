"""The figures a plot module draws, kept as they are saved: what the plot tests read."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


def drawn_figures(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[Any]:
    """The figures ``module`` (``engine.sim.plot`` or ``sweep_plot``) draws from now on,
    each kept as its ``save_figure`` saves it (and still saved)."""
    drawn: list[Any] = []
    real = module.save_figure

    def keep(plt: Any, fig: Any, path: Path) -> None:
        drawn.append(fig)
        real(plt, fig, path)

    monkeypatch.setattr(module, "save_figure", keep)
    return drawn
