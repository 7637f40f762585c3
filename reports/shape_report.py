"""The report's sections on why a side wins (docs/shape.md): per sweep the tempo curves of each match-up, the
comeback and decisive-round tables and what each card did (beside its impact where an impact table was given);
per comparison what moved, with the subject's tempo curve under A and under B.

Each ``*_sections`` function yields ``(Section, PNG name or None, Figure or None)`` as ``report_sections`` does.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from . import plots
from .moved import diff_text, value_text, what_moved
from .report_names import names_of
from .report_sections import Section, by_source, game_of, interval, percent, slug, sources

MOST_CELLS = 12          # tempo panels per figure
MOST_CARDS = 25          # cards per side in the play table
FEWEST_RUNNING = 0.05    # a curve is drawn while at least this share of its games (and 30) still run

TEMPO_WHY = ("Each side's mean lead (its standing minus the opponent's) after each round, over the games still "
             "running then, with its 95% interval over seeds (a seed: the two seat-swapped games): the side moving "
             "first, second, and both. A curve above 0 that falls is a side that leads early and is caught; the "
             "games still running late are the close ones. (docs/shape.md)")
COMEBACK_WHY = ("Comebacks: games won by the side behind at mid-game (after half the game's rounds), of those with "
                "a side behind then, with 95% intervals over seeds; each side's own beside it (side A: the side a "
                "match-up names first, when it was the one behind; side B: the other). The decisive round is the "
                "last lead change: the round the eventual leader took the lead for good.")
PLAYS_WHY = ("Per side and card: copies drawn and played per seat-game, copies drawn but not played (discarded, "
             "scrapped, left in hand), the share of seat-games it was played in, and the side's win rate in those "
             "games against the others (95% intervals over seeds). An association, not an effect: a side that is "
             "ahead plays more cards. The impact column, where an impact table was given, is the effect measured by "
             "restricted play on the same seeds.")
MOVED_WHY = ("Every measure whose paired difference A − B (95% interval over the seeds both settings share) is "
             "clear after Holm's correction over all the measures compared; the compare's <stem>_moved file holds "
             "every measure. The plot is the subject's mean lead after each round under A and under B.")


def _rate(x, lo, hi) -> str:
    """A share with its interval, or a dash where no game gives one."""
    return "—" if pd.isna(x) else f"{percent(x)} ({interval(lo, hi)})"


def _cell(r) -> str:
    same = r["variant"] == r["opponent_variant"]
    a = r["faction"] + ("" if same else f" {r['variant']}")
    b = r["opponent_faction"] + ("" if same else f" {r['opponent_variant']}")
    text = f"{a} vs {b}" + (f" ({r['variant']})" if same and str(r["variant"]) else "")
    if str(r.get("difficulty", "")).strip():
        text += f" {r['difficulty']}"
    return text


def _ci(x, lo, hi, digits: int = 1) -> str:
    if pd.isna(x):
        return ""
    return f"{x:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def shape_sections(shape: pd.DataFrame, tempo: pd.DataFrame, decisive: pd.DataFrame, games: dict):
    """Per sweep and mode: its tempo curves (a panel per match-up, side A's lead), the comeback table and the
    decisive-round table."""
    several = len(sources(shape)) > 1
    for source, suffix, table in by_source(shape):
        game = game_of(table, games, source)
        names = names_of(game)
        modes = list(dict.fromkeys(table["mode"].astype(str)))
        for mode in modes:
            part = table[table["mode"].astype(str) == mode]
            tag = suffix + (f"_{slug(mode)}" if len(modes) > 1 else "")
            yield from _mode_sections(part, _of(tempo, source, mode), _of(decisive, source, mode), names, mode,
                                      source if several else "", tag)


def _of(table: pd.DataFrame, source: str, mode: str) -> pd.DataFrame:
    if table.empty:
        return table
    return table[(table["source"] == source) & (table["mode"].astype(str) == mode)]


def _mode_sections(table, curves, spread, names, mode: str, source: str, suffix: str):
    standing = str(table["standing"].iloc[0])
    where = names.where(mode, source)
    if not curves.empty:
        fig = tempo_figure(curves, table, f"Mean lead by round ({standing}): {where}" if where else
                           f"Mean lead by round ({standing})")
        section = Section(names.heading("Tempo", "who leads, round by round?", mode, source),
                          notes=[f"Standing: {standing}. " + TEMPO_WHY], mode=mode)
        yield section, f"tempo{suffix}.png", fig
    rows = pd.DataFrame({
        "match-up": [_cell(r) for _, r in table.iterrows()], "games": table["games"],
        "rounds": [_ci(*r) for r in zip(table["mean_rounds"], table["rounds_low"], table["rounds_high"])],
        "lead changes": [_ci(*r, digits=2) for r in zip(table["mean_lead_changes"], table["lead_changes_low"],
                                                         table["lead_changes_high"])],
        "comebacks": [_rate(*r) for r in zip(table["comeback_rate"], table["comeback_low"],
                                             table["comeback_high"])],
        "of games a side trailed at mid-game": table["comeback_games"],
        "side A came back": [_rate(*r) for r in zip(table["comeback_a_rate"], table["comeback_a_low"],
                                                    table["comeback_a_high"])],
        "side B came back": [_rate(*r) for r in zip(table["comeback_b_rate"], table["comeback_b_low"],
                                                    table["comeback_b_high"])],
        "winner's largest deficit": [_ci(*r) for r in zip(table["mean_winner_deficit"], table["winner_deficit_low"],
                                                          table["winner_deficit_high"])],
        "drama": [_ci(*r) for r in zip(table["mean_drama"], table["drama_low"], table["drama_high"])]})
    yield (Section(names.heading("Comebacks", "does the side behind at mid-game come back?", mode, source),
                   notes=[COMEBACK_WHY], table=rows, mode=mode), None, None)
    yield (Section(names.heading("Decisive round", "when is a game decided?", mode, source), notes=[
        "The round of the last lead change (0: nobody ever led): its mean with its 95% interval over seeds, and the "
        "rounds by which a quarter, half and three quarters of the games were decided."],
        table=decisive_table(table, spread), mode=mode), None, None)


def decisive_table(shape: pd.DataFrame, spread: pd.DataFrame) -> pd.DataFrame:
    keys = ["mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty"]
    rows = []
    for _, r in shape.iterrows():
        mine = spread
        for k in keys:
            if k in spread.columns:
                mine = mine[mine[k].astype(str) == str(r[k])]
        quart = _quartiles(mine)
        rows.append({"match-up": _cell(r), "mean decisive round": _ci(r["mean_decisive_round"],
                                                                       r["decisive_round_low"],
                                                                       r["decisive_round_high"]),
                     "25% decided by": quart[0], "half by": quart[1], "75% by": quart[2]})
    return pd.DataFrame(rows)


def _quartiles(spread: pd.DataFrame) -> list:
    if spread.empty:
        return ["", "", ""]
    order = spread.sort_values("decisive_round")
    share = order["games"].cumsum() / order["games"].sum()
    rounds = order["decisive_round"].to_numpy()
    return [f"round {int(rounds[np.searchsorted(share.to_numpy(), q)])}" for q in (0.25, 0.5, 0.75)]


def tempo_figure(curves: pd.DataFrame, shape: pd.DataFrame, title: str):
    """A panel per match-up (side A's lead: the cell's first side), a line per seat with its interval band."""
    cells = shape.head(MOST_CELLS)
    fig, axes = plots.panel_grid(len(cells))
    keys = ["mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty"]
    for ax, (_, r) in zip(axes, cells.iterrows()):
        mine = curves
        for k in keys:
            if k in curves.columns:
                mine = mine[mine[k].astype(str) == str(r[k])]
        mine = mine[mine["side"].astype(str) == str(r["faction"])]
        for seat, color in (("first", "tab:blue"), ("second", "tab:orange"), ("both", "black")):
            line = mine[mine["seat"] == seat].sort_values("round")
            if not line.empty:
                line = line[line["games"] >= max(30, FEWEST_RUNNING * line["games"].max())]
            if line.empty:
                continue
            ax.plot(line["round"], line["mean_lead"], color=color, lw=1.5 if seat == "both" else 1,
                    label=f"{r['faction']} {'moving ' + seat if seat != 'both' else 'both seats'}")
            ax.fill_between(line["round"], line["ci_low"], line["ci_high"], color=color, alpha=0.12, lw=0)
        ax.axhline(0, color="grey", lw=0.8, ls="--")
        ax.set_title(_cell(r), fontsize=9)
        ax.set_xlabel("round", fontsize=8)
        ax.set_ylabel(f"{r['faction']}'s lead", fontsize=8)
        if ax.get_legend_handles_labels()[0]:     # a match-up too short to draw has no line
            ax.legend(fontsize=7, loc="best")
    fig.suptitle(title)
    return fig


def plays_sections(plays: pd.DataFrame, impact: pd.DataFrame, games: dict):
    """Per sweep: what each card did, per side (the cards played most first), beside its impact where given."""
    for source, suffix, table in by_source(plays):
        game = game_of(table, games, source)
        names = names_of(game)
        shown = []
        for side, part in table.groupby("faction", sort=False):
            part = part[(part["times_played"] > 0) | (part["times_drawn"] > 0) | (part["times_bought"] > 0)]
            part = part.assign(_per=part["times_played"] / part["seat_games"].clip(lower=1)).sort_values(
                "_per", ascending=False).head(MOST_CARDS)
            for _, r in part.iterrows():
                row = {"side": side, "card": r["card"],
                       "bought / game": f"{r['times_bought'] / max(r['seat_games'], 1):.2f}",
                       "drawn / game": f"{r['times_drawn'] / max(r['seat_games'], 1):.2f}",
                       "played / game": f"{r['times_played'] / max(r['seat_games'], 1):.2f}",
                       "drawn, not played / game": f"{r['drawn_not_played'] / max(r['seat_games'], 1):.2f}",
                       "played in": percent(r["play_rate"]),
                       "win rate when played": _rate(r["win_rate_when_played"], r["played_ci_low"],
                                                     r["played_ci_high"]),
                       "when not": _rate(r["win_rate_not_played"], r["not_played_ci_low"], r["not_played_ci_high"])}
                effect = _impact_of(impact, side, r["card"])
                if effect is not None:
                    row["impact (restricted play)"] = effect
                shown.append(row)
        if not shown:
            continue
        frame = pd.DataFrame(shown)
        if "impact (restricted play)" in frame.columns:
            frame["impact (restricted play)"] = frame["impact (restricted play)"].fillna("")
        yield Section(names.heading("Cards in play", "what does each card do once drawn? (an association)",
                                    source=source if len(sources(plays)) > 1 else ""),
                      notes=[PLAYS_WHY], table=frame), None, None


def _impact_of(impact: pd.DataFrame, side: str, card: str) -> str | None:
    """The card's impact for ``side`` (its ban, in points with the interval) from an impact table, if any."""
    if impact is None or impact.empty:
        return None
    rows = impact[(impact["card"] == card) & (impact["measure"] == "ban")]
    if rows.empty:
        return None
    own = rows[rows["side"].astype(str).str.contains(str(side), regex=False)]
    r = (own if not own.empty else rows).iloc[0]
    if pd.isna(r["impact"]):
        return ""
    return f"{100 * r['impact']:+.1f} [{100 * r['ci_low']:+.1f}, {100 * r['ci_high']:+.1f}] ({r['side']})"


def moved_sections(moved: pd.DataFrame, compare: pd.DataFrame, games: dict):
    """Per comparison: "What moved" (the clear measures) and the subject's tempo curve under A and B."""
    for source, suffix, table in by_source(moved):
        game = game_of(compare[compare["source"] == source] if not compare.empty else table, games, source)
        names = names_of(game)
        labels = compare[compare["source"] == source].iloc[0] if not compare.empty and \
            (compare["source"] == source).any() else None
        a_label = labels["label_a"] if labels is not None else "A"
        b_label = labels["label_b"] if labels is not None else "B"
        clear = what_moved(table)
        family = int((table["kind"] != "tempo").sum())
        rows = pd.DataFrame({"measure": [r["measure"] if not r["card"] else f"{r['card']}: {r['measure']}"
                                         + (" (edited)" if bool(r["edited"]) else "") for _, r in clear.iterrows()],
                             "A → B": [value_text(r) for _, r in clear.iterrows()],
                             "A − B": [diff_text(r) for _, r in clear.iterrows()],
                             "Holm p": [f"{p:.2g}" for p in clear["p_holm"]]})
        notes = [MOVED_WHY, f"A: {a_label}; B: {b_label}; {family} measures compared, {len(clear)} clear."]
        curve = table[table["kind"] == "tempo"]
        where = names.where(source=source if len(sources(moved)) > 1 else "")
        figure = moved_tempo_figure(curve, a_label, b_label, "Subject's lead by round, A and B"
                                    + (f": {where}" if where else "")) if not curve.empty else None
        heading = names.heading("What moved", "what did the edit change?",
                                source=source if len(sources(moved)) > 1 else "")
        yield (Section(heading, notes=notes, table=rows if len(rows) else None),
               f"moved_tempo{suffix}.png" if figure is not None else None, figure)


def moved_tempo_figure(curve: pd.DataFrame, a_label: str, b_label: str, title: str):
    if "games_a" in curve.columns and len(curve):
        least = max(30, FEWEST_RUNNING * max(curve["games_a"].max(), curve["games_b"].max()))
        curve = curve[(curve["games_a"] >= least) & (curve["games_b"] >= least)]
    rounds = curve["measure"].str.extract(r"round (\d+)")[0].astype(int).to_numpy()
    fig, (ax,) = plots._figure(min_height=3.5)
    for side, label, color in (("a", a_label, "tab:blue"), ("b", b_label, "tab:red")):
        y = curve[side].to_numpy(float)
        ok = np.isfinite(y)
        ax.plot(rounds[ok], y[ok], color=color, label=f"{side.upper()}: {label}")
        ax.fill_between(rounds[ok], curve[f"{side}_ci_low"].to_numpy(float)[ok],
                        curve[f"{side}_ci_high"].to_numpy(float)[ok], color=color, alpha=0.15, lw=0)
    ax.axhline(0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("round")
    ax.set_ylabel("subject's mean lead (95% interval over seeds)")
    ax.legend(fontsize=8)
    ax.set_title(title)
    return fig
