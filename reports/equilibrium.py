"""Two-player zero-sum matrix games: each side's equilibrium mix, the value, and how exploitable a mix is.

Pure functions over numpy arrays; nothing here knows about games.

``A[i, j]`` is the row side's payoff when it plays its strategy i and the column side its strategy j; the
column side gets the rest of a constant sum (a score: win 1, draw 1/2, so the column's is ``1 - A[i, j]``).
Adding a constant to every payoff changes no mix, so the solver needs no particular sum.

* ``solve(A)``: a pure saddle point when there is one (an entry that is the smallest of its row and the largest
  of its column: neither side gains by moving, so the value is that entry, exactly, with no solver tolerance);
  otherwise the linear programme of von Neumann's minimax theorem, solved by ``scipy.optimize.linprog`` (HiGHS):
  maximise v over the row's mix x subject to ``(x^T A)_j >= v`` for every column j; the column's mix is the
  programme's dual (its constraints' marginals), so one solve gives both mixes and the value.
* **Ties.**  When several mixes are equilibria (entries that tie: two strategies with the same results, or a side
  that wins every game whatever it plays), the solver's vertex would give the first of the tied entries all the
  weight, and the bootstrap would repeat that choice on every resample.  ``unique`` tells when the equilibrium is
  the only one; when it is not, ``solve`` reports the equilibrium whose smallest weight over the entries some
  equilibrium plays is largest (two more programmes): tied entries share the weight, so that "in the support"
  means what it says.  A pure saddle point is reported only when the reported mixes are pure there.
* ``exploitability(A, x, y)``: the mean over the two sides of what a best reply gains against the other's mix,
  ``(max_i (A y)_i - min_j (x^T A)_j) / 2`` (OpenSpiel's ``exploitability``: NashConv over the players); 0 at an
  equilibrium (within the solver's tolerance, about 1e-9).
* ``pure_bounds(A)``: the maximin and minimax of pure strategies, ``max_i min_j A[i, j] <= value <= min_j max_i
  A[i, j]``: what each side guarantees without mixing.

A symmetric game (``M + M^T`` constant, the metagame where both players choose from the same entries) is one
matrix game whose value is half the sum; its row mix is an equilibrium strategy for both players.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog

TOLERANCE = 1e-9    # HiGHS's feasibility tolerance: mixes and values are exact to about this
TIE = 1e-9          # payoffs this close (relative to the largest) tie: a best reply among others


@dataclass(frozen=True)
class Solution:
    """An equilibrium of a zero-sum matrix game: the row side's mix, the column side's, the value (the row's
    expected payoff when both play their mixes) and the pure saddle point (row, column) when there is one."""
    row: np.ndarray
    col: np.ndarray
    value: float
    saddle: tuple[int, int] | None = None


def _matrix(A) -> np.ndarray:
    a = np.asarray(A, dtype=float)
    if a.ndim != 2 or not a.size or not np.all(np.isfinite(a)):
        raise ValueError(f"a payoff matrix must be a non-empty 2-d array of finite numbers, got shape {a.shape}")
    return a


def pure_saddle(A) -> tuple[int, int] | None:
    """The first entry (row-major) that is the smallest of its row and the largest of its column, or None."""
    a = _matrix(A)
    hits = np.argwhere((a == a.min(axis=1, keepdims=True)) & (a == a.max(axis=0, keepdims=True)))
    return (int(hits[0, 0]), int(hits[0, 1])) if len(hits) else None


def pure_bounds(A) -> tuple[float, float]:
    """(maximin, minimax) of pure strategies: the row side's best guaranteed payoff without mixing, and the
    column side's best guaranteed cap; the value lies between them (equal at a saddle point)."""
    a = _matrix(A)
    return float(a.min(axis=1).max()), float(a.max(axis=0).min())


def _mix(x: np.ndarray) -> np.ndarray:
    """A solver's mix as a distribution: its round-off below 0 removed, summing to 1."""
    x = np.clip(np.asarray(x, dtype=float), 0.0, None)
    x[x < TOLERANCE] = 0.0
    return x / x.sum()


def solve(A) -> Solution:
    """An equilibrium of the zero-sum game ``A`` (see the module text)."""
    a = _matrix(A)
    saddle = pure_saddle(a)
    n, m = a.shape
    if saddle is not None:
        i, j = saddle
        x, y, value = np.eye(n)[i], np.eye(m)[j], float(a[i, j])
    else:
        x, y, value = _programme(a)
    if unique(a, x, y, value):
        return Solution(x, y, float(x @ a @ y) if saddle is None else value, saddle)
    # entries that tie: the vertex the solver stops at would give the first of them everything
    x, y = _spread(a, value), _spread(-a.T, -value)
    pure = saddle is not None and x[saddle[0]] == 1.0 and y[saddle[1]] == 1.0
    return Solution(x, y, value if pure else float(x @ a @ y), saddle if pure else None)


