"""The statistics of ``commandsim impact``: screen every card, test the promising ones group-sequentially on fresh
seeds, and give each card's verdict, interval and p-value at the level its seeds allow.

Game-agnostic and engine-free: ``judge_cards`` reads per-seed differences from a ``source(lo, hi, keys)`` that
returns {key: {side: float per seed}} for seeds ``lo .. hi - 1`` (``reports.impact`` plays them; the coverage
benchmark resamples them), so the same rule is measured that the command prints.

* **Screen** (seeds ``0 .. screen - 1``, every card): the t test of the "both" difference; a card whose p-value
  is below ``SCREEN_P`` is *promising*. The others are ``screened``: their estimate is the screen's, and their
  interval and p-value are conditional on the screen having passed them over (``stats.truncated_interval``:
  selection pulls their estimates towards 0). A screened card is never called worthless: the seeds that
  would say so are the ones that did not select it.
* **Test** (seeds ``screen .. cap - 1``, fresh: the screen's selection does not bias them): rounds of ``screen``
  seeds, repeated confidence intervals (``reports.sequential``, Pocock-type spending, Student's t for the seeds
  so far, no look before ``stats.MIN_VERDICT_SEEDS`` seeds) and a sequential Holm step-down over the promising
  cards (Bartroff & Lai 2010: with j shown, the others at level alpha / (m - j)). A card stops ``shown`` (its
  interval excludes 0), ``worthless`` (its interval lies inside +-band) or at the cap ``unclear``. Its interval
  is that of its confirmation seeds only: the repeated 95% interval at the look it stopped (the test judged it
  by a wider one, at Holm's share of alpha, which excludes 0 or lies in the band whenever its verdict says so:
  this one does too); its p-value the repeated p-value at that look (``sequential.repeated_p_values``),
  Holm-adjusted.
* **Every seed in the screen** (no seed left to test on): one fixed test of every card on the same seeds, Holm
  over all of them; no selection, so ``worthless`` may be read from them.

P-values are Holm-adjusted within their family (per measure and side): the tested cards, the screened cards,
or every card of a fixed test. Below ``MIN_VERDICT_SEEDS`` seeds a card gets no verdict (``unclear``).

A card's verdict is its "both" row's (the test above). Each subject side's row has its own (``side_verdict``),
read off that row alone: ``shown`` when its Holm-adjusted p-value (within its side's family) is at most alpha and
its interval lies clear of 0, ``worthless`` when its interval lies inside +-band (not for a screened card),
``screened`` for a card the screen passed over, else ``unclear``: a card worth +25.9 points to one side and
-21.6 to the other is not "shown" for a side whose own interval holds 0.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy import stats as sps

from .sequential import ALPHA, look_critical_values, repeated_p_values
from .stats import (MIN_VERDICT_SEEDS, PSEUDO_SEED_VARIANCE, Z95, paired_difference, t_critical, t_p_value,
                    truncated_interval)

SCREEN_P = 0.2                # a card whose screen p-value is below this is tested
BOTH = "both"
FAMILIES = ("tested", "screened", "fixed")

Source = Callable[[int, int, list], dict]    # (lo, hi, keys) -> {key: {side: float[hi - lo]}}


@dataclass
class CardResult:
    """One card and measure: ``verdict``; ``diffs`` {side: per-seed differences} of the seeds its figures read;
    ``family`` (``FAMILIES``); ``critical`` the normal-scale critical value of its interval (tested cards: the
    repeated interval's at alpha at the look it stopped) and ``look`` that look (0-based over the test's
    rounds); ``bound`` the
    screen's selection bound on the "both" mean (screened cards: it lay within +-bound)."""
    verdict: str
    diffs: dict
    family: str
    critical: float = Z95
    look: int = -1
    bound: float = math.inf


@dataclass
class ImpactTest:
    cards: dict[tuple, CardResult]
    round_seeds: int = 0
    left: int = 0
    spending: str = "pocock"
    rows: dict = field(default_factory=dict)    # (key, side) -> (mean, low, high, se, seeds, p raw, p Holm)


def _pseudo(diffs: dict, side) -> float:
    """A row's pseudo-seed variance: one game the other way (a side's seed score moves by 1/2), for "both" too,
    although one game moves the mean over k sides by only 1/2k: a card that changes few games gives a screen of
    a few dozen seeds a mean far from normal, and the smaller floor let the screened cards' "both" intervals of
    The Last Command cover 92.5% (``benchmarks/coverage.py``), this one 94-97%."""
    return PSEUDO_SEED_VARIANCE


