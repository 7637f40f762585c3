"""alpha-Rank: strategies ranked by the mass an evolutionary process spends on each (Omidshafiei et al. 2019,
"alpha-Rank: Multi-Agent Evaluation by Evolution", Scientific Reports 9, 9937), as the paper defines it.

Pure functions over numpy arrays; nothing here knows about games.

**The process.**  A population of ``m`` individuals all play one strategy (a monomorphic population).  Now and
then a mutant strategy appears and either takes over (fixates) or dies out, with the fixation probability of a
Moran process whose selection is the Fermi rule of ranking intensity ``alpha``.  The populations' states, and
the chance of moving from one to the next, form a Markov chain over the strategies (one population) or the
strategy profiles (one population per side); its stationary distribution ``pi`` is the ranking.  As ``alpha``
grows, ``pi`` concentrates on the chain's sink components (the paper's Markov-Conley chains).

* **One population** (a symmetric game: both players choose from the same entries, ``M[s, t]`` the payoff of
  s against t).  With k mutants tau among m - k residents sigma, an individual's fitness is its mean payoff
  against the m - 1 others::

      f_tau(k)   = ((k - 1) M[tau, tau] + (m - k) M[tau, sigma]) / (m - 1)
      f_sigma(k) = (k M[sigma, tau] + (m - k - 1) M[sigma, sigma]) / (m - 1)

  and tau fixates with ``rho = 1 / sum_{l=0}^{m-1} exp(-alpha sum_{k=1}^{l} (f_tau(k) - f_sigma(k)))`` (1/m when
  the fitnesses are equal: neutral drift).  For a constant-sum game whose diagonal is half the sum (a score
  matrix) the difference is the constant ``m / (m - 1) (M[tau, sigma] - 1/2)``.
* **One population per side** (the match-up: side A's entries against side B's).  A profile (a, b) moves to a
  neighbour differing in one side's strategy; the fitness difference is that side's payoff difference, constant
  in k, so ``rho = (1 - exp(-u)) / (1 - exp(-m u))`` with ``u = alpha (f_tau - f_sigma)``.

The chain moves from state sigma to tau with ``eta * rho``, ``eta = 1 / sum_k (|S_k| - 1)`` (one over the
number of neighbours), and stays otherwise.  Sums are taken in log space (``logsumexp``), so a large ``alpha``
gives fixation probabilities of 0 and 1 rather than overflows.  When transitions so unlikely that they round to
0 leave several closed classes (no longer reachable from one another), each class gets an equal share of the
mass (the limit the paper takes with its infinite-alpha perturbation) and ``AlphaRank.split`` says so.

**What we use.**  Payoffs are scores (shares of 1), so a one-point edge is 0.01: ``DEFAULT_ALPHA = 100`` with
``DEFAULT_POPULATION = 50`` makes a mutant with a 1-point edge fixate about 30 times more often than a neutral
one (u = 1.02) and a mutant 5 points behind almost never (about e^-250): the ranking follows the clear edges,
which is the paper's large-alpha regime, while a tie of a point or less still spreads the mass.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import logsumexp

DEFAULT_ALPHA = 100.0
DEFAULT_POPULATION = 50


@dataclass(frozen=True)
class AlphaRank:
    """``pi``: the stationary mass of each state (a strategy, or a profile flattened row-major); ``rho[s, t]``:
    the fixation probability of a mutant t in a population of s (0 where t is not a neighbour of s);
    ``transitions``: the chain's matrix; ``split``: the mass was shared between several closed classes."""
    pi: np.ndarray
    rho: np.ndarray
    transitions: np.ndarray
    alpha: float
    population: int
    split: bool = False

    def favoured(self) -> np.ndarray:
        """``rho[s, t] > 1/m``: selection favours t's fixation over s (the edges of the paper's graphs)."""
        return self.rho > 1.0 / self.population