def _programme(a: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """(row mix, column mix, value) by one linear programme, the column's mix its dual."""
    n, m = a.shape
    # variables (x_1 .. x_n, v): minimise -v; v - (x^T A)_j <= 0 for each column j; sum x = 1
    c = np.zeros(n + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((m, 1))])
    a_eq = np.hstack([np.ones((1, n)), np.zeros((1, 1))])
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(m), A_eq=a_eq, b_eq=[1.0], bounds=[(0, None)] * n + [(None, None)],
                  method="highs")
    _solved(res)
    x = _mix(res.x[:n])
    y = _mix(-res.ineqlin.marginals)
    return x, y, float(x @ a @ y)


def _solved(res) -> None:
    if res.status != 0:    # a bounded, feasible programme always solves: anything else is a bug
        raise RuntimeError(f"linprog did not solve the matrix game: {res.message}")


def unique(A, x, y, value: float) -> bool:
    """Whether ``(x, y)`` is the game's only equilibrium: every best reply to y is in x's support and every best
    reply to x in y's (no entry outside a support ties), the supports are of one size k, and the k payoff
    equations with the sum fix the mixes. Any other equilibrium x' is a best reply to y, so it lives on y's best replies (x's support),
    and meets y's support columns at the value: k + 1 equations in k unknowns, one solution when of rank k."""
    a = _matrix(A)
    sx, sy = x > 0, y > 0
    tol = TIE * max(1.0, float(np.abs(a).max()))
    if not (np.array_equal(a @ y >= value - tol, sx) and np.array_equal(x @ a <= value + tol, sy)):
        return False
    if sx.sum() != sy.sum():
        return False
    k = int(sx.sum())
    rows = np.vstack([a[np.ix_(sx, sy)].T, np.ones((1, k))])
    cols = np.vstack([a[np.ix_(sx, sy)], np.ones((1, k))])
    return np.linalg.matrix_rank(rows) == k and np.linalg.matrix_rank(cols) == k


def _spread(a: np.ndarray, value: float) -> np.ndarray:
    """The row side's equilibrium mix that spreads its weight most evenly where several tie: the largest smallest
    weight over the entries that some equilibrium plays. Two programmes: the entries some equilibrium plays (the
    cone ``x >= 0, x^T (A - v) >= 0`` of optimal mixes, scaled: a w_i <= min(x_i, 1) reaches 1 on each such entry at
    once, as sums of optimal mixes are optimal), then the mix of that set whose smallest weight is largest."""
    n, m = a.shape
    tol = TIE * max(1.0, float(np.abs(a).max()))
    shifted = a - value + tol
    # (x, w): maximise sum w; -(x^T shifted)_j <= 0; w - x <= 0; 0 <= w <= 1
    res = linprog(np.concatenate([np.zeros(n), -np.ones(n)]),
                  A_ub=np.vstack([np.hstack([-shifted.T, np.zeros((m, n))]), np.hstack([-np.eye(n), np.eye(n)])]),
                  b_ub=np.zeros(m + n), bounds=[(0, None)] * n + [(0, 1)] * n, method="highs")
    _solved(res)
    played = res.x[n:] > 0.5
    # (x, t): maximise t; -(x^T shifted)_j <= 0; t - x_i <= 0 for played i; sum x = 1; x_i = 0 elsewhere
    k = int(played.sum())
    res = linprog(np.concatenate([np.zeros(n), [-1.0]]),
                  A_ub=np.vstack([np.hstack([-shifted.T, np.zeros((m, 1))]),
                                  np.hstack([-np.eye(n)[played], np.ones((k, 1))])]),
                  b_ub=np.zeros(m + k), A_eq=np.concatenate([np.ones(n), [0.0]])[None, :], b_eq=[1.0],
                  bounds=[(0, None) if p else (0, 0) for p in played] + [(0, 1)], method="highs")
    _solved(res)
    return _mix(res.x[:n])


def gains(A, x, y) -> tuple[float, float]:
    """(what the row side gains by its best reply to ``y``, what the column side gains by its best reply to
    ``x``), each against the payoff of (x, y); both 0 at an equilibrium."""
    a = _matrix(A)
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    now = float(x @ a @ y)
    return float((a @ y).max() - now), float(now - (x @ a).min())


def exploitability(A, x, y) -> float:
    """The mean of the two sides' best-reply gains (``gains``): ``(max_i (A y)_i - min_j (x^T A)_j) / 2``."""
    row, col = gains(A, x, y)
    return (row + col) / 2


def payoffs_against(A, x, y) -> tuple[np.ndarray, np.ndarray]:
    """(each row strategy's payoff against the column's mix ``y``, each column strategy's payoff against the row's
    mix ``x`` as the column side scores it, ``1 - (x^T A)_j``: a share of a score)."""
    a = _matrix(A)
    return a @ np.asarray(y, dtype=float), 1.0 - np.asarray(x, dtype=float) @ a
