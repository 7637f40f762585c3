"""The tables behind the report's plots, from aggregate and per-game tables (all DataFrames).

* ``win_rate_table``: one row per cell and perspective (seat both), with a readable label;
* ``heatmap_table``: win rate by faction (rows) and variant (columns), pooled over opponents;
  in Solo Mode by faction and variant (rows) and difficulty (columns);
* ``game_length_table``: the distribution of game lengths per cell (per-game records' counts), or
  ``mean_turns_table``: the mean length per cell (aggregates only);
* ``first_player_table`` (from ``reports.aggregate``): how often the player moving first won.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .aggregate import card_table, combine_counts, first_player_table, summarise

__all__ = ["win_rate_table", "heatmap_table", "game_length_table", "mean_turns_table", "first_player_table",
           "cell_label"]

DIFFICULTY_ORDER = ("easy", "medium", "hard", "insane")


def _side(faction, variant, strategy, show_strategy: bool) -> str:
    return f"{faction} {variant}" + (f" ({strategy})" if show_strategy else "")


def cell_label(row, show_strategy: bool = True, show_source: bool = False) -> str:
    """"federation asymmetrical (balanced) vs sunder standard (balanced)"; Solo Mode: "... vs A.I. hard"."""
    a = _side(row["faction"], row["variant"], row["strategy"], show_strategy)
    if row.get("mode", "duel") == "solo":
        text = f"{a} vs A.I. {row['difficulty']}"
    else:
        text = f"{a} vs {_side(row['opponent_faction'], row['opponent_variant'], row['opponent_strategy'], show_strategy)}"
    return f"{row['source']}: {text}" if show_source and "source" in row else text


def _several(df: pd.DataFrame, column: str) -> bool:
    return column in df.columns and df[column].nunique() > 1


def win_rate_table(aggregate: pd.DataFrame) -> pd.DataFrame:
    """Rows with seat ``both`` (one per cell and perspective) plus ``label``, in the aggregate's order."""
    both = aggregate[aggregate["seat"] == "both"].copy()
    strategies = pd.concat([both["strategy"], both["opponent_strategy"]]).nunique() > 1 if len(both) else False
    sources = _several(both, "source")
    both["label"] = [cell_label(r, strategies, sources) for _, r in both.iterrows()]
    return both.reset_index(drop=True)


def heatmap_table(aggregate: pd.DataFrame, mode: str = "duel") -> pd.DataFrame:
    """Win rate (wins / games, seat both, pooled over opponents, their variants and strategies).

    ``duel``: the cells of two players (any mode without a difficulty): rows are sides, columns variants.
    ``solo``: the cells against a difficulty level: rows "side variant", columns difficulties.
    Cells not played are NaN."""
    levels = aggregate["difficulty"].fillna("").astype(str).str.strip() != "" if "difficulty" in aggregate.columns \
        else pd.Series(False, index=aggregate.index)
    both = aggregate[(aggregate["seat"] == "both") & (levels if mode == "solo" else ~levels)]
    if both.empty:
        return pd.DataFrame()
    if mode == "solo":
        rows = both["faction"] + " " + both["variant"]
        cols = both["difficulty"]
    else:
        rows, cols = both["faction"], both["variant"]
    sums = both.assign(_row=rows.to_numpy(), _col=cols.to_numpy()).groupby(["_row", "_col"])[["wins", "games"]].sum()
    table = (sums["wins"] / sums["games"]).unstack("_col")
    if mode == "solo":
        table = table[[d for d in DIFFICULTY_ORDER if d in table.columns]
                      + [c for c in table.columns if c not in DIFFICULTY_ORDER]]
    table.index.name, table.columns.name = ("faction variant" if mode == "solo" else "faction"), \
        ("difficulty" if mode == "solo" else "variant")
    return table