def _check(alpha: float, m: int) -> None:
    if not (np.isfinite(alpha) and alpha >= 0):
        raise ValueError(f"alpha must be a finite number >= 0, got {alpha}")
    if int(m) != m or m < 2:
        raise ValueError(f"the population size m must be a whole number >= 2, got {m}")


def log_fixation(differences, alpha: float) -> np.ndarray:
    """The log of ``1 / sum_{l=0}^{L} exp(-alpha S_l)``, with ``S_0 = 0`` and ``S_l`` the running sum of
    ``differences`` along their last axis (``f_tau(k) - f_sigma(k)`` for k = 1 .. L = m - 1): a mutant's fixation
    probability (an array of them for an array of mutants), in log space so that e^-3000 is not 0."""
    d = np.asarray(differences, dtype=float)
    s = np.concatenate([np.zeros(d.shape[:-1] + (1,)), np.cumsum(d, axis=-1)], axis=-1)
    return -logsumexp(-alpha * s, axis=-1)


def fixation(differences, alpha: float) -> np.ndarray:
    """``exp(log_fixation(...))``: the fixation probability itself."""
    return np.exp(log_fixation(differences, alpha))


def log_fixation_constant(u_per_alpha, alpha: float, m: int) -> np.ndarray:
    """``log_fixation`` when every difference is ``u_per_alpha``: the log of ``(1 - e^-u) / (1 - e^-mu)`` (1/m at
    u = 0)."""
    u = np.asarray(u_per_alpha, dtype=float)
    return log_fixation(np.broadcast_to(u[..., None], u.shape + (m - 1,)), alpha)


def single_population(M, alpha: float = DEFAULT_ALPHA, m: int = DEFAULT_POPULATION) -> AlphaRank:
    """alpha-Rank of a symmetric game (one population; ``M[s, t]``: s's payoff against t)."""
    _check(alpha, m)
    M = np.asarray(M, dtype=float)
    n = M.shape[0]
    if M.ndim != 2 or M.shape != (n, n) or not np.all(np.isfinite(M)):
        raise ValueError(f"a symmetric game's payoffs must be a square matrix of finite numbers, got {M.shape}")
    k = np.arange(1, m)
    d = np.diag(M)
    # [s, t, k]: the mutant t's fitness minus the resident s's, with k mutants
    f_t = ((k - 1) * d[None, :, None] + (m - k) * M.T[:, :, None]) / (m - 1)
    f_s = (k * M[:, :, None] + (m - k - 1) * d[:, None, None]) / (m - 1)
    log_rho = log_fixation(f_t - f_s, alpha)
    return _ranked(log_rho, 1.0 / max(1, n - 1), alpha, m)


def multi_population(payoffs, alpha: float = DEFAULT_ALPHA, m: int = DEFAULT_POPULATION) -> AlphaRank:
    """alpha-Rank of a two-sided game, one population per side: ``payoffs = (P0, P1)``, ``P0[a, b]`` side 0's
    payoff and ``P1[a, b]`` side 1's when side 0 plays a and side 1 plays b. States are the profiles (a, b),
    flattened row-major (``np.ravel_multi_index``); ``marginals`` gives each side's mass per strategy."""
    _check(alpha, m)
    P0, P1 = (np.asarray(p, dtype=float) for p in payoffs)
    if P0.ndim != 2 or P0.shape != P1.shape or not (np.all(np.isfinite(P0)) and np.all(np.isfinite(P1))):
        raise ValueError("a two-sided game's payoffs must be two matrices of one shape, of finite numbers")
    na, nb = P0.shape
    log_rho = np.full((na, nb, na, nb), -np.inf)      # not a neighbour: no move
    # side 0 moves from a to a2 with b fixed: rho[a, b, a2, b]; side 1 from b to b2 with a fixed
    side0 = log_fixation_constant(P0.T[:, None, :] - P0.T[:, :, None], alpha, m)      # [b, a, a2]
    side1 = log_fixation_constant(P1[:, None, :] - P1[:, :, None], alpha, m)          # [a, b, b2]
    for b in range(nb):
        log_rho[:, b, :, b] = side0[b]
    for a in range(na):
        log_rho[a, :, a, :] = side1[a]
    return _ranked(log_rho.reshape(na * nb, na * nb), 1.0 / max(1, (na - 1) + (nb - 1)), alpha, m)


