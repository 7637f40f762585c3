"""The report's plots as matplotlib Figures (Agg canvas: no display, no pyplot state), and PNG bytes.

Every function takes a DataFrame of ``reports.report_data`` (or an aggregate / per-card /
comparison table) and returns a ``Figure``; ``png_bytes(fig)`` renders one.
"""
from __future__ import annotations

import io

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

DPI = 100
ROW_HEIGHT = 0.32     # inches per bar of a horizontal chart
WIDTH = 9.0
EDGE = 0.03           # room beyond 0% and 100% on a zoomed share axis, so a marker there is drawn whole


def _figure(rows: int = 1, width: float = WIDTH, min_height: float = 2.5, ncols: int = 1) -> tuple[Figure, list]:
    fig = Figure(figsize=(width, max(min_height, 1.2 + ROW_HEIGHT * rows)), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, ncols, squeeze=False, sharey=ncols > 1)[0]
    return fig, list(axes)


def png_bytes(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight")
    return buf.getvalue()


def _errors(rate, low, high) -> np.ndarray:
    rate, low, high = (np.asarray(x, dtype=float) for x in (rate, low, high))
    return np.vstack([np.clip(rate - low, 0, None), np.clip(high - rate, 0, None)])


def zoom_limits(low, high, centre: float = 0.5, margin: float = 0.15, least: float = 0.02) -> tuple[float, float]:
    """x limits that hold every interval [low, high] and ``centre``, with a ``margin`` share of the span
    either side (at least ``least``), within 0 .. 1 plus room for a marker at 0% or 100%: a 2-point
    difference and its interval stay visible."""
    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    lo = min(np.nanmin(low, initial=centre), centre)
    hi = max(np.nanmax(high, initial=centre), centre)
    pad = max(margin * (hi - lo), least)
    return max(-EDGE, lo - pad), min(1.0 + EDGE, hi + pad)


def win_rates(table: pd.DataFrame) -> Figure:
    """Win rate per cell and perspective with 95% interval bars (over seeds); 50% marked; the axis spans the
    intervals (and 50%), not 0 to 1."""
    fig, (ax,) = _figure(len(table))
    y = np.arange(len(table))[::-1]
    ax.errorbar(table["win_rate"], y, xerr=_errors(table["win_rate"], table["ci_low"], table["ci_high"]),
                fmt="o", color="tab:blue", ecolor="tab:blue", capsize=3)
    ax.axvline(0.5, color="grey", lw=1, ls="--")
    ax.set_yticks(y, table["label"])
    ax.set_xlabel("win rate (95% interval over seeds; draws count as not won)")
    ax.set_xlim(*zoom_limits(table["ci_low"], table["ci_high"]))
    ax.set_title("Win rate per cell")
    ax.grid(axis="x", alpha=0.3)
    return fig


def heatmap(table: pd.DataFrame, title: str, spread: float = 0.25, label: str = "win rate") -> Figure:
    """A win-rate heat map (rows x columns of ``report_data.heatmap_table``), values written in.

    Colours run from 50% - ``spread`` (red) through 50% (white) to 50% + ``spread`` (blue)."""
    fig, (ax,) = _figure(len(table), width=max(5.0, 2.0 + 1.6 * table.shape[1]), min_height=3.0)
    values = table.to_numpy(dtype=float)
    image = ax.imshow(values, cmap="RdBu", vmin=0.5 - spread, vmax=0.5 + spread, aspect="auto")
    ax.set_xticks(range(table.shape[1]), [str(c) for c in table.columns])
    ax.set_yticks(range(table.shape[0]), [str(r) for r in table.index])
    ax.set_xlabel(table.columns.name or "")
    ax.set_ylabel(table.index.name or "")
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            text = "—" if np.isnan(values[i, j]) else f"{values[i, j]:.1%}"
            dark = not np.isnan(values[i, j]) and abs(values[i, j] - 0.5) > 0.6 * spread
            ax.text(j, i, text, ha="center", va="center", fontsize=10, color="white" if dark else "black")
    fig.colorbar(image, ax=ax, label=label)
    ax.set_title(title)
    return fig


def weighted_quantile(values: np.ndarray, counts: np.ndarray, q: float) -> float:
    """The ``q`` quantile of ``values`` each repeated ``counts`` times (the smallest value with at least
    a share ``q`` of the weight at or below it), without repeating them: memory stays per distinct value."""
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(np.asarray(counts, np.int64)[order])
    return float(np.asarray(values)[order][np.searchsorted(cum, q * cum[-1])])


def game_lengths(table: pd.DataFrame, max_cells: int = 8, bins: int = 40) -> Figure:
    """Distribution of game lengths (turns) per cell (``report_data.game_length_table``): step
    histograms of the share of each cell's games, on shared bins up to the 99.5th percentile."""
    fig, (ax,) = _figure(min_height=4.0)
    cells = list(dict.fromkeys(table["cell"]))
    top = max(weighted_quantile(table["turns"].to_numpy(), table["games"].to_numpy(), 0.995),
              float(table["turns"].min()) + 1)
    edges = np.linspace(table["turns"].min(), top, bins + 1)
    for cell in cells[:max_cells]:
        part = table[table["cell"] == cell]
        ax.hist(part["turns"], bins=edges, weights=part["share"], histtype="step", lw=1.5, label=cell)
    longer = int(table.loc[table["turns"] > top, "games"].sum())
    notes = [f"{longer:,} games longer than {top:.0f} turns not drawn"] if longer else []
    if len(cells) > max_cells:
        notes.append(f"{len(cells) - max_cells} more cells not drawn")
    if notes:
        ax.text(0.99, 0.02, "; ".join(notes), transform=ax.transAxes, ha="right", va="bottom", fontsize=8)
    ax.set_xlabel("game length (player-turns)")
    ax.set_ylabel("share of the cell's games")
    ax.set_title("Game length distribution")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return fig


def mean_turns(table: pd.DataFrame) -> Figure:
    """Mean game length per cell (aggregates only: no distribution available)."""
    fig, (ax,) = _figure(len(table))
    y = np.arange(len(table))[::-1]
    ax.barh(y, table["mean_turns"], color="tab:gray")
    ax.set_yticks(y, table["cell"])
    ax.set_xlabel("mean game length (player-turns)")
    ax.set_title("Mean game length per cell (aggregates only: no per-game data given)")
    ax.grid(axis="x", alpha=0.3)
    return fig


def first_player(table: pd.DataFrame) -> Figure:
    """How often the player moving first won, per cell, with 95% intervals; 50% marked."""
    fig, (ax,) = _figure(len(table))
    labels = (table["side_a"].str.replace("|", " ", regex=False) + " vs "
              + table["side_b"].str.replace("|", " ", regex=False))
    y = np.arange(len(table))[::-1]
    ax.errorbar(table["first_win_rate"], y, xerr=_errors(table["first_win_rate"], table["ci_low"], table["ci_high"]),
                fmt="o", color="tab:green", capsize=3)
    ax.axvline(0.5, color="grey", lw=1, ls="--")
    ax.set_yticks(y, labels)
    ax.set_xlim(*zoom_limits(table["ci_low"], table["ci_high"]))
    ax.set_xlabel("share of games won by the player moving first (95% interval over seeds)")
    ax.set_title("First-player advantage")
    ax.grid(axis="x", alpha=0.3)
    return fig


def cards(table: pd.DataFrame, title: str = "Cards bought") -> Figure:
    """Per card: copies bought per seat-game (left) and the buyer's win rate with 95% interval (right,
    with the win rate of the seat-games without the card as a cross)."""
    t = table.sort_values("win_rate_when_bought", na_position="first").reset_index(drop=True)
    fig, (left, right) = _figure(len(t), width=11.0, ncols=2)
    y = np.arange(len(t))
    left.set_ylim(-0.7, len(t) - 0.3)
    left.barh(y, t["buy_rate"], color="tab:orange")
    left.set_yticks(y, t["card"])
    left.set_xlabel("copies bought per seat-game")
    left.set_title("Buy rate")
    left.grid(axis="x", alpha=0.3)
    bought = t["games_bought"] > 0
    right.errorbar(t.loc[bought, "win_rate_when_bought"], y[bought],
                   xerr=_errors(t.loc[bought, "win_rate_when_bought"], t.loc[bought, "ci_low"],
                                t.loc[bought, "ci_high"]),
                   fmt="o", color="tab:red", capsize=2, label="bought it")
    right.plot(t["win_rate_not_bought"], y, "x", color="grey", label="did not buy it")
    right.axvline(0.5, color="grey", lw=1, ls="--")
    right.set_xlim(0, 1)
    right.set_xlabel("win rate of the seat-games (95% interval)")
    right.set_title("Win rate when bought")
    right.legend(fontsize=8, loc="lower right")
    right.grid(axis="x", alpha=0.3)
    fig.suptitle(title)
    return fig


def comparisons(table: pd.DataFrame) -> Figure:
    """Paired differences A - B (points) with 95% intervals; each row's equivalence band shaded."""
    fig, (ax,) = _figure(len(table))
    y = np.arange(len(table))[::-1]
    diff = 100 * table["diff"].to_numpy(float)
    low, high = 100 * table["diff_ci_low"].to_numpy(float), 100 * table["diff_ci_high"].to_numpy(float)
    for yi, band in zip(y, 100 * table["band"].to_numpy(float)):
        ax.fill_betweenx([yi - 0.4, yi + 0.4], -band, band, color="tab:green", alpha=0.15, lw=0)
    ax.errorbar(diff, y, xerr=_errors(diff, low, high), fmt="o", color="tab:purple", capsize=3)
    ax.axvline(0, color="grey", lw=1)
    several = "source" in table.columns and table["source"].nunique() > 1
    labels = [f"{f'{r.source}: ' if several else ''}{r.faction}: {r.label_a} vs {r.label_b}" for r in table.itertuples()]
    ax.set_yticks(y, labels)
    ax.set_xlabel("score difference A - B in points (95% paired interval; shaded: equivalence band)")
    ax.set_title("Paired comparisons")
    ax.grid(axis="x", alpha=0.3)
    return fig


def impact_forest(table: pd.DataFrame, title: str = "Card impact") -> Figure:
    """Forest plot of card impact (``reports.impact.IMPACT_COLUMNS``, one side's rows): each card's effect in
    points with its 95% interval, the first rank at the top; shown cards filled, the others hollow."""
    fig, (ax,) = _figure(len(table))
    y = np.arange(len(table))[::-1]
    d = 100 * table["impact"].to_numpy(float)
    low, high = 100 * table["ci_low"].to_numpy(float), 100 * table["ci_high"].to_numpy(float)
    shown = (table["verdict"] == "shown").to_numpy()
    for mask, face in ((shown, "tab:red"), (~shown, "white")):
        if mask.any():
            ax.errorbar(d[mask], y[mask], xerr=_errors(d[mask], low[mask], high[mask]), fmt="o", color="tab:red",
                        mfc=face, capsize=3)
    ax.axvline(0, color="grey", lw=1)
    ax.set_yticks(y, [str(c) for c in table["card"]])
    ax.set_xlabel("impact in points of the side's score (95% paired interval; filled: shown after Holm)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return fig


def ratings(table: pd.DataFrame) -> Figure:
    """Tournament ratings (``reports.tournament.RATING_COLUMNS``) on the Elo scale with 95% intervals,
    strongest at the top; the field's mean (1500) marked."""
    fig, (ax,) = _figure(len(table))
    y = np.arange(len(table))[::-1]
    ax.errorbar(table["elo"], y, xerr=_errors(table["elo"], table["elo_ci_low"], table["elo_ci_high"]), fmt="o",
                color="tab:orange", ecolor="tab:orange", capsize=3)
    ax.axvline(1500, color="grey", lw=1, ls="--")
    ax.set_yticks(y, [f"{r.entry} ({r.source})" if "source" in table and table["source"].nunique() > 1
                      else str(r.entry) for r in table.itertuples()])
    ax.set_xlabel("Bradley-Terry rating, Elo scale (95% interval; 1500 = the field's mean)")
    ax.set_title("Tournament ratings")
    ax.grid(axis="x", alpha=0.3)
    return fig


def ladder(table: pd.DataFrame, title: str = "Skill ladder") -> Figure:
    """Each rung's score against the rung below (``reports.ladder.LADDER_COLUMNS``) with 95% intervals,
    the bottom pair first; 50% marked."""
    fig, (ax,) = _figure(len(table))
    y = np.arange(len(table))[::-1]
    ax.errorbar(table["score"], y, xerr=_errors(table["score"], table["score_ci_low"], table["score_ci_high"]),
                fmt="o", color="tab:blue", capsize=3)
    ax.axvline(0.5, color="grey", lw=1, ls="--")
    ax.set_yticks(y, [f"{r.rung} vs {r.below}" for r in table.itertuples()])
    ax.set_xlim(0, 1)
    ax.set_xlabel("score of the upper rung against the one below (win 1, draw ½; 95% interval over seeds)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return fig


def skill_finding(table: pd.DataFrame, title: str) -> Figure:
    """A finding against skill (``reports.skill_finding.SKILL_COLUMNS``): the subject's score at each rung,
    weakest left, with 95% interval bars; 50% (no lean) marked."""
    fig = Figure(figsize=(max(5.0, 1.6 + 1.3 * len(table)), 4.0), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    x = np.arange(len(table))
    ax.errorbar(x, table["score"], yerr=_errors(table["score"], table["ci_low"], table["ci_high"]), fmt="o-",
                color="tab:red", capsize=4)
    ax.axhline(0.5, color="grey", lw=1, ls="--")
    ax.set_xticks(x, [str(r) for r in table["rung"]])
    ax.set_xlabel("skill (both sides played by this rung), weakest left")
    ax.set_ylabel(f"{table['subject'].iloc[0]}'s score (95% interval)")
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    return fig
