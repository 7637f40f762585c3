"""The tables behind the report's plots, from aggregate and per-game tables (all DataFrames).

* ``win_rate_table``: one row per cell and perspective (seat both), with a readable label in the game's words
  (``reports.report_names``); ``one_per_cell`` keeps one perspective of each cell (A vs B, not B vs A too);
* ``heatmap_panels``: per mode, the row side's win rate against the column side (in Solo Mode against each
  difficulty), in panels by variant when one matrix would be mostly empty; ``heatmap_table``: the old pooled
  side x variant table (kept for notebooks);
* ``game_length_table``: the distribution of game lengths per cell (per-game records' counts), or
  ``mean_turns_table``: the mean length per cell (aggregates only);
* ``first_player_table`` (from ``reports.aggregate``): how often the player moving first won.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .aggregate import card_table, combine_counts, first_player_table, summarise
from .identical_games import cell_key
from .report_games import one_seat
from .report_names import Names, names_of, pair_label, several_strategies, side_label

__all__ = ["win_rate_table", "heatmap_table", "heatmap_panels", "game_length_table", "mean_turns_table",
           "first_player_table", "cell_label", "one_per_cell"]

DIFFICULTY_ORDER = ("easy", "medium", "hard", "insane")
SPARSE = 0.5     # a side x side matrix less full than this is split into one panel per variant


def cell_label(row, show_strategy: bool = True, show_source: bool = False, names: Names | None = None) -> str:
    """"federation asymmetrical vs sunder standard" ("... playing aggro" when strategies differ), "elite vs line,
    both full:4"; Solo Mode: "... vs A.I. hard"; a game of one variant: "alliance vs hydra"."""
    names = names or names_of(None)
    a = (row["faction"], row["variant"], row["strategy"])
    if _level(row.get("difficulty", "")) or ("mode" in row and one_seat([row["mode"]])[0]):
        text = f"{side_label(*a, names, show_strategy)} vs A.I. {row['difficulty']}"
    else:
        text = pair_label(a, (row["opponent_faction"], row["opponent_variant"], row["opponent_strategy"]), names,
                          show_strategy)
    return f"{row['source']}: {text}" if show_source and "source" in row else text


def _level(x) -> bool:
    return isinstance(x, str) and x.strip() != ""


def _several(df: pd.DataFrame, column: str) -> bool:
    return column in df.columns and df[column].nunique() > 1


def win_rate_table(aggregate: pd.DataFrame, names: Names | None = None) -> pd.DataFrame:
    """Rows with seat ``both`` (one per cell and perspective) plus ``label``, in the aggregate's order."""
    both = aggregate[aggregate["seat"] == "both"].copy()
    strategies = several_strategies(both) if len(both) else False
    sources = _several(both, "source")
    both["label"] = [cell_label(r, strategies, sources, names) for _, r in both.iterrows()]
    return both.reset_index(drop=True)


def one_per_cell(rates: pd.DataFrame) -> pd.DataFrame:
    """One row per cell: the first perspective of each (A vs B), not the other side's (B vs A) too."""
    if rates.empty:
        return rates
    keys = [(r.get("source", ""), cell_key(r)) for _, r in rates.iterrows()]
    return rates[~pd.Series(keys, index=rates.index).duplicated()].reset_index(drop=True)


def _level_rows(aggregate: pd.DataFrame) -> pd.Series:
    if "difficulty" not in aggregate.columns:
        return pd.Series(False, index=aggregate.index)
    return aggregate["difficulty"].fillna("").astype(str).str.strip() != ""


def heatmap_table(aggregate: pd.DataFrame, levels: bool = False) -> pd.DataFrame:
    """Win rate (wins / games, seat both, pooled over opponents, their variants and strategies).

    By default the cells of two sides (any row without a difficulty): rows are sides, columns variants.
    ``levels``: the cells against a difficulty level (Solo Mode): rows "side variant", columns difficulties.
    Cells not played are NaN."""
    leveled = _level_rows(aggregate)
    both = aggregate[(aggregate["seat"] == "both") & (leveled if levels else ~leveled)]
    if both.empty:
        return pd.DataFrame()
    if levels:
        rows = both["faction"] + " " + both["variant"]
        cols = both["difficulty"]
    else:
        rows, cols = both["faction"], both["variant"]
    table = _matrix(both, rows, cols)
    if levels:
        table = _difficulty_order(table)
    table.index.name, table.columns.name = ("faction variant" if levels else "faction"), \
        ("difficulty" if levels else "variant")
    return table


def _matrix(both: pd.DataFrame, rows, cols) -> pd.DataFrame:
    sums = both.assign(_row=np.asarray(rows), _col=np.asarray(cols)).groupby(["_row", "_col"], sort=False)[
        ["wins", "games"]].sum()
    table = (sums["wins"] / sums["games"]).unstack("_col")
    row_order = list(dict.fromkeys(np.asarray(rows)))
    col_order = list(dict.fromkeys(np.asarray(cols)))
    return table.reindex(index=row_order, columns=col_order)


def _difficulty_order(table: pd.DataFrame) -> pd.DataFrame:
    return table[[d for d in DIFFICULTY_ORDER if d in table.columns]
                 + [c for c in table.columns if c not in DIFFICULTY_ORDER]]


