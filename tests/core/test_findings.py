"""The report's Findings (``reports.findings``): a statement is kept only when its interval clears the
band around 50% after Holm's correction over every statement tested."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.findings import (Statement, answers, band_p_value, findings, findings_section_text, holm,
                              matchup_statements)
from reports.html_report import build_report
from reports.inputs import Results
from reports.stats import wilson_interval


def statement(successes, n, subject="cell"):
    return Statement("match-up", subject, successes, n, "favoured", "disfavoured")


def test_holm_adjusts_step_down_and_stops_at_the_first_p_value_that_fails():
    p = [0.01, 0.04, 0.03, 0.005]
    rejected, adjusted = holm(p, 0.05)
    # sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06 (stop), 0.04 x 1 -> max so far 0.06
    assert adjusted.tolist() == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert rejected.tolist() == [True, False, False, True]


def test_holm_keeps_what_bonferroni_keeps_and_more():
    p = np.array([0.001, 0.014, 0.016, 0.2])
    rejected, _ = holm(p, 0.05)
    assert (p * len(p) <= 0.05).sum() == 1 and rejected.sum() == 3


def test_the_band_p_value_is_the_test_the_wilson_interval_inverts():
    # first player wins 57.9% of 20,000 games: the interval clears 52% by far
    assert band_p_value(11_580, 20_000) < 1e-10
    for wins, n in [(540, 1000), (5_230, 10_000), (4_700, 10_000), (37, 60)]:
        low, high = wilson_interval(wins, n)
        outside = high < 0.48 or low > 0.52
        assert (band_p_value(wins, n) < 0.05) == outside, (wins, n)
    assert band_p_value(515, 1000) == 1.0   # inside the band: nothing to test


def test_a_clear_lean_is_a_finding_with_its_interval_and_n():
    found = findings([statement(11_580, 20_000, "first player, federation standard vs sunder standard")])
    assert len(found) == 1
    f = found[0]
    assert f.ci_low > 0.52 and f.rate == pytest.approx(0.579)
    assert "57.9% [57.2%, 58.6%] (n = 20,000): favoured" in f.text


def test_a_lean_inside_the_band_is_no_finding_however_many_games():
    assert findings([statement(515_000, 1_000_000)]) == []     # 51.5% [51.4, 51.6]: real, but within 2 points


def test_many_fair_cells_give_no_false_alarm_after_the_correction():
    rng = np.random.default_rng(21)
    n = 400
    statements = [statement(int(w), n, f"cell {i}") for i, w in enumerate(rng.binomial(n, 0.5, size=300))]
    raw = [band_p_value(s.successes, s.n) for s in statements]
    assert sum(p < 0.05 for p in raw) >= 3          # uncorrected, some fair cells look unfair
    assert findings(statements) == []


def test_a_real_finding_survives_among_fair_cells():
    rng = np.random.default_rng(4)
    statements = [statement(int(w), 2000, f"cell {i}") for i, w in enumerate(rng.binomial(2000, 0.5, size=60))]
    statements.append(statement(580, 2000, "federation vs sunder"))
    found = findings(statements)
    assert [f.statement.subject for f in found] == ["federation vs sunder"]
    assert "29.0% [27.1%, 31.0%] (n = 2,000): disfavoured (Holm-adjusted p < 0.0001)" in found[0].text


def test_no_finding_says_so_and_names_the_correction():
    items, notes = findings_section_text([statement(200, 400)])
    assert items == ["cell: 50.0% [45.1%, 54.9%] (n = 400): not enough games to tell whether it is within ±2 points"]
    assert notes[0].startswith("No lean: none of the 1 statements")
    assert "Holm" in notes[1]


def test_each_duel_cell_is_one_match_up_statement():
    rates = pd.DataFrame({"mode": "duel", "faction": ["federation", "sunder"],
                          "opponent_faction": ["sunder", "federation"], "variant": "standard",
                          "opponent_variant": "standard", "strategy": "balanced",
                          "opponent_strategy": "balanced", "wins": [600, 380], "games": [1000, 1000],
                          "label": ["federation vs sunder", "sunder vs federation"]})
    assert [s.subject for s in matchup_statements(rates)] == ["federation vs sunder"]


def test_an_interval_inside_the_band_is_answered_even():
    """Issue 49: the verdict word is "even", never "balanced" (a strategy's name in two games)."""
    (a,) = answers([statement(50_100, 100_000, "federation vs sunder")])
    assert a.verdict == "even"
    assert a.text == ("federation vs sunder: 50.1% [49.8%, 50.4%] (n = 100,000): even within ±2 points (the 95% "
                      "interval lies inside 48%–52%)")


def test_a_statement_names_where_it_was_measured():
    s = Statement("match-up", "alliance vs hydra", 18, 400, "favoured", "disfavoured", where="Star Realms, "
                  "two-against-one mode")
    (a,) = answers([s])
    assert a.text.startswith("alliance vs hydra (Star Realms, two-against-one mode): 4.5% [")


def test_the_questions_lead_match_ups_first_then_first_player_whatever_their_p_values():
    given = [Statement("first player", "first player, a vs b", 12_000, 20_000, "first wins more", "second wins more"),
             statement(1_010, 2_000, "a vs b"), statement(1_400, 2_000, "a vs c")]
    assert [(a.statement.subject, a.verdict) for a in answers(given)] == [
        ("a vs b", "undecided"), ("a vs c", "lean"), ("first player, a vs b", "lean")]


def test_the_report_opens_with_the_findings():
    agg = pd.DataFrame({"mode": "duel", "faction": ["federation", "sunder"],
                        "opponent_faction": ["sunder", "federation"], "variant": "standard",
                        "opponent_variant": "standard", "difficulty": "", "strategy": "balanced",
                        "opponent_strategy": "balanced", "seat": "both", "games": 20_000, "wins": [12_380, 7_400],
                        "losses": [7_400, 12_380], "draws": 220, "win_rate": [0.619, 0.37], "ci_low": [0.612, 0.363],
                        "ci_high": [0.626, 0.377], "mean_turns": 27.0, "seed": 1, "source": "sweep"})
    report = build_report(Results(aggregate=agg))
    assert report.sections[0].title == "Findings (The Last Command)"
    assert report.sections[0].items[0].startswith("federation vs sunder, both standard (The Last Command, duel "
                                                  "mode): 61.9% [61.2%, 62.6%]")
    page = report.html()
    assert page.index("<h2>Findings (The Last Command)</h2>") < page.index("<img")


def test_a_mirror_match_up_is_no_question():
    rates = pd.DataFrame({"mode": "standard", "faction": ["standard"], "opponent_faction": ["standard"],
                          "variant": "core", "opponent_variant": "core", "strategy": "balanced",
                          "opponent_strategy": "balanced", "wins": [200], "games": [400],
                          "label": ["standard core vs standard core"]})
    assert matchup_statements(rates) == []


# ---- the seed as the unit of a statement

def test_a_statement_over_seeds_has_the_seed_clustered_interval_and_its_test():
    """The first player won 5,790 of 10,000 games in 5,000 seeds; when it tends to win both games of a seed (the
    seed favours the first seat: 2,000 seeds with two wins), the games are not independent and the interval
    widens; the band p-value is the test that interval inverts."""
    from reports.stats import seed_clustered_interval
    wins, seeds, both = 5_790, 5_000, 2_000
    sq = wins + 2 * both
    s = Statement("first player", "cell", wins, 2 * seeds, "first", "second", seeds, sq)
    low, high, deff = seed_clustered_interval(wins, sq, seeds, 2 * seeds)
    assert s.interval() == pytest.approx((low, high)) and deff > 1.1
    assert (high - low) > np.subtract(*wilson_interval(wins, 2 * seeds)[::-1])
    for w in (5_230, 5_260, 5_300):
        st = Statement("first player", "cell", w, 2 * seeds, "first", "second", seeds, w + 2 * both)
        lo, hi = st.interval()
        assert (band_p_value(w, 2 * seeds, 0.02, seeds, w + 2 * both) < 0.05) == (lo > 0.52), w


def test_a_statement_on_too_few_seeds_gets_no_verdict():
    """Twenty seeds, every one won twice by the same side: striking, but no verdict below 50 seeds."""
    few = Statement("match-up", "cell", 40, 40, "favoured", "disfavoured", 20, 160)
    (answer,) = answers([few])
    assert answer.verdict == "undecided"
    assert "not enough games for a verdict (40 played; a verdict needs at least 100: 50 seeds)" in answer.text
    assert findings([few]) == []


def test_match_up_statements_read_the_seed_columns_of_a_sweep():
    from reports.aggregate import aggregate_games
    from reports.report_data import win_rate_table
    rng = np.random.default_rng(2)
    n = 120
    frames = [pd.DataFrame({"game": np.arange(n), "seed": np.arange(n), "first_faction": a, "second_faction": b,
                            "first_variant": "standard", "second_variant": "standard", "first_strategy": "balanced",
                            "second_strategy": "balanced", "winner": rng.choice(["first", "second"], n),
                            "turns": 20}) for a, b in (("federation", "sunder"), ("sunder", "federation"))]
    rates = win_rate_table(aggregate_games(pd.concat(frames, ignore_index=True)))
    (s,) = matchup_statements(rates)
    r = rates.iloc[0]
    assert (s.seeds, s.sum_sq, s.n) == (n, r["wins_sq"], 2 * n)
    assert s.interval() == pytest.approx((r["ci_low"], r["ci_high"]))