def _game_cell(games: pd.DataFrame) -> pd.Series:
    """A label per game naming its cell regardless of who moved first (duel) or its difficulty (solo)."""
    a = games["first_faction"] + " " + games["first_variant"]
    b = games["second_faction"] + " " + games["second_variant"]
    duel = np.where(a <= b, a + " vs " + b, b + " vs " + a)
    if "mode" in games.columns:
        solo = (a + " vs A.I. " + games.get("difficulty", pd.Series("", index=games.index)).astype(str)).to_numpy()
        return pd.Series(np.where(games["mode"].to_numpy() == "solo", solo, duel), index=games.index)
    return pd.Series(duel, index=games.index)


def game_length_table(lengths: pd.DataFrame) -> pd.DataFrame:
    """Games per cell and length: columns ``cell, turns, games, share`` (share of the cell's games),
    from the counts of ``per_game_scan.PerGameSummary.lengths`` (games per cell keys and length)."""
    if lengths.empty:
        return pd.DataFrame(columns=["cell", "turns", "games", "share"])
    cells = _game_cell(lengths)
    if _several(lengths, "source"):
        cells = lengths["source"] + ": " + cells
    counts = (lengths.assign(cell=cells.to_numpy()).groupby(["cell", "turns"])["games"].sum().reset_index())
    counts["share"] = counts["games"] / counts.groupby("cell")["games"].transform("sum")
    return counts


def per_game_aggregate(summary) -> pd.DataFrame:
    """An aggregate table (``AGGREGATE_COLUMNS`` plus ``source``) of the duel games of per-game files
    (``PerGameSummary.counts``): what their sweep's aggregate says, for reports given only those."""
    if summary.counts.empty:
        return pd.DataFrame()
    pairs = dict(tuple(summary.pairs.groupby("source", sort=False))) if not summary.pairs.empty else {}
    parts = [summarise(part.drop(columns="source").reset_index(drop=True),
                       pairs=pairs[source].drop(columns="source").reset_index(drop=True) if source in pairs
                       else None).assign(source=source)
             for source, part in summary.counts.groupby("source", sort=False)]
    return pd.concat(parts, ignore_index=True)


def per_game_cards(summary) -> pd.DataFrame:
    """The per-card table (``CARD_COLUMNS`` plus ``source``) of per-game files' bought columns."""
    if summary.cards.empty:
        return pd.DataFrame()
    parts = [card_table(combine_counts(part.drop(columns="source"))).assign(source=source)
             for source, part in summary.cards.groupby("source", sort=False)]
    return pd.concat(parts, ignore_index=True)


def mean_turns_table(aggregate: pd.DataFrame) -> pd.DataFrame:
    """Mean game length per cell from aggregates: one row per cell (not per perspective)."""
    both = win_rate_table(aggregate)
    if both.empty:
        return pd.DataFrame(columns=["cell", "games", "mean_turns"])
    duel = both["mode"] != "solo"
    a = both["faction"] + " " + both["variant"]
    b = both["opponent_faction"] + " " + both["opponent_variant"]
    both["cell"] = np.where(duel, np.where(a <= b, a + " vs " + b, b + " vs " + a),
                            a + " vs A.I. " + both["difficulty"])
    if _several(both, "source"):
        both["cell"] = both["source"] + ": " + both["cell"]
    return both.drop_duplicates("cell")[["cell", "games", "mean_turns"]].reset_index(drop=True)


def duel_first_player(aggregate: pd.DataFrame) -> pd.DataFrame:
    """``first_player_table`` of the duel rows (Solo Mode has no seat swap); empty if none."""
    duel = aggregate[aggregate["mode"] != "solo"] if "mode" in aggregate.columns else aggregate
    if duel.empty or not (duel["seat"] == "first").any():
        return pd.DataFrame()
    if _several(duel, "source"):
        parts = []
        for source, part in duel.groupby("source", sort=False):
            t = first_player_table(part)
            t["side_a"] = source + ": " + t["side_a"]
            parts.append(t)
        return pd.concat(parts, ignore_index=True)
    return first_player_table(duel)

