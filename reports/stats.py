"""Confidence intervals for win rates and paired differences, with the seed as the unit of randomness.

Pure functions over numbers, numpy arrays and pandas Series; nothing here knows about games.

* ``wilson_interval``: a rate whose games are independent (one game per seed: a seat's row);
* ``seed_clustered_interval``: a rate whose games come in seeds (a seed's two seat-swapped games, a
  side's ``both`` row, the first player's share): the Wilson interval at the effective number of games
  the seeds' own variance gives (design effect);
* ``paired_difference``: the mean of per-seed differences with a t interval that never collapses;
* ``enough_seeds`` / ``NOT_ENOUGH_SEEDS``: the smallest sample a verdict is read from.

``docs/statistics.md`` gives each method, its unit and its measured coverage (``benchmarks/coverage.py``).
"""
from __future__ import annotations

import math

from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy import stats

Z95 = 1.959963984540054   # two-sided 95%: the 97.5% quantile of the standard normal
# Below this many seeds no verdict is read (balanced, favours, lean, shown, worthless): the normal and t
# approximations of a mean of bounded, discrete per-seed scores need a few dozen seeds, and a seed's
# own variance is not estimable from a handful (benchmarks/coverage.py measures the level above it).
MIN_VERDICT_SEEDS = 50
# One pseudo-seed at this variance is pooled into a paired difference's variance: 1/4 is the square of a
# seed's score difference when one of its games went the other way (a win instead of a loss: 1/2).  It keeps
# the interval from collapsing when every seed happens to agree (a zero-width interval claims certainty) and
# is worth 1/n of the variance.
PSEUDO_SEED_VARIANCE = 0.25


def wilson_interval(wins, n, z: float = Z95):
    """Wilson score interval ``(low, high)`` of a binomial proportion ``wins / n``.

    ``wins`` and ``n`` are numbers, numpy arrays or pandas Series (broadcast together); ``wins``
    may be fractional (an effective count).  Scalars in give floats out; a Series in gives Series
    out (on its index); anything else gives numpy arrays.  ``n == 0`` gives a NaN interval.  Unlike
    the normal approximation the interval stays inside [0, 1] and is not empty at 0 or n wins.

    >>> lo, hi = wilson_interval(81, 263)     # about (0.2553, 0.3662)
    """
    index = next((x.index for x in (wins, n) if isinstance(x, pd.Series)), None)
    w = np.asarray(wins, dtype=float)
    m = np.asarray(n, dtype=float)
    if np.any(m < 0) or np.any(w < 0) or np.any(w > m * (1 + 1e-12)):
        raise ValueError("wilson_interval: expected 0 <= wins <= n")
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.minimum(w / m, 1.0)
        z2 = z * z
        denom = 1.0 + z2 / m
        centre = (p + z2 / (2.0 * m)) / denom
        half = z * np.sqrt(p * (1.0 - p) / m + z2 / (4.0 * m * m)) / denom
        # the end points are exactly 0 at no wins and 1 at all wins (the formula misses by an ulp)
        low = np.where(m > 0, np.where(w == 0, 0.0, np.clip(centre - half, 0.0, 1.0)), np.nan)
        high = np.where(m > 0, np.where(p >= 1.0, 1.0, np.clip(centre + half, 0.0, 1.0)), np.nan)
    return _shaped(index, low, high)


def _shaped(index, *arrays):
    if index is not None:
        return tuple(pd.Series(a, index=index) for a in arrays)
    if np.ndim(arrays[0]) == 0:
        return tuple(float(a) for a in arrays)
    return arrays


