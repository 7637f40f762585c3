"""The statements a report opens with: the questions the sweep was run to answer, each answered with its
interval and n, then any other finding the data support after correcting for the number of statements tested.

Statements tested (each a share of games with its 95% interval: seed-clustered, as the sweep's ``both`` rows
and first-player table give it, since a seed's two seat-swapped games are one sample):

* **match-up**, per duel cell (one side, the one listed first): that side's win rate over both seats;
* **first player**, per duel cell: the share of games the player moving first won (the game's rule for
  moving first, ``GameInfo.first_player``, quoted beside it).

A per-card buyers' win rate is not a statement: winners buy more, so it is an association shown in the
per-card section, never a finding.

Each is tested against a band around 50% (``band``, default +-2 points: a designer does not act on a
1-point lean): the null hypothesis is that the true share lies inside the band, and the p-value is the
two-sided score test against the nearer edge of the band (the test the interval inverts:
``reports.stats.score_test_p``; the 95% interval misses the band exactly when p < 0.05).  A statement on
fewer than ``reports.stats.MIN_VERDICT_SEEDS`` seeds gets no verdict ("not enough games for a verdict").
With dozens of cells some intervals miss the band by chance, so **Holm's step-down correction** is applied over all the statements tested: sorted by
p-value, the k-th smallest (of m) must be below alpha / (m - k + 1), and testing stops at the first that
is not.  The chance that even one finding is a false alarm stays at most alpha (5%) whatever the number
of statements, and Holm rejects everything Bonferroni does and more.  Every question is answered: a
**lean** (its 95% interval lies outside the band; shown with n and the Holm-adjusted p-value),
**even** within the band (its 95% interval lies inside it: "even within ±2 points"; the verdict words of
``reports.verdict_words``) or not enough games to tell.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .report_games import one_seat
from .stats import MIN_VERDICT_SEEDS, not_enough_seeds_text, score_test_p, seed_clustered_interval
from .verdict_words import EVEN, even_text

ALPHA = 0.05
BAND = 0.02
CORRECTION = "Holm"


@dataclass(frozen=True)
class Statement:
    """One share tested against 50% +- band: ``successes`` of ``n`` games in ``seeds`` seeds (None: one game
    each) whose per-seed successes have the sum of squares ``sum_sq``, with what it says either way."""
    kind: str          # "first player", "match-up", "card"
    subject: str
    successes: int
    n: int
    high_text: str     # what the statement means when the share is above the band
    low_text: str      # ... and below it
    seeds: int | None = None
    sum_sq: int | None = None
    where: str = ""    # the game and mode it was measured in ("Star Realms, two-against-one mode"), in its text

    @property
    def sums(self) -> tuple[float, float, int, int]:
        """(successes, their sum of squares over the seeds, seeds, games)."""
        if self.seeds is None:
            return self.successes, self.successes, self.n, self.n
        return self.successes, self.sum_sq, self.seeds, self.n

    @property
    def enough(self) -> bool:
        return self.sums[2] >= MIN_VERDICT_SEEDS

    def interval(self) -> tuple[float, float]:
        low, high, _ = seed_clustered_interval(*self.sums)
        return float(low), float(high)


@dataclass(frozen=True)
class Finding:
    statement: Statement
    rate: float
    ci_low: float
    ci_high: float
    p_value: float
    p_holm: float

    @property
    def text(self) -> str:
        s = self.statement
        meaning = s.high_text if self.rate > 0.5 else s.low_text
        return (f"{_subject(s)}: {self.rate:.1%} [{self.ci_low:.1%}, {self.ci_high:.1%}] (n = {s.n:,}): {meaning} "
                f"(Holm-adjusted {_p_text(self.p_holm)})")


def _subject(s: Statement) -> str:
    return f"{s.subject} ({s.where})" if s.where else s.subject


def _p_text(p: float) -> str:
    return f"p = {p:.2g}" if p >= 1e-4 else "p < 0.0001"


def band_p_value(successes: int, n: int, band: float = BAND, seeds: int | None = None,
                 sum_sq: float | None = None) -> float:
    """Two-sided score-test p-value of the share ``successes / n`` against the nearer edge of
    50% +- ``band`` (games in ``seeds`` seeds with per-seed sum of squares ``sum_sq``; None: one game per
    seed); 1 when the share lies inside the band."""
    if n <= 0:
        return 1.0
    rate = successes / n
    if abs(rate - 0.5) <= band:
        return 1.0
    edge = 0.5 + band if rate > 0.5 else 0.5 - band
    if seeds is None:
        seeds, sum_sq = n, successes
    return score_test_p(successes, sum_sq, seeds, n, edge)


def _p_values(statements: list[Statement], band: float) -> list[float]:
    """Each statement's band p-value; 1 for a statement on too few seeds for a verdict (it is never a finding)."""
    return [band_p_value(s.successes, s.n, band, s.seeds, s.sum_sq) if s.enough else 1.0 for s in statements]


