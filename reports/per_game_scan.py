"""Per-game files read in batches and reduced as they are read: a report's memory does not grow with
the number of games (a 2-million-row file took a 0.9-1.46 GB peak when read whole).

``scan_per_game(path, source)`` reads ``BATCH_ROWS`` rows at a time (Parquet record batches, CSV
chunks), checks each batch as a whole file is checked (``input_schema.check_table``, rows numbered
from the file's start) and folds it into a ``PerGameSummary``:

* ``lengths``: games per cell and length (``report_data.game_length_table``'s columns);
* ``counts``: the duel games' perspective counts (``aggregate.perspective_counts``), and ``pairs``: their
  seeds' sums (``aggregate.pair_counts``: a cell's two games of one ``game`` index, one in each seat order,
  are one seed; the first order's winner codes wait, a byte a game, until the other order's are read),
  from which ``aggregate.summarise`` and ``first_player_table`` give win rates and first-player advantage;
* ``cards``: per-card counts from the ``first_bought:``/``second_bought:`` columns
  (``aggregate.card_counts``; Solo Mode counts only the player, as a sweep does).

Every table is a sum over batches, so it is the same whatever the batch size.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .aggregate import COUNT_COLUMNS, PAIR_COLUMNS, PAIR_KEYS, PERSPECTIVE_KEYS, combine_counts
from .chunk_counts import SweepTally, seed_sums, tally_chunk
from .input_schema import ResultsFileError, check_table
from .per_game import BOUGHT_PREFIXES
from .report_games import one_seat

BATCH_ROWS = 65_536
WINNERS = ["first", "second", "draw"]
LENGTH_KEYS = ["mode", "difficulty", "first_faction", "first_variant", "second_faction", "second_variant", "turns"]


@dataclass
class PerGameSummary:
    """What a report keeps of per-game files: sums, one row per cell and length, perspective or card."""
    games: int = 0
    lengths: pd.DataFrame = field(default_factory=pd.DataFrame)   # LENGTH_KEYS, source, games
    counts: pd.DataFrame = field(default_factory=pd.DataFrame)    # perspective_counts of duel games, source
    cards: pd.DataFrame = field(default_factory=pd.DataFrame)     # card_counts, source
    pairs: pd.DataFrame = field(default_factory=pd.DataFrame)     # pair_counts of duel games, source

    @property
    def empty(self) -> bool:
        return self.games == 0

    def add(self, other: "PerGameSummary") -> "PerGameSummary":
        return PerGameSummary(self.games + other.games, _stack(self.lengths, other.lengths),
                              _stack(self.counts, other.counts), _stack(self.cards, other.cards),
                              _stack(self.pairs, other.pairs))


class SeedPairing:
    """The seeds' sums (``aggregate.PAIR_COLUMNS``) of duel games read in batches: a game waits (its index
    and winner code) until the game of the same index in its cell's other seat order is read; those left
    without one at the end (a cell played in one order) are seeds of their own."""

    def __init__(self):
        self.pending: dict[tuple, tuple[dict, np.ndarray, np.ndarray]] = {}   # (cell, order) -> labels, games, codes
        self.sums: dict[tuple, np.ndarray] = {}

    def _add(self, orders) -> None:
        for key, value in seed_sums(orders).items():
            self.sums[key] = self.sums[key] + value if key in self.sums else value

    def add(self, mode: str, labels: dict[str, str], games: np.ndarray, winner: np.ndarray) -> None:
        a = (labels["first_faction"], labels["first_variant"], labels["first_strategy"])
        b = (labels["second_faction"], labels["second_variant"], labels["second_strategy"])
        if a == b:                       # a mirror in one seat order: every game a seed
            self._add([(labels, winner)])
            return
        cell, order = (mode, min(a, b), max(a, b)), a
        other = self.pending.pop((cell, b), None)
        if other is not None:
            o_labels, o_games, o_winner = other
            _, i, j = np.intersect1d(games, o_games, assume_unique=True, return_indices=True)
            if len(i):
                self._add([(labels, winner[i]), (o_labels, o_winner[j])])
            keep = np.ones(len(o_games), bool)
            keep[j] = False
            if keep.any():
                self.pending[(cell, b)] = (o_labels, o_games[keep], o_winner[keep])
            left = np.ones(len(games), bool)
            left[i] = False
            games, winner = games[left], winner[left]
        if len(games):
            mine = self.pending.get((cell, order))
            if mine is not None:
                games, winner = np.concatenate([mine[1], games]), np.concatenate([mine[2], winner])
            self.pending[(cell, order)] = (labels, games, winner)

    def table(self) -> pd.DataFrame:
        for labels, _, winner in self.pending.values():
            self._add([(labels, winner)])
        self.pending = {}
        rows = [(*key, *value) for key, value in self.sums.items()]
        return pd.DataFrame(rows, columns=[*PAIR_KEYS, *PAIR_COLUMNS]).astype({c: np.int64 for c in PAIR_COLUMNS})


def _stack(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    return b if a.empty else a if b.empty else pd.concat([a, b], ignore_index=True)


def _batches(path: Path, fmt: str, columns: Sequence[str], texts: Sequence[str], rows: int) -> Iterator[pd.DataFrame]:
    """Batches of ``rows`` rows with the text columns as categories (a label repeats through a file:
    no Python string per row).  A Parquet file is decoded one row group at a time."""
    texts = [c for c in columns if c in texts]
    if fmt == "parquet":
        import pyarrow.parquet as pq
        for batch in pq.ParquetFile(path, read_dictionary=texts).iter_batches(batch_size=rows, columns=list(columns)):
            yield batch.to_pandas()
    else:
        wanted = set(columns)
        with pd.read_csv(path, usecols=lambda c: c in wanted, chunksize=rows,
                         dtype={c: "category" for c in texts}) as reader:
            yield from reader


def _texts(df: pd.DataFrame, text_columns: Sequence[str]) -> pd.DataFrame:
    for c in text_columns:
        if c not in df.columns:
            continue
        column = df[c]
        if not isinstance(column.dtype, pd.CategoricalDtype):
            column = column.astype("category")
        if column.isna().any():   # an empty text field reads as missing
            column = column.cat.add_categories([""]).fillna("") if "" not in column.cat.categories else \
                column.fillna("")
        df[c] = column.cat.rename_categories([str(x) for x in column.cat.categories])
    return df


def _bought_names(columns: Sequence[str]) -> list[str]:
    """Cards with a bought column for both seats, in the file's order."""
    first = [c[len(BOUGHT_PREFIXES[0]):] for c in columns if c.startswith(BOUGHT_PREFIXES[0])]
    return [name for name in first if f"{BOUGHT_PREFIXES[1]}{name}" in set(columns)]