def edge_ratio(alpha: float, m: int, edge: float = 0.01) -> float:
    """How many times as often as a neutral mutant (1/m) a mutant whose payoff is ``edge`` above the resident's
    fixates, one population per side (the fitness difference is constant): ``m (1 - e^-u) / (1 - e^-mu)``, u = alpha
    edge. What a ranking intensity means in words: about 31.6 for a 1-point edge at alpha = 100, m = 50."""
    _check(alpha, m)
    return float(m * np.exp(log_fixation_constant(edge, alpha, m)))


def marginals(rank: AlphaRank, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Each side's mass per strategy from a two-sided ranking of profiles of ``shape`` (strategies per side)."""
    pi = rank.pi.reshape(shape)
    return pi.sum(axis=1), pi.sum(axis=0)


def _ranked(log_rho: np.ndarray, eta: float, alpha: float, m: int) -> AlphaRank:
    log_rho = np.array(log_rho, dtype=float)
    np.fill_diagonal(log_rho, -np.inf)
    log_c = np.log(eta) + log_rho
    rho = np.exp(log_rho)
    c = eta * rho
    np.fill_diagonal(c, 1.0 - c.sum(axis=1))
    pi, split = stationary(log_c)
    return AlphaRank(pi, rho, c, float(alpha), int(m), split)


def stationary(log_c: np.ndarray) -> tuple[np.ndarray, bool]:
    """(the stationary distribution of a chain given by the logs of its moves ``log_c[s, t]``, s != t (-inf: no
    move; the diagonal is not read), whether its mass was split between several closed classes). Each closed class
    is solved by Grassmann, Taksar and Heyman's state reduction in log space: it adds and multiplies transition
    probabilities but never subtracts them, so a move of probability e^-3000 still counts against another of
    e^-3100 (``pi (C - I) = 0`` solved directly loses a 1e-30 beside the 1 next to it). Several closed classes (no
    move between them at all) share the mass equally."""
    from scipy.sparse.csgraph import connected_components

    n = log_c.shape[0]
    moves = np.isfinite(log_c) & ~np.eye(n, dtype=bool)
    count, labels = connected_components(moves, directed=True, connection="strong")
    closed = [k for k in range(count) if not moves[labels == k][:, labels != k].any()]
    pi = np.zeros(n)
    for k in closed:
        members = np.flatnonzero(labels == k)
        pi[members] = _gth(log_c[np.ix_(members, members)]) / len(closed)
    return pi / pi.sum(), len(closed) > 1


def _gth(log_p: np.ndarray) -> np.ndarray:
    """The stationary distribution of an irreducible chain by GTH state reduction on the logs of its moves."""
    lp = np.array(log_p, dtype=float)
    n = lp.shape[0]
    np.fill_diagonal(lp, -np.inf)
    with np.errstate(divide="ignore"):
        for k in range(n - 1, 0, -1):
            out = _lse(lp[k, :k])               # finite: an irreducible chain leaves k for a state below it
            lp[:k, k] -= out
            lp[:k, :k] = np.logaddexp(lp[:k, :k], lp[:k, k][:, None] + lp[k, :k][None, :])
        log_pi = np.zeros(n)
        for k in range(1, n):
            log_pi[k] = _lse(log_pi[:k] + lp[:k, k])
    pi = np.exp(log_pi - log_pi.max())
    return pi / pi.sum()


def _lse(x: np.ndarray) -> float:
    """log(sum(exp(x))) of a short 1-d array (scipy's ``logsumexp`` costs more in its checks than in its sums)."""
    top = x.max()
    if not np.isfinite(top):
        return float(top)
    return float(top + np.log(np.exp(x - top).sum()))
