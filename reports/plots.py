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


def panel_grid(n: int, ncols: int = 3, width: float = WIDTH) -> tuple[Figure, list]:
    """A figure of ``n`` small panels, ``ncols`` to a row (the ones left over hidden)."""
    cols = max(1, min(ncols, n))
    rows = -(-max(n, 1) // cols)
    fig = Figure(figsize=(width, 2.8 * rows + 0.6), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(rows, cols, squeeze=False).ravel()
    for ax in axes[n:]:
        ax.set_visible(False)
    return fig, list(axes[:n])


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


def win_rates(table: pd.DataFrame, title: str = "Win rate per cell") -> Figure:
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
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return fig


def heatmap_panels(panels: list[tuple[str, pd.DataFrame]], title: str, spread: float = 0.25,
                   label: str = "win rate of the row") -> Figure:
    """One mode's heat map (``report_data.heatmap_panels``): each panel a matrix with its own axes and values
    written in, side by side, one colour scale (50% - ``spread`` red, 50% white, 50% + ``spread`` blue)."""
    rows = max(t.shape[0] for _, t in panels)
    widths = [max(2.2, 1.0 + 1.1 * t.shape[1]) for _, t in panels]
    fig = Figure(figsize=(max(5.0, sum(widths) + 2.5), max(3.2, 1.8 + 0.5 * rows)), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(panels), squeeze=False, gridspec_kw={"width_ratios": widths})[0]
    image = None
    for ax, (name, table) in zip(axes, panels):
        image = _draw_matrix(ax, table, spread)
        if name:
            ax.set_title(name, fontsize=10)
    fig.colorbar(image, ax=list(axes), label=label)
    fig.suptitle(title)
    return fig


def _draw_matrix(ax, table: pd.DataFrame, spread: float):
    values = table.to_numpy(dtype=float)
    image = ax.imshow(values, cmap="RdBu", vmin=0.5 - spread, vmax=0.5 + spread, aspect="auto")
    ax.set_xticks(range(table.shape[1]), [str(c) for c in table.columns], rotation=30 if table.shape[1] > 3 else 0,
                  ha="right" if table.shape[1] > 3 else "center")
    ax.set_yticks(range(table.shape[0]), [str(r) for r in table.index])
    ax.set_xlabel(table.columns.name or "")
    ax.set_ylabel(table.index.name or "")
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            text = "—" if np.isnan(values[i, j]) else f"{values[i, j]:.1%}"
            dark = not np.isnan(values[i, j]) and abs(values[i, j] - 0.5) > 0.6 * spread
            ax.text(j, i, text, ha="center", va="center", fontsize=10, color="white" if dark else "black")
    return image


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


def game_lengths(table: pd.DataFrame, max_cells: int = 8, bins: int = 40, title: str = "Game length distribution"
                 ) -> Figure:
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
    ax.set_title(title)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return fig


def mean_turns(table: pd.DataFrame, title: str = "Mean game length per cell") -> Figure:
    """Mean game length per cell (aggregates only: no distribution available)."""
    fig, (ax,) = _figure(len(table))
    y = np.arange(len(table))[::-1]
    ax.barh(y, table["mean_turns"], color="tab:gray")
    ax.set_yticks(y, table["cell"])
    ax.set_xlabel("mean game length (player-turns)")
    ax.set_title(f"{title} (aggregates only: no per-game data given)")
    ax.grid(axis="x", alpha=0.3)
    return fig


def first_player(table: pd.DataFrame, title: str = "First-player advantage") -> Figure:
    """How often the player moving first won, per cell, with 95% intervals; 50% marked."""
    fig, (ax,) = _figure(len(table))
    labels = [a.replace("|", " ") + (f" vs {b.replace('|', ' ')}" if b else "")
              for a, b in zip(table["side_a"], table["side_b"].fillna("").astype(str))]
    y = np.arange(len(table))[::-1]
    ax.errorbar(table["first_win_rate"], y, xerr=_errors(table["first_win_rate"], table["ci_low"], table["ci_high"]),
                fmt="o", color="tab:green", capsize=3)
    ax.axvline(0.5, color="grey", lw=1, ls="--")
    ax.set_yticks(y, labels)
    ax.set_xlim(*zoom_limits(table["ci_low"], table["ci_high"]))
    ax.set_xlabel("share of games won by the player moving first (95% interval over seeds)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return fig


PANEL_ROWS = 25     # cards per panel of a card plot: a taller panel puts its axis out of sight of its top rows


def panel_slices(n: int, most: int = PANEL_ROWS) -> list[slice]:
    """``n`` rows in the fewest panels of at most ``most`` rows, as even as they come."""
    panels = max(1, -(-n // most))
    size = -(-n // panels) if n else 0
    return [slice(i, min(n, i + size)) for i in range(0, n, size)] if n else [slice(0, 0)]


def _panel_figure(parts: list[slice], ncols: int, width: float) -> tuple[Figure, np.ndarray]:
    rows = max(s.stop - s.start for s in parts)
    fig = Figure(figsize=(width, len(parts) * max(2.0, 1.3 + ROW_HEIGHT * rows)), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig, fig.subplots(len(parts), ncols, squeeze=False)


def card_names(table: pd.DataFrame, costs: dict[str, str] | None = None) -> list[str]:
    """Each card's name with its cost beside it ("Railgun (5 credit, 2 power)") where known."""
    costs = costs or {}
    return [f"{c} ({costs[c]})" if costs.get(c) else str(c) for c in table["card"]]


def cards(table: pd.DataFrame, title: str = "Cards bought", costs: dict[str, str] | None = None) -> Figure:
    """Per card: copies bought per seat-game (left) and the buyer's win rate with 95% interval (right, with the
    win rate of the seat-games without the card as a cross), sorted by the gap between the two (the association
    the plot shows: largest first), in panels of at most ``PANEL_ROWS`` cards, each with its own axes; each
    card's cost beside its name (``costs``)."""
    gap = table["win_rate_when_bought"] - table["win_rate_not_bought"]
    t = table.assign(_gap=gap).sort_values("_gap", ascending=False, na_position="last").reset_index(drop=True)
    labels = card_names(t, costs)
    parts = panel_slices(len(t))
    fig, axes = _panel_figure(parts, 2, 11.0)
    buy_max = float(np.nanmax(t["buy_rate"], initial=0.0)) * 1.05 or 1.0
    for (left, right), part in zip(axes, parts):
        p = t.iloc[part]
        y = np.arange(len(p))[::-1]
        left.barh(y, p["buy_rate"], color="tab:orange")
        left.set_yticks(y, labels[part])
        left.set_ylim(-0.7, len(p) - 0.3)
        left.set_xlim(0, buy_max)
        left.set_xlabel("copies bought per seat-game")
        left.set_title("Buy rate", fontsize=10)
        left.grid(axis="x", alpha=0.3)
        bought = (p["games_bought"] > 0).to_numpy()
        right.errorbar(p["win_rate_when_bought"].to_numpy()[bought], y[bought],
                       xerr=_errors(p["win_rate_when_bought"].to_numpy()[bought], p["ci_low"].to_numpy()[bought],
                                    p["ci_high"].to_numpy()[bought]),
                       fmt="o", color="tab:red", capsize=2, label="bought it")
        right.plot(p["win_rate_not_bought"], y, "x", color="grey", label="did not buy it")
        right.axvline(0.5, color="grey", lw=1, ls="--")
        right.set_xlim(0, 1)
        right.set_ylim(-0.7, len(p) - 0.3)
        right.set_yticks(y, [""] * len(p))
        right.set_xlabel("win rate of the seat-games (95% interval)")
        right.set_title("Win rate when bought (largest gap first)", fontsize=10)
        right.legend(fontsize=8, loc="lower right")
        right.grid(axis="x", alpha=0.3)
    fig.suptitle(title)
    return fig


def comparisons(table: pd.DataFrame, title: str = "Paired comparisons") -> Figure:
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
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return fig


def impact_forest(table: pd.DataFrame, title: str = "Card impact", costs: dict[str, str] | None = None,
                  sides: pd.DataFrame | None = None) -> Figure:
    """Forest plot of card impact (``reports.impact.IMPACT_COLUMNS``, the "both" rows): each card's effect in
    points with its 95% interval, the largest at the top, in panels of at most ``PANEL_ROWS`` cards each with its
    own axis (one scale for all); shown cards filled, the others hollow; each card's cost beside its name
    (``costs``). ``sides``: the side rows of the cards whose sides pull opposite ways, drawn beside their "both"
    (a triangle per side, named in the legend): their "both" is never drawn alone."""
    t = table.sort_values("impact", ascending=False, kind="stable").reset_index(drop=True)
    labels = card_names(t, costs)
    parts = panel_slices(len(t))
    fig, axes = _panel_figure(parts, 1, WIDTH)
    values = [100 * t[c].to_numpy(float) for c in ("impact", "ci_low", "ci_high")]
    if sides is not None and not sides.empty:
        values += [100 * sides[c].to_numpy(float) for c in ("ci_low", "ci_high")]
    finite = np.concatenate([v[np.isfinite(v)] for v in values] + [np.zeros(1)])
    pad = max(1.0, 0.05 * (finite.max() - finite.min()))
    markers = ("^", "v", "s", "D")
    side_names = list(dict.fromkeys(sides["side"])) if sides is not None and not sides.empty else []
    for (ax,), part in zip(axes, parts):
        p = t.iloc[part]
        y = np.arange(len(p))[::-1].astype(float)
        d = 100 * p["impact"].to_numpy(float)
        low, high = 100 * p["ci_low"].to_numpy(float), 100 * p["ci_high"].to_numpy(float)
        shown = (p["verdict"] == "shown").to_numpy()
        for mask, face in ((shown, "tab:red"), (~shown, "white")):
            if mask.any():
                ax.errorbar(d[mask], y[mask], xerr=_errors(d[mask], low[mask], high[mask]), fmt="o", color="tab:red",
                            mfc=face, capsize=3, label="both sides" if face == "tab:red" else None)
        for k, side in enumerate(side_names):
            s = sides[(sides["side"] == side) & sides["card"].isin(p["card"]) & sides["measure"].isin(p["measure"])]
            if s.empty:
                continue
            shift = 0.3 if len(side_names) == 1 else 0.3 - 0.6 * k / (len(side_names) - 1)   # around the card's row
            at = np.array([y[list(p["card"]).index(c)] for c in s["card"]]) + shift
            sd = 100 * s["impact"].to_numpy(float)
            ax.errorbar(sd, at, xerr=_errors(sd, 100 * s["ci_low"].to_numpy(float), 100 * s["ci_high"].to_numpy(float)),
                        fmt=markers[k % len(markers)], color="tab:blue", capsize=2, ms=5, label=f"{side} alone")
        ax.axvline(0, color="grey", lw=1)
        ax.set_yticks(y, labels[part])
        ax.set_xlim(finite.min() - pad, finite.max() + pad)
        ax.set_xlabel("impact in points of the side's score (95% paired interval; filled: shown after Holm)")
        ax.grid(axis="x", alpha=0.3)
        if side_names:
            ax.legend(fontsize=8, loc="lower right")
    fig.suptitle(title, wrap=True)
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
