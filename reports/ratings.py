"""Bradley-Terry ratings from pairwise results, their 95% intervals, and non-transitive cycles.

Pure functions over numpy arrays; nothing here knows about games.

**Model.**  Entry i beats j with probability ``sigmoid(s_i - s_j)``; the strengths ``s`` (log-odds
units) are fitted by maximum likelihood with Newton's method on the pairwise counts, centred so
that they average 0 (only differences are identified).  A draw counts as half a win for each side
(its score, 1/2), so ``wins[i, j]`` may hold halves.

**Intervals.**  Without seeds, the covariance of the centred strengths is the pseudo-inverse of the
observed Fisher information at the fit (for the logistic model it equals the expected information:
the Laplacian of ``n_ij p_ij (1 - p_ij)``): every game independent.  A tournament's games are not:
each seed is played twice with the seats swapped, and every pair plays the same seeds, so one
seed's games move several pairs at once.  Given each pair's per-seed scores (``seed_scores``), the
covariance is the cluster-robust sandwich ``H+ B H+`` with ``H`` the information and ``B`` the sum
over the seeds of the outer product of each seed's score vector (``u_t,i = sum_j y_ij,t - g_ij,t
p_ij``), the seeds as clusters (Liang and Zeger 1986), with one pseudo-seed of ``H / T`` pooled in
(weight 1/T, as ``reports.stats.design_effect`` does for a rate) so that a few seeds that happen to
agree cannot give an interval of zero width; the intervals then use Student's t with T - 1 degrees of
freedom.  An entry's interval is about its strength against the field's average; for two entries,
use the interval of their expected score (``expected_score``), which includes the covariance between
them.

**No finite fit.**  When some group of entries never lost a game to the rest (e.g. every strategy
beats ``random`` in every game), the likelihood keeps rising as their strengths grow apart.  Then
every pair that met gets one pseudo-game split as half a win each way (``prior_games``) and
the fit says it was regularised.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import count

import numpy as np

from .stats import Z95, t_critical

ELO_PER_LOGIT = 400 / np.log(10)   # Elo points per unit of log-odds


@dataclass
class BTFit:
    strength: np.ndarray      # centred log-odds strengths, mean 0
    cov: np.ndarray           # their covariance (seed-clustered sandwich, or pseudo-inverse of the information)
    regularised: bool         # a pseudo-game per pair was needed for a finite fit
    iterations: int
    seeds: int | None = None  # the clusters of a seed-clustered covariance (None: games independent)

    @property
    def se(self) -> np.ndarray:
        return np.sqrt(np.clip(np.diag(self.cov), 0, None))

    def critical(self, z: float = Z95) -> float:
        """The interval's multiplier at the level of normal ``z``: Student's t for seeds - 1 degrees of freedom
        when the covariance is the seeds' own."""
        return t_critical(z, self.seeds) if self.seeds is not None and self.seeds >= 2 else z

    def interval(self, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
        c = self.critical(z)
        return self.strength - c * self.se, self.strength + c * self.se

    def expected_score(self, z: float = Z95) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(p, low, high)``: n x n matrices of i's expected score against j with a 95% interval
        (from the variance of s_i - s_j, mapped through the logistic function)."""
        diff = self.strength[:, None] - self.strength[None, :]
        v = np.diag(self.cov)
        var = np.clip(v[:, None] + v[None, :] - 2 * self.cov, 0, None)
        half = self.critical(z) * np.sqrt(var)
        return _sigmoid(diff), _sigmoid(diff - half), _sigmoid(diff + half)


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _check(wins: np.ndarray) -> np.ndarray:
    w = np.asarray(wins, dtype=float)
    if w.ndim != 2 or w.shape[0] != w.shape[1]:
        raise ValueError(f"wins must be a square matrix, got shape {w.shape}")
    if np.any(w < 0) or not np.all(np.isfinite(w)):
        raise ValueError("wins must be finite and >= 0")
    if np.any(np.diag(w) != 0):
        raise ValueError("an entry cannot play itself: the diagonal of wins must be 0")
    return w


def connected(games: np.ndarray) -> bool:
    """Whether every entry is linked to every other through pairs that played (else strengths of
    separate groups cannot be compared)."""
    n = games.shape[0]
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in np.flatnonzero(games[i] > 0):
            if j not in seen:
                seen.add(int(j))
                todo.append(int(j))
    return len(seen) == n


def _strongly_connected(wins: np.ndarray) -> bool:
    """Every entry reaches every other along 'scored against' edges, in both directions: the
    condition for a finite maximum-likelihood fit (Zermelo; Ford 1957)."""
    beat = wins > 0
    return connected(beat.astype(float)) and _reaches_all(beat) and _reaches_all(beat.T)


def _reaches_all(edges: np.ndarray) -> bool:
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in np.flatnonzero(edges[i]):
            if j not in seen:
                seen.add(int(j))
                todo.append(int(j))
    return len(seen) == edges.shape[0]


def bradley_terry(wins, prior_games: float | None = None, tol: float = 1e-10, max_iter: int = 200,
                  seed_scores: dict | None = None) -> BTFit:
    """Fit strengths to ``wins[i, j]`` = i's score against j (wins + draws/2), i != j.

    ``prior_games``: pseudo-games per pair that met, split evenly (None: only when the plain fit
    has no finite maximum).  ``seed_scores``: {(i, j): float[T, g]} i's score in each of the g games of
    each seed t against j (seed t the same seed for every pair; one of (i, j) and (j, i) is enough), whose
    sums make up ``wins``: the covariance is then seed-clustered (see the module text).  Raises
    ``ValueError`` when the entries fall apart into groups that never met."""
    w = _check(wins)
    n = w.shape[0]
    games = w + w.T
    if n < 2:
        raise ValueError("ratings need at least two entries")
    if not connected(games):
        raise ValueError("the entries fall into groups that never met: their strengths cannot be compared")
    regularised = False
    if prior_games is None:
        regularised = not _strongly_connected(w)
        prior_games = 1.0 if regularised else 0.0
    elif prior_games > 0:
        regularised = True
    met = games > 0
    w = w + np.where(met, prior_games / 2, 0.0)
    games = w + w.T
    s = np.zeros(n)
    for it in count(1):
        p = _sigmoid(s[:, None] - s[None, :])
        grad = (w - games * p).sum(axis=1)
        info = games * p * (1 - p)
        lap = np.diag(info.sum(axis=1)) - info
        step = np.linalg.pinv(lap) @ grad
        s = s + step
        s -= s.mean()
        if np.max(np.abs(step)) < tol or it >= max_iter:
            break
    p = _sigmoid(s[:, None] - s[None, :])
    info = games * p * (1 - p)
    lap = np.diag(info.sum(axis=1)) - info
    bread = np.linalg.pinv(lap)
    if not seed_scores:
        return BTFit(s, bread, regularised, it)
    meat, seeds = _seed_meat(seed_scores, p, n)
    meat = ((seeds - 1) * meat + lap) / seeds      # one pseudo-seed at the independent-games variance
    return BTFit(s, bread @ meat @ bread, regularised, it, seeds)


def _seed_meat(seed_scores: dict, p: np.ndarray, n: int) -> tuple[np.ndarray, int]:
    """(the seeds' mean outer product of their score vectors, times the seeds: the clustered variance of the
    score equations (divisor T), the seeds T)."""
    seeds = max(np.asarray(v).shape[0] for v in seed_scores.values())
    u = np.zeros((seeds, n))
    done = set()
    for (i, j), v in seed_scores.items():
        if (i, j) in done or (j, i) in done:
            continue
        done.add((i, j))
        v = np.asarray(v, dtype=float)
        v = v.reshape(v.shape[0], -1)
        resid = v.sum(axis=1) - v.shape[1] * p[i, j]      # i's score in the seed minus its expectation
        u[:v.shape[0], i] += resid
        u[:v.shape[0], j] -= resid
    return u.T @ u, seeds


def find_cycles(beats: np.ndarray, max_cycles: int = 20) -> list[tuple[int, ...]]:
    """Simple directed cycles of ``beats`` (``beats[i, j]``: i beats j clearly), length 3 or more,
    shortest first, each once (starting at its smallest index); at most ``max_cycles``.

    A 2-cycle cannot occur (i beats j clearly and j beats i clearly contradict each other)."""
    b = np.asarray(beats, dtype=bool)
    n = b.shape[0]
    found: list[tuple[int, ...]] = []
    for length in range(3, n + 1):
        for start in range(n):
            _extend([start], b, length, found, max_cycles)
            if len(found) >= max_cycles:
                return found
    return found


def _extend(path: list[int], b: np.ndarray, length: int, found: list, cap: int) -> None:
    last, start = path[-1], path[0]
    if len(path) == length:
        if b[last, start]:
            found.append(tuple(path))
        return
    for j in np.flatnonzero(b[last]):
        j = int(j)
        if j > start and j not in path:
            path.append(j)
            _extend(path, b, length, found, cap)
            path.pop()
            if len(found) >= cap:
                return
