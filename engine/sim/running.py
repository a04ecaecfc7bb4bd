"""Streaming statistics: a mean and a variance in constant memory.

Welford's update keeps the count, the mean and the sum of squared deviations, so a
100,000-game run needs no list of scores. Values are added in seed order, which makes
the floating-point results identical on every backend.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The normal quantile of a two-sided 95 % confidence interval.
Z95 = 1.959963984540054


@dataclass
class Running:
    """Count, mean and variance of the values seen so far."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    @property
    def sd(self) -> float:
        """The sample standard deviation (nan below two values)."""
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else float("nan")

    @property
    def se(self) -> float:
        """The standard error of the mean (nan below two values)."""
        return self.sd / math.sqrt(self.n) if self.n > 1 else float("nan")

    def ci95(self) -> tuple[float, float]:
        """The mean's 95 % confidence interval (normal approximation; nan below two values)."""
        half = Z95 * self.se
        return self.mean - half, self.mean + half

    def excludes_zero(self) -> bool:
        """True when the 95 % interval lies wholly on one side of zero: a clear difference."""
        low, high = self.ci95()
        return self.n > 1 and (low > 0 or high < 0)
