"""The report's sections of a metagame (``commandsim metagame``'s three files): the match-up's value against
50% with each side's mix and the matrix as a heat map, and the symmetric metagame's mix, alpha-Rank graph and
cycles; and its sentence of the Findings.

Each ``*_sections`` function yields ``(Section, PNG name or None, Figure or None)`` as ``report_sections`` does.
The alpha-Rank graph is drawn from the files alone: the symmetric metagame's cells (the matrix file) ranked again
with the run's ``alpha`` and ``population`` (the value file), which gives the same masses the run wrote.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from . import alpharank as ar
from . import metagame_text as mt
from . import plots
from .report_names import names_of
from .report_sections import Section, game_of, slug, sources

WHY = ("Every entry of one side played every entry of the other on the same seeds, each seed in both seat orders; "
       "the zero-sum game of the first side's score (win 1, draw ½) is solved by linear programming. The value is "
       "that side's score when both sides play their equilibrium mixes; its interval, each weight's and each "
       "alpha-Rank mass's come from a bootstrap over the seeds (the seed is the unit); a strategy is in the support "
       "only when its weight's interval excludes 0.")


def _part(table: pd.DataFrame, source: str) -> pd.DataFrame:
    return table[table["source"] == source] if not table.empty else table


def _mix_table(mixes: pd.DataFrame, part: str) -> pd.DataFrame:
    m = mixes[mixes["part"] == part]
    return pd.DataFrame({
        "side": m["side"], "strategy": m["strategy"],
        "weight [interval]": [f"{w:.1%} [{lo:.1%}, {hi:.1%}]" for w, lo, hi in
                              zip(m["weight"], m["weight_ci_low"], m["weight_ci_high"])],
        "in the support": ["yes" if str(x).lower() == "true" else "" for x in m["in_support"]],
        "score against the mix": m["payoff"].map(lambda x: f"{x:.1%}"),
        "alpha-Rank [interval]": [f"{a:.1%} [{lo:.1%}, {hi:.1%}]" for a, lo, hi in
                                  zip(m["alpharank"], m["alpharank_ci_low"], m["alpharank_ci_high"])]})


def metagame_sections(matrix: pd.DataFrame, mixes: pd.DataFrame, value: pd.DataFrame, games: dict):
    """For each metagame: the match-up (value, mixes, heat map) and the symmetric metagame (mix, alpha-Rank graph,
    cycles), each from the files given."""
    names_ = list(dict.fromkeys([*sources(matrix), *sources(mixes), *sources(value)]))
    for source in names_:
        suffix = "" if len(names_) == 1 else f"_{slug(source)}"
        m, x, v = _part(matrix, source), _part(mixes, source), _part(value, source)
        names = names_of(game_of(next(t for t in (m, x, v) if not t.empty), games, source))
        shown = source if len(names_) > 1 else ""
        notes = [WHY]
        row = v[v["part"] == "matchup"].iloc[0] if not v.empty and (v["part"] == "matchup").any() else None
        if row is not None:
            notes += [mt.value_sentence(row),
                      f"Without mixing, {row['side_a']} guarantees {row['maximin']:.1%} and {row['side_b']} holds it "
                      f"to {row['minimax']:.1%}" + (f": a saddle point, {row['saddle']}." if row["saddle"] else "."),
                      mt.exploitability_sentence(row)]
        figure = name = None
        if not m.empty and (m["part"] == "matchup").any():
            g = mt.grid(m, "matchup")
            figure = plots.heatmap(g, f"Metagame: {g.index.name}'s score (row) against {g.columns.name}",
                                   spread=0.5, label="score (win 1, draw ½)")
            name = f"metagame{suffix}.png"
        table = _mix_table(x, "matchup") if not x.empty else None
        yield (Section(names.heading("Metagame", "who wins when both sides play their best mix?", source=shown),
                       notes=notes, table=table), name, figure)
        srow = v[v["part"] == "symmetric"].iloc[0] if not v.empty and (v["part"] == "symmetric").any() else None
        if x.empty and m.empty:
            continue
        notes = ["Each player chooses a side and a strategy and meets a player who chose the same way; two entries "
                 "that cannot meet (a mirror the rules forbid) count ½, neither winning. The game is symmetric, so its "
                 "value is ½: what it tells is which entries players would settle on."]
        if not x.empty:
            notes.append(f"Players would settle on: {mt.support_text(x, 'symmetric')}.")
        figure = name = None
        if srow is not None:
            notes.append(f"alpha-Rank (Omidshafiei et al. 2019) with ranking intensity alpha = {float(srow['alpha']):g} "
                         f"and population m = {int(srow['population'])}: each entry's mass in the stationary "
                         f"distribution of the evolutionary process; an arrow s → t where a t mutant in a population "
                         f"of s fixates more often than a neutral one (ρ > 1/m).")
            notes.append(mt.cycles_sentence(srow))
            if not m.empty and (m["part"] == "symmetric").any():
                figure = alpharank_graph(mt.grid(m, "symmetric"), float(srow["alpha"]), int(srow["population"]),
                                         f"alpha-Rank of the symmetric metagame{f' ({shown})' if shown else ''}")
                name = f"alpharank{suffix}.png"
        yield (Section(names.heading("Symmetric metagame", "which entries would players settle on?", source=shown),
                       notes=notes, table=_mix_table(x, "symmetric") if not x.empty else None), name, figure)


def metagame_findings(value: pd.DataFrame, mixes: pd.DataFrame, games: dict) -> list:
    out = []
    names_ = sources(value)
    for source in names_:
        v, x = _part(value, source), _part(mixes, source)
        if not (v["part"] == "matchup").any():
            continue
        where = names_of(game_of(v, games, source)).where(source=source if len(names_) > 1 else "")
        if x.empty:
            x = pd.DataFrame(columns=["part", "side", "strategy", "weight", "weight_ci_low", "weight_ci_high",
                                      "in_support"])
        out.append((f"Metagame{f' ({where})' if where else ''}", [(mt.finding_line(v, x), "")]))
    return out


def alpharank_graph(grid: pd.DataFrame, alpha: float, population: int, title: str) -> Figure:
    """The symmetric metagame's alpha-Rank: entries on a circle, each marked by its mass, an arrow s -> t where a t
    mutant fixates in a population of s more often than a neutral one (``AlphaRank.favoured``)."""
    M = grid.to_numpy(dtype=float)
    M = np.where(np.isnan(M), 0.5, M)      # the diagonal and the pairs that cannot meet: ½
    rank = ar.single_population(M, alpha, population)
    n = len(M)
    fig = Figure(figsize=(7.5, 7.0), dpi=plots.DPI, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    angle = np.pi / 2 - 2 * np.pi * np.arange(n) / n
    xy = np.column_stack([np.cos(angle), np.sin(angle)])
    favoured = rank.favoured()
    for s in range(n):
        for t in range(n):
            if favoured[s, t]:
                width = 0.5 + 2.5 * min(1.0, rank.rho[s, t])
                ax.add_patch(FancyArrowPatch(xy[s], xy[t], arrowstyle="-|>", mutation_scale=12, lw=width,
                                             color="tab:grey", alpha=0.6, shrinkA=18, shrinkB=18,
                                             connectionstyle="arc3,rad=0.08"))
    sizes = 200 + 1600 * rank.pi
    points = ax.scatter(xy[:, 0], xy[:, 1], s=sizes, c=rank.pi, cmap="Blues", vmin=0, vmax=max(rank.pi.max(), 1e-9),
                        edgecolors="black", zorder=3)
    for k, label in enumerate(grid.index):
        ax.annotate(f"{label}\n{rank.pi[k]:.1%}", xy[k] * 1.32, ha="center", va="center", fontsize=9)
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.5, 1.5)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.colorbar(points, ax=ax, label="alpha-Rank mass", shrink=0.6)
    ax.set_title(f"{title}\nalpha = {alpha:g}, m = {population}; arrow s → t: t's mutants fixate among s (ρ > 1/m)")
    return fig
