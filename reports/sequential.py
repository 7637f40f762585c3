"""Group-sequential looks at a paired difference: stop as soon as the verdict is known, at 95% over all looks.

**Why a group-sequential design.**  ``compare --until-verdict`` plays rounds of seeds and looks at the
paired difference A - B after each round.  Looking at an ordinary 95% interval after every round
gives a wrong verdict far more often than 5% (each look is another chance to be unlucky: 15% with
100 looks at no difference, ``benchmarks/sequential_study.py``).  We use *repeated confidence
intervals* (Jennison & Turnbull, *Group Sequential Methods*, ch. 9): the intervals
``mean +- c_k * se`` at looks k = 1..K cover the true difference *at every look at once* with
probability 95%, so any rule that stops on them (here: the interval lies inside the band, or wholly
on one side of 0) gives a wrong verdict at most 5% of the time, whichever look it stops at.  An SPRT
tests one hypothesis against one alternative; we have three verdicts (even, favours A, favours
B) read off one interval, which repeated intervals give directly.

The critical values ``c_k`` spend the 5% over the looks with a Lan-DeMets spending function of
the information fraction t = seeds so far / seeds at the cap:

* ``pocock`` (the default): alpha(t) = alpha * ln(1 + (e - 1) t), nearly even over the looks, so
  a clear answer stops in the first rounds; the price is the last look's critical value (2.39 with
  5 looks, 2.6 with 100) if a run goes to the cap;
* ``obf`` (O'Brien-Fleming type): alpha(t) = 2 (2 - 2 Phi(z_{1 - alpha/4} / sqrt(t))), which spends
  almost nothing early and keeps the last look near 1.96 (2.03 with 5 looks).

We chose Pocock-type spending because the cap (``--max-games``) is a safety net set far above the
games most questions need: the simulation study found OBF-type runs used 2 to 5 times the games of
Pocock-type ones with 100 looks (its early critical values are 10 to 20), with no false verdicts
in either.  A confidence sequence would need no cap but is wider at every look.

A round that ends below ``reports.stats.MIN_VERDICT_SEEDS`` seeds is no look (``look_critical_values``'s
``min_seeds``): nothing is spent on it, and each look's critical value is applied to the mean of the seeds
at Student's t with their degrees of freedom (``reports.stats.t_critical``), not at the normal.

Critical values come from the recursive numerical integration of Armitage, McPherson and Rowe on
the Brownian-motion scale (the score sum has independent normal increments; a look's information is
its number of seeds), numpy with the standard library's ``math.erfc`` for the normal tails, cached per
set of looks; they reproduce the R package gsDesign's ``sfLDOF`` and ``sfLDPocock`` bounds (tests).
"""
from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist

import numpy as np

ALPHA = 0.05
GRID = 801          # grid points over the continuation region at each look
_NORMAL = NormalDist()


_ERFC = np.frompyfunc(math.erfc, 1, 1)    # the standard library's erfc, element by element (no scipy)


def _upper_tail(x: np.ndarray) -> np.ndarray:
    """P(Z > x) for a standard normal Z."""
    return 0.5 * _ERFC(np.asarray(x, dtype=float) / math.sqrt(2.0)).astype(float)


def obf_spending(t, alpha: float = ALPHA):
    """Lan-DeMets O'Brien-Fleming-type alpha spent by information fraction ``t`` (two-sided)."""
    t = np.asarray(t, dtype=float)
    if np.any((t <= 0) | (t > 1)):
        raise ValueError("information fractions must lie in (0, 1]")
    z = _NORMAL.inv_cdf(1 - alpha / 4)
    return 4.0 * _upper_tail(z / np.sqrt(t))


def information_fractions(round_seeds: int, cap_seeds: int) -> tuple[float, ...]:
    """Fractions of the cap reached after each round of ``round_seeds`` (the last round may be short)."""
    if round_seeds < 1 or cap_seeds < round_seeds:
        raise ValueError(f"expected 1 <= round_seeds <= cap_seeds, got {round_seeds} and {cap_seeds}")
    looks = math.ceil(cap_seeds / round_seeds)
    return tuple(min(k * round_seeds, cap_seeds) / cap_seeds for k in range(1, looks + 1))


