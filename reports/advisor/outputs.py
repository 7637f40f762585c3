"""The advisor's outputs: the ranked table (``ADVICE_COLUMNS``, recognised by ``commandsim report``) and
the card patch of the proposal."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from reports.stats import paired_difference
from simcore.advice import CardSet
from simcore.card_edits import CardEdit

from .result import Advice

ADVICE_COLUMNS = ("rank", "stage", "edit", "edits", "card", "field", "old_value", "new_value", "mark", "component",
                  "goal", "base", "effect", "effect_ci_low", "effect_ci_high", "value", "value_ci_low",
                  "value_ci_high", "distance", "games", "looks", "verdict", "band")
# written after them: each component's goal as the target reads it ("50%", "20-25 turns") and its unit ("" a
# share, shown in %; else a count's: "turns"), so a report shows a length as a length
EXTRA_COLUMNS = ("goal_text", "unit")


def values_with_interval(scores: np.ndarray, target=None):
    """(mean, 95% low, 95% high) per component of per-seed scores float[components, seeds]: the t interval over
    the seeds (a seed's score averages its games, so seeds are independent), within what the value can be
    (``Component.bounds``: [0, 1] for a share; ``target`` None: every component a share)."""
    d = [paired_difference(s, np.zeros_like(s)) for s in scores]
    # a score lies in [0, 1], and so does its interval (a t interval of a few seeds reaches past it, and
    # ``commandsim report`` rightly refuses a share above 1)
    lo, hi = _bounds(target, len(d))
    return (np.array([x.mean for x in d]), np.clip([x.ci_low for x in d], lo, hi),
            np.clip([x.ci_high for x in d], lo, hi))


def _bounds(target, n: int) -> tuple[np.ndarray, np.ndarray]:
    if target is None:
        return np.zeros(n), np.ones(n)
    b = np.array([c.bounds for c in target.components], dtype=float)
    return b[:, 0], b[:, 1]


def _edit_columns(edits: Sequence[CardEdit]) -> dict:
    return {"edit": "; ".join(e.label for e in edits) or "(no edit)", "edits": len(edits),
            "card": "; ".join(e.field.card for e in edits), "field": "; ".join(e.field.path for e in edits),
            "old_value": "; ".join(str(e.field.value) for e in edits),
            "new_value": "; ".join(str(e.new_value) for e in edits),
            "mark": "; ".join(e.field.mark for e in edits)}


def advice_table(advice: Advice, scores_of: dict, search_base: np.ndarray, base_of: dict | None = None) -> pd.DataFrame:
    """The ranked table (``ADVICE_COLUMNS``), one row per component: the proposal on fresh seeds (fixed
    and re-tuned strategies), the sets the search played, then every screened edit by estimated
    improvement.  ``games``: the games the row's win rate rests on; ``verdict`` a proposal's or a searched set's
    win rate against its own goal +-band from its own interval (``verdict_words.band_state``), a screened edit's
    effect verdict (helps, hurts, negligible, unclear).  ``effect`` is the paired change from the unedited cards;
    ``value`` the target's value.  ``base_of``: the unedited scores of the sets played on more than the search's first seeds."""
    target, band = advice.target, advice.options.band
    rows = []

    def add(rank, stage, edits, effect, lo, hi, value, vlo, vhi, games, looks, verdict=None):
        """One row per component; ``verdict`` None: each component's own band check of its value's interval."""
        for c, comp in enumerate(target.components):
            rows.append({"rank": rank, "stage": stage, **_edit_columns(edits), "component": comp.label,
                         "goal": comp.goal, "base": value[c] - effect[c], "effect": effect[c],
                         "effect_ci_low": lo[c], "effect_ci_high": hi[c], "value": value[c],
                         "value_ci_low": vlo[c], "value_ci_high": vhi[c], "games": games, "looks": looks,
                         "verdict": verdict or comp.state(vlo[c], vhi[c], band), "band": band,
                         "goal_text": comp.goal_text(), "unit": comp.unit})

    closest = advice.closest
    for stage, check in (("proposal, fixed strategies", advice.fixed),
                         ("proposal, re-tuned strategies", advice.retuned)):
        if check is not None:
            add(0, stage, closest.edits, check.effect, check.effect_low, check.effect_high, check.values, check.low,
                check.high, check.games, 1)
    nan = np.full(len(target.components), np.nan)
    # the sets the search played, ranked by what the table shows: the distance to the target, then
    # the number of edits (then stated edits and the total change, as the search prefers)
    for i, cand in enumerate(sorted(advice.evaluated, key=lambda c: (c.miss, c.fields, c.stated, c.total_change)),
                             start=1):
        scores = scores_of.get(cand.edits)
        if scores is None or not cand.edits:
            continue
        base = (base_of or {}).get(cand.edits, search_base)      # sets confirmed on more seeds
        d = [paired_difference(s, b) for s, b in zip(scores, base)]
        v, vlo, vhi = values_with_interval(scores, target)
        add(i, "search", cand.edits, np.array([x.mean for x in d]), np.array([x.ci_low for x in d]),
            np.array([x.ci_high for x in d]), v, vlo, vhi, target.games_per_component(scores.shape[1]), 1)
    ranked = sorted(advice.screened, key=lambda r: -r.improvement)
    for i, r in enumerate(ranked, start=1):
        mean, lo, hi = r.effect()
        stage = "screen" if r.looks == 1 else "sequential test"
        add(i, stage, (r.edit,), mean, lo, hi, nan, nan, nan, target.games_per_component(r.seeds), r.looks,
            r.verdict)
    table = pd.DataFrame(rows, columns=[*ADVICE_COLUMNS, *EXTRA_COLUMNS])
    screened = table["stage"].isin(["screen", "sequential test"])
    # a screened edit's value: the unedited value on the check seeds plus its effect, measured on other seeds,
    # so the sum can leave [0, 1] on a few seeds: bounded to what a win rate (or a count) can be
    base = dict(zip(target.labels, advice.base_values))
    comps = dict(zip(target.labels, target.components))
    table.loc[screened, "base"] = table.loc[screened, "component"].map(base)
    low = table["component"].map(lambda c: comps[c].bounds[0])
    high = table["component"].map(lambda c: comps[c].bounds[1])
    table.loc[screened, "value"] = (table.loc[screened, "base"] + table.loc[screened, "effect"]).clip(
        low[screened], high[screened])
    # a row's distance to the target: the largest distance of its set's components from their goals (a share's in
    # points, a count's relative to its goal: ``Component.distance``)
    far = pd.Series([float(comps[c].distance(v)) if pd.notna(v) else np.nan
                     for c, v in zip(table["component"], table["value"])], index=table.index)
    table["distance"] = far.groupby([table["stage"], table["rank"]]).transform("max")
    return table


def proposal_patch(card_set: CardSet, advice: Advice) -> str:
    """The patch file: each edited card whole, with what changed and what was measured."""
    edits = advice.closest.edits
    notes: dict[str, list[str]] = {}
    for e in edits:
        notes.setdefault(e.field.card, []).append(f"edited: {e.field.shown}{f' ({e.field.path})' if e.field.reads else ''} "
                                                  f"{e.field.value} -> {e.new_value} "
                                                  f"(was {e.field.mark}); the text below is unchanged")
    target = advice.target
    header = [f"Card patch from commandsim advise: {target.text}, band +-{100 * advice.options.band:g} points, "
              f"seed {advice.options.seed}.",
              "Re-check: " + target.recheck.replace("PATCH", "THIS_FILE") + " (with your --cards, if any)."]
    if advice.fixed is not None:
        for c, comp in enumerate(target.components):
            header.append(f"{comp.label}: {comp.show(advice.base_values[c])} -> {comp.show(advice.fixed.values[c])} "
                          f"[{comp.show(advice.fixed.low[c])}, {comp.show(advice.fixed.high[c])}] on "
                          f"{advice.fixed.games:,} fresh games (goal {comp.goal_text()}).")
    if advice.proposal is None:
        header.append("No set of edits reached the band: this is the closest one found.")
    return card_set.patch(edits, header, notes)
