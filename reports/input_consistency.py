"""What the numbers of a results file say about each other, checked when ``commandsim report`` reads it back
(after ``reports.input_schema`` has checked each value on its own): a table that contradicts itself is
refused in one line naming the file, the row (CSV line) and the column, never repeated as a finding.

Per kind of table:

* every rate is recomputed from its counts (``win_rate = wins / games``; a score ``(wins + draws / 2) /
  games``; a comparison's ``diff = score_a - score_b``; a card's rate when bought);
* every interval contains its estimate (the interval itself is not recomputed: its method is the
  statistics module's, ``reports.stats``);
* a verdict agrees with its interval and seeds (a comparison's ``even`` lies inside the band; an older
  file's ``balanced`` is read as ``even``);
* keys are unique where the kind has one row per key (a tournament's pair of entries, a ladder's rung, a
  sweep's cell and seat, a card), a sweep's seat rows add up to its ``both`` row, and a tournament's two
  rows of a pair mirror each other (one's wins are the other's losses).

Rates are compared within ``TOLERANCE`` (the tool writes them to the last bit; a spreadsheet that rounds
them to 9 digits still passes).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .input_schema import ResultsFileError, _where

TOLERANCE = 1e-9

# the columns that name one row of each kind (with ``game`` and ``source`` when a file has them)
KEYS = {
    "aggregate": ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
                  "opponent_strategy", "seat"),
    "cards": ("card",),
    "tournament": ("entry", "opponent"),
    "ratings": ("entry",),
    "ladder": ("level",),
    "skill": ("finding", "rung"),
    "impact": ("card", "measure", "side"),
    "metagame": ("part", "side", "strategy", "opponent_side", "opponent_strategy"),
    "metagame_mixes": ("part", "side", "strategy"),
    "metagame_value": ("part",),
}
# (estimate, low, high) of each kind's intervals
INTERVALS = {
    "aggregate": [("win_rate", "ci_low", "ci_high")],
    "cards": [("win_rate_when_bought", "ci_low", "ci_high")],
    "compare": [("win_rate_a", "ci_low_a", "ci_high_a"), ("win_rate_b", "ci_low_b", "ci_high_b"),
                ("diff", "diff_ci_low", "diff_ci_high")],
    "tournament": [("win_rate", "ci_low", "ci_high"), ("score", "score_ci_low", "score_ci_high"),
                   ("expected_score", "expected_ci_low", "expected_ci_high")],
    "ratings": [("strength", "strength_ci_low", "strength_ci_high"), ("elo", "elo_ci_low", "elo_ci_high")],
    "ladder": [("win_rate", "ci_low", "ci_high"), ("score", "score_ci_low", "score_ci_high"),
               ("elo", "elo_ci_low", "elo_ci_high")],
    "skill": [("score", "ci_low", "ci_high")],
    "impact": [("impact", "ci_low", "ci_high"), ("buyers_win_rate", "buyers_ci_low", "buyers_ci_high")],
    "advice": [("value", "value_ci_low", "value_ci_high"), ("effect", "effect_ci_low", "effect_ci_high")],
    "metagame": [("score", "score_ci_low", "score_ci_high")],
    "metagame_mixes": [("weight", "weight_ci_low", "weight_ci_high"), ("alpharank", "alpharank_ci_low",
                                                                        "alpharank_ci_high")],
    "metagame_value": [("value", "value_ci_low", "value_ci_high"),
                       ("exploitability", "exploitability_ci_low", "exploitability_ci_high")],
}


class _Refusal(Exception):
    def __init__(self, row: int, column: str, message: str, other: int | None = None):
        self.row, self.column, self.message, self.other = row, column, message, other


def _first(bad) -> int | None:
    bad = np.asarray(bad, dtype=bool)
    return int(np.flatnonzero(bad)[0]) if bad.any() else None


def _num(df: pd.DataFrame, column: str) -> np.ndarray:
    return pd.to_numeric(df[column], errors="coerce").to_numpy(dtype=float)


def _has(df: pd.DataFrame, *columns: str) -> bool:
    return all(c in df.columns for c in columns)


def _show(x: float) -> str:
    return "nothing" if x != x else f"{x:.10g}"


def _rate(df: pd.DataFrame, column: str, numerator, denominator, formula: str) -> None:
    """``column`` equals ``numerator / denominator`` where the denominator is above 0."""
    if column not in df.columns:
        return
    value = _num(df, column)
    with np.errstate(invalid="ignore", divide="ignore"):
        want = np.where(denominator > 0, numerator / np.where(denominator > 0, denominator, 1), np.nan)
    bad = np.isfinite(want) & ~(np.abs(value - want) <= TOLERANCE)
    i = _first(bad)
    if i is not None:
        raise _Refusal(i, column, f"expected {formula} = {_show(want[i])}, got {_show(value[i])}")


def _intervals(df: pd.DataFrame, kind: str) -> None:
    for estimate, low, high in INTERVALS.get(kind, ()):
        if not _has(df, estimate, low, high):
            continue
        x, lo, hi = _num(df, estimate), _num(df, low), _num(df, high)
        shown = ~np.isnan(x) & ~np.isnan(lo) & ~np.isnan(hi)
        i = _first(shown & (lo > x + TOLERANCE))
        if i is not None:
            raise _Refusal(i, low, f"expected at most {estimate} {_show(x[i])} (an interval contains its estimate), "
                                   f"got {_show(lo[i])}")
        i = _first(shown & (hi < x - TOLERANCE))
        if i is not None:
            raise _Refusal(i, high, f"expected at least {estimate} {_show(x[i])} (an interval contains its "
                                    f"estimate), got {_show(hi[i])}")


def _unique(df: pd.DataFrame, kind: str) -> None:
    if kind not in KEYS or not all(c in df.columns for c in KEYS[kind]):
        return
    keys = [c for c in (*KEYS[kind], "game", "source") if c in df.columns]
    i = _first(df.duplicated(subset=keys, keep="first").to_numpy())
    if i is not None:
        first = _first(df[keys].eq(df[keys].iloc[i]).all(axis=1).to_numpy())
        named = ", ".join(f"{k} '{df[k].iloc[i]!s}'" for k in KEYS[kind])
        raise _Refusal(i, KEYS[kind][0], f"expected one row per {' and '.join(KEYS[kind])}, got {named} again",
                       other=first)


def _counts(df: pd.DataFrame, suffix: str = "") -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    names = [f"{c}{suffix}" for c in ("wins", "losses", "draws")] + ["games"]
    if not _has(df, *names):
        return None
    return tuple(_num(df, c) for c in names)


def _outcome_rates(df: pd.DataFrame, kind: str) -> None:
    if kind in ("aggregate", "tournament", "ladder", "skill", "metagame"):
        counts = _counts(df)
        if counts is not None:
            wins, _, draws, games = counts
            if kind not in ("skill", "metagame"):
                _rate(df, "win_rate", wins, games, "wins / games")
            _rate(df, "score", wins + draws / 2, games, "(wins + draws / 2) / games")
    if kind == "compare":
        for side in ("a", "b"):
            counts = _counts(df, f"_{side}")
            if counts is None:
                continue
            wins, losses, draws, games = counts
            total = wins + losses + draws
            i = _first(total != games)
            if i is not None:
                raise _Refusal(i, f"wins_{side}", f"expected wins_{side} + losses_{side} + draws_{side} = games "
                                                  f"{_show(games[i])}, got {_show(total[i])}")
            _rate(df, f"win_rate_{side}", wins, games, f"wins_{side} / games")
            _rate(df, f"score_{side}", wins + draws / 2, games, f"(wins_{side} + draws_{side} / 2) / games")
        if _has(df, "diff", "score_a", "score_b"):
            _rate(df, "diff", _num(df, "score_a") - _num(df, "score_b"), np.ones(len(df)), "score_a - score_b")
        if _has(df, "seeds", "games"):
            seeds, games = _num(df, "seeds"), _num(df, "games")
            i = _first(games != 2 * seeds)
            if i is not None:
                raise _Refusal(i, "games", f"expected 2 x seeds = {_show(2 * seeds[i])} (each seed in both seats), "
                                           f"got {_show(games[i])}")
    if kind == "cards" and _has(df, "wins_when_bought", "games_bought", "seat_games", "times_bought"):
        wins, bought, seat_games, times = (_num(df, c) for c in ("wins_when_bought", "games_bought", "seat_games",
                                                                  "times_bought"))
        for column, small, big, what in (("wins_when_bought", wins, bought, "games_bought"),
                                         ("games_bought", bought, seat_games, "seat_games"),
                                         ("games_bought", bought, times, "times_bought")):
            i = _first(small > big)
            if i is not None:
                raise _Refusal(i, column, f"expected at most {what} {_show(big[i])}, got {_show(small[i])}")
        _rate(df, "win_rate_when_bought", wins, bought, "wins_when_bought / games_bought")
        _rate(df, "buy_rate", times, seat_games, "times_bought / seat_games")
    if kind == "skill" and _has(df, "effect", "score"):
        _rate(df, "effect", _num(df, "score") - 0.5, np.ones(len(df)), "score - 0.5")


def _seats(df: pd.DataFrame) -> None:
    """An aggregate's ``both`` row of a cell is its ``first`` and ``second`` rows added up."""
    keys = [c for c in (*KEYS["aggregate"][:-1], "game", "source") if c in df.columns]
    if not _has(df, "seat", "games", "wins", "losses", "draws") or len(keys) < len(KEYS["aggregate"]) - 1:
        return
    counts = ["games", "wins", "losses", "draws"]
    seats = df[df["seat"].isin(("first", "second"))]
    added = seats.groupby(keys, sort=False, dropna=False)[counts].sum()
    both = df[df["seat"] == "both"]
    for i, (_, row) in zip(np.flatnonzero((df["seat"] == "both").to_numpy()), both.iterrows()):
        key = tuple(row[k] for k in keys)
        if key not in added.index:
            raise _Refusal(int(i), "seat", "expected a 'first' or 'second' row of this cell beside its 'both' row, "
                                           "got none")
        for c in counts:
            if int(added.loc[key, c]) != int(row[c]):
                raise _Refusal(int(i), c, f"expected the first and second seats' {c} added up, "
                                          f"{int(added.loc[key, c])}, got {int(row[c])}")


