"""Wilson intervals and paired differences against values worked out by hand or in published tables."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from reports.stats import (design_effect, paired_difference, seed_clustered_interval, seed_interval,
                           wilson_interval)


def test_wilson_known_value():
    low, high = wilson_interval(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4)
    assert high == pytest.approx(0.3662, abs=1e-4)
    assert isinstance(low, float) and isinstance(high, float)


def test_wilson_no_wins_is_not_an_empty_interval():
    low, high = wilson_interval(0, 10)
    z2 = 1.959963984540054 ** 2
    assert low == 0.0
    assert high == pytest.approx(z2 / (10 + z2))      # 0.2775


def test_wilson_all_wins():
    low, high = wilson_interval(10, 10)
    z2 = 1.959963984540054 ** 2
    assert low == pytest.approx(10 / (10 + z2))       # 0.7225
    assert high == 1.0


def test_wilson_no_games_is_nan():
    low, high = wilson_interval(0, 0)
    assert math.isnan(low) and math.isnan(high)


def test_wilson_vectorised_over_arrays_and_series():
    wins, n = np.array([81, 0, 10, 0]), np.array([263, 10, 10, 0])
    low, high = wilson_interval(wins, n)
    assert low.shape == high.shape == (4,)
    for i in range(3):
        assert (low[i], high[i]) == pytest.approx(wilson_interval(int(wins[i]), int(n[i])))
    assert np.isnan(low[3]) and np.isnan(high[3])
    s_low, s_high = wilson_interval(pd.Series(wins, index=list("abcd")), pd.Series(n, index=list("abcd")))
    assert list(s_low.index) == list("abcd")
    assert s_high["a"] == pytest.approx(high[0])


def test_wilson_wider_z_gives_a_wider_interval():
    lo95, hi95 = wilson_interval(50, 100)
    lo99, hi99 = wilson_interval(50, 100, z=2.5758293035489)
    assert lo99 < lo95 < 0.5 < hi95 < hi99


def test_wilson_rejects_more_wins_than_games():
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_paired_difference_hand_example():
    a = [1, 1, 0, 0.5, 1]
    b = [0, 1, 0, 0.5, 0]
    # d = 1, 0, 0, 0, 1: mean 0.4, sd^2 = 0.3; one pseudo-seed at 1/4: v = (4 * 0.3 + 0.25) / 5 = 0.29,
    # se = sqrt(0.29 / 5); Student's t with 4 degrees of freedom: 2.776445
    r = paired_difference(a, b)
    se = math.sqrt(0.29 / 5)
    assert r.n == 5
    assert r.mean == pytest.approx(0.4)
    assert r.se == pytest.approx(se)
    assert r.ci_low == pytest.approx(0.4 - 2.7764451051977987 * se)
    assert r.ci_high == pytest.approx(0.4 + 2.7764451051977987 * se)


def test_paired_difference_of_identical_outcomes_is_not_zero_width():
    """Three seeds that agree do not make a certainty: one pseudo-seed at 1/4 and t with 2 degrees of freedom."""
    r = paired_difference([1, 0, 0.5], [1, 0, 0.5])
    se = math.sqrt(0.25 / 3 / 3)
    assert r.mean == 0.0 and r.se == pytest.approx(se)
    assert r.ci_high == pytest.approx(4.302652729911275 * se) and r.ci_low == pytest.approx(-r.ci_high)
    assert r.ci_high - r.ci_low > 1.0


def test_paired_difference_at_a_sequential_look_uses_t_at_the_looks_level():
    from scipy import stats
    rng = np.random.default_rng(1)
    d = rng.choice([-0.5, 0.0, 0.5], size=40)
    r = paired_difference(d, np.zeros(40), z=2.4)
    t = stats.t.isf(stats.norm.sf(2.4), 39)
    assert (r.ci_high - r.mean) == pytest.approx(t * r.se) and t > 2.4


def test_paired_difference_too_few_pairs():
    assert math.isnan(paired_difference([1], [0]).ci_low)
    assert paired_difference([1], [0]).mean == 1.0
    assert paired_difference([], []).n == 0
    with pytest.raises(ValueError):
        paired_difference([1, 0], [1])


def test_two_sided_p_keeps_the_digits_of_a_tiny_p_value():
    from reports.stats import two_sided_p
    # 2 * (1 - cdf(10)) is 0.0 in floating point; the true value is 1.52e-23
    assert abs(two_sided_p(10.0) / 1.523970604832105e-23 - 1) < 1e-9
    assert abs(two_sided_p(-1.959963984540054) - 0.05) < 1e-12


# ---- the seed as the unit: a seed's games are one sample

def test_clustered_interval_against_a_hand_computation_on_a_tiny_table():
    """Five seeds of two games: wins per seed 2, 2, 0, 1, 0 (5 of 10). The seeds' variance (divisor 5) is
    9/5 - 1 = 0.8, so var(p) = 5 * 0.8 / 10^2 = 0.04 against the binomial 0.25 / 10 = 0.025: design effect
    1.6, shrunk by one pseudo-seed to (4 * 1.6 + 1) / 5 = 1.48; the interval is Wilson's at 10 / 1.48
    effective games with Student's t at 4 degrees of freedom."""
    low, high, deff = seed_clustered_interval(5, 4 + 4 + 0 + 1 + 0, 5, 10)
    assert deff == pytest.approx(1.48)
    t4 = 2.7764451051977987
    n_eff = 10 / 1.48
    centre = (0.5 + t4 ** 2 / (2 * n_eff)) / (1 + t4 ** 2 / n_eff)
    half = t4 * math.sqrt(0.25 / n_eff + t4 ** 2 / (4 * n_eff ** 2)) / (1 + t4 ** 2 / n_eff)
    assert (low, high) == pytest.approx((centre - half, centre + half))
    rate, lo2, hi2, d2 = seed_interval([2, 2, 0, 1, 0], 2)
    assert (rate, lo2, hi2, d2) == pytest.approx((0.5, low, high, 1.48))


