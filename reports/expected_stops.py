"""How many games a run that stops on a statistic will play, expected from a pilot: the models behind the
estimates of ``sweep --target-ci``, ``compare --until-verdict`` and the sequential tests of ``impact``
(``reports.estimate`` prices the games).

Each model applies the stop rule itself (the function the run calls: ``reports.sweep.half_width``,
``reports.compare.verdict``, ``reports.sequential.look_critical_values``), so a change to a rule changes
its estimate with it.  Only the data are modelled: a pilot's games give the rates, the mean difference
and its spread; the uncertainty of the pilot's mean is drawn (a normal posterior), and the run's own noise
look by look (seeds are independent, so a running mean is a random walk).  The expected games are the
mean over the draws; the cap bounds them.

Every function here is a pure function of counts and arrays, and seeded: the same pilot gives the same
estimate.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

DRAWS = 400          # simulated runs per expectation
RNG_SEED = 44


def target_ci_games(counts: pd.DataFrame, pairs: pd.DataFrame, pilot_games: int, round_games: int,
                    cap_games: int, target: float, half_width: Callable) -> int:
    """The games a sweep cell plays with ``--target-ci``: rounds of ``round_games`` until ``half_width`` (the
    sweep's own rule) of its counts and seed sums is at most ``target``, or the cap.  The counts of
    ``pilot_games`` games (``SweepTally.counts``) and its seeds' sums (``SweepTally.pair_counts``) are scaled to
    each round's games: the cell's rates and spread over seeds as the pilot saw them."""
    if pilot_games <= 0:
        return cap_games
    n = 0
    while True:
        n = min(cap_games, n + round_games)
        factor = n / pilot_games
        scaled, scaled_pairs = counts.copy(), pairs.copy()
        for table in (scaled, scaled_pairs):
            for column in table.columns:
                if pd.api.types.is_numeric_dtype(table[column]):
                    table[column] = table[column].astype(float) * factor
        width = half_width(scaled, scaled_pairs)
        if n >= cap_games or width <= target:
            return n


def _mean_sd(diffs: np.ndarray) -> tuple[float, float]:
    d = np.asarray(diffs, float)
    if d.size < 2:
        return 0.0, 0.5
    sd = float(d.std(ddof=1))
    return float(d.mean()), sd if sd > 0 else 1.0 / max(4, d.size)


def _true_means(pilot: np.ndarray, rng, draws: int) -> tuple[np.ndarray, float]:
    """Draws of the true mean difference given a pilot's per-seed differences, and their spread per seed."""
    mean, sd = _mean_sd(pilot)
    return mean + sd / np.sqrt(max(1, np.asarray(pilot).size)) * rng.standard_normal(draws), sd


def verdict_looks(pilot: np.ndarray, round_seeds: int, cap_seeds: int, critical: Sequence[float], band: float,
                  verdict: Callable, draws: int = DRAWS) -> np.ndarray:
    """``compare --until-verdict``: the chance of playing each look's round (1 for the first, falling), from
    the pilot's per-seed paired differences ``pilot``: at look k the repeated interval mean +- c_k * se and
    ``verdict`` (the comparison's rule) say whether the run stops."""
    rng = np.random.default_rng(RNG_SEED)
    truth, sd = _true_means(pilot, rng, draws)
    looks = len(critical)
    reach = np.zeros(looks)
    total = np.zeros(draws)
    seeds = 0
    active = np.ones(draws, bool)
    for k, c in enumerate(critical):
        reach[k] = active.mean()
        if not active.any():
            break
        n = min(round_seeds, cap_seeds - seeds)
        total += np.where(active, n * truth + np.sqrt(n) * sd * rng.standard_normal(draws), 0.0)
        seeds += n
        se = sd / np.sqrt(seeds)
        for i in np.flatnonzero(active):
            mean = total[i] / seeds
            if verdict(mean, mean - c * se, mean + c * se, band)[0] != "unclear":
                active[i] = False
    return reach


def sequential_test_seeds(pilots: Sequence[np.ndarray], pilot_seeds: int, screen_seeds: int, cap_seeds: int,
                          screen_p: float, critical: Sequence[float], band: float, p_value: Callable,
                          draws: int = DRAWS) -> tuple[np.ndarray, np.ndarray]:
    """``impact``'s test: from each card's per-seed differences on the screen's first ``pilot_seeds`` seeds
    (``pilots``), the screen's rest is drawn; a card whose screen ``p_value`` is below ``screen_p`` is tested in
    rounds of ``screen_seeds`` fresh seeds up to the cap, at the looks' ``critical`` values, until its effect is
    shown or its interval lies inside +-``band``.  Returns (per look: the expected number of cards still tested,
    the chance that any is), whose sums price the test's rounds."""
    rng = np.random.default_rng(RNG_SEED)
    cards = len(pilots)
    left = cap_seeds - screen_seeds
    round_seeds = min(screen_seeds, left) if left > 0 else 0
    looks = len(critical) if round_seeds else 0
    active_mean, any_active = np.zeros(looks), np.zeros(looks)
    if not cards or not looks:
        return active_mean, any_active
    truth = np.empty((cards, draws))
    sd = np.empty(cards)
    screen_mean = np.empty((cards, draws))
    rest = screen_seeds - pilot_seeds
    for j, pilot in enumerate(pilots):
        truth[j], sd[j] = _true_means(pilot, rng, draws)
        mean, _ = _mean_sd(pilot)
        drawn = (rest * truth[j] + np.sqrt(max(rest, 0)) * sd[j] * rng.standard_normal(draws)) if rest > 0 else 0.0
        screen_mean[j] = (pilot_seeds * mean + drawn) / screen_seeds
    se_screen = sd[:, None] / np.sqrt(screen_seeds)
    active = np.vectorize(lambda m, s: p_value(m, s) < screen_p)(screen_mean, se_screen)
    total = np.zeros((cards, draws))
    seeds = 0
    for k, c in enumerate(critical):
        active_mean[k] = active.sum(axis=0).mean()
        any_active[k] = active.any(axis=0).mean()
        if not active.any():
            break
        n = min(round_seeds, left - seeds)
        total += np.where(active, n * truth + np.sqrt(n) * sd[:, None] * rng.standard_normal((cards, draws)), 0.0)
        seeds += n
        mean = total / seeds
        se = sd[:, None] / np.sqrt(seeds)
        shown = np.abs(mean) >= c * se
        worthless = (mean - c * se >= -band) & (mean + c * se <= band)
        active &= ~(shown | worthless)
    return active_mean, any_active
