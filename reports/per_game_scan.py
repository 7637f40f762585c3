"""Per-game files read in batches and reduced as they are read: a report's memory does not grow with
the number of games (a 2-million-row file took a 0.9-1.46 GB peak when read whole).

``scan_per_game(path, source)`` reads ``BATCH_ROWS`` rows at a time (Parquet record batches, CSV
chunks), checks each batch as a whole file is checked (``input_schema.check_table``, rows numbered
from the file's start) and folds it into a ``PerGameSummary``:

* ``lengths``: games per cell and length (``report_data.game_length_table``'s columns);
* ``counts``: the duel games' perspective counts (``aggregate.perspective_counts``), from which
  ``aggregate.summarise`` and ``first_player_table`` give win rates and first-player advantage;
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

from .aggregate import card_counts, combine_counts, perspective_counts
from .input_schema import ResultsFileError, check_table
from .per_game import BOUGHT_PREFIXES

BATCH_ROWS = 65_536
LENGTH_KEYS = ["mode", "difficulty", "first_faction", "first_variant", "second_faction", "second_variant", "turns"]


@dataclass
class PerGameSummary:
    """What a report keeps of per-game files: sums, one row per cell and length, perspective or card."""
    games: int = 0
    lengths: pd.DataFrame = field(default_factory=pd.DataFrame)   # LENGTH_KEYS, source, games
    counts: pd.DataFrame = field(default_factory=pd.DataFrame)    # perspective_counts of duel games, source
    cards: pd.DataFrame = field(default_factory=pd.DataFrame)     # card_counts, source

    @property
    def empty(self) -> bool:
        return self.games == 0

    def add(self, other: "PerGameSummary") -> "PerGameSummary":
        return PerGameSummary(self.games + other.games, _stack(self.lengths, other.lengths),
                              _stack(self.counts, other.counts), _stack(self.cards, other.cards))


def _stack(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    return b if a.empty else a if b.empty else pd.concat([a, b], ignore_index=True)


def _batches(path: Path, fmt: str, columns: Sequence[str], rows: int) -> Iterator[pd.DataFrame]:
    if fmt == "parquet":
        import pyarrow.parquet as pq
        for batch in pq.ParquetFile(path).iter_batches(batch_size=rows, columns=list(columns)):
            yield batch.to_pandas()
    else:
        wanted = set(columns)
        with pd.read_csv(path, usecols=lambda c: c in wanted, chunksize=rows) as reader:
            yield from reader


def _texts(df: pd.DataFrame, text_columns: Sequence[str]) -> pd.DataFrame:
    for c in text_columns:
        if c in df.columns:
            df[c] = df[c].astype(object).where(df[c].notna(), "").astype(str)   # an all-empty column reads as NaN
    return df


def _bought_names(columns: Sequence[str]) -> list[str]:
    """Cards with a bought column for both seats, in the file's order."""
    first = [c[len(BOUGHT_PREFIXES[0]):] for c in columns if c.startswith(BOUGHT_PREFIXES[0])]
    return [name for name in first if f"{BOUGHT_PREFIXES[1]}{name}" in set(columns)]


def _fold_cards(df: pd.DataFrame, names: list[str], seats: tuple[int, ...]) -> pd.DataFrame:
    bought = np.stack([df[[f"{prefix}{name}" for name in names]].to_numpy(np.int64) for prefix in BOUGHT_PREFIXES],
                      axis=1)
    if (bought < 0).any():
        raise ValueError("a bought count below 0")
    return card_counts(bought, df["winner"], names, seats)


def scan_per_game(path: Path, fmt: str, source: str, columns: Sequence[str], text_columns: Sequence[str],
                  rows: int = BATCH_ROWS) -> PerGameSummary:
    """Read a per-game file (its ``columns`` as found in the file) in batches of ``rows`` and reduce it;
    raises ``ResultsFileError`` naming the file, row (or CSV line) and column of a bad value."""
    names = _bought_names(columns)
    wanted = [c for c in columns if c in (*LENGTH_KEYS, "game", "seed", "first_strategy", "second_strategy",
                                          "winner")]
    wanted += [f"{prefix}{name}" for prefix in BOUGHT_PREFIXES for name in names]
    games, lengths, counts, cards = 0, None, None, None
    try:
        for batch in _batches(path, fmt, wanted, rows):
            if batch.empty:
                continue
            batch = check_table(_texts(batch, text_columns), "per_game", path, fmt, first_row=games)
            games += len(batch)
            for key, default in (("mode", "duel"), ("difficulty", "")):
                if key not in batch.columns:
                    batch[key] = default
            lengths = combine_lengths(lengths, batch.groupby(LENGTH_KEYS, sort=False).size().rename("games")
                                      .reset_index())
            duel = batch[batch["mode"] != "solo"]
            if len(duel):
                counts = combine_counts(counts, perspective_counts(duel))
            if names:
                for mode, seats in (("duel", (0, 1)), ("solo", (0,))):
                    part = batch[(batch["mode"] == "solo") == (mode == "solo")]
                    if len(part):
                        cards = combine_counts(cards, _fold_cards(part, names, seats))
    except (OSError, ValueError, ImportError) as exc:
        text = str(exc).strip().splitlines()
        raise ResultsFileError(f"{path}: cannot read it: {text[0] if text else type(exc).__name__}") from None
    if games == 0:
        raise ResultsFileError(f"{path}: no rows: expected at least one row under the header")
    tag = {"source": source}
    return PerGameSummary(games, lengths.assign(**tag),
                          counts.assign(**tag) if counts is not None else pd.DataFrame(),
                          cards.assign(**tag) if cards is not None else pd.DataFrame())


def combine_lengths(a: pd.DataFrame | None, b: pd.DataFrame) -> pd.DataFrame:
    if a is None:
        return b
    return pd.concat([a, b]).groupby(LENGTH_KEYS, sort=False)["games"].sum().reset_index()
