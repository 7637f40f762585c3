"""Per-game records -> aggregated tables: win rates per cell and perspective, and per-card buy statistics.

Both tables are built in two steps so that a long run can be reduced chunk by chunk with flat memory:

* ``perspective_counts(games)`` / ``card_counts(bought, winner)`` reduce one chunk of records to
  additive integer counts; counts of several chunks are combined with ``combine_counts``;
* ``summarise(counts, seed, pairs=...)`` / ``card_table(counts)`` turn the counts into rates with 95%
  intervals: a seat's row (one game per seed) the Wilson interval, a ``both`` row (a seed's two
  seat-swapped games, which are correlated) the seed-clustered one (``reports.stats.seed_clustered_interval``)
  from the seeds' sums of ``pair_counts`` (``chunk_counts.seed_sums``), as is the first player's share.

``aggregate_games(games, seed)`` and ``card_stats(records)`` do both steps at once (notebook use).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .chunk_counts import seed_sums
from .count_columns import CARD_COUNT_COLUMNS, COUNT_COLUMNS, PAIR_COLUMNS, PAIR_KEYS, PERSPECTIVE_KEYS
from .stats import seed_clustered_interval, wilson_interval

AGGREGATE_COLUMNS = ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
                     "opponent_strategy", "seat", "games", "wins", "losses", "draws", "win_rate", "ci_low", "ci_high",
                     "mean_turns", "seed")
# after AGGREGATE_COLUMNS: a row's seeds, the sum over them of the square of the side's wins in the seed and
# of the first seat's wins in the seed (the cell's, on every row of it), and the design effect of its
# interval (1: the Wilson interval; a seat's row holds one game per seed)
SEED_COLUMNS = ("seeds", "wins_sq", "first_wins_sq", "design_effect")
CARD_COLUMNS = ("card", "times_bought", "seat_games", "buy_rate", "games_bought", "wins_when_bought",
                "win_rate_when_bought", "ci_low", "ci_high", "win_rate_not_bought")

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


def pair_counts(games: pd.DataFrame) -> pd.DataFrame:
    """Per perspective (``PAIR_KEYS``), the seeds' sums ``PAIR_COLUMNS`` of per-game records (``Records.games``,
    several concatenated): a cell's games of one ``game`` index in its two seat orders are one seed; a game
    without its other order (a cell played in one order) is a seed of its own."""
    missing = [c for c in (*_GAME_COLUMNS, "game") if c not in games.columns]
    if missing:
        raise ValueError(f"games table lacks column(s) {', '.join(missing)}: expected Records.games")
    codes = pd.Categorical(games["winner"].astype(str), categories=["first", "second", "draw"]).codes
    frame = pd.DataFrame({c: games[c].astype(str).to_numpy() for c in _GAME_COLUMNS[:6]})
    frame["_game"] = games["game"].to_numpy(np.int64)
    frame["_winner"] = codes.astype(np.int8)
    cells: dict[tuple, list] = {}
    for labels, part in frame.groupby(list(_GAME_COLUMNS[:6]), sort=False):
        labels = dict(zip(_GAME_COLUMNS[:6], labels))
        a = (labels["first_faction"], labels["first_variant"], labels["first_strategy"])
        b = (labels["second_faction"], labels["second_variant"], labels["second_strategy"])
        cells.setdefault((min(a, b), max(a, b)), []).append((labels, part["_game"].to_numpy(),
                                                             part["_winner"].to_numpy()))
    sums: dict[tuple, np.ndarray] = {}

    def add(orders):
        for key, value in seed_sums(orders).items():
            sums[key] = sums.get(key, 0) + value

    for orders in cells.values():
        if len(orders) == 2:
            (l0, g0, w0), (l1, g1, w1) = orders
            _, i0, i1 = np.intersect1d(g0, g1, assume_unique=True, return_indices=True)
            if len(i0):
                add([(l0, w0[i0]), (l1, w1[i1])])
            orders = [(l0, g0[np.setdiff1d(np.arange(len(g0)), i0)], np.delete(w0, i0)),
                      (l1, g1[np.setdiff1d(np.arange(len(g1)), i1)], np.delete(w1, i1))]
        for labels, _, winner in orders:
            if len(winner):
                add([(labels, winner)])
    rows = [(*key, *value) for key, value in sums.items()]
    out = pd.DataFrame(rows, columns=[*PAIR_KEYS, *PAIR_COLUMNS])
    return out.astype({c: np.int64 for c in PAIR_COLUMNS})


def combine_counts(*counts: pd.DataFrame) -> pd.DataFrame:
    """Sum count tables (from ``perspective_counts``, ``pair_counts`` or ``card_counts``) of disjoint batches
    of games."""
    frames = [c for c in counts if c is not None and len(c)]
    if not frames:
        return counts[0] if counts else pd.DataFrame()
    if "card" in frames[0].columns:
        return pd.concat(frames).groupby("card", sort=False)[CARD_COUNT_COLUMNS].sum().reset_index()
    if "seat" not in frames[0].columns:
        return pd.concat(frames).groupby(PAIR_KEYS, as_index=False, sort=False)[PAIR_COLUMNS].sum()
    return pd.concat(frames).groupby(PERSPECTIVE_KEYS, as_index=False, sort=False)[COUNT_COLUMNS].sum()


def summarise(counts: pd.DataFrame, seed: int | None = None, mode: str = "duel",
              difficulty: str = "", pairs: pd.DataFrame | None = None) -> pd.DataFrame:
    """The aggregate table (columns ``AGGREGATE_COLUMNS`` then ``SEED_COLUMNS``) of ``perspective_counts``
    output and the seeds' sums of the same games (``pair_counts``, or ``chunk_counts.SweepTally``'s).

    Adds a ``seat == "both"`` row per perspective (first + second), win rate ``wins / games`` with a
    95% interval (draws count as games that were not won, and are reported in ``draws``): a seat's
    row the Wilson interval, a ``both`` row the seed-clustered one (its two seats' games of a seed are
    one sample); and the mean game length in turns.  ``pairs`` may be left out only when no
    perspective has both seats (Solo Mode).  ``difficulty`` is empty in duel mode; ``seed`` is the
    base seed of the run.  Rows are sorted by perspective, seats in the order first, second, both.
    """
    keys = PAIR_KEYS
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
    _seed_columns(table, pairs)
    table["ci_low"], table["ci_high"], table["design_effect"] = seed_clustered_interval(
        wins, table["wins_sq"].to_numpy(np.int64), table["seeds"].to_numpy(np.int64), games)
    table["mode"] = mode
    table["difficulty"] = difficulty
    table["seed"] = pd.array([seed] * len(table), dtype="Int64")
    for c in ("games", "wins", "losses", "draws"):
        table[c] = table[c].astype(np.int64)
    return table[list(AGGREGATE_COLUMNS) + list(SEED_COLUMNS)]


def _seed_columns(table: pd.DataFrame, pairs: pd.DataFrame | None) -> None:
    """``seeds``, ``wins_sq`` and ``first_wins_sq`` of every row: a seat's row holds one game per seed (a cell's
    seat orders put each side in each seat once per seed); a ``both`` row and the cell's first-player sum come
    from ``pairs``."""
    table["seeds"] = table["games"].astype(np.int64)
    table["wins_sq"] = table["wins"].astype(np.int64)
    table["first_wins_sq"] = np.int64(0)
    n_seats = table[table["seat"] != "both"].groupby(PAIR_KEYS, sort=False).size()
    if pairs is None or pairs.empty:
        if (n_seats > 1).any():
            raise ValueError("summarise: the both rows need the seeds' sums of the same games (pairs=pair_counts)")
        first = table["seat"] == "first"
        table.loc[first, "first_wins_sq"] = table.loc[first, "wins"].astype(np.int64)
        table["first_wins_sq"] = table.groupby(PAIR_KEYS, sort=False)["first_wins_sq"].transform("max")
        return
    merged = table[PAIR_KEYS].merge(pairs[PAIR_KEYS + PAIR_COLUMNS].astype({k: str for k in PAIR_KEYS}),
                                    how="left", on=PAIR_KEYS, validate="many_to_one")
    found = merged["seeds"].notna().to_numpy()
    both = (table["seat"] == "both").to_numpy()
    lacking = both & ~found
    if lacking.any() and (n_seats.reindex(pd.MultiIndex.from_frame(table.loc[lacking, PAIR_KEYS])) > 1).any():
        raise ValueError("summarise: a perspective played in both seats has no seeds' sums in pairs")
    take = both & found
    table.loc[take, "seeds"] = merged.loc[take, "seeds"].astype(np.int64).to_numpy()
    table.loc[take, "wins_sq"] = merged.loc[take, "wins_sq"].astype(np.int64).to_numpy()
    table.loc[found, "first_wins_sq"] = merged.loc[found, "first_wins_sq"].astype(np.int64).to_numpy()


def aggregate_games(games: pd.DataFrame, seed: int | None = None, mode: str = "duel",
                    difficulty: str = "") -> pd.DataFrame:
    """The aggregate table of per-game records in one call: ``summarise(perspective_counts(games),
    pairs=pair_counts(games))``."""
    return summarise(perspective_counts(games), seed=seed, mode=mode, difficulty=difficulty,
                     pairs=pair_counts(games))


def first_player_table(aggregate: pd.DataFrame) -> pd.DataFrame:
    """Per played cell, how often the player moving first won, from an aggregate table.

    One row per (faction, variant, strategy) pair of the two sides, counted once (not per
    perspective): ``games, first_wins, second_wins, draws, seeds, first_wins_sq, first_win_rate, ci_low,
    ci_high, design_effect``.  The interval is seed-clustered (a seed's two games, each side moving first once,
    are one sample: ``SEED_COLUMNS``); an aggregate written before those columns existed gets the
    Wilson interval over its games (``seeds`` = games).
    """
    first = aggregate[aggregate["seat"] == "first"]
    side_a = first[["faction", "variant", "strategy"]].astype(str).agg("|".join, axis=1)
    side_b = first[["opponent_faction", "opponent_variant", "opponent_strategy"]].astype(str).agg("|".join, axis=1)
    # the cell is the unordered pair of sides; name it by the side that sorts first
    own_first = side_a <= side_b
    cell = first.assign(
        side_a=np.where(own_first, side_a, side_b), side_b=np.where(own_first, side_b, side_a))
    clustered = "seeds" in cell.columns and "first_wins_sq" in cell.columns
    if not clustered:
        cell = cell.assign(seeds=0, first_wins_sq=0)
    out = cell.groupby(["side_a", "side_b"], as_index=False, sort=True).agg(
        games=("games", "sum"), first_wins=("wins", "sum"), second_wins=("losses", "sum"), draws=("draws", "sum"),
        seeds=("seeds", "max"), first_wins_sq=("first_wins_sq", "max"))
    if not clustered:     # each game its own seed: the Wilson interval
        out["seeds"], out["first_wins_sq"] = out["games"], out["first_wins"]
    out["first_win_rate"] = out["first_wins"] / out["games"]
    out["ci_low"], out["ci_high"], out["design_effect"] = seed_clustered_interval(
        out["first_wins"], out["first_wins_sq"], out["seeds"], out["games"])
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
