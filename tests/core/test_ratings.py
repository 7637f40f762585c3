"""Bradley-Terry ratings and cycle detection (reports.ratings) on synthetic pairwise counts."""
from __future__ import annotations

import numpy as np
import pytest

from reports.ratings import bradley_terry, find_cycles


def expected_wins(strength, games):
    s = np.asarray(strength, dtype=float)
    p = 1 / (1 + np.exp(-(s[:, None] - s[None, :])))
    w = games * p
    np.fill_diagonal(w, 0)
    return w


def test_fit_recovers_known_strengths_from_exact_counts():
    truth = np.array([-1.0, -0.3, 0.2, 1.1])
    fit = bradley_terry(expected_wins(truth, 10_000))
    np.testing.assert_allclose(fit.strength, truth - truth.mean(), atol=1e-8)
    assert not fit.regularised and abs(fit.strength.sum()) < 1e-9


def test_fit_with_missing_pairs_still_recovers_strengths():
    truth = np.array([0.5, 0.0, -0.4, 0.9])
    games = np.full((4, 4), 5000.0)
    games[2, 3] = games[3, 2] = 0          # two entries that never met (like two A.I. levels)
    fit = bradley_terry(expected_wins(truth, games))
    np.testing.assert_allclose(fit.strength, truth - truth.mean(), atol=1e-8)


def test_intervals_cover_the_true_strengths_and_pairwise_scores():
    """400 simulated tournaments of 5 entries, 300 games per pair: the 95% intervals of the
    strengths and of every pair's expected score cover the truth about 95% of the time."""
    rng = np.random.default_rng(3)
    truth = np.array([-0.6, -0.2, 0.0, 0.3, 0.5])
    truth -= truth.mean()
    p_true = 1 / (1 + np.exp(-(truth[:, None] - truth[None, :])))
    n, hits, pair_hits, pair_total = 300, 0, 0, 0
    upper = np.triu_indices(5, 1)
    reps = 400
    for _ in range(reps):
        w = np.zeros((5, 5))
        w[upper] = rng.binomial(n, p_true[upper])
        w.T[upper] = n - w[upper]
        fit = bradley_terry(w)
        lo, hi = fit.interval()
        hits += int(((lo <= truth) & (truth <= hi)).sum())
        _, plo, phi = fit.expected_score()
        pair_hits += int(((plo[upper] <= p_true[upper]) & (p_true[upper] <= phi[upper])).sum())
        pair_total += len(upper[0])
    assert hits / (5 * reps) == pytest.approx(0.95, abs=0.02)
    assert pair_hits / pair_total == pytest.approx(0.95, abs=0.02)


def test_an_unbeaten_entry_is_regularised_and_stays_on_top():
    w = expected_wins([0.0, 0.2, -0.1], 1000)
    w[0, 1:] += w[1:, 0]      # entry 0 wins every game
    w[1:, 0] = 0
    fit = bradley_terry(w)
    assert fit.regularised and np.all(np.isfinite(fit.strength))
    assert np.argmax(fit.strength) == 0


def test_groups_that_never_met_cannot_be_rated():
    w = np.zeros((4, 4))
    w[0, 1] = w[1, 0] = 5
    w[2, 3] = w[3, 2] = 5
    with pytest.raises(ValueError, match="never met"):
        bradley_terry(w)


def test_draws_count_as_half_wins():
    # 10 games: 4 wins, 2 draws, 4 losses each way is an even pair
    fit = bradley_terry(np.array([[0, 5.0], [5.0, 0]]))
    np.testing.assert_allclose(fit.strength, [0, 0], atol=1e-12)


# ---- cycles

def test_rock_paper_scissors_is_found_once():
    beats = np.zeros((4, 4), bool)
    beats[0, 1] = beats[1, 2] = beats[2, 0] = True     # 0 > 1 > 2 > 0
    beats[3, :3] = True                                # 3 beats everyone: not in a cycle
    assert find_cycles(beats) == [(0, 1, 2)]


def test_a_four_cycle_without_any_triangle():
    beats = np.zeros((4, 4), bool)
    beats[0, 1] = beats[1, 2] = beats[2, 3] = beats[3, 0] = True
    assert find_cycles(beats) == [(0, 1, 2, 3)]


def test_a_transitive_order_has_no_cycle():
    beats = np.triu(np.ones((5, 5), bool), 1)
    assert find_cycles(beats) == []