def heatmap_panels(aggregate: pd.DataFrame, names: Names | None = None) -> list[tuple[str, pd.DataFrame]]:
    """The heat map of one mode's rows (``aggregate`` holds one mode): [(panel title, matrix)], each matrix the
    row side's win rate (wins / games of its seat-both row) against the column side, one perspective per cell;
    axes named in the game's words (``Names``). Against difficulty levels: rows side and variant, columns the
    levels. A side x side matrix that would be mostly empty (the skirmish: every force on each command set) is
    split into a panel per variant both sides play, plus one of the cells whose sides play different ones."""
    names = names or names_of(None)
    both = aggregate[aggregate["seat"] == "both"]
    if both.empty:
        return []
    strategies = several_strategies(both)
    levels = _level_rows(both)
    if levels.all():
        rows = [side_label(r.faction, r.variant, r.strategy, names, strategies) for r in both.itertuples()]
        table = _difficulty_order(_matrix(both, rows, both["difficulty"].astype(str)))
        table.index.name = names.side if names.one_variant else f"{names.side} and {names.variant}"
        table.columns.name = "difficulty"
        return [("", table)]
    cells = one_per_cell(both[~levels])
    variants = pd.concat([cells["variant"], cells["opponent_variant"]]).nunique() > 1 and not names.one_variant

    def label(side, variant, strategy, with_variant):
        return side_label(side, variant if with_variant else None, strategy, names, strategies)

    def matrix(part, with_variant):
        rows = [label(r.faction, r.variant, r.strategy, with_variant) for r in part.itertuples()]
        cols = [label(r.opponent_faction, r.opponent_variant, r.opponent_strategy, with_variant)
                for r in part.itertuples()]
        table = _matrix(part, rows, cols)
        table.index.name = names.side + (f" and {names.variant}" if with_variant else "")
        table.columns.name = f"opponent {names.side}" + (f" and {names.variant}" if with_variant else "")
        return table

    full = matrix(cells, variants)
    if not variants or full.notna().to_numpy().mean() >= SPARSE:
        return [("", full)]
    same = cells["variant"] == cells["opponent_variant"]
    panels = [(f"{names.variant} {v}", matrix(cells[same & (cells["variant"] == v)], False))
              for v in dict.fromkeys(cells.loc[same, "variant"])]
    if (~same).any():
        panels.append((f"{names.variant}s differ", matrix(cells[~same], True)))
    return panels


def _game_cell(games: pd.DataFrame) -> pd.Series:
    """A label per game naming its cell regardless of who moved first (two sides) or its difficulty (a one-seat
    mode: the rules' A.I. at a level)."""
    a = games["first_faction"] + " " + games["first_variant"]
    b = games["second_faction"] + " " + games["second_variant"]
    duel = np.where(a <= b, a + " vs " + b, b + " vs " + a)
    if "mode" in games.columns:
        level = (a + " vs A.I. " + games.get("difficulty", pd.Series("", index=games.index)).astype(str)).to_numpy()
        return pd.Series(np.where(one_seat(games["mode"]), level, duel), index=games.index)
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


def mean_turns_table(aggregate: pd.DataFrame, names: Names | None = None) -> pd.DataFrame:
    """Mean game length per cell from aggregates: one row per cell (not per perspective), its mode named when the
    table holds several."""
    both = one_per_cell(win_rate_table(aggregate, names))
    if both.empty:
        return pd.DataFrame(columns=["cell", "games", "mean_turns"])
    both["cell"] = both["label"]
    if _several(both, "mode"):
        both["cell"] = both["cell"] + " (" + both["mode"].astype(str) + ")"
    return both[["cell", "games", "mean_turns"]].reset_index(drop=True)


def first_player_rows(aggregate: pd.DataFrame, names: Names | None = None) -> pd.DataFrame:
    """``duel_first_player`` of one mode's rows with its sides named as the report names them (``pair_label``:
    "alliance vs hydra") in ``side_a`` and an empty ``side_b``."""
    first = duel_first_player(aggregate)
    if first.empty:
        return first
    names = names or names_of(None)
    strategies = several_strategies(aggregate)
    labels = []
    for a, b in zip(first["side_a"], first["side_b"]):
        where, a = (a.split(": ", 1) if ": " in a else ("", a))
        text = pair_label(tuple(a.split("|")), tuple(b.split("|")), names, strategies)
        labels.append(f"{where}: {text}" if where else text)
    return first.assign(side_a=labels, side_b="")


def merge_identical(aggregate: pd.DataFrame) -> pd.DataFrame:
    """``aggregate`` with the cells that played identical games as another (``identical_games``) left out, and
    the first of each such group's variants named "v = w" (its games are theirs): one finding, not two."""
    from .identical_games import identical_groups
    groups = identical_groups(aggregate)
    if not groups:
        return aggregate
    keys = [cell_key(r) for _, r in aggregate.iterrows()]
    drop, rename = set(), {}
    for g in groups:
        head, *rest = g.cells
        drop.update(c.key for c in rest)
        for own, *others in zip(*[v for v in g.variants]):
            rename.setdefault(head.key, {})[own] = " = ".join([own, *dict.fromkeys(o for o in others if o != own)])
    out = aggregate[[k not in drop for k in keys]].copy()
    kept = [k for k in keys if k not in drop]
    for column in ("variant", "opponent_variant"):
        out[column] = [rename.get(k, {}).get(v, v) for k, v in zip(kept, out[column])]
    return out


def duel_first_player(aggregate: pd.DataFrame) -> pd.DataFrame:
    """``first_player_table`` of the rows of two sides (a one-seat mode, Solo Mode, has no seat swap); empty if
    none."""
    duel = aggregate[~one_seat(aggregate["mode"])] if "mode" in aggregate.columns else aggregate
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