def _mean_se(d: np.ndarray, pseudo: float = PSEUDO_SEED_VARIANCE) -> tuple[float, float]:
    if d.size < 2:
        return float("nan"), float("nan")
    r = paired_difference(d, np.zeros_like(d), pseudo_variance=pseudo)
    return r.mean, r.se


def _both(diffs: dict) -> tuple[np.ndarray, float]:
    return diffs[BOTH], _pseudo(diffs, BOTH)


def _z(d: np.ndarray, pseudo: float = PSEUDO_SEED_VARIANCE) -> float:
    """|mean| / se on the normal scale (the t statistic at the same tail probability), for the critical values."""
    mean, se = _mean_se(d, pseudo)
    if not (np.isfinite(se) and se > 0):
        return 0.0
    return float(sps.norm.isf(sps.t.sf(abs(mean) / se, d.size - 1)))


def judge_cards(source: Source, keys: Sequence[tuple], cap: int, screen: int, alpha: float = ALPHA,
               band: float = 0.02, spending: str = "pocock") -> ImpactTest:
    """The verdicts of ``keys`` (see the module text) on up to ``cap`` seeds, the first ``screen`` of them the
    screen's."""
    keys = list(keys)
    res = source(0, screen, keys)
    cards = {k: CardResult("screened", res[k], "screened") for k in keys}
    screen_p = {k: t_p_value(*_both(res[k])) for k in keys}
    left = cap - screen
    out = ImpactTest(cards, spending=spending)
    if left < 2:       # the screen played every seed: one fixed test of every card, Holm over the table
        from .findings import holm
        enough = screen >= MIN_VERDICT_SEEDS
        rejected, _ = holm([screen_p[k] if enough else 1.0 for k in keys], alpha)
        for k, shown in zip(keys, rejected):
            c = cards[k]
            c.family, c.verdict = "fixed", "shown" if shown else "unclear"
            mean, se = _mean_se(*_both(c.diffs))
            q = t_critical(Z95, c.diffs[BOTH].size)
            if not shown and enough and np.isfinite(se) and -band <= mean - q * se and mean + q * se <= band:
                c.verdict = "worthless"
        _rows(out, band)
        return out
    cut = float(sps.t.isf(SCREEN_P / 2, max(screen - 1, 1)))
    for k in keys:
        _, se = _mean_se(*_both(res[k]))
        cards[k].bound = cut * se if np.isfinite(se) else math.inf
    promising = [k for k in keys if screen_p[k] < SCREEN_P]
    if promising:
        _sequential(out, source, promising, screen, cap, alpha, band, spending, keys)
    _rows(out, band)
    return out


def _sequential(out: ImpactTest, source: Source, promising: list, screen: int, cap: int, alpha: float, band: float,
                spending: str, keys: list) -> None:
    m = len(promising)
    left = cap - screen
    round_seeds = min(screen, left)
    out.round_seeds, out.left = round_seeds, left
    crit = {j: look_critical_values(round_seeds, left, alpha / (m - j), spending, MIN_VERDICT_SEEDS) for j in range(m)}
    # a card's printed interval: the repeated interval at alpha at the look it stopped (Holm's share of alpha is
    # in its verdict and p-value: the wider interval it was judged by excludes 0, or lies in the band, so this
    # one does too)
    shown_at = look_critical_values(round_seeds, left, alpha, spending, MIN_VERDICT_SEEDS)
    active = list(promising)
    seq = {k: None for k in promising}
    shown = 0
    lo, look = screen, 0
    while active and lo < cap:
        hi = min(cap, lo + round_seeds)
        res = source(lo, hi, active)
        for k in active:
            seq[k] = res[k] if seq[k] is None else {s: np.concatenate([seq[k][s], res[k][s]]) for s in res[k]}
        # sequential Holm: with ``shown`` cards shown, the others at level alpha / (m - shown)
        while active:
            c = crit[shown][look]
            z = {k: _z(*_both(seq[k])) for k in active}
            over = [k for k in active if z[k] >= c]
            if not over:
                break
            best = max(over, key=lambda k: (z[k], -keys.index(k)))
            _stop(out, best, "shown", seq[best], shown_at[look], look)
            active.remove(best)
            shown += 1
            if shown == m:
                break
        if active:
            c = crit[shown][look] if shown < m else math.inf
            for k in list(active):
                mean, se = _mean_se(*_both(seq[k]))
                q = t_critical(c, seq[k][BOTH].size)
                if np.isfinite(q) and np.isfinite(se) and -band <= mean - q * se and mean + q * se <= band:
                    _stop(out, k, "worthless", seq[k], shown_at[look], look)
                    active.remove(k)
        lo, look = hi, look + 1
    for k in active:       # the cap
        _stop(out, k, "unclear", seq[k], shown_at[look - 1], look - 1)


