"""Figures with their 95% confidence intervals, as every strength measure reports them.

A :class:`Figure` is the mean of per-deal values with the half-width of its 95% confidence
interval (normal approximation, ``1.96 * sd / sqrt(n)``); :func:`paired` is the figure of the
differences of two measures taken on the same deals (the interval of a paired difference is
narrower than the two intervals suggest, because the deals' difficulty cancels out);
:func:`share` is a proportion with its interval (Wilson's score interval).

    >>> f = figure([0, 2])            # sd sqrt(2), so the half-width is 1.96 * sqrt(2) / sqrt(2)
    >>> f
    Figure(mean=1.0, half=1.96, n=2)
    >>> str(f)
    '1.000 ± 1.960 (n=2)'
    >>> paired([1, 2, 3], [1, 1, 1]).mean
    1.0
    >>> s = share([True, False, False, False])
    >>> round(s.mean, 2), round(s.low, 3), round(s.high, 3)
    (0.25, 0.046, 0.699)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Figure", "Share", "figure", "paired", "share", "percentile", "Z95"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Figure:
    """A mean over ``n`` values and the half-width ``half`` of its 95% confidence interval."""

    mean: float
    half: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half

    def to_json(self) -> dict[str, float | int]:
        return {"mean": round(self.mean, 4), "half95": round(self.half, 4), "n": self.n}

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {self.half:.3f} (n={self.n})"

    def __repr__(self) -> str:
        return f"Figure(mean={round(self.mean, 4)!r}, half={round(self.half, 4)!r}, n={self.n!r})"


@dataclass(frozen=True, slots=True)
class Share:
    """A proportion of ``n`` cases and its 95% interval (Wilson)."""

    mean: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float | int]:
        return {
            "share": round(self.mean, 4),
            "low95": round(self.low, 4),
            "high95": round(self.high, 4),
            "n": self.n,
        }

    def __str__(self) -> str:
        return f"{self.mean:.1%} [{self.low:.1%}, {self.high:.1%}] (n={self.n})"


def figure(values: Sequence[float]) -> Figure:
    """The mean of ``values`` and its 95% interval (0 wide for fewer than two values)."""
    n = len(values)
    if n == 0:
        return Figure(math.nan, math.nan, 0)
    mean = sum(values) / n
    if n < 2:
        return Figure(mean, 0.0, n)
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return Figure(mean, Z95 * math.sqrt(var / n), n)


def paired(a: Sequence[float], b: Sequence[float]) -> Figure:
    """The mean of ``a[i] - b[i]`` (two measures of the same deals) and its 95% interval."""
    if len(a) != len(b):
        raise ValueError(f"paired figures need as many values on each side ({len(a)}, {len(b)})")
    return figure([x - y for x, y in zip(a, b, strict=True)])


def share(flags: Sequence[bool]) -> Share:
    """The share of true ``flags`` with Wilson's 95% score interval."""
    n = len(flags)
    if n == 0:
        return Share(math.nan, math.nan, math.nan, 0)
    p = sum(1 for f in flags if f) / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Share(p, max(0.0, centre - half), min(1.0, centre + half), n)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``values`` by the nearest rank below.

    >>> percentile([0.1, 0.2, 0.3, 0.4], 0.95)
    0.4
    """
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