def _mirrored(df: pd.DataFrame) -> None:
    """A tournament's row (A, B) and row (B, A) count the same games from either side."""
    if not _has(df, "entry", "opponent", "games", "wins", "losses", "draws"):
        return
    group = [c for c in ("game", "source") if c in df.columns]
    at = {tuple(r): i for i, r in enumerate(df[[*group, "entry", "opponent"]].itertuples(index=False, name=None))}
    for (*g, a, b), i in at.items():
        j = at.get((*g, b, a))
        if j is None:
            raise _Refusal(i, "opponent", f"expected the row of {b} against {a} too (every pair has both), got none")
        for mine, theirs in (("games", "games"), ("wins", "losses"), ("draws", "draws")):
            if df[mine].iloc[i] != df[theirs].iloc[j]:
                raise _Refusal(i, mine, f"expected {theirs} of {b} against {a}, {df[theirs].iloc[j]}, got "
                                        f"{df[mine].iloc[i]}")


def _seeds(df: pd.DataFrame, i: int) -> int | None:
    """Row ``i``'s seeds (a file without the column: half its games, each seed played in both seats)."""
    if "seeds" in df.columns:
        return int(_num(df, "seeds")[i])
    return int(_num(df, "games")[i]) // 2 if "games" in df.columns else None


