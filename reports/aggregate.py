"""Per-game records -> aggregated tables: win rates per cell and perspective, and per-card buy statistics.

Both tables are built in two steps so that a long run can be reduced chunk by chunk with flat memory:

* ``perspective_counts(games)`` / ``card_counts(bought, winner)`` reduce one chunk of records to
  additive integer counts; counts of several chunks are combined with ``combine_counts``;
* ``summarise(counts, seed)`` / ``card_table(counts)`` turn the counts into rates with Wilson intervals.

``aggregate_games(games, seed)`` and ``card_stats(records)`` do both steps at once (notebook use).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .stats import wilson_interval

AGGREGATE_COLUMNS = ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
                     "opponent_strategy", "seat", "games", "wins", "losses", "draws", "win_rate", "ci_low", "ci_high",
                     "mean_turns", "seed")
CARD_COLUMNS = ("card", "times_bought", "seat_games", "buy_rate", "games_bought", "wins_when_bought",
                "win_rate_when_bought", "ci_low", "ci_high", "win_rate_not_bought")

# a perspective: the named faction's side of a cell, in one seat
PERSPECTIVE_KEYS = ["faction", "opponent_faction", "variant", "opponent_variant", "strategy", "opponent_strategy",
                    "seat"]
COUNT_COLUMNS = ["games", "wins", "losses", "draws", "turns"]
CARD_COUNT_COLUMNS = ["times_bought", "games_bought", "wins_when_bought", "seat_games", "seat_wins"]
SEATS = ("first", "second", "both")
_GAME_COLUMNS = ("first_faction", "second_faction", "first_variant", "second_variant", "first_strategy",
                 "second_strategy", "winner", "turns")


# ---- win rates per cell and perspective

def perspective_counts(games: pd.DataFrame) -> pd.DataFrame:
    """Additive counts of one batch of games: one row per faction perspective and seat (first/second).

    ``games`` is ``Records.games`` (or several concatenated): each game counts once from the first
    seat's side and once from the second seat's side.  Columns: ``PERSPECTIVE_KEYS`` then
    ``games, wins, losses, draws, turns`` (``turns`` is the sum of game lengths).
    """
    missing = [c for c in _GAME_COLUMNS if c not in games.columns]
    if missing:
        raise ValueError(f"games table lacks column(s) {', '.join(missing)}: expected Records.games")
    winner = games["winner"].astype(str).to_numpy()
    turns = games["turns"].to_numpy(np.int64)
    parts = []
    for seat, other in (("first", "second"), ("second", "first")):
        parts.append(pd.DataFrame({
            "faction": games[f"{seat}_faction"].to_numpy(), "opponent_faction": games[f"{other}_faction"].to_numpy(),
            "variant": games[f"{seat}_variant"].to_numpy(), "opponent_variant": games[f"{other}_variant"].to_numpy(),
            "strategy": games[f"{seat}_strategy"].to_numpy(),
            "opponent_strategy": games[f"{other}_strategy"].to_numpy(),
            "seat": seat, "games": 1, "wins": (winner == seat).astype(np.int64),
            "losses": (winner == other).astype(np.int64), "draws": (winner == "draw").astype(np.int64),
            "turns": turns}))
    both = pd.concat(parts, ignore_index=True)
    return both.groupby(PERSPECTIVE_KEYS, as_index=False, sort=False)[COUNT_COLUMNS].sum()


def combine_counts(*counts: pd.DataFrame) -> pd.DataFrame:
    """Sum count tables (from ``perspective_counts`` or ``card_counts``) of disjoint batches of games."""
    frames = [c for c in counts if c is not None and len(c)]
    if not frames:
        return counts[0] if counts else pd.DataFrame()
    if "card" in frames[0].columns:
        return pd.concat(frames).groupby("card", sort=False)[CARD_COUNT_COLUMNS].sum().reset_index()
    return pd.concat(frames).groupby(PERSPECTIVE_KEYS, as_index=False, sort=False)[COUNT_COLUMNS].sum()


def summarise(counts: pd.DataFrame, seed: int | None = None, mode: str = "duel",
              difficulty: str = "") -> pd.DataFrame:
    """The aggregate table (columns ``AGGREGATE_COLUMNS``) of ``perspective_counts`` output.

    Adds a ``seat == "both"`` row per perspective (first + second), win rate ``wins / games`` with a
    95% Wilson interval (draws count as games that were not won, and are reported in ``draws``),
    and the mean game length in turns.  ``difficulty`` is empty in duel mode; ``seed`` is the
    base seed of the run.  Rows are sorted by perspective, seats in the order first, second, both.
    """
    keys = PERSPECTIVE_KEYS[:-1]
    seats = counts[counts["seat"].isin(("first", "second"))]
    both = seats.groupby(keys, as_index=False, sort=False)[COUNT_COLUMNS].sum().assign(seat="both")
    table = pd.concat([seats, both], ignore_index=True)
    table["seat"] = pd.Categorical(table["seat"], categories=list(SEATS))
    table = table.sort_values(keys + ["seat"], kind="stable", ignore_index=True)
    table["seat"] = table["seat"].astype(str)
    games = table["games"].to_numpy(np.int64)
    wins = table["wins"].to_numpy(np.int64)
    with np.errstate(invalid="ignore", divide="ignore"):
        table["win_rate"] = np.where(games > 0, wins / np.maximum(games, 1), np.nan)
        table["mean_turns"] = np.where(games > 0, table["turns"].to_numpy(np.int64) / np.maximum(games, 1), np.nan)
    table["ci_low"], table["ci_high"] = wilson_interval(wins, games)
    table["mode"] = mode
    table["difficulty"] = difficulty
    table["seed"] = pd.array([seed] * len(table), dtype="Int64")
    for c in ("games", "wins", "losses", "draws"):
        table[c] = table[c].astype(np.int64)
    return table[list(AGGREGATE_COLUMNS)]


def aggregate_games(games: pd.DataFrame, seed: int | None = None, mode: str = "duel",
                    difficulty: str = "") -> pd.DataFrame:
    """The aggregate table of per-game records in one call: ``summarise(perspective_counts(games))``."""
    return summarise(perspective_counts(games), seed=seed, mode=mode, difficulty=difficulty)


def first_player_table(aggregate: pd.DataFrame) -> pd.DataFrame:
    """Per played cell, how often the player moving first won, from an aggregate table.

    One row per (faction, variant, strategy) pair of the two sides, counted once (not per
    perspective): ``games, first_wins, second_wins, draws, first_win_rate, ci_low, ci_high``.
    """
    first = aggregate[aggregate["seat"] == "first"]
    side_a = first[["faction", "variant", "strategy"]].astype(str).agg("|".join, axis=1)
    side_b = first[["opponent_faction", "opponent_variant", "opponent_strategy"]].astype(str).agg("|".join, axis=1)
    # the cell is the unordered pair of sides; name it by the side that sorts first
    own_first = side_a <= side_b
    cell = first.assign(
        side_a=np.where(own_first, side_a, side_b), side_b=np.where(own_first, side_b, side_a))
    out = cell.groupby(["side_a", "side_b"], as_index=False, sort=True).agg(
        games=("games", "sum"), first_wins=("wins", "sum"), second_wins=("losses", "sum"), draws=("draws", "sum"))
    out["first_win_rate"] = out["first_wins"] / out["games"]
    out["ci_low"], out["ci_high"] = wilson_interval(out["first_wins"], out["games"])
    return out


# ---- per-card buy statistics

def card_counts(bought: np.ndarray, winner, names, seats: tuple[int, ...] = (0, 1)) -> pd.DataFrame:
    """Additive per-card counts of one batch: ``bought`` is ``Records.bought`` (int32[n, 2, n_types]),
    ``winner`` the games' winner labels ("first", "second", "draw"), ``names`` the card names.

    ``times_bought``: copies bought; ``games_bought``: seat-games in which the seat bought at least
    one copy; ``wins_when_bought``: those seat-games the buyer won; ``seat_games``/``seat_wins``: all
    seat-games (2 per game) and the ones won, for the rates.  ``seats`` limits the count to some
    seats (Solo Mode counts only the player, seat 0: 1 seat-game per game).
    """
    bought = np.asarray(bought)
    n = bought.shape[0]
    if bought.ndim != 3 or bought.shape[1] != 2 or bought.shape[2] != len(names):
        raise ValueError(f"bought must be int[n_games, 2, {len(names)}], got shape {bought.shape}")
    winner = np.asarray(pd.Series(winner).astype(str))
    if winner.shape[0] != n:
        raise ValueError(f"{winner.shape[0]} winners for {n} games")
    seats = list(seats)
    won = np.stack([winner == "first", winner == "second"], axis=1)[:, seats]   # bool[n, len(seats)]
    bought = bought[:, seats]
    has = bought > 0
    return pd.DataFrame({
        "card": list(names),
        "times_bought": bought.sum(axis=(0, 1), dtype=np.int64),
        "games_bought": has.sum(axis=(0, 1), dtype=np.int64),
        "wins_when_bought": (has & won[:, :, None]).sum(axis=(0, 1), dtype=np.int64),
        "seat_games": np.full(len(names), len(seats) * n, np.int64),
        "seat_wins": np.full(len(names), int(won.sum()), np.int64),
    })


def card_table(counts: pd.DataFrame) -> pd.DataFrame:
    """Per-card statistics (columns ``CARD_COLUMNS``) of ``card_counts`` output.

    ``buy_rate``: copies bought per seat-game; ``win_rate_when_bought``: share of the seat-games
    with at least one copy bought that the buyer won, with a 95% Wilson interval;
    ``win_rate_not_bought``: the same share over the seat-games without the card, for comparison
    (a card bought by winners is not necessarily what made them win).
    """
    t = counts.copy()
    with np.errstate(invalid="ignore", divide="ignore"):
        t["buy_rate"] = t["times_bought"] / t["seat_games"].where(t["seat_games"] > 0)
        t["win_rate_when_bought"] = t["wins_when_bought"] / t["games_bought"].where(t["games_bought"] > 0)
        not_bought = t["seat_games"] - t["games_bought"]
        t["win_rate_not_bought"] = (t["seat_wins"] - t["wins_when_bought"]) / not_bought.where(not_bought > 0)
    t["ci_low"], t["ci_high"] = wilson_interval(t["wins_when_bought"], t["games_bought"])
    return t[list(CARD_COLUMNS)].reset_index(drop=True)


def card_stats(records) -> pd.DataFrame:
    """Per-card statistics of one ``Records`` (``simcore.games.last_command.simulate.play_games`` output)."""
    return card_table(card_counts(records.bought, records.games["winner"], records.card_names))


def question_order(rows: pd.DataFrame, questions) -> pd.DataFrame:
    """``rows`` (aggregate rows) with those of the game's questions (``simcore.game.SweepQuestion``: a
    side and variant against another) first, in the questions' order; the others after them as they
    were. A record's variant matches a question's by name or as its setting (``full:4`` is ``full``)."""
    if not len(questions) or rows.empty:
        return rows

    def same(label, name) -> bool:
        label = str(label)
        return label == name or label.startswith(f"{name}:")

    def rank(r) -> int:
        for i, q in enumerate(questions):
            if (r.faction, r.opponent_faction) == tuple(q.sides) and same(r.variant, q.variants[0]) \
                    and same(r.opponent_variant, q.variants[1]):
                return i
        return len(questions)
    order = np.array([rank(r) for r in rows.itertuples()])
    return rows.iloc[np.argsort(order, kind="stable")]
