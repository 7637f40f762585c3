"""The numeric columns of every results table and the values each may hold, checked when
``commandsim report`` reads a file back: a hand-edited or damaged file ends in one line naming the
file, the row and the column, never in a traceback or a plot of wrong numbers.

Kinds of value: ``count`` (a whole number >= 0), ``share`` (0 to 1), ``signed_share`` (-1 to 1),
``amount`` (a number >= 0); ``*_or_blank`` may also be empty (a card rate when nobody bought it).
What the values say about each other is checked next (``reports.input_consistency``).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from simcore.errors import CommandsimError
from simcore.rng import SEED_MAX

COUNT_MAX = 2**53       # every count is exact as a float too, and three of them add up within 64 bits

EXPECTED = {
    "count": "a whole number from 0 to 2^53",
    "seed": "a whole number from 0 to 2^63 - 1 (a seed)",
    "share": "a number from 0 to 1",
    "share_or_blank": "a number from 0 to 1, or nothing",
    "signed_share": "a number from -1 to 1",
    "amount": "a number >= 0",
    "amount_or_blank": "a number >= 0, or nothing",
    "number": "a number",
    "number_or_blank": "a number, or nothing",
}

NUMERIC = {
    "aggregate": {"games": "count", "wins": "count", "losses": "count", "draws": "count", "win_rate": "share",
                  "ci_low": "share", "ci_high": "share", "mean_turns": "amount", "seed": "seed",
                  # the seeds' sums of a seed-clustered interval (reports.aggregate.SEED_COLUMNS)
                  "seeds": "count", "wins_sq": "count", "first_wins_sq": "count", "design_effect": "amount"},
    "cards": {"credit_cost": "count", "power_cost": "count", "times_bought": "count", "seat_games": "count",
              "buy_rate": "amount", "games_bought": "count", "wins_when_bought": "count",
              "win_rate_when_bought": "share_or_blank", "ci_low": "share_or_blank", "ci_high": "share_or_blank",
              "win_rate_not_bought": "share_or_blank"},
    "per_game": {"game": "seed", "seed": "seed", "turns": "count"},
    "compare": {"seeds": "count", "games": "count", "max_turns": "count", "seed": "seed", "score_a": "share",
                "score_b": "share", "diff": "signed_share", "diff_ci_low": "signed_share",
                "diff_ci_high": "signed_share", "diff_se": "amount", "band": "share",
                **{f"{c}_{s}": "count" for c in ("wins", "losses", "draws") for s in ("a", "b")},
                **{f"{c}_{s}": "share" for c in ("win_rate", "ci_low", "ci_high") for s in ("a", "b")}},
    # pairs that never met (two Solo A.I. levels) have no rates: blank
    "tournament": {"games": "count", "wins": "count", "losses": "count", "draws": "count",
                   **{c: "share_or_blank" for c in ("win_rate", "ci_low", "ci_high", "score", "score_ci_low",
                                                     "score_ci_high")},
                   **{c: "share" for c in ("expected_score", "expected_ci_low", "expected_ci_high")}},
    # the advisor's table: rows of the screen, the search and the checks; a row leaves out what its
    # stage did not measure
    # a count's goal and values (a length in turns: its ``unit``) are not shares, and an impact's (points) may be
    # negative
    "advice": {"games": "count", "looks": "count", "band": "share_or_blank", "edits": "count",
               **{c: "number_or_blank" for c in ("goal", "base", "value", "value_ci_low", "value_ci_high")},
               "distance": "amount_or_blank",
               **{c: "number_or_blank" for c in ("effect", "effect_ci_low", "effect_ci_high")}},
    "ratings": {"rank": "count", "games": "count", "score": "share_or_blank", "strength_se": "amount",
                **{c: "number" for c in ("strength", "strength_ci_low", "strength_ci_high", "elo", "elo_ci_low",
                                         "elo_ci_high")}},
}
NUMERIC["ladder"] = {"level": "count", "games": "count", "wins": "count", "losses": "count", "draws": "count",
                     **{c: "share" for c in ("win_rate", "ci_low", "ci_high", "score", "score_ci_low",
                                             "score_ci_high")},
                     **{c: "number" for c in ("elo", "elo_ci_low", "elo_ci_high")}, "seed": "seed"}
NUMERIC["skill"] = {"level": "count", "games": "count", "wins": "count", "losses": "count", "draws": "count",
                    **{c: "share" for c in ("score", "ci_low", "ci_high")}, "effect": "signed_share", "seed": "seed"}
NUMERIC["impact"] = {"rank": "count", "n": "count", "seeds": "count", "buyers": "count", "seed": "seed",
                     **{c: "number_or_blank" for c in ("impact", "ci_low", "ci_high")}, "se": "amount",
                     "p_value": "share",
                     **{c: "share_or_blank" for c in ("buyers_win_rate", "buyers_ci_low", "buyers_ci_high")}}
# the shape of a sweep's games (reports.shape_tables) and what a comparison moved (reports.moved)
NUMERIC["shape"] = {"games": "count", **{c: "number_or_blank" for c in (
    *(f"{k}{m}" for m in ("rounds", "turns", "lead_changes", "decisive_round", "winner_deficit", "drama")
      for k in ("mean_",)),
    *(f"{m}_{e}" for m in ("rounds", "turns", "lead_changes", "decisive_round", "winner_deficit", "drama")
      for e in ("low", "high")))},
    **{f"{r}_{e}": "share_or_blank" for r in ("comeback", "comeback_a", "comeback_b") for e in ("rate", "low", "high")},
    **{f"{r}_games": "count" for r in ("comeback", "comeback_a", "comeback_b")}}
NUMERIC["tempo"] = {"round": "count", "games": "count", "mean_lead": "number", "ci_low": "number_or_blank",
                    "ci_high": "number_or_blank"}
NUMERIC["decisive"] = {"decisive_round": "count", "games": "count", "share": "share"}
NUMERIC["plays"] = {**{c: "count" for c in ("seat_games", "times_bought", "times_drawn", "times_played",
                                            "drawn_not_played", "games_played", "wins_when_played")},
                    **{c: "share_or_blank" for c in ("play_rate", "win_rate_when_played", "played_ci_low",
                                                     "played_ci_high", "win_rate_not_played", "not_played_ci_low",
                                                     "not_played_ci_high")}}
NUMERIC["moved"] = {**{c: "number_or_blank" for c in ("a", "a_ci_low", "a_ci_high", "b", "b_ci_low", "b_ci_high",
                                                      "diff", "diff_ci_low", "diff_ci_high", "diff_se")},
                    "p": "share", "p_holm": "share", "seeds": "count", "games_a": "count", "games_b": "count"}
# a metagame's three files (``reports.metagame``): cells, mixes and values; a cell whose entries cannot meet has no
# games and is counted 1/2
NUMERIC["metagame"] = {"games": "count", "seeds": "count", "wins": "count", "losses": "count", "draws": "count",
                       **{c: "share" for c in ("score", "score_ci_low", "score_ci_high")}}
NUMERIC["metagame_mixes"] = {c: "share" for c in ("weight", "weight_ci_low", "weight_ci_high", "payoff", "alpharank",
                                                  "alpharank_ci_low", "alpharank_ci_high")}
NUMERIC["metagame_value"] = {**{c: "share" for c in ("value", "value_ci_low", "value_ci_high", "maximin", "minimax",
                                                     "exploitability", "exploitability_ci_low",
                                                     "exploitability_ci_high", "band", "level")},
                             **{c: "count" for c in ("resamples", "population", "seeds", "games_per_cell", "games",
                                                     "entries", "pairs_tested", "looks")},
                             "alpha": "amount", "seed": "seed"}
# text columns whose values are a closed set
CHOICES = {"per_game": {"winner": ("first", "second", "draw")},
           "aggregate": {"seat": ("first", "second", "both")},
           "ladder": {"verdict": ("stronger", "weaker", "not shown different")},
           "impact": {"verdict": ("shown", "worthless", "unclear", "screened"), "measure": ("ban", "force")},
           "skill": {"finding": ("first-player", "matchup"),
                     "across_rungs": ("sign change", "size change", "stable", "unclear")},
           "metagame": {"part": ("matchup", "symmetric"), "met": ("True", "False")},
           "metagame_mixes": {"part": ("matchup", "symmetric"), "in_support": ("True", "False")},
           "metagame_value": {"part": ("matchup", "symmetric"), "stopped": ("fixed", "verdict", "cap"),
                              "verdict": ("even", "favours_a", "favours_b", "unclear", "")}}

# tables whose files name their game in a ``game`` column (``reports.report_games.with_game``; a per-game
# record's ``game`` is its index, a number)
GAME_COLUMN_KINDS = ("tournament", "ratings", "advice", "impact", "ladder", "skill", "metagame", "metagame_mixes",
                     "metagame_value")

# tables whose rows count every game they played as a win, a loss or a draw
ACCOUNTED = ("aggregate", "tournament", "ladder", "skill", "metagame")

_RANGES = {"count": (0, COUNT_MAX), "seed": (0, SEED_MAX), "share": (0, 1), "share_or_blank": (0, 1),
           "signed_share": (-1, 1),
           "amount": (0, None), "amount_or_blank": (0, None), "number": (None, None),
           "number_or_blank": (None, None)}


class ResultsFileError(CommandsimError):
    pass


def _where(index: int, fmt: str) -> str:
    """A row as the user finds it: the CSV's line (the header is line 1), a Parquet file's row."""
    return f"line {index + 2}" if fmt == "csv" else f"row {index + 1}"


def check_table(df: pd.DataFrame, kind: str, path, fmt: str, first_row: int = 0,
                allow_empty: bool = False) -> pd.DataFrame:
    """``df`` with its numeric columns as numbers; raises ``ResultsFileError`` naming the file, the
    row and the column of the first value out of place.  ``first_row``: the file's row index of
    ``df``'s first row, when ``df`` is one batch of a file read in batches. ``allow_empty``: a table
    that may have no row (the per-card table of a game where nothing is bought)."""
    if df.empty and not allow_empty:
        raise ResultsFileError(f"{path}: no rows: expected at least one row under the header")
    out = df.copy()
    for column, kind_of_value in NUMERIC[kind].items():
        if column not in df.columns:
            continue
        raw = df[column]
        values = pd.to_numeric(raw, errors="coerce")   # whole numbers stay int64: seeds need all 63 bits
        blank = raw.isna() | raw.astype(str).str.strip().eq("")
        bad = (values.isna() & ~blank) | ~np.isfinite(values.fillna(0.0))
        if not kind_of_value.endswith("_or_blank"):
            bad |= blank
        low, high = _RANGES[kind_of_value]
        bad |= values < low if low is not None else False
        bad |= values > high if high is not None else False
        if kind_of_value in ("count", "seed"):
            bad |= values.notna() & (values != np.floor(values))
        if bad.any():
            i = int(np.flatnonzero(bad.to_numpy())[0])
            value = raw.iloc[i]
            got = "nothing" if blank.iloc[i] else repr(value) if isinstance(value, str) else str(value)
            raise ResultsFileError(f"{path}: {_where(first_row + i, fmt)}, column '{column}': expected "
                                   f"{EXPECTED[kind_of_value]}, got {got}")
        out[column] = values.astype(np.int64) if kind_of_value in ("count", "seed") else values.astype(float)
    outcomes = [c for c in ("wins", "losses", "draws") if c in out.columns]
    if kind in ACCOUNTED and "games" in out.columns and len(outcomes) == 3:
        bad = (out["wins"] + out["losses"] + out["draws"] != out["games"]).to_numpy()
        if bad.any():   # every game is won, lost or drawn: a table that loses some is damaged
            i = int(np.flatnonzero(bad)[0])
            r = out.iloc[i]
            raise ResultsFileError(f"{path}: {_where(first_row + i, fmt)}, column 'games': expected wins + losses + "
                                   f"draws = {int(r.wins) + int(r.losses) + int(r.draws)}, got {int(r.games)}")
    for column, allowed in CHOICES.get(kind, {}).items():
        if column in df.columns:
            bad = ~df[column].astype(str).isin(allowed)
            if bad.any():
                i = int(np.flatnonzero(bad.to_numpy())[0])
                raise ResultsFileError(f"{path}: {_where(first_row + i, fmt)}, column '{column}': expected one of "
                                       f"{', '.join(allowed)}, got {str(df[column].iloc[i])!r}")
    if kind in GAME_COLUMN_KINDS and "game" in df.columns:   # the file's game: a registered game's name
        from simcore.games import registry

        games = df["game"].astype(object).where(df["game"].notna(), "").astype(str).str.strip().str.lower()
        bad = ~games.isin(registry.names())
        if bad.any():
            i = int(np.flatnonzero(bad.to_numpy())[0])
            raise ResultsFileError(f"{path}: {_where(first_row + i, fmt)}, column 'game': expected one of "
                                   f"{', '.join(registry.names())}, got {str(df['game'].iloc[i])!r}")
        out["game"] = games
    return out
