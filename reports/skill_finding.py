"""The designer's question: does a balance finding still hold when both sides play well?

A finding is re-measured with both sides played by the same strategy at every rung of a skill ladder
(``reports.ladder``), on the same seeds at every rung, and the rungs' results are set side by side:

* ``first-player``: the share of games won by the player moving first (score: win 1, draw 1/2), sides A
  and B each moving first on every seed, so a side's own strength cancels out of the seat's;
* ``matchup``: side A's score against side B (decks, factions and variants, forces and command sets: a
  game's own ``Sides``), every seed played with A first and with B first.

Both are a score with its 95% seed-clustered interval (a seed's two games, one with each side first, are one
sample; as ``reports.tournament`` scores a pair), read against 50%; below ``reports.stats.MIN_VERDICT_SEEDS``
seeds a rung's verdict is "not shown different from 50%".  Across the rungs the finding is

* a **sign change** when two rungs' intervals lie clear of 50% on opposite sides (it reverses),
* a **size change** otherwise, when two rungs' intervals do not overlap (it grows or shrinks),
* **stable** when every rung agrees with every other within its interval (each rung's interval holds every
  other rung's estimate),
* **unclear** otherwise: the intervals overlap, but some rung's estimate lies outside another's interval
  (+0.5 points at one rung, +8.5 at the others): more games would tell whether it changes,

and it *holds at every rung* when every interval lies clear of 50% on the same side.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from simcore.errors import CommandsimError
from simcore.findings_sides import Sides
from simcore.names import unknown

from .stats import MIN_VERDICT_SEEDS, per_seed_intervals

FINDINGS = ("first-player", "matchup")
CHUNK_SEEDS = 100     # seeds per engine call: progress and interrupts between calls; results do not depend on it
SKILL_COLUMNS = ("game", "finding", "subject", "side_a", "side_b", "rung", "level", "games", "wins", "losses",
                 "draws", "score", "ci_low", "ci_high", "effect", "verdict", "across_rungs", "across_rungs_text",
                 "seed")
ACROSS = ("sign change", "size change", "stable", "unclear")

Progress = Callable[[int, int], None]


def check_finding(name: str) -> str:
    name = name.strip().lower()
    if name not in FINDINGS:
        raise CommandsimError(unknown("finding", name, FINDINGS))
    return name


def check_games(games: int) -> int:
    if games < 2 or games % 2:
        raise CommandsimError(f"expected an even number of games >= 2 per rung (every seed with each side "
                              f"first), got {games}")
    return games


def _points(winner, seat: str) -> np.ndarray:
    """2 x the score of ``seat`` per game (2 win, 1 draw, 0 loss)."""
    w = np.asarray(winner, dtype=str)
    return np.where(w == seat, 2, np.where(w == "draw", 1, 0)).astype(np.int64)


def measure(sides: Sides, finding: str, a, b, strategy: str, games: int, seed: int = 1,
            threads: int | None = None, progress: Progress | None = None, done: int = 0,
            total: int | None = None) -> dict:
    """One rung: ``games // 2`` seeds, each played with A first and with B first, both sides played by
    ``strategy``. Returns the subject's counts (the first seat's, or A's) with its score and interval."""
    seeds = check_games(games) // 2
    total = games if total is None else total
    first_pts = np.zeros((seeds, 2), np.int64)     # per seed: the first seat's points with A first, with B first
    a_pts = np.zeros((seeds, 2), np.int64)         # ... and A's
    for start in range(0, seeds, CHUNK_SEEDS):
        n = min(CHUNK_SEEDS, seeds - start)
        a_first = sides.play(a, b, (strategy, strategy), n, seed, start, threads)
        b_first = sides.play(b, a, (strategy, strategy), n, seed, start, threads)
        first_pts[start:start + n] = np.stack([_points(a_first, "first"), _points(b_first, "first")], axis=1)
        a_pts[start:start + n] = np.stack([_points(a_first, "first"), _points(b_first, "second")], axis=1)
        done += 2 * n
        if progress is not None:
            progress(done, total)
    return _row((first_pts if finding == "first-player" else a_pts) / 2.0)