def _winner_codes(winner: pd.Series) -> np.ndarray:
    """0 first, 1 second, 2 draw (``check_table`` has refused anything else)."""
    return pd.Categorical(winner, categories=WINNERS).codes.astype(np.int64)


def _bought(df: pd.DataFrame, names: list[str]) -> np.ndarray:
    """int64[n, 2, len(names)]: each seat's copies of each card, from the bought columns."""
    bought = np.empty((len(df), 2, len(names)), np.int64)
    for seat, prefix in enumerate(BOUGHT_PREFIXES):
        bought[:, seat] = df[[f"{prefix}{name}" for name in names]].to_numpy(np.int64)
    if (bought < 0).any():
        raise ValueError("a bought count below 0")
    return bought


SIDE_KEYS = ["first_faction", "second_faction", "first_variant", "second_variant", "first_strategy",
             "second_strategy"]


def _perspectives(duel: pd.DataFrame) -> pd.DataFrame:
    """``aggregate.perspective_counts`` of a batch of duel games, grouped first: a batch is a few
    match-ups, so the per-perspective sums are taken over a handful of rows, not one per game."""
    g = (duel.groupby([*SIDE_KEYS, "winner"], observed=True, sort=False)["turns"]
         .agg(["size", "sum"]).reset_index())
    winner = g["winner"].astype(str).to_numpy()
    parts = []
    for seat, other in (("first", "second"), ("second", "first")):
        parts.append(pd.DataFrame({
            "faction": g[f"{seat}_faction"].astype(str).to_numpy(),
            "opponent_faction": g[f"{other}_faction"].astype(str).to_numpy(),
            "variant": g[f"{seat}_variant"].astype(str).to_numpy(),
            "opponent_variant": g[f"{other}_variant"].astype(str).to_numpy(),
            "strategy": g[f"{seat}_strategy"].astype(str).to_numpy(),
            "opponent_strategy": g[f"{other}_strategy"].astype(str).to_numpy(),
            "seat": seat, "games": g["size"].to_numpy(np.int64),
            "wins": np.where(winner == seat, g["size"], 0).astype(np.int64),
            "losses": np.where(winner == other, g["size"], 0).astype(np.int64),
            "draws": np.where(winner == "draw", g["size"], 0).astype(np.int64),
            "turns": g["sum"].to_numpy(np.int64)}))
    both = pd.concat(parts, ignore_index=True)
    return both.groupby(PERSPECTIVE_KEYS, as_index=False, sort=False)[COUNT_COLUMNS].sum()


