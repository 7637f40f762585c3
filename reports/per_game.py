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

import numpy as np
import pandas as pd

KEY_COLUMNS = ("mode", "difficulty")
BOUGHT_PREFIXES = ("first_bought:", "second_bought:")


def bought_columns(card_names: Sequence[str]) -> list[str]:
    """Names of the bought-copies columns for these cards, first seat's then second seat's."""
    return [f"{prefix}{name}" for prefix in BOUGHT_PREFIXES for name in card_names]


def constant(value: str, n: int) -> pd.Categorical:
    """A column holding ``value`` in each of ``n`` rows, as a category: no string per row to build or write."""
    return pd.Categorical.from_codes(np.zeros(n, np.int8), [value])


def per_game_frame(records, mode: str = "duel", difficulty: str = "", cards: Sequence[int] | None = None,
                   second_strategy: str | None = None) -> pd.DataFrame:
    """One row per game of ``records`` (a ``Records``), with the cell keys and bought copies.

    ``cards``: indices of the card types whose purchases get a column per seat (default: every
    type); ``second_strategy`` replaces the second seat's strategy label (Solo Mode: the A.I.).
    Labels that are the same in every game of ``records`` are categories (a chunk of a sweep is
    one matchup), built once per chunk; their values read and write as the plain strings.
    """
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
    names = list(records.card_names)
    index = list(range(len(names))) if cards is None else [int(t) for t in cards]
    bought = np.asarray(records.bought)
    if bought.shape[0] != n:
        raise ValueError("per-game records need the bought copies: play with keep_bought=True")
    # one copy, straight into one contiguous row per column: the frame then takes the columns as
    # they are (copy=False) and Arrow writes each row without another copy; copying in games'
    # order and letting pandas gather the columns cost about 35 ms of a 20,000-game chunk, this 22
    copies = np.ascontiguousarray(bought[:, :, index].transpose(1, 2, 0), dtype=np.int32)
    copies = copies.reshape(2 * len(index), n)
    for j, name in enumerate(bought_columns([names[t] for t in index])):
        columns[name] = copies[j]
    return pd.DataFrame(columns, copy=False)
