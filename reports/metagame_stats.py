"""A metagame's equilibria, alpha-Rank and cycles, with intervals from a bootstrap over seeds.

Pure functions over numpy arrays; nothing here knows about games.

**Input.**  ``P[i, j, t]``: the row entry's mean score (win 1, draw 1/2) in the two seat-swapped games of seed t
against the column entry. Every cell was played on the same seeds t = 0 .. T - 1, so the seeds are the unit of
randomness and a seed's games across all cells move together.

**Bootstrap.**  A resample draws T seeds with replacement (the same draw for every cell, so the cells keep their
correlation), and the game is solved again on each resample's mean matrix: ``resamples`` equilibria (value, both
mixes) and alpha-Rank masses.  The value's interval is the estimate plus or minus the critical value (1.96, or a sequential look's
repeated level: 2.6 and more) times a standard error: the larger of the resamples' standard deviation and the
seeds' standard error of the value with the mixes held at their estimate (``value_per_seed``, the delta method's
first order). Each resample re-solves the game and so fits its own noise: near a tie the bootstrap alone runs
narrow (90-91% coverage measured at 100 seeds, against 92-95% with the larger of the two), and a percentile at a
sequential look's far tail (0.4%) would rest on the two most extreme of 500 resamples.  The weights' and masses' intervals are the
resamples' percentiles at the run's level (a weight is bounded by 0 and piles up there), widened where needed to
hold the estimate itself (a percentile interval of a max-min can miss it when the entries are near a tie).  A strategy is *in the support* only when its weight's interval
excludes 0.  The **exploitability** of the reported mixes is 0 on the played games (an equilibrium of them); its
bound says how far the mixes could be from an equilibrium of the true game: the bootstrap's analogue, each
resample's equilibrium mixes played in the game of all seeds, whose 95th percentile (a one-sided 95% bound) is
the ``exploitability_ci_high`` (``exploitability_ci_low`` is 0: it cannot be negative).

Resampling uses ``numpy.random.default_rng`` seeded from the run's seed: the same run gives the same intervals.
``benchmarks/metagame_coverage.py`` measures how often the value's interval covers the value of ten times the
games.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from . import alpharank as ar
from . import equilibrium as eq
from .stats import Z95

DEFAULT_RESAMPLES = 1000
BATCH_NUMBERS = 4_000_000     # resample weights built at most this many numbers at a time (memory stays small)
STREAM = 51                   # the bootstrap's stream of the run's seed


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its interval (arrays for weights)."""
    point: np.ndarray | float
    low: np.ndarray | float
    high: np.ndarray | float


@dataclass
class GameAnalysis:
    """One matrix game solved on the played seeds, with bootstrap intervals: ``matrix`` (mean scores), its
    ``solution`` (``reports.equilibrium``), the ``value``, each side's ``weights``, the reported mixes'
    ``exploitability``, the pure ``bounds`` (maximin, minimax), alpha-Rank's ``ranks`` (each side's mass; one side
    in a symmetric game) and ``rank`` (the point estimate's full ranking, for its graph)."""
    matrix: np.ndarray
    solution: eq.Solution
    value: Estimate
    weights: tuple[Estimate, Estimate]
    exploitability: Estimate
    bounds: tuple[float, float]
    ranks: tuple[Estimate, Estimate]
    rank: ar.AlphaRank
    symmetric: bool
    resamples: int
    level: float


def level_of(z: float) -> float:
    """The two-sided coverage of a normal critical value (1.96: 0.95)."""
    return float(1.0 - 2.0 * stats.norm.sf(z))


