"""Per-game records as one flat table (``commandsim sweep --per-game``): one row per game.

Columns: ``mode, difficulty`` (empty in duel mode), then the engine's per-game record
(``simcore.games.last_command.simulate.Records.games``: ``game, seed, first_faction, second_faction, first_variant,
second_variant, first_strategy, second_strategy, winner`` (first / second / draw), ``turns``, each
seat's final hull, purchases, damage dealt and Malfunctions drawn), then the copies of each Market
card each seat bought: ``first_bought:<card>`` and ``second_bought:<card>``.

"first" is the seat that moved first: in Solo Mode always the player, "second" the A.I.
Any game can be replayed from its ``seed`` with ``commandsim replay --seed``.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import pandas as pd

from simcore.records import constant_column as constant   # the name reports and tests use

KEY_COLUMNS = ("mode", "difficulty")
# what names a game in every game's records: its index and seed, then each seat's side, variant and strategy
GAME_KEYS = ("game", "seed", "first_faction", "second_faction", "first_variant", "second_variant",
             "first_strategy", "second_strategy")
BOUGHT_PREFIXES = ("first_bought:", "second_bought:")
GATHER_ROWS = 2048   # games per block of the bought-copies transpose: a block's rows stay in cache


def bought_columns(card_names: Sequence[str]) -> list[str]:
    """Names of the bought-copies columns for these cards, first seat's then second seat's."""
    return [f"{prefix}{name}" for prefix in BOUGHT_PREFIXES for name in card_names]


def per_game_batch(records, mode: str = "duel", difficulty: str = "", cards: Sequence[int] | None = None,
                   second_strategy: str | None = None):
    """One row per game of ``records`` (a ``Records``), with the cell keys and bought copies, as an
    Arrow record batch (what ``files.TableStream`` writes; ``.to_pandas()`` gives the frame).

    ``cards``: indices of the card types whose purchases get a column per seat (default: every
    type); ``second_strategy`` replaces the second seat's strategy label (Solo Mode: the A.I.).
    Labels are dictionary columns (a chunk of a sweep is one matchup: one string each, not one
    per row); numbers go to Arrow without a copy where the engine's array is contiguous.  Built
    straight from the engine's arrays, not through a DataFrame: a 20,000-game chunk took 11 ms
    as a frame (the bought columns gathered in games' order, 128 columns checked by pandas) and
    4 ms more to convert; about 4 ms in all this way, 5 ms beside a running engine.
    """
    import pyarrow as pa
    columns = game_columns(records, mode, difficulty, second_strategy)
    n = len(columns["game"])
    names = list(records.card_names)
    index = np.arange(len(names)) if cards is None else np.asarray(cards, dtype=np.intp)
    bought = np.asarray(records.bought)
    if bought.shape[0] != n:
        raise ValueError("per-game records need the bought copies: play with keep_bought=True")
    columns.update(zip(bought_columns([names[t] for t in index]), _bought_rows(bought, index)))
    fields, arrays = zip(*(arrow_column(name, values) for name, values in columns.items()))
    return pa.RecordBatch.from_arrays(list(arrays), schema=pa.schema(fields))


def game_columns(records, mode: str = "duel", difficulty: str = "", second_strategy: str | None = None) -> dict:
    """The columns of a per-game table before the bought copies, by name: ``mode, difficulty``, then the
    records' own (``Records.columns(categories=True)``: ``GAME_KEYS``, winner, turns, the game's figures, its
    shape), labels as categories. ``per_game_batch`` writes them; ``per_round.per_round_batch`` repeats the
    keys on every round of a game."""
    games = records.columns(categories=True)
    n = len(games["game"])
    columns = {key: constant(value, n) for key, value in zip(KEY_COLUMNS, (mode, difficulty))}
    for name, values in games.items():
        if name not in KEY_COLUMNS:
            columns[name] = values
    if not isinstance(columns["winner"], pd.Categorical):
        columns["winner"] = np.asarray(columns["winner"]).astype(str)
    if second_strategy is not None:
        columns["second_strategy"] = constant(second_strategy, n)
    return columns


def _bought_rows(bought: np.ndarray, index: np.ndarray) -> list[np.ndarray]:
    """One contiguous int32 row over the games per seat and card of ``index``, first seat's cards first.

    The Last Command's engine writes the copies in that layout (``Records.bought`` is a view of it):
    the rows are taken as they are, with no copy.  From a (game, seat, card) array they are gathered
    in blocks of games: transposing the whole array at once walks memory with a stride of a game's
    row for every value (about 3 times slower)."""
    by_row = bought.transpose(1, 2, 0)
    if by_row.dtype == np.int32 and by_row.flags.c_contiguous:
        return [by_row[seat, t] for seat in range(2) for t in index]
    n = bought.shape[0]
    rows = np.empty((2, len(index), n), np.int32)
    for start in range(0, n, GATHER_ROWS):
        block = bought[start:start + GATHER_ROWS]
        rows[:, :, start:start + len(block)] = block[:, :, index].transpose(1, 2, 0)
    return list(rows.reshape(2 * len(index), n))


@lru_cache(maxsize=256)
def _dictionary(dtype: pd.CategoricalDtype):
    """The categories of ``dtype`` as an Arrow array, made once per set of labels."""
    import pyarrow as pa
    return pa.array(np.asarray(dtype.categories, object))


def arrow_column(name: str, values):
    """A column of a per-game table as an Arrow (field, array): categories as dictionaries (their
    codes as they are), numbers zero-copy where contiguous, anything else through numpy.  A numpy
    integer column cannot hold a missing value: its field is "required", with no null levels to
    write."""
    import pyarrow as pa
    if isinstance(values, pd.Categorical):
        codes = values.codes
        array = pa.DictionaryArray.from_arrays(pa.array(codes, mask=codes < 0 if values.isna().any() else None),
                                               _dictionary(values.dtype))
        return pa.field(name, array.type), array
    values = np.asarray(values)
    array = pa.array(values, from_pandas=True)
    return pa.field(name, array.type, nullable=values.dtype.kind not in "iu"), array