def estimate_finding(sides: Sides, finding: str, rungs: Sequence[str], a_text: str | None = None,
                     b_text: str | None = None, games: int = 2000, seed: int = 1, threads: int | None = None):
    """Each rung's speed (``reports.estimate.probe``: both seat orders on seeds the run does not play) priced
    over its games in the finding's chunks of ``CHUNK_SEEDS`` seeds."""
    from .estimate import Estimate, calls_of, fixed_part, part_budget, probe, probe_seed, probed_text
    a, b = resolve_sides(sides, finding, a_text, b_text)
    at = probe_seed(seed)
    parts, probed = [], 0
    for rung in rungs:
        def play(n, rung=rung):
            sides.play(a, b, (rung, rung), n // 2, at, 0, threads)
            sides.play(b, a, (rung, rung), n // 2, at, 0, threads)
        p = probe(play, 2, min(games, 2 * CHUNK_SEEDS), part_budget(len(rungs)), games)
        probed += p.games
        parts.append(fixed_part(rung, p.speed, games, calls_of(games // 2, CHUNK_SEEDS)))
    return Estimate(parts, probed_text(probed))


def _row(per_seed: np.ndarray) -> dict:
    """The subject's counts and score with its seed-clustered interval, from its score in each game of each
    seed (``per_seed[t, k]``: 1 win, 1/2 draw, 0 loss)."""
    wins, losses = int((per_seed == 1.0).sum()), int((per_seed == 0.0).sum())
    n = per_seed.size
    score = float(per_seed.sum() / n) if n else float("nan")
    _, _, lo, hi = per_seed_intervals(per_seed) if n else (0, 0, float("nan"), float("nan"))
    return {"games": n, "wins": wins, "losses": losses, "draws": n - wins - losses, "score": score, "ci_low": lo,
            "ci_high": hi, "effect": score - 0.5, "seeds": per_seed.shape[0]}


def subject_names(finding: str, label_a: str, label_b: str) -> tuple[str, str]:
    """(who the score belongs to, who it is against)."""
    return ("the first player", "the second player") if finding == "first-player" else (label_a, label_b)


def rung_verdict(lo: float, hi: float, subject: str, other: str, seeds: int | None = None) -> str:
    if seeds is not None and seeds < MIN_VERDICT_SEEDS:
        return "not shown different from 50%"
    if lo > 0.5:
        return f"favours {subject}"
    if hi < 0.5:
        return f"favours {other}"
    return "not shown different from 50%"


def resolve_sides(sides: Sides, finding: str, a_text: str | None = None, b_text: str | None = None):
    """Sides A and B of ``finding`` (the game's defaults where not given); a match-up needs two different
    sides. Raises ``CommandsimError``."""
    default_a, default_b = sides.defaults[check_finding(finding)]
    a, b = sides.parse(a_text or default_a), sides.parse(b_text or default_b)
    if finding == "matchup" and sides.label(a) == sides.label(b):
        raise CommandsimError(f"--a and --b are the same side ({sides.label(a)}): a match-up needs two different "
                              f"sides")
    if sides.meet is not None:
        sides.meet(a, b)
    return a, b


def run_finding(sides: Sides, finding: str, rungs: Sequence[str], a_text: str | None = None,
                b_text: str | None = None, games: int = 2000, seed: int = 1, threads: int | None = None,
                progress: Progress | None = None) -> pd.DataFrame:
    """The finding at every rung (``SKILL_COLUMNS``, one row per rung, weakest first), with the verdict
    across rungs (``across``) in every row. ``a_text``/``b_text``: the sides (default: the game's)."""
    finding = check_finding(finding)
    check_games(games)
    a, b = resolve_sides(sides, finding, a_text, b_text)
    label_a, label_b = sides.label(a), sides.label(b)
    subject, other = subject_names(finding, label_a, label_b)
    rows = []
    total = games * len(rungs)
    for level, rung in enumerate(rungs):
        r = measure(sides, finding, a, b, rung, games, seed, threads, progress, level * games, total)
        r.update({"game": sides.game, "finding": finding, "subject": subject, "side_a": label_a, "side_b": label_b,
                  "rung": rung, "level": level, "seed": seed,
                  "verdict": rung_verdict(r["ci_low"], r["ci_high"], subject, other, r.pop("seeds"))})
        rows.append(r)
    table = pd.DataFrame(rows)
    code, text = across_rungs(table, subject, other)
    table["across_rungs"], table["across_rungs_text"] = code, text
    return table[list(SKILL_COLUMNS)]


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _at(r) -> str:
    return f"{_pts(r['effect'])} points [{_pts(r['ci_low'] - 0.5)}, {_pts(r['ci_high'] - 0.5)}] at {r['rung']}"


def across_rungs(table: pd.DataFrame, subject: str = "A", other: str = "B") -> tuple[str, str]:
    """``(code, text)``: the finding across rungs, from each rung's score interval (columns ``rung``,
    ``score``, ``ci_low``, ``ci_high``, ``effect``, weakest rung first; see the module text). Points are the score's lead over 50%."""
    rows = [r for _, r in table.reset_index(drop=True).iterrows() if np.isfinite(r["ci_low"]) and np.isfinite(r["ci_high"])]
    if len(rows) < 2:
        return "stable", "only one skill level measured: nothing to compare"
    above = [r for r in rows if r["ci_low"] > 0.5]
    below = [r for r in rows if r["ci_high"] < 0.5]
    if above and below:
        hi = max(above, key=lambda r: r["score"])
        lo = min(below, key=lambda r: r["score"])
        return "sign change", (f"sign change: {subject}'s lead is {_at(hi)} but {_at(lo)} (intervals clear of "
                               f"50% on opposite sides)")
    # the widest gap between two rungs whose intervals do not overlap
    gaps = [(r2["ci_low"] - r1["ci_high"], r1, r2) for r1 in rows for r2 in rows if r2["ci_low"] > r1["ci_high"]]
    if gaps:
        _, small, large = max(gaps, key=lambda g: g[0])
        first, second = sorted((small, large), key=lambda r: r.name)   # in ladder order
        way = "grows" if abs(second["effect"]) > abs(first["effect"]) else "shrinks"
        return "size change", (f"size change: {subject}'s lead {way} from {_at(first)} to {_at(second)} "
                               f"(intervals do not overlap)")
    effects = [r["effect"] for r in rows]
    span = f"{subject}'s lead {_pts(min(effects))} to {_pts(max(effects))} points"
    apart = [(max(r2["ci_low"] - r1["score"], r1["score"] - r2["ci_high"]), r1, r2) for r1 in rows for r2 in rows
             if not r2["ci_low"] <= r1["score"] <= r2["ci_high"]]
    if apart:     # the estimate farthest outside another rung's interval
        _, r1, r2 = max(apart, key=lambda a: a[0])
        return "unclear", (f"unclear: every skill level's interval overlaps every other's, but {_at(r1)} lies outside "
                           f"the interval at {r2['rung']} ({_at(r2)}): more games would tell whether it changes "
                           f"({span})")
    text = f"stable: every skill level's interval holds every other level's estimate ({span})"
    if len(above) == len(rows):
        text += f"; favours {subject} at every skill level"
    elif len(below) == len(rows):
        text += f"; favours {other} at every skill level"
    return "stable", text