def resample_means(P: np.ndarray, resamples: int, seed: int):
    """Each resample's mean matrix, in batches: yields float[batch, rows, columns]."""
    T = P.shape[-1]
    rng = np.random.default_rng([int(seed) % 2**63, STREAM])
    batch = max(1, min(resamples, BATCH_NUMBERS // max(1, T)))
    left = resamples
    while left > 0:
        b = min(batch, left)
        counts = rng.multinomial(T, np.full(T, 1.0 / T), size=b) / T
        yield np.einsum("ijt,bt->bij", P, counts)
        left -= b


def _percentiles(draws: np.ndarray, point, z: float) -> tuple:
    q = float(stats.norm.sf(z))
    lo, hi = np.quantile(draws, [q, 1.0 - q], axis=0)
    return np.minimum(lo, point), np.maximum(hi, point)


def _normal(draws: np.ndarray, per_seed: np.ndarray, point: float, z: float) -> Estimate:
    """``point +- z`` times the larger of the resamples' standard deviation and the per-seed standard error of
    the value with the mixes held (``value_per_seed``), within [0, 1] (a score)."""
    boot = float(np.std(draws, ddof=1)) if draws.size > 1 else 0.0
    held = float(np.std(per_seed, ddof=1) / np.sqrt(per_seed.size)) if per_seed.size > 1 else 0.0
    half = z * max(boot, held)
    return Estimate(point, max(0.0, point - half), min(1.0, point + half))


def analyse(P: np.ndarray, symmetric: bool = False, resamples: int = DEFAULT_RESAMPLES, seed: int = 1,
            z: float = Z95, alpha: float = ar.DEFAULT_ALPHA, population: int = ar.DEFAULT_POPULATION) -> GameAnalysis:
    """Solve the game of ``P`` (rows x columns x seeds; ``symmetric``: both players choose from the same entries,
    ``P[i, j] + P[j, i] = 1``) and bootstrap it (see the module text)."""
    P = np.asarray(P, dtype=float)
    A = P.mean(axis=2)
    sol = eq.solve(A)
    if symmetric:      # the row's maximin mix is an equilibrium strategy of both players
        sol = eq.Solution(sol.row, sol.row, 0.5 if np.allclose(A + A.T, 1.0) else sol.value, sol.saddle)
    rank = _rank(A, symmetric, alpha, population)
    values, rows, cols, expl, ranks_a, ranks_b = [], [], [], [], [], []
    for batch in resample_means(P, resamples, seed):
        for Ab in batch:
            s = eq.solve(Ab)
            y = s.row if symmetric else s.col
            values.append(s.value)
            rows.append(s.row)
            cols.append(y)
            expl.append(eq.exploitability(A, s.row, y))
            r = _rank(Ab, symmetric, alpha, population)
            ranks_a.append(_side_mass(r, A.shape, symmetric)[0])
            ranks_b.append(_side_mass(r, A.shape, symmetric)[1])
    exploit = eq.exploitability(A, sol.row, sol.col)
    upper = float(np.quantile(expl, 1.0 - 2.0 * float(stats.norm.sf(z)))) if expl else float("nan")
    mass = _side_mass(rank, A.shape, symmetric)
    value = _normal(np.array(values), value_per_seed(P, sol), sol.value, z)
    if symmetric:
        value = Estimate(sol.value, sol.value, sol.value)   # 1/2 by symmetry, on every resample too
    return GameAnalysis(
        A, sol, value,
        (Estimate(sol.row, *_percentiles(np.array(rows), sol.row, z)),
         Estimate(sol.col, *_percentiles(np.array(cols), sol.col, z))),
        Estimate(exploit, 0.0, max(upper, exploit)), eq.pure_bounds(A),
        (Estimate(mass[0], *_percentiles(np.array(ranks_a), mass[0], z)),
         Estimate(mass[1], *_percentiles(np.array(ranks_b), mass[1], z))),
        rank, symmetric, resamples, level_of(z))


def _rank(A: np.ndarray, symmetric: bool, alpha: float, population: int) -> ar.AlphaRank:
    if symmetric:
        return ar.single_population(A, alpha, population)
    return ar.multi_population((A, 1.0 - A), alpha, population)


def _side_mass(rank: ar.AlphaRank, shape, symmetric: bool) -> tuple[np.ndarray, np.ndarray]:
    if symmetric:
        return rank.pi, rank.pi
    return ar.marginals(rank, shape)


def in_support(weights: Estimate) -> np.ndarray:
    """bool per strategy: its weight's interval excludes 0."""
    return np.asarray(weights.low) > 0


def value_per_seed(P: np.ndarray, solution: eq.Solution) -> np.ndarray:
    """float[seeds]: each seed's matrix weighted by the equilibrium mixes, ``x^T P_t y``: their mean is the value
    exactly, and to first order (the mixes held at their estimate, as the envelope theorem allows at a unique
    equilibrium) the value moves with them: a per-seed sample of the value for paired tests and pilots."""
    return np.einsum("i,ijt,j->t", solution.row, np.asarray(P, dtype=float), solution.col)


def cycles(cells: np.ndarray, met: np.ndarray, alpha: float = 0.05, max_cycles: int = 20) -> tuple[list, int]:
    """(non-transitive cycles as tuples of entry indices, pairs tested): a step i > j is a pair whose score
    differs from 1/2 after Holm's correction over every pair that met (``reports.findings.holm``), each pair's
    p-value the seed-clustered score test of ``reports.stats.score_test_p``; ``cells[i, j]`` float[seeds, games
    per seed], ``met[i, j]`` whether i and j played."""
    from .findings import holm
    from .ratings import find_cycles
    from .stats import score_test_p

    n = cells.shape[0]
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if met[i, j]]
    p = []
    for i, j in pairs:
        per_seed = cells[i, j].sum(axis=1)
        games = cells[i, j].size
        p.append(score_test_p(float(per_seed.sum()), float((per_seed ** 2).sum()), per_seed.size, games, 0.5))
    beats = np.zeros((n, n), bool)
    if pairs:
        rejected, _ = holm(np.array(p), alpha)
        for (i, j), r in zip(pairs, rejected):
            if r:
                mean = cells[i, j].mean()
                beats[i, j], beats[j, i] = mean > 0.5, mean < 0.5
    return find_cycles(beats, max_cycles), len(pairs)
