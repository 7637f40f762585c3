"""The per-round track as one long table (``commandsim sweep --per-round``): one row per game and round.

Columns: the keys of the game's per-game row (``per_game.KEY_COLUMNS`` then ``per_game.GAME_KEYS``: ``mode,
difficulty, game, seed``, each seat's side, variant and strategy), then ``round`` (1, 2, ...) and ``lead``
(int16: the first seat's standing minus the second's after that round, ``simcore.shape``). A game has
``min(rounds, TRACK_ROUNDS)`` rows: its engine keeps the leads of the first ``TRACK_ROUNDS`` rounds only (a
longer game's measures in the per-game row still count all its rounds); a lead beyond +-``LEAD_LIMIT`` is
kept at the limit.

Built from the engine's arrays without a Python step per row: the keys are repeated by each game's rounds,
the leads are the track's first rounds, row by row.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from simcore.shape import TRACK_ROUNDS

from .per_game import GAME_KEYS, KEY_COLUMNS, arrow_column, game_columns

ROUND_COLUMNS = ("round", "lead")


def tracked_rounds(rounds: np.ndarray) -> np.ndarray:
    """Each game's rows in the per-round table: its rounds, at most ``TRACK_ROUNDS``."""
    return np.minimum(np.asarray(rounds, np.int64), TRACK_ROUNDS)


def per_round_batch(records, mode: str = "duel", difficulty: str = "", second_strategy: str | None = None):
    """The per-round rows of ``records`` (a ``Records`` whose game records its shape: ``records.shape``) as an
    Arrow record batch (what ``files.TableStream`` writes), game by game and round by round."""
    import pyarrow as pa
    shape = records.shape
    if shape is None:
        raise ValueError("a per-round track needs a game that records its standing (GameInfo.standing)")
    columns = game_columns(records, mode, difficulty, second_strategy)
    per_game = tracked_rounds(shape.rounds)
    kept = np.arange(TRACK_ROUNDS)[None, :] < per_game[:, None]    # row-major: a game's rounds in order
    out = {name: _repeated(columns[name], per_game) for name in (*KEY_COLUMNS, *GAME_KEYS)}
    out["round"] = np.broadcast_to(np.arange(1, TRACK_ROUNDS + 1, dtype=np.int16), kept.shape)[kept]
    out["lead"] = np.asarray(shape.track, np.int16)[kept]
    fields, arrays = zip(*(arrow_column(name, values) for name, values in out.items()))
    return pa.RecordBatch.from_arrays(list(arrays), schema=pa.schema(fields))


def _repeated(values, times: np.ndarray):
    """A per-game column with each game's value ``times[g]`` times (a category's codes, not its labels)."""
    if isinstance(values, pd.Categorical):
        return pd.Categorical.from_codes(np.repeat(values.codes, times), dtype=values.dtype)
    return np.repeat(np.asarray(values), times)
