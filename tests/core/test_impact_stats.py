"""The statistics of ``commandsim impact`` (``reports.impact_stats``) on synthetic per-seed differences whose true
effects are known: selection-adjusted intervals, Holm-adjusted p-values, no verdict from too few seeds, and
"worthless" only from seeds that did not select the card."""
from __future__ import annotations

import numpy as np
import pytest

from reports.findings import holm
from reports.impact_stats import BOTH, judge_cards
from reports.stats import MIN_VERDICT_SEEDS, paired_difference, t_critical


def source_of(effects: dict, cap: int, seed: int = 0, noise: float = 0.4, zero: bool = False):
    """Per-seed differences of two subject sides and their mean ("both"), each side's effect the card's:
    ``zero`` makes every difference 0 (a card that changes nothing, or a tiny screen where all seeds agree)."""
    rng = np.random.default_rng(seed)
    data = {}
    for k, mu in effects.items():
        sides = [np.zeros(cap) if zero else mu + rng.normal(0, noise, cap) for _ in range(2)]
        data[k] = {0: sides[0], 1: sides[1], BOTH: (sides[0] + sides[1]) / 2}

    def source(lo, hi, keys):
        return {k: {s: v[lo:hi] for s, v in data[k].items()} for k in keys}
    return source


KEYS = [(f"card {i}", "ban") for i in range(6)]


def test_tiny_screens_give_no_verdict_and_no_zero_width_interval():
    """Issue 45: with tiny screens se = 0 gave p = 0 ('shown') or [0, 0] ('worthless')."""
    for cap, screen in ((8, 4), (40, 40), (40, 10)):
        judged = judge_cards(source_of(dict.fromkeys(KEYS, 0.0), cap, zero=True), KEYS, cap, screen)
        assert {c.verdict for c in judged.cards.values()} <= {"screened", "unclear"}
        for mean, lo, hi, se, seeds, p, p_holm in judged.rows.values():
            assert hi - lo > 0 and se > 0 and p > 0


def test_a_screened_card_is_never_worthless_and_its_interval_is_conditional():
    judged = judge_cards(source_of({KEYS[0]: 0.0, KEYS[1]: 0.3}, 800), KEYS[:2], 800, 100)
    screened = judged.cards[KEYS[0]]
    assert screened.verdict == "screened" and screened.family == "screened"
    mean, lo, hi, se, seeds, _, _ = judged.rows[(KEYS[0], BOTH)]
    naive = paired_difference(screened.diffs[BOTH], np.zeros(seeds))
    assert seeds == 100 and lo < naive.ci_low and hi > naive.ci_high     # wider: the screen passed it over
    tested = judged.cards[KEYS[1]]
    assert tested.verdict == "shown" and tested.family == "tested"
    # the tested card's figures are its confirmation seeds' only (fresh seeds 100 ..): the repeated 95% interval
    # at the look it stopped (t for its seeds)
    from reports.sequential import look_critical_values
    mean, lo, hi, se, seeds, _, _ = judged.rows[(KEYS[1], BOTH)]
    d = tested.diffs[BOTH]
    assert seeds == d.size and seeds % 100 == 0 and seeds >= MIN_VERDICT_SEEDS
    assert tested.critical == look_critical_values(100, 700, min_seeds=MIN_VERDICT_SEEDS)[tested.look]
    r = paired_difference(d, np.zeros_like(d))
    assert hi - mean == pytest.approx(t_critical(tested.critical, d.size) * r.se)


def test_p_values_are_holm_adjusted_within_their_family():
    effects = {KEYS[0]: 0.25, KEYS[1]: 0.2, KEYS[2]: 0.0, KEYS[3]: 0.0, KEYS[4]: 0.15, KEYS[5]: 0.0}
    judged = judge_cards(source_of(effects, 1000, seed=3), KEYS, 1000, 100)
    for family in ("tested", "screened"):
        keys = [k for k in KEYS if judged.cards[k].family == family]
        if not keys:
            continue
        raw = [judged.rows[(k, BOTH)][5] for k in keys]
        _, adjusted = holm(raw)
        assert [judged.rows[(k, BOTH)][6] for k in keys] == pytest.approx(list(adjusted))
    for k in KEYS:
        if judged.cards[k].verdict == "shown":
            assert judged.rows[(k, BOTH)][6] <= 0.05 + 1e-9


def test_intervals_cover_known_effects_after_the_screen_and_the_sequential_stop():
    """Over many tables of cards with known effects, the printed 'both' intervals hold the truth about 95% of the
    time, screened cards included (their naive intervals from the seeds that screened them out do not)."""
    rng = np.random.default_rng(7)
    hits = {"tested": [0, 0], "screened": [0, 0]}
    for rep in range(60):
        effects = {k: float(rng.choice([0.0, 0.03, 0.06, 0.1])) for k in KEYS}
        judged = judge_cards(source_of(effects, 300, seed=rep, noise=0.5), KEYS, 300, 60)
        for k, mu in effects.items():
            mean, lo, hi, *_ = judged.rows[(k, BOTH)]
            tally = hits[judged.cards[k].family]
            tally[0] += lo <= mu <= hi
            tally[1] += 1
    for family, (hit, total) in hits.items():
        assert total > 30 and hit / total >= 0.95 - 2 * np.sqrt(0.05 * 0.95 / total), family
