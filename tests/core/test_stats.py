"""Wilson intervals and paired differences against values worked out by hand or in published tables."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from reports.stats import paired_difference, wilson_interval


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
    # d = 1, 0, 0, 0, 1: mean 0.4, sd = sqrt(0.3), se = sqrt(0.3 / 5)
    r = paired_difference(a, b)
    se = math.sqrt(0.3 / 5)
    assert r.n == 5
    assert r.mean == pytest.approx(0.4)
    assert r.se == pytest.approx(se)
    assert r.ci_low == pytest.approx(0.4 - 1.959963984540054 * se)     # -0.0801
    assert r.ci_high == pytest.approx(0.4 + 1.959963984540054 * se)    # 0.8801


def test_paired_difference_identical_outcomes_is_zero_width():
    r = paired_difference([1, 0, 0.5], [1, 0, 0.5])
    assert (r.mean, r.ci_low, r.ci_high) == (0.0, 0.0, 0.0)


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
