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
        return Solution(np.eye(n)[i], np.eye(m)[j], float(a[i, j]), saddle)
    # variables (x_1 .. x_n, v): minimise -v; v - (x^T A)_j <= 0 for each column j; sum x = 1
    c = np.zeros(n + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((m, 1))])
    a_eq = np.hstack([np.ones((1, n)), np.zeros((1, 1))])
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(m), A_eq=a_eq, b_eq=[1.0], bounds=[(0, None)] * n + [(None, None)],
                  method="highs")
    if res.status != 0:    # a bounded, feasible programme always solves: anything else is a bug
        raise RuntimeError(f"linprog did not solve the matrix game: {res.message}")
    x = _mix(res.x[:n])
    y = _mix(-res.ineqlin.marginals)
    return Solution(x, y, float(x @ a @ y))


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
