"""Which game, and which sweep, each file of a report comes from: read from the files' own columns, so
that a report says so when it mixes games or puts one sweep's per-game records beside another's aggregate.

A ladder, a finding against skill, a tournament (its matrix and ratings), an advice table and a card
impact table name their game in a ``game`` column (``with_game``, written by the CLI); a sweep's
aggregate and per-card table and a comparison keep their columns, and their modes and side names tell
the game, since every registered game has its own (``GameInfo.modes``, ``GameInfo.sides``). A file
whose game cannot be told (a tournament or advice table written before the column) is ``None``: the
report names no game's rule for it.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pandas as pd

from simcore.games import registry

SIDE_COLUMNS = ("faction", "opponent_faction", "first_faction", "second_faction")


def one_seat(modes) -> np.ndarray:
    """Per row, whether its mode is one whose second seat the rules play (``GameInfo.one_seat_modes`` of any
    registered game: The Last Command's Solo Mode): its rows count the first seat only, with no seat swap, so
    they take no part in first-player or seed-paired figures. The reports know no mode by its name."""
    modes = np.asarray(modes, dtype=object)
    single = {m for g in registry.games() for m in g.info.one_seat_modes}
    return np.isin(modes.astype(str), list(single)) if single else np.zeros(modes.shape, bool)


def with_game(table: pd.DataFrame, game: str) -> pd.DataFrame:
    """``table`` with a first column ``game`` naming its game (left as it is when it has one)."""
    if "game" in table.columns:
        return table
    out = table.copy()
    out.insert(0, "game", game)
    return out


def game_named(modes: Iterable[str], sides: Iterable[str]) -> str | None:
    """The one registered game whose modes and sides include these (empty names ignored), else None."""
    modes, sides = {str(m) for m in modes if str(m)}, {str(s) for s in sides if str(s)}
    if not sides:
        return None
    hits = [g.info.name for g in registry.games()
            if modes <= set(g.info.modes) and sides <= set(g.info.sides)]
    return hits[0] if len(hits) == 1 else None


def game_of_table(table: pd.DataFrame) -> str | None:
    """The game of one table: its ``game`` column when it names a registered game, else its modes and sides."""
    if table.empty:
        return None
    if "game" in table.columns and not pd.api.types.is_numeric_dtype(table["game"]):   # a record's is its index
        names = {str(g).strip().lower() for g in table["game"]}
        known = [n for n in names if n in registry.names()]
        if len(names) == 1 and known:
            return known[0]
    modes = table["mode"] if "mode" in table.columns else []
    sides = [v for c in SIDE_COLUMNS if c in table.columns for v in table[c]]
    return game_named(modes, sides)


def games_by_source(*tables: pd.DataFrame) -> dict[str, str | None]:
    """Source (a file's stem) -> its game, over tables with a ``source`` column (first table naming it wins)."""
    out: dict[str, str | None] = {}
    for table in tables:
        if table.empty or "source" not in table.columns:
            continue
        for source, part in table.groupby("source", sort=False):
            if out.get(source) is None:
                out[source] = game_of_table(part)
    return out


def game_info(game: str):
    """The ``GameInfo`` of registered game ``game``."""
    return registry.get(game).info


def first_player_rule(game: str | None) -> str:
    """``GameInfo.first_player`` of ``game`` ("" when the game is not known or states none)."""
    if game is None:
        return ""
    return registry.get(game).info.first_player


def _counts(table: pd.DataFrame) -> pd.DataFrame:
    keys = ["faction", "opponent_faction", "variant", "opponent_variant", "strategy", "opponent_strategy", "seat"]
    return table.groupby(keys)[["games", "wins", "losses", "draws"]].sum().sort_index()


def same_sweep(aggregate: pd.DataFrame, per_game_aggregate: pd.DataFrame) -> bool:
    """Whether per-game records (as ``report_data.per_game_aggregate``) count the same games as a sweep's
    aggregate: every cell of two sides (``one_seat``) and seat with the same games, wins, losses and draws."""
    agg = aggregate[~one_seat(aggregate["mode"])] if "mode" in aggregate.columns else aggregate
    a, b = _counts(agg), _counts(per_game_aggregate)
    return a.index.equals(b.index) and (a.to_numpy() == b.to_numpy()).all()


def card_costs(game: str | None) -> dict[str, str]:
    """Each of the game's cards (its shipped data, ``Game.card_entries``) with its cost as the cards read:
    "credit 5, power 2" (fields ``credit_cost``, ``power_cost``), "cost 3" (a field ``cost``); {} when the game
    is not known. A plot prints it beside the card's name."""
    if game is None:
        return {}
    out = {}
    for key, entry in registry.get(game).card_entries([]).items():
        costs = [(f, v) for f, v in entry.table.items() if f.endswith("cost") and isinstance(v, int)]
        if costs:
            name = str(entry.table.get("name", key))
            out[name] = ", ".join(f"{f.removesuffix('_cost')} {v}" if f != "cost" else f"cost {v}" for f, v in costs)
    return out
