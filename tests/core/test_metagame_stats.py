"""A metagame's statistics (``reports.metagame_stats``) on games of known truth: per-seed scores drawn from a
known matrix of win rates, so that the bootstrap over seeds can be checked against the true value, the true
mixes and the true cycles."""
from __future__ import annotations

import numpy as np
import pytest

from reports import equilibrium as eq
from reports import metagame_stats as ms

RPS = np.array([[0.5, 0.1, 0.9],
                [0.9, 0.5, 0.1],
                [0.1, 0.9, 0.5]])


def seeds_of(truth: np.ndarray, seeds: int, rng, games: int = 2) -> np.ndarray:
    """float[rows, columns, seeds, games]: each game a win with the cell's true rate."""
    return (rng.random(truth.shape + (seeds, games)) < truth[..., None, None]).astype(float)


def symmetric_seeds(truth: np.ndarray, seeds: int, rng) -> np.ndarray:
    """A symmetric game's cells: j's games against i are i's, seen from j."""
    cells = seeds_of(truth, seeds, rng)
    n = len(truth)
    for i in range(n):
        cells[i, i] = 0.5
        for j in range(i):
            cells[i, j] = 1.0 - cells[j, i]
    return cells


def test_a_cyclic_game_mixes_all_three_and_a_dominated_entry_is_left_out_of_the_support():
    rng = np.random.default_rng(1)
    truth = np.vstack([RPS, RPS[0] - 0.08])           # a fourth row a little worse than the first everywhere
    P = seeds_of(truth, 400, rng).mean(axis=3)
    a = ms.analyse(P, resamples=200, seed=3)
    assert a.value.low <= 0.5 <= a.value.high
    assert a.bounds[0] <= a.value.point <= a.bounds[1]
    support = ms.in_support(a.weights[0])
    assert support[:3].all() and not support[3]
    assert ms.in_support(a.weights[1]).all()
    assert a.weights[0].point[:3] == pytest.approx([1 / 3] * 3, abs=0.08)
    assert a.exploitability.point == pytest.approx(0.0, abs=1e-8)
    assert 0.0 < a.exploitability.high < 0.1        # the bound says how far from the true game's equilibrium


def test_the_value_interval_covers_the_true_value_about_as_often_as_it_says():
    truth = np.array([[0.62, 0.40, 0.55],
                      [0.45, 0.58, 0.47],
                      [0.50, 0.52, 0.35]])
    value = eq.solve(truth).value
    covered = 0
    for k in range(40):
        P = seeds_of(truth, 200, np.random.default_rng(100 + k)).mean(axis=3)
        a = ms.analyse(P, resamples=200, seed=k)
        covered += a.value.low <= value <= a.value.high
    assert covered >= 34       # 95% of 40 is 38; fewer than 34 happens with a true 95% less than 1% of the time


def test_the_value_is_each_seeds_mix_weighted_score_on_average():
    rng = np.random.default_rng(2)
    P = seeds_of(RPS, 100, rng).mean(axis=3)
    sol = eq.solve(P.mean(axis=2))
    assert ms.value_per_seed(P, sol).mean() == pytest.approx(sol.value)


def test_the_symmetric_game_is_worth_one_half_and_its_mix_is_both_players():
    rng = np.random.default_rng(4)
    cells = symmetric_seeds(RPS, 300, rng)
    a = ms.analyse(cells.mean(axis=3), symmetric=True, resamples=100, seed=1)
    assert a.value.point == a.value.low == a.value.high == 0.5
    assert np.array_equal(a.solution.row, a.solution.col)
    assert ms.in_support(a.weights[0]).all()
    assert a.ranks[0].point == pytest.approx([1 / 3] * 3, abs=0.05)


def test_the_intervals_depend_on_the_seed_of_the_bootstrap_only():
    P = seeds_of(RPS, 60, np.random.default_rng(7)).mean(axis=3)
    one, again, other = (ms.analyse(P, resamples=100, seed=s) for s in (5, 5, 6))
    assert (one.value.low, one.value.high) == (again.value.low, again.value.high)
    assert np.array_equal(one.weights[0].low, again.weights[0].low)
    assert (one.value.low, one.value.high) != (other.value.low, other.value.high)
    assert one.value.point == other.value.point


def test_a_clear_cycle_is_found_and_a_transitive_order_or_a_faint_one_is_not():
    rng = np.random.default_rng(9)
    met = ~np.eye(3, dtype=bool)
    found, tested = ms.cycles(symmetric_seeds(RPS, 200, rng), met)
    assert found == [(0, 2, 1)] and tested == 3        # 0 beats 2 (0.9), 2 beats 1, 1 beats 0
    transitive = np.array([[0.5, 0.8, 0.9], [0.2, 0.5, 0.8], [0.1, 0.2, 0.5]])
    assert ms.cycles(symmetric_seeds(transitive, 200, rng), met)[0] == []
    faint = 0.5 + (RPS - 0.5) / 20                     # a 2-point cycle on 30 seeds: Holm does not call it
    assert ms.cycles(symmetric_seeds(faint, 30, rng), met)[0] == []


def test_pairs_that_never_met_are_not_tested():
    rng = np.random.default_rng(11)
    cells = symmetric_seeds(RPS, 200, rng)
    met = ~np.eye(3, dtype=bool)
    met[0, 2] = met[2, 0] = False                       # the step 0 > 2 of the cycle is missing
    found, tested = ms.cycles(cells, met)
    assert found == [] and tested == 2