def holm(p_values, alpha: float = ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Holm's step-down procedure: (rejected, adjusted p-values), in the order given."""
    p = np.asarray(p_values, dtype=float)
    m = len(p)
    if m == 0:
        return np.zeros(0, bool), np.zeros(0)
    order = np.argsort(p, kind="stable")
    adjusted_sorted = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * p[order]))
    adjusted = np.empty(m)
    adjusted[order] = adjusted_sorted
    return adjusted <= alpha, adjusted


def findings(statements: list[Statement], alpha: float = ALPHA, band: float = BAND) -> list[Finding]:
    """The statements that clear the band after Holm's correction over all of them, by adjusted p."""
    p = _p_values(statements, band)
    rejected, adjusted = holm(p, alpha)
    out = []
    for s, p_raw, p_adj, keep in zip(statements, p, adjusted, rejected):
        if keep:
            low, high = s.interval()
            out.append(Finding(s, s.successes / s.n, float(low), float(high), p_raw, float(p_adj)))
    return sorted(out, key=lambda f: (f.p_holm, f.statement.kind, f.statement.subject))


# ---- the questions of a sweep, answered either way

QUESTIONS = ("match-up", "first player")   # what a sweep is run to answer, in the order the Findings lead with
ANSWERS = ("lean", EVEN, "undecided")


@dataclass(frozen=True)
class Answer:
    """A question of the sweep (a match-up, the first-player advantage) answered: ``verdict`` is "lean"
    (a finding: outside the band after Holm's correction), "even" (the 95% interval lies inside the
    band) or "undecided" (neither, or too few seeds for a verdict: more games would tell)."""
    statement: Statement
    rate: float
    ci_low: float
    ci_high: float
    p_holm: float
    verdict: str
    band: float = BAND

    @property
    def text(self) -> str:
        s = self.statement
        head = f"{_subject(s)}: {self.rate:.1%} [{self.ci_low:.1%}, {self.ci_high:.1%}] (n = {s.n:,})"
        points = f"±{100 * self.band:g} points"
        if self.verdict == "lean":
            meaning = s.high_text if self.rate > 0.5 else s.low_text
            return f"{head}: {meaning} (Holm-adjusted {_p_text(self.p_holm)})"
        if self.verdict == EVEN:
            return (f"{head}: {even_text(self.band, ascii_only=False)} (the 95% interval lies inside "
                    f"{0.5 - self.band:.0%}–{0.5 + self.band:.0%})")
        if not s.enough:
            return f"{head}: {not_enough_seeds_text(s.sums[2], max(1, round(s.n / max(s.sums[2], 1))))}"
        return f"{head}: not enough games to tell whether it is within {points}"


def answers(statements: list[Statement], alpha: float = ALPHA, band: float = BAND) -> list[Answer]:
    """Every question statement answered (lean, even or undecided), the match-ups first then the
    first-player advantage, each in the order given; then the findings among the other statements by
    adjusted p. Holm's correction runs over all the statements, as ``findings``."""
    p = _p_values(statements, band)
    rejected, adjusted = holm(p, alpha)
    asked, rest = [], []
    for s, p_adj, keep in zip(statements, adjusted, rejected):
        low, high = s.interval()
        inside = s.enough and low >= 0.5 - band and high <= 0.5 + band
        verdict = "lean" if keep else EVEN if inside else "undecided"
        answer = Answer(s, s.successes / s.n, low, high, float(p_adj), verdict, band)
        if s.kind in QUESTIONS:
            asked.append(answer)
        elif keep:
            rest.append(answer)
    asked.sort(key=lambda a: QUESTIONS.index(a.statement.kind))   # stable: the given order within a kind
    rest.sort(key=lambda a: (a.p_holm, a.statement.kind, a.statement.subject))
    return asked + rest


