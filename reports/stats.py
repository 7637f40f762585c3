"""Confidence intervals for win rates: Wilson score intervals and paired (common-random-numbers) differences.

Pure functions over numbers, numpy arrays and pandas Series; nothing here knows about games.
"""
from __future__ import annotations

import math

from typing import NamedTuple

import numpy as np
import pandas as pd

Z95 = 1.959963984540054   # two-sided 95%: the 97.5% quantile of the standard normal


def wilson_interval(wins, n, z: float = Z95):
    """Wilson score interval ``(low, high)`` of a binomial proportion ``wins / n``.

    ``wins`` and ``n`` are numbers, numpy arrays or pandas Series (broadcast together).
    Scalars in give floats out; a Series in gives Series out (on its index); anything
    else gives numpy arrays.  ``n == 0`` gives a NaN interval.  Unlike the normal
    approximation the interval stays inside [0, 1] and is not empty at 0 or n wins.

    >>> lo, hi = wilson_interval(81, 263)     # about (0.2553, 0.3662)
    """
    index = next((x.index for x in (wins, n) if isinstance(x, pd.Series)), None)
    w = np.asarray(wins, dtype=float)
    m = np.asarray(n, dtype=float)
    if np.any(m < 0) or np.any(w < 0) or np.any(w > m):
        raise ValueError("wilson_interval: expected 0 <= wins <= n")
    with np.errstate(invalid="ignore", divide="ignore"):
        p = w / m
        z2 = z * z
        denom = 1.0 + z2 / m
        centre = (p + z2 / (2.0 * m)) / denom
        half = z * np.sqrt(p * (1.0 - p) / m + z2 / (4.0 * m * m)) / denom
        # the end points are exactly 0 at no wins and 1 at all wins (the formula misses by an ulp)
        low = np.where(m > 0, np.where(w == 0, 0.0, np.clip(centre - half, 0.0, 1.0)), np.nan)
        high = np.where(m > 0, np.where(w == m, 1.0, np.clip(centre + half, 0.0, 1.0)), np.nan)
    if index is not None:
        return pd.Series(low, index=index), pd.Series(high, index=index)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


class PairedDifference(NamedTuple):
    """Mean of A - B over paired outcomes, with its standard error and 95% (or ``z``) interval."""
    mean: float
    ci_low: float
    ci_high: float
    se: float
    n: int


def paired_difference(a, b, z: float = Z95) -> PairedDifference:
    """Mean difference ``A - B`` of paired outcomes, with a confidence interval from the pairs.

    ``a[i]`` and ``b[i]`` are the scores (1 win, 0.5 draw, 0 loss) of A and of B on the same
    seed ``i`` (common random numbers), e.g. a faction with the asymmetrical and with the
    standard starting cards.  With ``d = a - b`` the interval is the normal approximation on
    the paired differences::

        mean(d) +- z * sd(d) / sqrt(n)        (sd with n - 1 degrees of freedom)

    Pairing removes the seed-to-seed variance both share, so the interval is usually much
    narrower than one from two independent win rates.  The approximation needs a few dozen
    pairs or more; with fewer than 2 pairs the interval is NaN, and when every pair has the
    same difference it has zero width.
    """
    a = np.asarray(a, dtype=float).ravel()
    b = np.asarray(b, dtype=float).ravel()
    if a.shape != b.shape:
        raise ValueError(f"paired_difference: a and b must have the same length, got {a.size} and {b.size}")
    n = int(a.size)
    if n == 0:
        return PairedDifference(float("nan"), float("nan"), float("nan"), float("nan"), 0)
    d = a - b
    mean = float(d.mean())
    if n < 2:
        return PairedDifference(mean, float("nan"), float("nan"), float("nan"), n)
    se = float(d.std(ddof=1) / np.sqrt(n))
    return PairedDifference(mean, mean - z * se, mean + z * se, se, n)


def two_sided_p(z: float) -> float:
    """The two-sided normal p-value of a z statistic, from ``math.erfc`` (``2 * (1 - cdf)`` loses every digit
    of a p-value below about 1e-16)."""
    return math.erfc(abs(z) / math.sqrt(2))

