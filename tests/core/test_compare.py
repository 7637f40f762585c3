"""`commandsim compare`'s verdict rule on hand-made numbers (band 2 points), whatever the game: the codes, the band,
and no verdict below fifty seeds. The runs of a comparison: ``tests/last_command/test_compare.py`` and the
conformance test over every game."""
from __future__ import annotations

import pytest

from reports.compare import NOT_ENOUGH, VERDICTS, verdict


@pytest.mark.parametrize("diff, low, high, code, text", [
    (0.001, -0.015, 0.017, "even", "even within +-2 points"),
    (0.010, 0.005, 0.015, "even", "even within +-2 points"),            # a real difference, but inside the band
    (-0.019, -0.020, -0.018, "even", "even within +-2 points"),         # the band's edges are inside
    (0.030, 0.010, 0.050, "favours_a", "favours asym by 3.0 points [1.0, 5.0]"),
    (0.060, 0.040, 0.080, "favours_a", "favours asym by 6.0 points [4.0, 8.0]"),
    (-0.030, -0.050, -0.010, "favours_b", "favours std by 3.0 points [1.0, 5.0]"),
    (0.010, -0.020, 0.040, "unclear", NOT_ENOUGH),            # holds 0 and reaches beyond the band
    (0.000, -0.030, 0.030, "unclear", NOT_ENOUGH),
    (0.000, float("nan"), float("nan"), "unclear", NOT_ENOUGH),   # too few seeds for an interval
])
def test_verdict_on_hand_made_numbers(diff, low, high, code, text):
    assert verdict(diff, low, high, 0.02, "asym", "std") == (code, text)


def test_verdict_band_zero_means_any_clear_difference_favours_a_side():
    assert verdict(0.001, 0.0005, 0.0015, 0.0)[0] == "favours_a"
    assert verdict(0.0, 0.0, 0.0, 0.0) == ("even", "even within +-0 points")      # identical outcomes on every seed
    assert verdict(0.001, -0.001, 0.003, 0.0)[0] == "unclear"


def test_verdict_codes_are_the_documented_ones():
    codes = {verdict(d, lo, hi, 0.02)[0] for d, lo, hi in [(0, -.01, .01), (.1, .05, .15), (-.1, -.15, -.05),
                                                             (0, -.1, .1)]}
    assert codes == set(VERDICTS)


@pytest.mark.parametrize("seeds, verdict_code", [(49, "unclear"), (50, "favours_a")])
def test_a_verdict_needs_fifty_seeds(seeds, verdict_code):
    from reports.stats import MIN_VERDICT_SEEDS
    assert MIN_VERDICT_SEEDS == 50
    assert verdict(0.1, 0.05, 0.15, 0.02, seeds=seeds)[0] == verdict_code