def _verdicts(df: pd.DataFrame, kind: str) -> None:
    """A verdict is what its interval, band and seeds give (``reports.verdict_words``: an older file's words,
    ``balanced`` for ``even``, are read as the words they were)."""
    from .verdict_words import upgraded
    if kind == "compare" and _has(df, "verdict", "diff", "diff_ci_low", "diff_ci_high", "band"):
        from .compare import verdict
        for i in range(len(df)):
            d, lo, hi, band = (float(df[c].iloc[i]) for c in ("diff", "diff_ci_low", "diff_ci_high", "band"))
            want = verdict(d, lo, hi, band, seeds=_seeds(df, i))[0]
            if upgraded(df["verdict"].iloc[i]) != want:
                raise _Refusal(i, "verdict", f"expected {want} for the interval [{_show(lo)}, {_show(hi)}] and the "
                                             f"band +-{_show(band)}, got {df['verdict'].iloc[i]}")
    if kind == "ladder" and _has(df, "verdict", "score_ci_low", "score_ci_high"):
        from .ladder import verdict
        for i in range(len(df)):
            want = verdict(float(df["score_ci_low"].iloc[i]), float(df["score_ci_high"].iloc[i]), _seeds(df, i))
            if str(df["verdict"].iloc[i]) != want:
                lo, hi = _show(df["score_ci_low"].iloc[i]), _show(df["score_ci_high"].iloc[i])
                raise _Refusal(i, "verdict", f"expected {want} for the score interval [{lo}, {hi}], got "
                                             f"{df['verdict'].iloc[i]}")


