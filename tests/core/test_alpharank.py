"""alpha-Rank (``reports.alpharank``) as its paper defines it (Omidshafiei et al. 2019, "alpha-Rank: Multi-Agent
Evaluation by Evolution", Scientific Reports 9, 9937): its small examples, and the published figures of the
paper's authors' reference implementation (OpenSpiel's ``egt/alpharank_test.py``: the five strategies of Han et
al. 2013 at m = 20, alpha = 0.1, under the finite population's Moran fitness)."""
from __future__ import annotations

import numpy as np
import pytest

from reports import alpharank as ar

RPS = np.array([[0.5, 0.0, 1.0],
                [1.0, 0.5, 0.0],
                [0.0, 1.0, 0.5]])


def test_rock_paper_scissors_ranks_every_strategy_alike():
    for alpha in (0.1, 10.0, 100.0, 1e4):
        rank = ar.single_population(RPS, alpha, 50)
        assert rank.pi == pytest.approx([1 / 3] * 3, abs=1e-9)
        assert not rank.split


def test_the_published_five_strategy_example_of_han_et_al_2013():
    r, t, p, s, delta, eps = 1.0, 2.0, 0.0, -1.0, 4.0, 0.25
    payoffs = np.array([[r - eps / 2, r - eps, 0, s + delta - eps, r - eps],
                        [r, r, s, s, s],
                        [0, t, p, p, p],
                        [t - delta, t, p, p, p],
                        [r, t, p, p, p]])
    rank = ar.single_population(payoffs, alpha=0.1, m=20)
    assert rank.pi == pytest.approx([0.40966787, 0.07959841, 0.20506998, 0.08505983, 0.2206039], abs=1e-6)


def test_a_transitive_game_puts_the_mass_on_its_best_strategy_as_alpha_grows():
    # 0 beats 1 beats 2, and 0 beats 2: the paper's transitive example, whose sink is strategy 0
    transitive = np.array([[0.5, 0.7, 0.9],
                           [0.3, 0.5, 0.6],
                           [0.1, 0.4, 0.5]])
    weak, strong = ar.single_population(transitive, 1.0, 50), ar.single_population(transitive, 1000.0, 50)
    assert strong.pi[0] > 1 - 1e-9
    assert weak.pi[0] < strong.pi[0] and weak.pi.argsort().tolist() == [2, 1, 0]
    assert strong.favoured()[1, 0] and strong.favoured()[2, 0] and not strong.favoured()[0, 1]


def test_at_alpha_zero_selection_is_neutral_and_every_strategy_has_the_same_mass():
    rank = ar.single_population(np.array([[0.5, 0.9], [0.1, 0.5]]), 0.0, 10)
    assert rank.pi == pytest.approx([0.5, 0.5]) and rank.rho == pytest.approx(np.array([[0, 0.1], [0.1, 0]]))


def test_the_battle_of_the_sexes_ranks_its_two_pure_equilibria_alike_with_one_population_per_side():
    # the paper's multi-population example: (O, O) and (M, M) are the sinks, half the mass each
    row = np.array([[3.0, 0.0], [0.0, 2.0]])
    col = np.array([[2.0, 0.0], [0.0, 3.0]])
    rank = ar.multi_population((row, col), alpha=100.0, m=50)
    assert rank.pi == pytest.approx([0.5, 0.0, 0.0, 0.5], abs=1e-9)
    a, b = ar.marginals(rank, row.shape)
    assert a == pytest.approx([0.5, 0.5]) and b == pytest.approx([0.5, 0.5])


def test_matching_pennies_cycles_through_every_profile_with_one_population_per_side():
    heads = np.array([[1.0, 0.0], [0.0, 1.0]])
    rank = ar.multi_population((heads, 1.0 - heads), alpha=50.0, m=20)
    assert rank.pi == pytest.approx([0.25] * 4, abs=1e-9)


def test_the_fixation_probability_is_the_closed_form_and_survives_a_huge_alpha():
    m, alpha, edge = 50, 100.0, 0.01
    u = alpha * edge
    assert np.exp(ar.log_fixation_constant(edge, alpha, m)) == pytest.approx((1 - np.exp(-u)) / (1 - np.exp(-m * u)))
    assert ar.edge_ratio(alpha, m) == pytest.approx(m * (1 - np.exp(-u)) / (1 - np.exp(-m * u)))
    # e^-(alpha * 0.4 * 49): far below a double's smallest number, still ordered in log space
    assert np.isfinite(ar.log_fixation_constant(-0.4, 1e5, m)) and ar.log_fixation_constant(-0.4, 1e5, m) < -1e5
    rank = ar.single_population(RPS, 1e6, 50)
    assert rank.pi == pytest.approx([1 / 3] * 3, abs=1e-9)


def test_bad_parameters_are_refused():
    with pytest.raises(ValueError, match="alpha"):
        ar.single_population(RPS, -1.0)
    with pytest.raises(ValueError, match="population size"):
        ar.single_population(RPS, 1.0, 1)
    with pytest.raises(ValueError, match="square"):
        ar.single_population(RPS[:2])