def pocock_spending(t, alpha: float = ALPHA):
    """Lan-DeMets Pocock-type alpha spent by information fraction ``t``: alpha * ln(1 + (e - 1) t)."""
    t = np.asarray(t, dtype=float)
    if np.any((t <= 0) | (t > 1)):
        raise ValueError("information fractions must lie in (0, 1]")
    return alpha * np.log1p((math.e - 1) * t)


SPENDING = {"obf": obf_spending, "pocock": pocock_spending}


@lru_cache(maxsize=32)
def spending_boundaries(fractions: tuple[float, ...], alpha: float = ALPHA, spending: str = "pocock") -> np.ndarray:
    """Two-sided critical values ``c_k`` for |Z_k| at information ``fractions`` (increasing, last <= 1)
    such that, under no difference, P(|Z_k| >= c_k at some look k) = alpha(t_K) (all of ``alpha`` when
    the last fraction is 1), spent look by look by the ``spending`` function (``SPENDING``).  ``inf``
    at a look that may spend nothing (too early to stop at any level)."""
    t = np.asarray(fractions, dtype=float)
    if t.size == 0 or np.any(np.diff(t) <= 0) or t[0] <= 0 or t[-1] > 1:
        raise ValueError("fractions must increase strictly within (0, 1]")
    spent = SPENDING[spending](t, alpha)
    steps = np.diff(np.concatenate([[0.0], spent]))
    out = np.empty(t.size)
    # density of the score process W(t) (variance t) on a grid over the continuation region
    x = w = f = None
    previous = 0.0
    for k, (tk, step) in enumerate(zip(t, steps)):
        dt = tk - previous
        if k == 0:
            c = -_NORMAL.inv_cdf(step / 2) if step > 1e-300 else math.inf
        else:
            c = _solve(lambda b: _crossing(x, w * f, b, dt), step, math.sqrt(tk))
        out[k] = c
        edge = min(c * math.sqrt(tk), 9.0 * math.sqrt(tk))   # beyond 9 sd nothing is left to lose
        y = np.linspace(-edge, edge, GRID)
        weights = np.full(GRID, y[1] - y[0])
        weights[[0, -1]] *= 0.5
        sd = math.sqrt(dt)
        if k == 0:
            g = np.exp(-0.5 * (y / sd) ** 2) / (sd * math.sqrt(2 * math.pi))
        else:
            kernel = np.exp(-0.5 * ((y[:, None] - x[None, :]) / sd) ** 2) / (sd * math.sqrt(2 * math.pi))
            g = kernel @ (w * f)
        x, w, f, previous = y, weights, g, tk
    out.flags.writeable = False     # cached: shared by every caller
    return out


def _crossing(x: np.ndarray, mass: np.ndarray, bound: float, dt: float) -> float:
    """P(the next score value lies outside (-bound, bound)) from grid ``mass`` at ``x`` after ``dt``."""
    sd = math.sqrt(dt)
    return float(mass @ (_upper_tail((bound - x) / sd) + _upper_tail((bound + x) / sd)))


def _solve(crossing, target: float, scale: float, tol: float = 1e-13) -> float:
    """The critical value c (on the Z scale) whose bound c * scale is crossed with probability target:
    bisection down to a bracket of 1/16, then the Illinois method (regula falsi that halves a kept end's
    value) until the bracket is narrower than ``tol``; the crossing probability falls as c grows."""
    if target <= 1e-300:
        return math.inf
    lo, hi = 0.0, 40.0
    while hi - lo > 1 / 16:
        mid = 0.5 * (lo + hi)
        if crossing(mid * scale) > target:
            lo = mid
        else:
            hi = mid
    f_lo, f_hi = crossing(lo * scale) - target, crossing(hi * scale) - target
    side = 0
    for _ in range(100):
        if hi - lo <= tol or f_lo == f_hi:
            break
        c = hi - f_hi * (hi - lo) / (f_hi - f_lo)
        if not lo < c < hi:
            c = 0.5 * (lo + hi)
        f_c = crossing(c * scale) - target
        if f_c == 0:
            return c
        if f_c > 0:
            lo, f_lo = c, f_c
            if side == -1:
                f_hi *= 0.5
            side = -1
        else:
            hi, f_hi = c, f_c
            if side == 1:
                f_lo *= 0.5
            side = 1
    return 0.5 * (lo + hi)


