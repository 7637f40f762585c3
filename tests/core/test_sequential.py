"""Group-sequential looks (reports.sequential) and `compare --until-verdict` (reports.until_verdict)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.compare import COMPARE_COLUMNS, NOT_ENOUGH, combine_rounds, question_of, run_compare
from reports.sequential import information_fractions, obf_spending, pocock_spending, spending_boundaries
from reports.stats import Z95, t_critical
from reports.until_verdict import LOOK_COLUMNS, SEQUENTIAL_COLUMNS, run_until_verdict


# ---- the spending boundaries

def test_boundaries_reproduce_gsdesign_values():
    """gsDesign::gsDesign(k=5, test.type=2, alpha=0.025, sfu=sfLDOF or sfLDPocock) and k=2: its bounds."""
    looks = (0.2, 0.4, 0.6, 0.8, 1.0)
    np.testing.assert_allclose(spending_boundaries(looks, spending="obf"),
                               [4.8769, 3.3570, 2.6803, 2.2898, 2.0310], atol=2e-3)
    np.testing.assert_allclose(spending_boundaries((0.5, 1.0), spending="obf"), [2.9626, 1.9686], atol=2e-3)
    np.testing.assert_allclose(spending_boundaries(looks, spending="pocock"),
                               [2.4380, 2.4268, 2.4101, 2.3966, 2.3859], atol=2e-3)


@pytest.mark.parametrize("spending", ["obf", "pocock"])
def test_one_look_is_the_fixed_size_interval(spending):
    assert spending_boundaries((1.0,), spending=spending)[0] == pytest.approx(Z95, abs=1e-6)


@pytest.mark.parametrize("spend", [obf_spending, pocock_spending])
def test_spending_reaches_alpha_at_the_cap_and_grows(spend):
    t = np.linspace(0.01, 1, 50)
    spent = spend(t)
    assert spent[-1] == pytest.approx(0.05) and np.all(np.diff(spent) > 0)


def test_information_fractions_end_at_the_cap_with_a_short_last_round():
    assert information_fractions(3, 10) == (0.3, 0.6, 0.9, 1.0)
    with pytest.raises(ValueError):
        information_fractions(5, 4)


@pytest.mark.parametrize("spending", ["obf", "pocock"])
def test_error_rate_under_no_difference_stays_at_5_percent_over_all_looks(spending):
    """Simulated paired score differences with no true difference, 20 looks: the share of runs whose
    repeated interval excludes 0 at some look stays at 5% (naive 1.96 at every look: far above)."""
    rng = np.random.default_rng(7)
    reps, looks, per_look = 20_000, 20, 50
    critical = spending_boundaries(information_fractions(per_look, looks * per_look), spending=spending)
    # per-seed differences in {-1, -1/2, 0, 1/2, 1} as two games' discordant outcomes, centred on 0
    steps = rng.choice([-0.5, 0.0, 0.5], p=[0.25, 0.5, 0.25], size=(reps, looks, per_look, 2)).sum(axis=3)
    s1 = steps.sum(axis=2).cumsum(axis=1)
    s2 = (steps ** 2).sum(axis=2).cumsum(axis=1)
    n = per_look * np.arange(1, looks + 1)
    mean = s1 / n
    se = np.sqrt((s2 - n * mean ** 2) / (n - 1) / n)
    z = np.abs(mean) / se
    sequential = (z >= critical).any(axis=1).mean()
    naive = (z >= Z95).any(axis=1).mean()
    assert sequential == pytest.approx(0.05, abs=0.008)
    assert naive > 0.15


# ---- playing rounds

def test_rounds_on_consecutive_seeds_are_the_fixed_size_compare_of_the_same_games():
    q = question_of("last-command", variant_a="asymmetrical", variant_b="standard")
    rounds = [run_compare("last-command", q, games=40, seed=6, first_seed=k * 20) for k in range(3)]
    whole = run_compare("last-command", q, games=120, seed=6)
    together = combine_rounds(rounds)
    pd.testing.assert_frame_equal(together.pairs, whole.pairs)
    pd.testing.assert_frame_equal(together.table, whole.table)


def test_until_verdict_stops_at_the_first_decisive_look_and_says_so():
    q = question_of("last-command", variant_a="asymmetrical", variant_b="standard")
    run = run_until_verdict("last-command", q, round_games=200, max_games=4000, seed=1, band=0.02)
    row, looks = run.comparison.row, run.looks
    assert list(looks.columns) == list(LOOK_COLUMNS)
    assert (looks["verdict"].iloc[:-1] == "unclear").all()
    assert row["looks"] == len(looks) and row["games"] == 200 * len(looks)
    assert run.stopped_early == (row["verdict"] != "unclear")
    crit = spending_boundaries(information_fractions(100, 2000))
    np.testing.assert_allclose(looks["critical_value"], crit[:len(looks)])
    # the last look's interval is the repeated one: mean +- c_k * se, c_k at Student's t for the seeds so far
    assert row["diff_ci_high"] - row["diff"] == pytest.approx(t_critical(row["critical_value"], row["seeds"])
                                                              * row["diff_se"])


def test_until_verdict_at_the_cap_is_not_enough_games_to_tell():
    q = question_of("last-command", variant_a="asymmetrical", variant_b="standard")
    run = run_until_verdict("last-command", q, round_games=100, max_games=300, seed=2, band=0.0)
    row = run.comparison.row
    if row["verdict"] == "unclear":
        assert row["stopped"] == "cap" and row["verdict_text"] == NOT_ENOUGH and row["looks"] == 3
    else:   # a decisive look before the cap: stopped early
        assert row["stopped"] == "verdict" and row["looks"] <= 3


def test_until_verdict_reads_no_verdict_before_fifty_seeds():
    """Issue 45: rounds of 4 games stopped 28 of 100 runs at the first look (2 seeds, every difference 0, an
    interval of zero width) with a wrong verdict. Rounds that end below 50 seeds are no looks: nothing is spent
    on them, and the first look spends the alpha of its information fraction."""
    from reports.sequential import look_critical_values
    crit = look_critical_values(2, 200, min_seeds=50)
    assert np.isinf(crit[:24]).all() and np.isfinite(crit[24:]).all()
    fractions = information_fractions(2, 200)[24:]
    np.testing.assert_allclose(crit[24:], spending_boundaries(fractions))
    q = question_of("last-command", sides=("federation", "sunder"), variant_a="standard",
                    cards_b="examples/cards/basic_laser_power3.toml")
    run = run_until_verdict("last-command", q, round_games=4, max_games=40, seed=3)
    row, looks = run.comparison.row, run.looks
    assert row["stopped"] == "cap" and (looks["verdict"] == "unclear").all() and len(looks) == 10
    assert row["verdict_text"].startswith("not enough games for a verdict")


def test_until_verdict_false_verdicts_stay_at_5_percent_with_small_rounds():
    """Simulated A/A runs with rounds of 2 seeds up to 200 seeds (100 looks, the first at 50 seeds): seeds whose
    differences are mostly 0 (as when an edit rarely matters), the rule the command applies at every look
    (paired_difference at the look's critical value, the verdict with its seeds): at most 5% wrong verdicts."""
    from reports.compare import verdict
    from reports.sequential import look_critical_values
    from reports.stats import paired_difference
    rng = np.random.default_rng(3)
    crit = look_critical_values(2, 200, min_seeds=50)
    wrong, reps = 0, 600
    for _ in range(reps):
        d = rng.choice([-0.5, 0.0, 0.5], p=[0.05, 0.9, 0.05], size=200)
        for k, c in enumerate(crit):
            n = 2 * (k + 1)
            if not np.isfinite(c):
                continue
            r = paired_difference(d[:n], np.zeros(n), c)
            code, _ = verdict(r.mean, r.ci_low, r.ci_high, 0.0, seeds=n)
            if code != "unclear":
                wrong += 1
                break
    assert wrong / reps <= 0.05 + 2 * np.sqrt(0.05 * 0.95 / reps)


def test_cli_until_verdict_writes_the_columns_and_is_deterministic(tmp_path):
    outs = [tmp_path / "one.csv", tmp_path / "two.csv"]
    texts = []
    for out in outs:
        result = CliRunner().invoke(cli.main, ["compare", "--variant-a", "asymmetrical", "--variant-b", "standard",
                                               "--until-verdict", "--games", "100", "--max-games", "1000",
                                               "--seed", "3", "--threads", "1" if out == outs[0] else "2",
                                               "--out", str(out)])
        assert result.exit_code == 0, result.output
        texts.append(result.output)
    one, two = (pd.read_csv(p) for p in outs)
    assert list(one.columns) == [*COMPARE_COLUMNS, *SEQUENTIAL_COLUMNS]
    pd.testing.assert_frame_equal(one, two)
    assert "Looks (rounds of 100 games per setting" in texts[0]
    assert ("Stopped at look" in texts[0]) or ("without a verdict: not enough games to tell" in texts[0])


def test_cli_bare_compare_until_verdict_has_both_factions(tmp_path):
    out = tmp_path / "h.csv"
    result = CliRunner().invoke(cli.main, ["compare", "--until-verdict", "--games", "100", "--max-games", "300",
                                           "--out", str(out)])
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out)
    assert list(table["faction"]) == ["federation", "sunder"]
    assert table["diff"].iloc[0] == pytest.approx(-table["diff"].iloc[1])
    assert (table["looks"].iloc[0], table["stopped"].iloc[0]) == (table["looks"].iloc[1], table["stopped"].iloc[1])