def _metagame(df: pd.DataFrame, kind: str) -> None:
    """A metagame's cell that did not meet has no games and is counted 1/2; its value lies between the pure
    bounds; a side's weights add up to 1; the match-up's verdict is its interval's (``reports.compare.verdict``)."""
    if kind == "metagame" and _has(df, "met", "games", "score"):
        unmet = ~df["met"].astype(str).str.lower().eq("true").to_numpy()
        i = _first(unmet & (_num(df, "games") > 0))
        if i is not None:
            raise _Refusal(i, "games", f"expected 0 for a cell whose entries did not meet, got {_show(_num(df, 'games')[i])}")
        i = _first(unmet & (np.abs(_num(df, "score") - 0.5) > TOLERANCE))
        if i is not None:
            raise _Refusal(i, "score", f"expected 0.5 for a cell whose entries did not meet (no game: counted 1/2), "
                                       f"got {_show(_num(df, 'score')[i])}")
    if kind == "metagame_mixes" and _has(df, "part", "side", "weight"):
        group = [c for c in ("game", "source", "part", "side") if c in df.columns]
        totals = df.groupby(group, sort=False)["weight"].transform("sum").to_numpy(dtype=float)
        symmetric = df["part"].astype(str).eq("symmetric").to_numpy()
        if symmetric.any():     # the symmetric metagame's one mix spans every side's entries
            whole = [c for c in ("game", "source", "part") if c in df.columns]
            totals = np.where(symmetric, df.groupby(whole, sort=False)["weight"].transform("sum").to_numpy(dtype=float),
                              totals)
        i = _first(np.abs(totals - 1.0) > 1e-6)
        if i is not None:
            raise _Refusal(i, "weight", f"expected the weights of a mix to add up to 1, got {_show(totals[i])}")
    if kind == "metagame_value" and _has(df, "value", "maximin", "minimax"):
        value, low, high = _num(df, "value"), _num(df, "maximin"), _num(df, "minimax")
        i = _first((value < low - TOLERANCE) | (value > high + TOLERANCE))
        if i is not None:
            raise _Refusal(i, "value", f"expected a value between the pure bounds {_show(low[i])} and "
                                       f"{_show(high[i])}, got {_show(value[i])}")
        if _has(df, "verdict", "value_ci_low", "value_ci_high", "band", "seeds", "part"):
            from .compare import verdict
            for i in np.flatnonzero(df["part"].astype(str).eq("matchup").to_numpy()):
                lo, hi, band = (float(df[c].iloc[i]) for c in ("value_ci_low", "value_ci_high", "band"))
                want = verdict(value[i] - 0.5, lo - 0.5, hi - 0.5, band, seeds=int(df["seeds"].iloc[i]))[0]
                if str(df["verdict"].iloc[i]) != want:
                    raise _Refusal(int(i), "verdict", f"expected {want} for the value's interval [{_show(lo)}, "
                                                      f"{_show(hi)}] and the band ±{_show(band)}, got "
                                                      f"{df['verdict'].iloc[i]}")


def check_consistency(df: pd.DataFrame, kind: str, path, fmt: str, first_row: int = 0) -> None:
    """Refuse, with a ``ResultsFileError`` naming ``path``, the row and the column, a table of ``kind`` whose
    numbers contradict each other (see the module text). ``df``: the table after ``check_table``."""
    if df.empty:
        return
    df = df.reset_index(drop=True)
    try:
        _unique(df, kind)
        _outcome_rates(df, kind)
        _intervals(df, kind)
        _verdicts(df, kind)
        if kind == "aggregate":
            _seats(df)
        if kind == "tournament":
            _mirrored(df)
        _metagame(df, kind)
    except _Refusal as r:
        again = f" (first on {_where(first_row + r.other, fmt)})" if r.other is not None else ""
        raise ResultsFileError(f"{path}: {_where(first_row + r.row, fmt)}, column '{r.column}': {r.message}"
                               f"{again}") from None