def look_critical_values(round_seeds: int, cap_seeds: int, alpha: float = ALPHA,
                         spending: str = "pocock", min_seeds: int = 0) -> np.ndarray:
    """Critical values of the looks after each round of ``round_seeds`` seeds up to ``cap_seeds``. A round
    that ends below ``min_seeds`` seeds is no look (``inf``: no verdict is read from so few seeds, and it
    spends nothing): the alpha is spent over the looks from the first at ``min_seeds`` on."""
    if spending not in SPENDING:
        raise ValueError(f"unknown spending function {spending!r}: expected one of {', '.join(SPENDING)}")
    fractions = information_fractions(round_seeds, cap_seeds)
    seeds = [min((k + 1) * round_seeds, cap_seeds) for k in range(len(fractions))]
    looks = [k for k, n in enumerate(seeds) if n >= min_seeds]
    out = np.full(len(fractions), math.inf)
    if looks:
        out[looks] = spending_boundaries(tuple(fractions[k] for k in looks), alpha, spending)
    return out


P_GRID = np.logspace(-6, 0, 16)     # the levels a repeated p-value is read between (interpolated on log alpha)


@lru_cache(maxsize=8)
def _p_grid(fractions: tuple[float, ...], spending: str) -> np.ndarray:
    """Critical values at every level of ``P_GRID`` (rows) and look (columns)."""
    return np.array([_boundaries(fractions, float(a), spending) for a in P_GRID])


def _boundaries(fractions, alpha, spending):
    return spending_boundaries.__wrapped__(fractions, alpha, spending)   # not through the small cache


def repeated_p_values(z, looks, round_seeds: int, cap_seeds: int, spending: str = "pocock",
                      min_seeds: int = 0) -> np.ndarray:
    """Repeated p-values: for each statistic ``z`` (normal scale, |mean| / se) read at look ``looks[i]`` (0-based,
    counting every round), the smallest alpha whose repeated interval at that look excludes 0, i.e. whose
    critical value (``look_critical_values`` at that alpha) is ``z``. A look's critical value depends only on
    the looks up to it, so one set of boundaries per level of ``P_GRID`` serves every look; between levels the
    p-value is interpolated on log alpha (below 1e-6 it is given as 1e-6). NaN at a round that is no look."""
    z = np.atleast_1d(np.asarray(z, dtype=float))
    looks = np.atleast_1d(np.asarray(looks, dtype=int))
    fractions = information_fractions(round_seeds, cap_seeds)
    seeds = [min((k + 1) * round_seeds, cap_seeds) for k in range(len(fractions))]
    last = int(looks.max()) if looks.size else -1
    eligible = [k for k in range(last + 1) if seeds[k] >= min_seeds]
    out = np.full(z.shape, np.nan)
    if not eligible:
        return out
    column = {k: i for i, k in enumerate(eligible)}
    grid = _p_grid(tuple(fractions[k] for k in eligible), spending)
    log_a = np.log(P_GRID)
    for i, (zi, k) in enumerate(zip(z, looks)):
        if k not in column:
            continue
        c = grid[:, column[k]]             # falls as alpha grows
        finite = np.isfinite(c)
        if zi <= c[-1]:
            out[i] = 1.0
        elif not finite.any() or zi >= c[finite][0]:
            out[i] = P_GRID[0] if finite.any() else 1.0
        else:
            out[i] = float(np.exp(np.interp(zi, c[finite][::-1], log_a[finite][::-1])))
    return out