@pytest.mark.parametrize("args, message", [
    (["--max-games", "1000"], "applies only with --until-verdict"),
    (["--until-verdict", "--games", "100", "--max-games", "50"], "at least the games of one round"),
    (["--until-verdict", "--games", "100", "--max-games", "1001"], "even number"),
    (["--until-verdict", "--games", "2", "--max-games", "1000"], "at most 200 looks"),
])
def test_until_verdict_bad_options_exit_2_and_write_nothing(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli.main, ["compare", "--variant-b", "asymmetrical", "--out", "OUT/c.csv", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "OUT").exists()


def test_report_reads_an_until_verdict_comparison(tmp_path):
    from reports.inputs import read_results
    out = tmp_path / "c.csv"
    result = CliRunner().invoke(cli.main, ["compare", "--variant-a", "asymmetrical", "--variant-b", "standard",
                                           "--until-verdict", "--games", "100", "--max-games", "200",
                                           "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [kind for _, kind in read_results([out]).files] == ["compare", "moved"]   # with what moved, written beside it


def test_normal_tails_are_the_standard_librarys_erfc_to_1e_12():
    """Issue 32: the tails come from ``math.erfc``, not a fitted approximation (relative error 1.2e-7)."""
    import math
    from statistics import NormalDist

    from reports.sequential import _upper_tail

    x = np.linspace(-6, 9, 301)
    exact = np.array([0.5 * math.erfc(v / math.sqrt(2)) for v in x])
    assert np.max(np.abs(_upper_tail(x) / exact - 1)) < 1e-12
    low = x[x <= 2]           # where NormalDist's cdf is exact too (1 - cdf loses digits in the upper tail)
    assert np.max(np.abs(_upper_tail(low) / np.array([NormalDist().cdf(-v) for v in low]) - 1)) < 1e-12
    assert _upper_tail(np.array([1.959963984540054]))[0] == pytest.approx(0.025, rel=1e-12, abs=0)


def test_the_critical_value_solver_agrees_with_plain_bisection_to_1e_12():
    import math

    from reports.sequential import _solve, _upper_tail

    x = np.linspace(-3, 3, 81)
    mass = np.exp(-0.5 * x ** 2)
    mass /= mass.sum()

    def crossing(b):
        return float(mass @ (_upper_tail(b - x) + _upper_tail(b + x)))

    for target in (0.05, 0.01, 1e-4, 1e-8):
        lo, hi = 0.0, 40.0
        for _ in range(60):
            mid = 0.5 * (lo + hi)
            lo, hi = (mid, hi) if crossing(mid * 1.3) > target else (lo, mid)
        assert abs(_solve(crossing, target, 1.3) - 0.5 * (lo + hi)) < 1e-12
    assert _solve(crossing, 0.0, 1.0) == math.inf