# ---- the statements of a report's tables

def first_player_statements(first: pd.DataFrame, rule: str = "", where: str = "") -> list[Statement]:
    """From ``aggregate.first_player_table`` (side_a, side_b, games, first_wins; ``side_b`` empty when
    ``side_a`` names the pair already); ``rule``: what moving first means in the game's rules
    (``GameInfo.first_player``), quoted in the statement; ``where``: the game and mode, named in it."""
    if first.empty:
        return []
    why = f" ({rule})" if rule else ""
    seeds = first["seeds"] if "seeds" in first.columns else pd.Series([None] * len(first), index=first.index)
    sq = first["first_wins_sq"] if "first_wins_sq" in first.columns else seeds
    return [Statement("first player", f"first player, {_pair(a, b)}", int(w), int(n),
                      f"the player moving first wins more often{why}",
                      f"the player moving second wins more often{why}", _int(k), _int(q), where)
            for a, b, w, n, k, q in zip(first["side_a"], first["side_b"], first["first_wins"], first["games"], seeds,
                                        sq) if n > 0]


def _pair(a: str, b: str) -> str:
    a = a.replace("|", " ")
    return f"{a} vs {b.replace('|', ' ')}" if b else a


def _int(x) -> int | None:
    return None if x is None or pd.isna(x) else int(x)


def matchup_statements(rates: pd.DataFrame, where: str = "") -> list[Statement]:
    """From ``report_data.win_rate_table`` (seat-both rows with a ``label``): one side per duel cell;
    ``where``: the game and mode, named in each."""
    if rates.empty:
        return []
    duel = rates[~one_seat(rates["mode"])] if "mode" in rates.columns else rates
    if "difficulty" in duel.columns:
        duel = duel[duel["difficulty"].fillna("").astype(str).str.strip() == ""]
    seen, out = set(), []
    for r in duel.itertuples():
        side, other = (r.faction, r.variant, r.strategy), (r.opponent_faction, r.opponent_variant, r.opponent_strategy)
        cell = frozenset([side, other, getattr(r, "source", "")])
        if cell in seen or r.games <= 0 or side == other:   # a mirror is even by construction: no question
            continue
        seen.add(cell)
        clustered = "seeds" in duel.columns and "wins_sq" in duel.columns
        out.append(Statement("match-up", r.label, int(r.wins), int(r.games), "favoured: the match-up is not even",
                             "disfavoured: the match-up is not even", _int(r.seeds) if clustered else None,
                             _int(r.wins_sq) if clustered else None, where))
    return out


def findings_section_text(statements: list[Statement], alpha: float = ALPHA,
                          band: float = BAND) -> tuple[list[str], list[str]]:
    """(the answers as sentences, notes saying what was tested and how) for a report's first section:
    each question of the sweep answered, then any other finding."""
    given = answers(statements, alpha, band)
    kinds = ", ".join(f"{sum(s.kind == k for s in statements)} {k}" for k in dict.fromkeys(s.kind for s in statements))
    how = (f"{len(statements)} statements tested ({kinds}), each a share against 50% ± {100 * band:g} points; "
           f"{CORRECTION}'s step-down correction over all of them keeps the chance of any false finding at "
           f"{alpha:.0%} or less. A lean shows its 95% interval (seed-clustered: a seed's two seat-swapped games "
           f"are one sample), which lies outside the band, its n and its Holm-adjusted p-value; 'even' means the 95% "
           f"interval lies inside the band; otherwise more games would tell (no verdict below "
           f"{MIN_VERDICT_SEEDS} seeds).")
    if not any(a.verdict == "lean" for a in given):
        return [a.text for a in given], [f"No lean: none of the {len(statements)} statements clears its band "
                                         f"after the correction.", how]
    return [a.text for a in given], [how]