def design_effect(total, total_sq, seeds, games):
    """How much a rate's variance exceeds (> 1) or falls short of (< 1) the binomial one because its
    ``games`` come in ``seeds`` clusters: ``total`` is the sum over the seeds of each seed's successes
    (a win 1, or a score: a draw 1/2), ``total_sq`` the sum of their squares.

    The seeds' variance (the cluster-robust variance of the ratio ``total / games``) over the binomial
    variance ``p (1 - p) / games``, shrunk towards 1 by one pseudo-seed (weight 1/seeds): a handful of
    seeds that happen to agree cannot claim a variance of 0.  With one game per seed and win/loss
    outcomes it is exactly 1 (the Wilson interval); at a rate of 0 or 1 it is the games per seed (every
    game of a seed may go the same way: the seeds are the sample)."""
    t = np.asarray(total, dtype=float)
    t2 = np.asarray(total_sq, dtype=float)
    s = np.asarray(seeds, dtype=float)
    n = np.asarray(games, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = t / n
        mean = t / s
        var_seed = np.clip(t2 / s - mean * mean, 0.0, None)     # the seeds' variance (divisor: seeds)
        binomial = p * (1.0 - p) / n
        raw = s * var_seed / (n * n) / binomial
        shrunk = ((s - 1.0) * raw + 1.0) / s
        certain = (t <= 0) | (t >= n)
        binary = (s == n) & (t2 == t)      # one game per seed, each won or not: the binomial itself
        return np.where(n > 0, np.where(certain, n / s, np.where(binary, 1.0, shrunk)), np.nan)


def seed_clustered_interval(total, total_sq, seeds, games, z: float = Z95):
    """``(low, high, design effect)`` of the rate ``total / games`` whose games come in ``seeds`` seeds
    (see ``design_effect`` for ``total`` and ``total_sq``): the Wilson interval at the effective number
    of games ``games / design effect``, at Student's t quantile with seeds - 1 degrees of freedom for
    the level of ``z`` when the variance is the seeds' own (estimated: ``t_critical``).  A seed's two
    seat-swapped games are correlated (The Last Command: about -0.2 for a side's two results, +0.2 for
    the first player's), so counting them as independent games is too wide for a side and too narrow
    for the first player.  One game per seed with win/loss outcomes is exactly the Wilson interval.
    Vectorised like ``wilson_interval``; the interval has zero width only at n = 0 (NaN)."""
    index = next((x.index for x in (total, total_sq, seeds, games) if isinstance(x, pd.Series)), None)
    deff = design_effect(total, total_sq, seeds, games)
    t = np.asarray(total, dtype=float)
    t2 = np.asarray(total_sq, dtype=float)
    s = np.asarray(seeds, dtype=float)
    n = np.asarray(games, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        n_eff = np.where(n > 0, n / deff, 0.0)
        p = np.where(n > 0, t / n, 0.0)
        quantile = stats.t.isf(stats.norm.sf(z), np.maximum(s - 1.0, 1.0))
        q = np.where(_estimated(t, t2, s, n), quantile, z)
    low, high = wilson_interval(p * n_eff, n_eff, q)
    return _shaped(index, np.asarray(low, float), np.asarray(high, float), np.asarray(deff, float))


def _estimated(total, total_sq, seeds, games):
    """Where a rate's variance is the seeds' own (estimated), not the binomial one."""
    t, t2 = np.asarray(total, dtype=float), np.asarray(total_sq, dtype=float)
    s, n = np.asarray(seeds, dtype=float), np.asarray(games, dtype=float)
    return ~(((s == n) & (t2 == t)) | (t <= 0) | (t >= n) | (s < 2))


def score_test_p(total, total_sq, seeds, games, value: float) -> float:
    """Two-sided p-value of the rate ``total / games`` (games in ``seeds`` seeds, see ``design_effect``)
    against ``value``: the score test that ``seed_clustered_interval`` inverts (its interval misses
    ``value`` exactly when p < 0.05), at the effective number of games, with Student's t for seeds - 1
    degrees of freedom when the variance is the seeds' own."""
    if games <= 0:
        return 1.0
    deff = float(design_effect(total, total_sq, seeds, games))
    stat = abs(total / games - value) / math.sqrt(value * (1 - value) / (games / deff))
    if _estimated(total, total_sq, seeds, games):
        return float(2.0 * stats.t.sf(stat, seeds - 1))
    return two_sided_p(stat)


def seed_interval(per_seed, games_per_seed: int, z: float = Z95):
    """``(rate, low, high, design effect)`` of a rate from per-seed totals (``per_seed[i]``: the
    successes, or the score, of seed i's ``games_per_seed`` games)."""
    y = np.asarray(per_seed, dtype=float).ravel()
    games = games_per_seed * y.size
    low, high, deff = seed_clustered_interval(y.sum(), (y * y).sum(), y.size, games, z)
    rate = float(y.sum() / games) if games else float("nan")
    return rate, low, high, deff


def per_seed_intervals(per_seed, z: float = Z95) -> tuple[float, float, float, float]:
    """(win rate low, high, score low, high): the seed-clustered intervals of one side's results,
    ``per_seed[t, k]`` its score (1 win, 1/2 draw, 0 loss) in game k of seed t."""
    per_seed = np.asarray(per_seed, dtype=float)
    per_seed = per_seed.reshape(per_seed.shape[0], -1)
    won = (per_seed == 1.0).sum(axis=1)
    score = per_seed.sum(axis=1)
    games, seeds = per_seed.size, per_seed.shape[0]
    lo, hi, _ = seed_clustered_interval(won.sum(), (won * won).sum(), seeds, games, z)
    slo, shi, _ = seed_clustered_interval(score.sum(), (score * score).sum(), seeds, games, z)
    return lo, hi, slo, shi


def effective_games(games, deff):
    """The games a rate is worth once its design effect is counted (its interval is the Wilson interval
    of that many games)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(games, dtype=float) / np.asarray(deff, dtype=float)


class PairedDifference(NamedTuple):
    """Mean of A - B over paired outcomes, with its standard error and 95% (or ``z``) interval."""
    mean: float
    ci_low: float
    ci_high: float
    se: float
    n: int


def t_critical(z: float, n: int) -> float:
    """The critical value of a mean of ``n`` seeds at the level the normal critical value ``z`` has (1.96:
    95%; a sequential look's): Student's t with n - 1 degrees of freedom at the same tail probability."""
    if n < 2:
        return float("nan")
    if not np.isfinite(z):
        return float(z)
    return float(stats.t.isf(stats.norm.sf(z), n - 1))


def paired_difference(a, b, z: float = Z95, pseudo_variance: float = PSEUDO_SEED_VARIANCE) -> PairedDifference:
    """Mean difference ``A - B`` of paired outcomes, with a confidence interval from the pairs.

    ``a[i]`` and ``b[i]`` are the scores (1 win, 0.5 draw, 0 loss; a seed's: the mean of its games)
    of A and of B on the same seed ``i`` (common random numbers), e.g. a faction with the asymmetrical
    and with the standard starting cards.  With ``d = a - b`` over n seeds the interval is::

        mean(d) +- t * sqrt(v / n),   v = ((n - 1) sd(d)^2 + PSEUDO_SEED_VARIANCE) / n

    with t Student's quantile at n - 1 degrees of freedom for the level of ``z`` (``t_critical``) and
    one pseudo-seed pooled into the variance, so a few seeds that happen to agree give a wide interval,
    never one of zero width: ``pseudo_variance`` (default 1/4: one game of the seed the other way round,
    a difference of 1/2; a mean over k seeds' sides: 1/4k^2).  Pairing removes the seed-to-seed variance both share, so the interval
    is usually much narrower than one from two independent win rates.  With fewer than 2 pairs the
    interval is NaN; a verdict needs ``MIN_VERDICT_SEEDS`` seeds (``enough_seeds``).
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
    var = ((n - 1) * float(d.var(ddof=1)) + pseudo_variance) / n
    se = math.sqrt(var / n)
    c = t_critical(z, n)
    return PairedDifference(mean, mean - c * se, mean + c * se, se, n)


def t_p_value(d, pseudo_variance: float = PSEUDO_SEED_VARIANCE) -> float:
    """Two-sided p-value of the mean of per-seed values ``d`` against 0: the t test of ``paired_difference``'s
    interval (it misses 0 exactly when p < 0.05)."""
    r = paired_difference(d, np.zeros_like(np.asarray(d, dtype=float)), pseudo_variance=pseudo_variance)
    if r.n < 2 or not np.isfinite(r.se):
        return 1.0
    return float(2.0 * stats.t.sf(abs(r.mean) / r.se, r.n - 1))


def truncated_interval(x: float, se: float, lower: float, upper: float, z: float = Z95) -> tuple[float, float, float]:
    """``(low, high, p)``: the interval of the mean mu of an estimate ``x`` ~ N(mu, se^2) that is known to lie in
    (``lower``, ``upper``) because it was selected for it (a card the screen passed over), and the p-value of
    mu = 0: the truncated normal's distribution function inverted in mu (selective inference, Lee et al. 2016;
    ``scipy.stats.truncnorm``). Without truncation it is ``x +- z se``."""
    if not (np.isfinite(x) and np.isfinite(se) and se > 0):
        return float("nan"), float("nan"), 1.0
    alpha = 2.0 * stats.norm.sf(z)

    def cdf(mu: float) -> float:      # P(X <= x | lower < X < upper) at mean mu: falls as mu grows
        return float(stats.truncnorm.cdf(x, (lower - mu) / se, (upper - mu) / se, loc=mu, scale=se))

    span = 60.0 * se + (upper - lower if np.isfinite(upper - lower) else 0.0)
    lo_mu, hi_mu = x - span, x + span

    def solve(target: float) -> float:
        f = lambda mu: cdf(mu) - target   # noqa: E731
        if f(lo_mu) < 0:
            return lo_mu
        if f(hi_mu) > 0:
            return hi_mu
        from scipy.optimize import brentq
        return float(brentq(f, lo_mu, hi_mu, xtol=1e-10 * max(se, 1e-12) + 1e-14))

    at0 = cdf(0.0)
    return solve(1.0 - alpha / 2), solve(alpha / 2), float(min(1.0, 2.0 * min(at0, 1.0 - at0)))


def enough_seeds(seeds) -> bool:
    """Whether a verdict may be read from ``seeds`` seeds (``MIN_VERDICT_SEEDS``)."""
    return bool(np.all(np.asarray(seeds) >= MIN_VERDICT_SEEDS))


def not_enough_seeds_text(seeds: int, games_per_seed: int = 2) -> str:
    """What a verdict says below ``MIN_VERDICT_SEEDS``: how many games would do."""
    need = MIN_VERDICT_SEEDS * games_per_seed
    return (f"not enough games for a verdict ({seeds * games_per_seed:,} played; a verdict needs at least "
            f"{need:,}: {MIN_VERDICT_SEEDS} seeds)")


def two_sided_p(z: float) -> float:
    """The two-sided normal p-value of a z statistic (``scipy.stats.norm.sf``: ``2 * (1 - cdf)`` would
    lose every digit of a p-value below about 1e-16)."""
    return float(2.0 * stats.norm.sf(abs(z)))


# ---- means and rates of per-seed ratios (the shape's measures: a seed holds a varying number of games)

RATIO_SUMS = ("y", "n", "yy", "yn", "nn", "seeds")   # the last axis of ``ratio_sums``


def ratio_sums(y, n) -> np.ndarray:
    """float64[..., 6]: the sums over the seeds (axis 0) of a ratio's per-seed numerator ``y`` and denominator
    ``n`` (``RATIO_SUMS``: y, n, y^2, y n, n^2 and the seeds), which add up over chunks of seeds. E.g. the lead
    after round r summed over a seed's games still running (``y``) and their count (``n``)."""
    y = np.asarray(y, dtype=float)
    n = np.broadcast_to(np.asarray(n, dtype=float), y.shape)
    return np.stack([y.sum(axis=0), n.sum(axis=0), (y * y).sum(axis=0), (y * n).sum(axis=0), (n * n).sum(axis=0),
                     np.full(y.shape[1:], float(y.shape[0]))], axis=-1)


def ratio_interval(sums, z: float = Z95):
    """``(mean, low, high, se)`` of the ratio ``sum y / sum n`` from ``ratio_sums`` (vectorised over the leading
    axes): the cluster-robust (delta-method) variance of a ratio with the seed as the unit,
    ``seeds / (seeds - 1) * sum_s (y_s - m n_s)^2 / (sum n)^2``, and Student's t with seeds - 1 degrees of
    freedom. NaN where no seed has a game (``n`` 0) or fewer than 2 seeds."""
    s = np.asarray(sums, dtype=float)
    y, n, yy, yn, nn, k = (s[..., i] for i in range(6))
    with np.errstate(invalid="ignore", divide="ignore"):
        m = y / n
        q = np.clip(yy - 2 * m * yn + m * m * nn, 0.0, None)
        var = k / (k - 1) * q / (n * n)
        se = np.sqrt(var)
        t = stats.t.isf(stats.norm.sf(z), np.maximum(k - 1, 1))
        ok = (n > 0) & (k >= 2)
        m = np.where(n > 0, m, np.nan)
        se = np.where(ok, se, np.nan)
        return m, np.where(ok, m - t * se, np.nan), np.where(ok, m + t * se, np.nan), se


def ratio_rate_interval(sums, z: float = Z95):
    """``(rate, low, high)`` of a rate whose games come in seeds of varying size (``ratio_sums`` of each
    seed's successes and games): the Wilson interval at the effective number of games the seeds' own variance
    gives (``ratio_interval``'s, shrunk towards the binomial by one pseudo-seed as ``design_effect`` does), so it
    stays inside [0, 1] and is not empty at 0 or all. At 0 or all the design effect is the mean seed size
    weighted by games, ``sum n^2 / sum n`` (every game of a seed may go the same way; 1 with a game per seed)."""
    s = np.asarray(sums, dtype=float)
    y, n, nn, k = s[..., 0], s[..., 1], s[..., 4], s[..., 5]
    m, _, _, se = ratio_interval(s, z)
    with np.errstate(invalid="ignore", divide="ignore"):
        binomial = m * (1 - m) / n
        raw = np.where(binomial > 0, se * se / binomial, 1.0)
        deff = np.where((y <= 0) | (y >= n), nn / n, ((k - 1) * np.nan_to_num(raw, nan=1.0) + 1) / k)
        n_eff = np.where(n > 0, n / deff, 0.0)
        q = stats.t.isf(stats.norm.sf(z), np.maximum(k - 1, 1))
    low, high = wilson_interval(np.where(n > 0, m, 0.0) * n_eff, n_eff, np.asarray(q, float))
    return m, np.asarray(low, float), np.asarray(high, float)


class RatioDifference(NamedTuple):
    """A - B of two ratios measured on the same seeds, with its interval, standard error and p-value."""
    a: float
    b: float
    diff: float
    ci_low: float
    ci_high: float
    se: float
    p: float
    seeds: int


# the last axis of ``paired_ratio_sums``: A's and B's numerator and denominator sums, their squares and products
PAIRED_SUMS = ("ya", "na", "yb", "nb", "yaya", "nana", "ybyb", "nbnb", "yana", "ybnb", "yayb", "yanb", "nayb", "nanb",
               "seeds")


def paired_ratio_sums(y_a, n_a, y_b, n_b) -> np.ndarray:
    """float64[..., 15] (``PAIRED_SUMS``): the sums over the seeds (axis 0) that the paired difference of two ratios
    needs (``paired_ratio_test``); they add up over chunks of seeds, so a comparison keeps no per-seed array. Of
    integer values they are exact (below 2**53), whatever the chunks."""
    ya, yb = np.asarray(y_a, float), np.asarray(y_b, float)
    na = np.broadcast_to(np.asarray(n_a, float), ya.shape)
    nb = np.broadcast_to(np.asarray(n_b, float), yb.shape)
    parts = (ya, na, yb, nb, ya * ya, na * na, yb * yb, nb * nb, ya * na, yb * nb, ya * yb, ya * nb, na * yb, na * nb)
    return np.stack([x.sum(axis=0) for x in parts] + [np.full(ya.shape[1:], float(ya.shape[0]))], axis=-1)


def paired_ratio_test(sums, z: float = Z95):
    """``(a, b, diff, low, high, se, p)`` (arrays over the leading axes) of ``paired_ratio_sums``: each seed's
    linearised contribution to the difference, ``(y_a - m_a n_a) / N_a - (y_b - m_b n_b) / N_b``, gives the
    variance (the seed-to-seed variance both settings share drops out), with Student's t at seeds - 1 degrees
    of freedom; p is the t test's, which the interval inverts (1 where A and B agree on every seed)."""
    s = np.asarray(sums, dtype=float)
    ya, na, yb, nb, yaya, nana, ybyb, nbnb, yana, ybnb, yayb, yanb, nayb, nanb, k = (s[..., i] for i in range(15))
    with np.errstate(invalid="ignore", divide="ignore"):
        ma, mb = ya / na, yb / nb
        raa = yaya - 2 * ma * yana + ma * ma * nana
        rbb = ybyb - 2 * mb * ybnb + mb * mb * nbnb
        rab = yayb - mb * yanb - ma * nayb + ma * mb * nanb
        q = np.clip(raa / (na * na) + rbb / (nb * nb) - 2 * rab / (na * nb), 0.0, None)
        se = np.sqrt(k / (k - 1) * q)
        d = ma - mb
        c = stats.t.isf(stats.norm.sf(z), np.maximum(k - 1, 1))
        ok = (k >= 2) & (na > 0) & (nb > 0)
        tiny = se <= 1e-12 * np.maximum(1.0, np.abs(d))
        p = np.where(tiny, np.where(np.abs(d) <= 1e-12, 1.0, 0.0),
                     2.0 * stats.t.sf(np.abs(d) / np.where(tiny, 1.0, se), np.maximum(k - 1, 1)))
        nan = np.full(np.shape(d), np.nan)
        return (np.where(na > 0, ma, np.nan), np.where(nb > 0, mb, np.nan), np.where(ok, d, nan),
                np.where(ok, d - c * se, nan), np.where(ok, d + c * se, nan), np.where(ok, se, nan),
                np.where(ok, p, 1.0))


def paired_ratio_difference(y_a, n_a, y_b, n_b, z: float = Z95) -> RatioDifference:
    """``paired_ratio_test`` of per-seed arrays (axis 0: the seeds A and B share). A plain mean of per-seed
    values is the case ``n`` = games per seed."""
    k = int(np.shape(y_a)[0])
    a, b, d, lo, hi, se, p = (float(x) for x in paired_ratio_test(paired_ratio_sums(y_a, n_a, y_b, n_b), z))
    return RatioDifference(a, b, d, lo, hi, se, p, k)


def holm(p_values) -> np.ndarray:
    """Holm's step-down adjustment of ``p_values`` (family-wise error over them all): the i-th smallest p times
    (m - i), made monotone and capped at 1. A measure is clear at 5% when its adjusted p is below 0.05."""
    p = np.asarray(p_values, dtype=float)
    m = p.size
    order = np.argsort(p, kind="stable")
    adjusted = np.minimum(1.0, np.maximum.accumulate(p[order] * (m - np.arange(m))))
    out = np.empty(m)
    out[order] = adjusted
    return out