def test_one_game_per_seed_is_exactly_the_wilson_interval():
    wins, n = np.array([81, 0, 10, 37]), np.array([263, 10, 10, 60])
    low, high, deff = seed_clustered_interval(wins, wins, n, n)
    wl, wh = wilson_interval(wins, n)
    np.testing.assert_array_equal(low, wl)
    np.testing.assert_array_equal(high, wh)
    assert (deff == 1.0).all()


def test_seeds_that_all_split_their_two_games_give_no_zero_width_interval():
    """Every seed one win and one loss (the seat decides every game): the seeds' variance is 0, yet the
    interval is not, and with two seeds it spans almost everything."""
    for seeds in (2, 10, 1000):
        low, high, deff = seed_clustered_interval(seeds, seeds, seeds, 2 * seeds)
        assert high - low > 0 and deff == pytest.approx(1 / seeds)
    low, high, _ = seed_clustered_interval(2, 2, 2, 4)
    assert low < 0.05 and high > 0.95
    assert design_effect(0, 0, 5, 10) == 2.0       # no win at all: the seeds are the sample


@pytest.mark.parametrize("correlation, seeds", [(-0.21, 60), (0.21, 60), (0.21, 400), (0.6, 40)])
def test_clustered_interval_covers_95_percent_of_correlated_pairs_where_wilson_does_not(correlation, seeds):
    """Simulated seeds whose two games' wins correlate (The Last Command: about -0.21 for a side, +0.21 for the
    first player): the seed-clustered interval covers about 95%, the Wilson interval over games does not."""
    rng = np.random.default_rng(11)
    p, reps = 0.55, 6000
    p11 = p * p + correlation * p * (1 - p)
    counts = rng.multinomial(seeds, [1 - 2 * p + p11, p - p11, p - p11, p11], size=reps)   # 0, 1, 1, 2 wins
    wins = counts[:, 1] + counts[:, 2] + 2 * counts[:, 3]
    squares = counts[:, 1] + counts[:, 2] + 4 * counts[:, 3]
    low, high, _ = seed_clustered_interval(wins, squares, np.full(reps, seeds), np.full(reps, 2 * seeds))
    covered = ((low <= p) & (p <= high)).mean()
    wl, wh = wilson_interval(wins, np.full(reps, 2 * seeds))
    wilson = ((wl <= p) & (p <= wh)).mean()
    assert covered == pytest.approx(0.95, abs=0.012)
    assert abs(wilson - 0.95) > abs(covered - 0.95)