def scan_per_game(path: Path, fmt: str, source: str, columns: Sequence[str], text_columns: Sequence[str],
                  rows: int = BATCH_ROWS, shown: str | None = None) -> PerGameSummary:
    """Read a per-game file (its ``columns`` as found in the file) in batches of ``rows`` and reduce it;
    raises ``ResultsFileError`` naming the file (``shown``: as the user typed it), row (or CSV line) and
    column of a bad value."""
    real, path = path, shown if shown is not None else path
    names = _bought_names(columns)
    wanted = [c for c in columns if c in (*LENGTH_KEYS, "game", "seed", "first_strategy", "second_strategy",
                                          "winner")]
    wanted += [f"{prefix}{name}" for prefix in BOUGHT_PREFIXES for name in names]
    games, lengths, counts, cards, pairing = 0, None, None, SweepTally(), SeedPairing()
    try:
        for batch in _batches(real, fmt, wanted, text_columns, rows):
            if batch.empty:
                continue
            batch = check_table(_texts(batch, text_columns), "per_game", path, fmt, first_row=games)
            games += len(batch)
            for key, default in (("mode", "duel"), ("difficulty", "")):
                if key not in batch.columns:
                    batch[key] = default
            lengths = combine_lengths(lengths, batch.groupby(LENGTH_KEYS, observed=True, sort=False).size()
                                      .rename("games").reset_index())
            single = one_seat(batch["mode"])
            if not single.all():
                counts = combine_counts(counts, _perspectives(batch[~single]))
                _pair(pairing, batch[~single])
            if names:
                # a cell of two sides counts both seats' purchases, a one-seat mode's (Solo Mode) only the first
                # seat's, as a sweep does (``Cell.seats``)
                for part, seats in ((batch[~single], (0, 1)), (batch[single], (0,))):
                    if len(part):
                        cards.add(tally_chunk(_winner_codes(part["winner"]), part["turns"].to_numpy(),
                                              _bought(part, names), seats), None)
    except (OSError, ValueError, ImportError) as exc:
        text = str(exc).strip().splitlines()
        raise ResultsFileError(f"{path}: cannot read it: {text[0] if text else type(exc).__name__}") from None
    if games == 0:
        raise ResultsFileError(f"{path}: no rows: expected at least one row under the header")
    tag = {"source": source}
    return PerGameSummary(games, lengths.assign(**tag),
                          counts.assign(**tag) if counts is not None else pd.DataFrame(),
                          cards.card_counts(names).assign(**tag) if cards.cards is not None else pd.DataFrame(),
                          pairing.table().assign(**tag) if counts is not None else pd.DataFrame())


def _pair(pairing: SeedPairing, duel: pd.DataFrame) -> None:
    """Each match-up of a batch (a few per batch) handed to ``pairing`` with its games' indices and winners."""
    if "game" not in duel.columns:
        raise ValueError("no 'game' column: a game's two seat orders cannot be paired")
    codes = _winner_codes(duel["winner"])
    index = duel["game"].to_numpy(np.int64)
    for key, rows in duel.groupby(["mode", *SIDE_KEYS], observed=True, sort=False).indices.items():
        labels = {k: str(v) for k, v in zip(SIDE_KEYS, key[1:])}
        pairing.add(str(key[0]), labels, index[rows], codes[rows].astype(np.int8))


def combine_lengths(a: pd.DataFrame | None, b: pd.DataFrame) -> pd.DataFrame:
    b = b.astype({k: str for k in LENGTH_KEYS if k != "turns"})   # categories differ from batch to batch
    if a is None:
        return b
    return pd.concat([a, b]).groupby(LENGTH_KEYS, sort=False)["games"].sum().reset_index()