def _stop(out: ImpactTest, key, verdict: str, diffs: dict, critical: float, look: int) -> None:
    out.cards[key] = CardResult(verdict, diffs, "tested", critical, look)


def _rows(out: ImpactTest, band: float) -> None:
    """Each card's and side's (mean, low, high, se, seeds, p raw); then the p-values Holm-adjusted per family,
    measure and side."""
    from .findings import holm
    sequential = []          # (row, z, look) of the tested cards' rows: their repeated p-values in one go
    for key, c in out.cards.items():
        for side, d in c.diffs.items():
            pseudo = _pseudo(c.diffs, side)
            mean, se = _mean_se(d, pseudo)
            p = 1.0
            if c.family == "screened":
                lower, upper = _selection(c, side, d)
                lo, hi, p = truncated_interval(mean, se, lower, upper)
            elif c.family == "tested" and np.isfinite(c.critical):
                q = t_critical(c.critical, d.size)
                lo, hi = mean - q * se, mean + q * se
                sequential.append(((key, side), _z(d, pseudo), c.look))
            else:          # a fixed test, or a tested card that never reached a look: the plain 95% interval
                q = t_critical(Z95, d.size)
                lo, hi, p = mean - q * se, mean + q * se, t_p_value(d, pseudo)
            lo, hi = max(lo, -1.0), min(hi, 1.0)       # a difference of two scores lies in [-1, 1]
            out.rows[(key, side)] = [mean, lo, hi, se, d.size, p, 1.0]
    if sequential:
        ps = repeated_p_values([z for _, z, _ in sequential], [k for _, _, k in sequential], out.round_seeds,
                               out.left, out.spending, MIN_VERDICT_SEEDS)
        for (row, _, _), p in zip(sequential, ps):
            out.rows[row][5] = float(p)
    for row in out.rows.values():
        row[5] = 1.0 if not np.isfinite(row[5]) else row[5]
    families: dict[tuple, list] = {}
    for (key, side), row in out.rows.items():
        families.setdefault((out.cards[key].family, key[1], side), []).append((key, side))
    for members in families.values():
        _, adjusted = holm([out.rows[m][5] for m in members])
        for m, p in zip(members, adjusted):
            out.rows[m][6] = float(p)


def _selection(c: CardResult, side, d: np.ndarray) -> tuple[float, float]:
    """The range the screen's selection confines ``side``'s mean to, given the rest of the data: the "both" mean
    lay within +-bound; a side's mean moves it by its regression coefficient (the two estimated from the seeds),
    so the side's range is the bound solved for it, the rest held fixed (Lee et al. 2016)."""
    b = c.diffs[BOTH]
    if not np.isfinite(c.bound):
        return -math.inf, math.inf
    if side == BOTH:
        return -c.bound, c.bound
    n = d.size
    var_x = float(np.var(d, ddof=1)) / n if n > 1 else 0.0
    if var_x <= 0:
        return -math.inf, math.inf
    slope = float(np.cov(d, b, ddof=1)[0, 1]) / n / var_x      # the both mean's change per unit of the side's
    rest = float(b.mean()) - slope * float(d.mean())
    if abs(slope) < 1e-12:
        return -math.inf, math.inf
    ends = sorted(((-c.bound - rest) / slope, (c.bound - rest) / slope))
    return ends[0], ends[1]


def side_verdict(family: str, low: float, high: float, p_holm: float, seeds: int, band: float,
                 alpha: float = ALPHA) -> str:
    """One subject side's verdict on a card, from that side's own row (see the module text)."""
    if family == "screened":
        return "screened"
    if seeds < MIN_VERDICT_SEEDS or not (np.isfinite(low) and np.isfinite(high)):
        return "unclear"
    if p_holm <= alpha and (low > 0 or high < 0):
        return "shown"
    if -band <= low and high <= band:
        return "worthless"
    return "unclear"

