"""The statements a report opens with: what a designer would act on, each with its interval and n,
kept only when the data support it after correcting for the number of statements tested.

Statements tested (each a share of games with its 95% Wilson interval):

* **first player**, per duel cell: the share of games the player moving first won;
* **match-up**, per duel cell (one side, the one listed first): that side's win rate over both seats;
* **card**, per card bought at least once: the share of seat-games its buyer won.

Each is tested against a band around 50% (``band``, default +-2 points: a designer does not act on a
1-point lean): the null hypothesis is that the true share lies inside the band, and the p-value is the
two-sided score test against the nearer edge of the band (the test the Wilson interval inverts: the
95% interval misses the band exactly when p < 0.05).  With dozens of cells and cards some intervals
miss the band by chance, so **Holm's step-down correction** is applied over all the statements tested:
sorted by p-value, the k-th smallest (of m) must be below alpha / (m - k + 1), and testing stops at the
first that is not.  The chance that even one finding is a false alarm stays at most alpha (5%) whatever
the number of statements, and Holm rejects everything Bonferroni does and more.  Every finding's 95%
interval therefore lies outside the band; the text shows it with n and the Holm-adjusted p-value.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import erfc, sqrt

import numpy as np
import pandas as pd

from .stats import wilson_interval

ALPHA = 0.05
BAND = 0.02
CORRECTION = "Holm"


@dataclass(frozen=True)
class Statement:
    """One share tested against 50% +- band: ``successes`` of ``n``, with what it says either way."""
    kind: str          # "first player", "match-up", "card"
    subject: str
    successes: int
    n: int
    high_text: str     # what the statement means when the share is above the band
    low_text: str      # ... and below it


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
        return (f"{s.subject}: {self.rate:.1%} [{self.ci_low:.1%}, {self.ci_high:.1%}] (n = {s.n:,}): {meaning} "
                f"(Holm-adjusted {_p_text(self.p_holm)})")


def _p_text(p: float) -> str:
    return f"p = {p:.2g}" if p >= 1e-4 else "p < 0.0001"


def band_p_value(successes: int, n: int, band: float = BAND) -> float:
    """Two-sided score-test p-value of the share ``successes / n`` against the nearer edge of
    50% +- ``band``; 1 when the share lies inside the band."""
    if n <= 0:
        return 1.0
    rate = successes / n
    if abs(rate - 0.5) <= band:
        return 1.0
    edge = 0.5 + band if rate > 0.5 else 0.5 - band
    z = abs(rate - edge) / sqrt(edge * (1 - edge) / n)
    return erfc(z / sqrt(2))


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
    p = [band_p_value(s.successes, s.n, band) for s in statements]
    rejected, adjusted = holm(p, alpha)
    out = []
    for s, p_raw, p_adj, keep in zip(statements, p, adjusted, rejected):
        if keep:
            low, high = wilson_interval(s.successes, s.n)
            out.append(Finding(s, s.successes / s.n, float(low), float(high), p_raw, float(p_adj)))
    return sorted(out, key=lambda f: (f.p_holm, f.statement.kind, f.statement.subject))


# ---- the statements of a report's tables

def first_player_statements(first: pd.DataFrame) -> list[Statement]:
    """From ``aggregate.first_player_table`` (side_a, side_b, games, first_wins)."""
    if first.empty:
        return []
    return [Statement("first player", f"first player, {a.replace('|', ' ')} vs {b.replace('|', ' ')}",
                      int(w), int(n), "going second with 6 Credits does not compensate",
                      "the second player's extra Credit over-compensates")
            for a, b, w, n in zip(first["side_a"], first["side_b"], first["first_wins"], first["games"]) if n > 0]


def matchup_statements(rates: pd.DataFrame) -> list[Statement]:
    """From ``report_data.win_rate_table`` (seat-both rows with a ``label``): one side per duel cell."""
    if rates.empty:
        return []
    duel = rates[rates.get("mode", pd.Series("duel", index=rates.index)) != "solo"]
    seen, out = set(), []
    for r in duel.itertuples():
        cell = frozenset([(r.faction, r.variant, r.strategy), (r.opponent_faction, r.opponent_variant,
                                                                 r.opponent_strategy),
                          getattr(r, "source", "")])
        if cell in seen or r.games <= 0:
            continue
        seen.add(cell)
        out.append(Statement("match-up", r.label, int(r.wins), int(r.games), "favoured: the match-up is not even",
                             "disfavoured: the match-up is not even"))
    return out


def card_statements(cards: pd.DataFrame) -> list[Statement]:
    """From per-card tables (``aggregate.CARD_COLUMNS`` plus ``source``): cards bought at least once."""
    several = "source" in cards.columns and cards["source"].nunique() > 1
    out = []
    for r in cards.itertuples():
        if r.games_bought > 0:
            where = f" ({r.source})" if several else ""
            out.append(Statement("card", f"{r.card}'s buyers win{where}", int(r.wins_when_bought),
                                 int(r.games_bought), "under-costed or too strong",
                                 "over-costed or a trap"))
    return out


def findings_section_text(statements: list[Statement], alpha: float = ALPHA,
                          band: float = BAND) -> tuple[list[str], list[str]]:
    """(findings as sentences, notes saying what was tested and how) for a report's first section."""
    found = findings(statements, alpha, band)
    kinds = ", ".join(f"{sum(s.kind == k for s in statements)} {k}" for k in dict.fromkeys(s.kind for s in statements))
    how = (f"{len(statements)} statements tested ({kinds}), each a share against 50% ± {100 * band:g} points; "
           f"{CORRECTION}'s step-down correction over all of them keeps the chance of any false finding at "
           f"{alpha:.0%} or less. Each finding shows its 95% Wilson interval, which lies outside the band, its n "
           f"and its Holm-adjusted p-value.")
    if not found:
        return [], [f"No finding: none of the {len(statements)} statements clears its band after the correction.",
                    how]
    return [f.text for f in found], [how]
