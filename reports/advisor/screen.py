"""Screening every edit on a few paired seeds, then group-sequential testing of the promising ones.

**Statistic.**  For an edit, ``diff[c, i]`` is its score minus the unedited set's score on seed i for
component c, both played on the same seeds (common random numbers: an edit to a card no one drew
leaves the game unchanged, so most of the seed-to-seed noise cancels).  The edit's pull toward the
target is ``toward_i = sum_c w_c diff[c, i]`` with ``w_c = sign(goal_c - base_c) / C`` (the way each
component must move), one number per seed, tested like ``compare``'s paired difference.

**Test.**  The screen is the *first look* of a group-sequential test of every edit: repeated
confidence intervals ``mean +- c_k se`` with Lan-DeMets Pocock-type spending over the looks up to a
cap (``reports.sequential``, the test of ``compare --until-verdict``).  After the screen only the
``candidates`` edits with the largest estimated improvement keep playing, one round of fresh seeds
per look, until their interval says ``helps`` (wholly above 0 and not inside +-min_effect),
``negligible`` (inside +-min_effect), ``hurts`` (wholly below 0), or the cap is reached
(``unclear``).  Why this test: three outcomes read off one interval (an SPRT tests one hypothesis
against one alternative), clear effects stop after a round or two, and the intervals hold at 95%
at whichever look an edit stops, so an edit's reported interval is honest however long it played.
It is 95% per edit, not over hundreds of edits: a few ``helps`` among them may be chance, which is
why the search verifies every combination by simulation and the winner is checked on fresh seeds.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from reports.compare import verdict
from reports.sequential import look_critical_values
from reports.stats import Z95

VERDICT_WORDS = {"even": "negligible", "favours_a": "helps", "favours_b": "hurts", "unclear": "unclear"}

# measure(edit_sets, first_seed, seeds) -> per set float[components, seeds], or None when the edited set
# is refused; given every set of a look at once, so that they can be played in parallel (on a cluster)
Measure = Callable[[list[tuple], int, int], "list[np.ndarray | None]"]


@dataclass
class EditResult:
    """One edit's paired effect on every component (means, 95% intervals) and its pull ``toward``
    the target with the last look's repeated interval and verdict."""
    edit: object
    diffs: np.ndarray                 # float[components, seeds]: edited minus unedited score per seed
    looks: int = 1
    critical: float = Z95
    verdict: str = "unclear"
    improvement: float = 0.0          # estimated drop of the summed distance to the goals
    extra: dict = field(default_factory=dict)

    @property
    def seeds(self) -> int:
        return self.diffs.shape[1]

    def effect(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(mean, low, high) per component, at the last look's critical value."""
        mean = self.diffs.mean(axis=1)
        se = self.diffs.std(axis=1, ddof=1) / np.sqrt(self.seeds)
        return mean, mean - self.critical * se, mean + self.critical * se


def toward(diffs: np.ndarray, weights: np.ndarray) -> np.ndarray:
    return weights @ diffs


def judge(result: EditResult, weights: np.ndarray, min_effect: float) -> str:
    t = toward(result.diffs, weights)
    se = t.std(ddof=1) / np.sqrt(t.size)
    mean = t.mean()
    code, _ = verdict(mean, mean - result.critical * se, mean + result.critical * se, min_effect)
    return VERDICT_WORDS[code]


def improvement(base: np.ndarray, effect: np.ndarray, goals: np.ndarray, scales=1.0) -> float:
    """How much closer the components get to their goals, summed (in each component's scale: a share's points;
    negative: farther)."""
    return float(((np.abs(base - goals) - np.abs(base + effect - goals)) / scales).sum())


def screen_and_test(edits: Sequence, measure: Measure, base_scores: Callable[[int, int], np.ndarray],
                    goals, round_seeds: int, cap_seeds: int, candidates: int, min_effect: float,
                    progress: Callable[[str, int, int], None] | None = None,
                    scales=None) -> tuple[list[EditResult], list]:
    """Screen ``edits`` on seeds ``0 .. round_seeds - 1``, then test the ``candidates`` most promising
    in rounds up to ``cap_seeds``; returns (results of every playable edit, edits the engine refused).

    ``base_scores(first, seeds)`` gives the unedited set's per-seed scores (called once per seed range).
    ``goals``: each component's goal, or a function of the unedited values giving the goal point nearest them (a
    range target: ``Target.nearest``); ``scales``: each component's unit of distance (1: a share's points; a
    count's reference value), so that components of several kinds pull together (``Target.scales``)."""
    critical = look_critical_values(round_seeds, cap_seeds)
    base = base_scores(0, round_seeds)
    base_values = base.mean(axis=1)
    goals = goals(base_values) if callable(goals) else np.asarray(goals, dtype=float)
    scales = np.ones(len(goals)) if scales is None else np.asarray(scales, dtype=float)
    weights = np.sign(goals - base_values) / len(goals) / scales
    results, refused = [], []
    for edit, scores in zip(edits, measure([(e,) for e in edits], 0, round_seeds)):
        if scores is None:
            refused.append(edit)
            continue
        r = EditResult(edit, scores - base, critical=float(critical[0]))
        r.verdict = judge(r, weights, min_effect)
        r.improvement = improvement(base_values, r.diffs.mean(axis=1), goals, scales)
        results.append(r)
    promising = sorted((r for r in results if r.improvement > 0), key=lambda r: -r.improvement)[:candidates]
    active = [r for r in promising if r.verdict == "unclear"]
    bases = [base]
    for look in range(1, len(critical)):
        if not active:
            break
        first = look * round_seeds
        n = min(round_seeds, cap_seeds - first)
        bases.append(base_scores(first, n))
        all_base = np.concatenate(bases, axis=1)
        for r, scores in zip(active, measure([(r.edit,) for r in active], first, n)):
            r.diffs = np.concatenate([r.diffs, scores - bases[-1]], axis=1)
            r.looks, r.critical = look + 1, float(critical[look])
            r.verdict = judge(r, weights, min_effect)
            r.improvement = improvement(all_base[:, :r.seeds].mean(axis=1), r.diffs.mean(axis=1), goals, scales)
        if progress is not None:
            progress("test", look + 1, len(critical))
        active = [r for r in active if r.verdict == "unclear"]
    return results, refused
