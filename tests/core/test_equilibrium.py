"""Zero-sum matrix games (``reports.equilibrium``, issue 51's checks): known matrices give their known mixes and
values, a dominated strategy gets no weight, the equilibrium's exploitability is 0 within the solver's tolerance
(and a mix that is not one is exploitable), a pure saddle point is found as such, and tied entries share the
weight instead of the first taking it all."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from reports import equilibrium as eq

# scores (win 1, draw 1/2, loss 0) of the row's rock, paper, scissors against the column's
RPS = np.array([[0.5, 0.0, 1.0],
                [1.0, 0.5, 0.0],
                [0.0, 1.0, 0.5]])
EXACT = 1e-9


def test_rock_paper_scissors_gives_a_third_each_and_the_value_one_half():
    s = eq.solve(RPS)
    assert s.row == pytest.approx([1 / 3] * 3, abs=EXACT)
    assert s.col == pytest.approx([1 / 3] * 3, abs=EXACT)
    assert s.value == pytest.approx(0.5, abs=EXACT)
    assert s.saddle is None


def test_a_biased_game_of_two_strategies_has_its_closed_form_mix_and_value():
    a, b, c, d = 0.8, 0.3, 0.4, 0.6          # no saddle: the value is (ad - bc) / (a + d - b - c)
    s = eq.solve([[a, b], [c, d]])
    assert s.value == pytest.approx((a * d - b * c) / (a + d - b - c), abs=EXACT)
    assert s.row[0] == pytest.approx((d - c) / (a + d - b - c), abs=EXACT)
    assert s.col[0] == pytest.approx((d - b) / (a + d - b - c), abs=EXACT)


def test_a_dominated_strategy_gets_weight_zero_on_either_side():
    # a fourth row worse than rock against everything, and a fourth column worse (for the column) than paper's
    a = np.vstack([RPS, RPS[0] - 0.1])
    a = np.hstack([a, (a[:, 1] + 0.1)[:, None]])
    s = eq.solve(a)
    assert s.row[3] == 0 and s.col[3] == 0
    assert s.row[:3] == pytest.approx([1 / 3] * 3, abs=EXACT) and s.value == pytest.approx(0.5, abs=EXACT)


def test_a_pure_saddle_point_is_found_as_such_with_its_exact_value():
    a = np.array([[0.45, 0.62, 0.71],
                  [0.38, 0.90, 0.20],
                  [0.41, 0.55, 0.66]])       # row 0 guarantees 0.45; column 0 holds every row to 0.45
    s = eq.solve(a)
    assert s.saddle == (0, 0) and s.value == 0.45
    assert list(s.row) == [1, 0, 0] and list(s.col) == [1, 0, 0]
    assert eq.pure_bounds(a) == (0.45, 0.45)
    assert eq.pure_saddle(RPS) is None


def test_the_value_lies_between_the_pure_bounds_and_adding_a_constant_moves_only_the_value():
    rng = np.random.default_rng(5)
    for _ in range(50):
        a = rng.uniform(0, 1, (rng.integers(2, 7), rng.integers(2, 7)))
        s = eq.solve(a)
        low, high = eq.pure_bounds(a)
        assert low - EXACT <= s.value <= high + EXACT
        moved = eq.solve(a + 3.0)
        assert moved.value == pytest.approx(s.value + 3.0, abs=1e-8)
        assert moved.row == pytest.approx(s.row, abs=1e-8) and moved.col == pytest.approx(s.col, abs=1e-8)


@settings(max_examples=60, deadline=None)
@given(arrays(float, st.tuples(st.integers(1, 6), st.integers(1, 6)), elements=st.floats(0, 1)))
def test_the_equilibrium_is_not_exploitable_and_each_side_guarantees_the_value(a):
    s = eq.solve(a)
    assert eq.exploitability(a, s.row, s.col) <= 1e-8
    assert (s.row @ a).min() >= s.value - 1e-8        # the row's mix guarantees the value against any column
    assert (a @ s.col).max() <= s.value + 1e-8        # the column's mix holds every row to it
    assert s.row.sum() == pytest.approx(1) and s.col.sum() == pytest.approx(1)
    assert (s.row >= 0).all() and (s.col >= 0).all()


def test_a_mix_that_is_not_an_equilibrium_is_exploitable_by_what_a_best_reply_gains():
    rock = np.array([1.0, 0.0, 0.0])
    uniform = np.full(3, 1 / 3)
    # against rock, paper scores 1 (a gain of 1/2 over 1/2); rock against the uniform mix gains nothing
    assert eq.gains(RPS, rock, uniform) == pytest.approx((0.0, 0.5))
    assert eq.exploitability(RPS, rock, uniform) == pytest.approx(0.25)


def test_tied_entries_share_the_weight_rather_than_the_first_taking_it_all():
    duplicated = np.vstack([RPS[:2], RPS[1], RPS[2]])            # paper twice
    s = eq.solve(duplicated)
    assert s.row == pytest.approx([1 / 3, 1 / 6, 1 / 6, 1 / 3], abs=1e-8)
    assert not eq.unique(duplicated, s.row, s.col, s.value)
    lopsided = np.zeros((4, 3))                                  # the column side wins whatever either plays
    s = eq.solve(lopsided)
    assert s.row == pytest.approx([0.25] * 4) and s.col == pytest.approx([1 / 3] * 3)
    assert s.saddle is None and s.value == 0.0
    assert eq.exploitability(lopsided, s.row, s.col) == 0.0
    s = eq.solve(RPS)
    assert eq.unique(RPS, s.row, s.col, s.value)


def test_a_bad_matrix_is_refused():
    for bad in ([], [[np.nan, 1.0]], [1.0, 2.0]):
        with pytest.raises(ValueError, match="payoff matrix"):
            eq.solve(bad)
