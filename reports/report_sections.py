"""The report's sections of every table that is not a sweep's: paired comparisons, card impact, tournaments,
skill ladders, findings against skill and advice, each headed with its game and the question it answers
(``report_names``), with its own findings (the sentences the report opens with).

Each ``*_sections`` function yields ``(Section, PNG name or None, Figure or None)``; each ``*_findings`` returns
``[(heading, [(text, mode)])]``: the groups of the report's Findings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pandas as pd

from . import compare as cmp_
from . import plots
from . import report_games as rg
from . import tournament as tour
from .impact import BOTH, split_cards, sides_text
from .report_names import names_of


@dataclass
class Section:
    title: str
    image: str | None = None           # PNG file name, a key of Report.images
    notes: list[str] = field(default_factory=list)
    table: pd.DataFrame | None = None  # shown under the plot (a table the reader may sort)
    items: list[str] = field(default_factory=list)   # a list of statements (the Findings), every group's
    groups: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)  # (heading, [(text, mode)])
    mode: str = ""                     # the game's mode the section is of ("" when none or several)


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_") or "results"


def percent(x) -> str:
    return "" if pd.isna(x) else f"{x:.1%}"


def interval(lo, hi) -> str:
    return "" if pd.isna(lo) else f"{lo:.1%} – {hi:.1%}"


def sources(table: pd.DataFrame) -> list[str]:
    return list(dict.fromkeys(table["source"])) if "source" in table.columns and not table.empty else []


def by_source(table: pd.DataFrame):
    """(source, PNG suffix, its rows) per file of ``table``."""
    names = sources(table)
    for source in names:
        yield source, ("" if len(names) == 1 else f"_{slug(source)}"), table[table["source"] == source]


def game_of(table: pd.DataFrame, games: dict, source: str) -> str | None:
    return games.get(source) or rg.game_of_table(table)


def _where(game: str | None, source: str, several: bool) -> str:
    return names_of(game).where(source=source if several else "")


# ---- paired comparisons

COMPARE_WHY = ("A and B on the same seeds, each seed with the subject first and second. The difference is the mean "
               "per-seed score difference (win 1, draw ½) with its 95% paired interval (a sequential run's: the "
               "last look's repeated 95% interval). The verdict is on A against B, not on the subject side: 'even "
               "within ±b points' when the interval lies inside the band; 'favours X' when it lies entirely on X's "
               "side of 0 (and not inside the band); otherwise 'not enough games to tell'.")


def compare_sections(cmp: pd.DataFrame, games: dict):
    if cmp.empty:
        return
    several = cmp["source"].nunique() > 1
    shown = pd.DataFrame({
        **({"file": cmp["source"]} if several else {}),   # two compares told apart
        "seen from": cmp["faction"], "vs": cmp["opponent_faction"] + " " + cmp["opponent_variant"],
        "A": cmp["label_a"], "B": cmp["label_b"],
        **({"edit (as the cards read)": [cmp_.edit_text(r) or "—" for _, r in cmp.iterrows()]}
           if any(cmp_.edit_text(r) for _, r in cmp.iterrows()) else {}),
        **({"design": [cmp_.design_text(r) or "fixed size" for _, r in cmp.iterrows()]}
           if any(cmp_.design_text(r) for _, r in cmp.iterrows()) else {}),
        "games per setting": cmp["games"],
        "win rate A": [f"{percent(r)} ({interval(lo, hi)})"
                       for r, lo, hi in zip(cmp["win_rate_a"], cmp["ci_low_a"], cmp["ci_high_a"])],
        "win rate B": [f"{percent(r)} ({interval(lo, hi)})"
                       for r, lo, hi in zip(cmp["win_rate_b"], cmp["ci_low_b"], cmp["ci_high_b"])],
        "A − B (points)": [f"{100 * d:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]"
                           for d, lo, hi in zip(cmp["diff"], cmp["diff_ci_low"], cmp["diff_ci_high"])],
        "band": [f"±{100 * b:.1f}" for b in cmp["band"]],
        "verdict on A against B": [cmp_.shown_verdict(r) for _, r in cmp.iterrows()]})
    known = {game_of(part, games, s) for s, _, part in by_source(cmp)}
    game = known.pop() if len(known) == 1 else None
    title = names_of(game).heading("Paired comparisons", "is A better than B?")
    yield Section(title, notes=[COMPARE_WHY], table=shown), "compare.png", plots.comparisons(cmp, title)


def compare_findings(cmp: pd.DataFrame, games: dict) -> list:
    if cmp.empty:
        return []
    groups: dict[str, list] = {}
    for (_, r), line in zip(cmp.iterrows(), cmp_.finding_lines(cmp)):   # each file named when there are several
        where = names_of(game_of(cmp[cmp["source"] == r["source"]], games, r["source"])).where()
        groups.setdefault(f"Paired comparisons{f' ({where})' if where else ''}", []).append((line, ""))
    return list(groups.items())


# ---- card impact

IMPACT_WHY = ("Impact and the buyers' win rate differ because the buyers' win rate also measures who buys a card: "
              "players who are ahead have more to spend and buy the dear cards, so a mediocre dear card looks "
              "strong and a cheap card that wins games looks weak; a ban on the same seeds changes only the card.")


def _pts(d, lo, hi) -> str:
    return f"{100 * d:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def impact_sections(impact: pd.DataFrame, games: dict):
    """Per impact table and measure: a forest plot of each card's effect with its 95% interval (both sides; a card
    whose sides pull opposite ways with each side beside it), and the table with the buyers' win rate."""
    if impact.empty:
        return
    several = impact["source"].nunique() > 1
    for source, suffix, table in by_source(impact):
        game = game_of(table, games, source)
        names = names_of(game)
        costs = rg.card_costs(game)
        split = split_cards(table)
        for measure in dict.fromkeys(table["measure"]):
            part = table[table["measure"] == measure]
            rows = part[part["side"] == BOTH].sort_values("impact", ascending=False, kind="stable")
            sides = [s for (c, m), s in split.items() if m == measure]
            side_rows = pd.concat(sides) if sides else part.iloc[:0]
            # each card's "both" row, and beneath it its sides' rows when they pull opposite ways
            listed = pd.concat([frame for _, r in rows.iterrows()
                                for frame in (r.to_frame().T, split.get((r["card"], measure)))
                                if frame is not None], ignore_index=True)
            what = "banned" if measure == "ban" else "forced (bought whenever affordable)"
            shown = pd.DataFrame({
                "rank": listed["rank"], "card": listed["card"],
                **({"cost": [costs.get(c, "") for c in listed["card"]]} if costs else {}),
                "side": listed["side"],
                "impact (points)": [_pts(d, lo, hi) for d, lo, hi in
                                    zip(listed["impact"], listed["ci_low"], listed["ci_high"])],
                "n": listed["n"],
                "verdict": [v + (" (sides pull opposite ways: read each side's row)"
                                 if s == BOTH and (c, m) in split else "")
                            for v, s, c, m in zip(listed["verdict"], listed["side"], listed["card"],
                                                  listed["measure"])],
                "buyers' win rate": [f"{percent(r)} ({interval(lo, hi)})" if not pd.isna(r) else "not bought"
                                     for r, lo, hi in zip(listed["buyers_win_rate"], listed["buyers_ci_low"],
                                                          listed["buyers_ci_high"])]})
            question = ("what is each card worth to its side?" if measure == "ban"
                        else "is each card worth rushing?")
            title = names.heading(f"Card impact: {what}", question, source=source if several else "")
            notes = [("Each card's impact: the side's score lost when it plays the same seeds with the card "
                      if measure == "ban" else "Each card's impact: the side's score gained when it plays the same "
                      "seeds buying the card whenever it can, ") + "against the unrestricted opponent, seats swapped "
                     "(the 'both' rows: the mean of the sides; 95% paired interval), its cost beside it. Verdicts: "
                     "'shown' after Holm's correction over the table, 'worthless' when the interval lies inside the "
                     "band, 'screened' when a short screen saw nothing to test; a side's row has its own verdict, from "
                     "its own interval.", IMPACT_WHY]
            if sides:
                notes.append("Some cards pull the sides opposite ways (one side's interval above 0, another's below): "
                             "their 'both' mean averages opposite effects, so each side's row is listed and drawn "
                             "beside it.")
            name = f"impact_{measure}{suffix}.png"
            yield (Section(title, notes=notes, table=shown), name,
                   plots.impact_forest(rows, title, costs, side_rows if sides else None))


def impact_findings(impact: pd.DataFrame, games: dict) -> tuple[list, list[str]]:
    """The Findings' first group: the cards whose impact is shown, largest first, and the cards whose sides pull
    opposite ways (their "both" never stated alone)."""
    if impact.empty:
        return [], []
    groups, notes = [], []
    several = impact["source"].nunique() > 1
    for source, _, table in by_source(impact):
        split = split_cards(table)
        rows = table[(table["side"] == BOTH) & ((table["verdict"] == "shown") |
                                                pd.Series([(c, m) in split for c, m in zip(table["card"],
                                                                                          table["measure"])],
                                                          index=table.index))]
        rows = rows.reindex(rows["impact"].abs().sort_values(ascending=False).index)
        items = []
        for r in rows.itertuples():
            bw = "" if pd.isna(r.buyers_win_rate) else f"; its buyers win {r.buyers_win_rate:.1%}"
            both = f"[{100 * r.ci_low:+.1f}, {100 * r.ci_high:+.1f}]"
            parts = split.get((r.card, r.measure))
            if parts is not None:
                verb = "banned" if r.measure == "ban" else "forced"
                text = (f"Card impact: {r.card} pulls the sides opposite ways ({verb} on the same seeds): "
                        f"{sides_text(parts)}; their mean, {100 * r.impact:+.1f} {both} ({r.verdict}), averages "
                        f"opposite effects")
            else:
                own = table[(table["card"] == r.card) & (table["measure"] == r.measure) & (table["side"] != BOTH)]
                each = f"; each side: {sides_text(own)}" if len(own) > 1 else ""
                if r.measure == "ban":
                    what = "is worth" if r.impact > 0 else "costs"
                    text = (f"Card impact: {r.card} {what} {abs(100 * r.impact):.1f} points of its side's score "
                            f"{both} (banned on the same seeds, n = {r.n}{bw}{each})")
                else:
                    what = "gains" if r.impact > 0 else "loses"
                    text = (f"Card impact: rushing {r.card} {what} {abs(100 * r.impact):.1f} points {both} (forced "
                            f"on the same seeds, n = {r.n}{bw}{each})")
            items.append((text + ".", ""))
        n = int((table["side"] == BOTH).sum())
        shown = int(((table["side"] == BOTH) & (table["verdict"] == "shown")).sum())
        where = _where(game_of(table, games, source), source, several)
        notes.append(f"Card impact by restricted play{f' ({where})' if where else ''}: {shown} of {n} cards shown "
                     f"after Holm's correction over the impact table. {IMPACT_WHY}")
        if items:
            groups.append((f"Card impact{f' ({where})' if where else ''}", items))
    return groups, notes


# ---- tournaments

def tournament_sections(matrix: pd.DataFrame, ratings: pd.DataFrame, games: dict):
    """For each tournament: the score matrix as a heat map (cycles named under it) and the ratings with their
    intervals."""
    names_ = list(dict.fromkeys([*sources(matrix), *sources(ratings)]))
    for source in names_:
        suffix = "" if len(names_) == 1 else f"_{slug(source)}"
        part = matrix[matrix["source"] == source] if not matrix.empty else matrix
        rated = ratings[ratings["source"] == source] if not ratings.empty else ratings
        names = names_of(game_of(part if not part.empty else rated, games, source))
        if not part.empty:
            cycles = tour.cycle_text(part, tour.cycles_of(part))
            notes = ["Score of the row entry against the column entry (win 1, draw ½); '—': the pair did not "
                     "meet (two entries the game does not pair, as two A.I. levels). Every pair played the same "
                     "seeds, seats swapped."]
            notes += ([f"Non-transitive cycle (each step's 95% interval clear of 50%): {c}" for c in cycles]
                      or ["No non-transitive cycle with every step's interval clear of 50%."])
            yield (Section(names.heading("Tournament matrix", "who beats whom?", source=source), notes=notes),
                   f"tournament{suffix}.png",
                   plots.heatmap(tour.score_grid(part), f"Tournament: row entry's score ({source})", spread=0.5,
                                 label="score (win 1, draw ½)"))
        if not rated.empty:
            shown = pd.DataFrame({
                "rank": rated["rank"], "entry": rated["entry"], "games": rated["games"],
                "score": rated["score"].map(percent),
                "strength (log-odds)": [f"{s:+.3f} [{lo:+.3f}, {hi:+.3f}]" for s, lo, hi in
                                        zip(rated["strength"], rated["strength_ci_low"], rated["strength_ci_high"])],
                "Elo": [f"{e:.0f} [{lo:.0f}, {hi:.0f}]" for e, lo, hi in
                        zip(rated["elo"], rated["elo_ci_low"], rated["elo_ci_high"])]})
            notes = ["Bradley-Terry strengths fitted to every pair's results (draws as half wins), with 95% "
                     "intervals from the Fisher information; the field's mean is 0 (Elo 1500)."]
            if rated["regularised"].astype(str).str.lower().eq("true").any():
                notes.append("Some entries won or lost every game against the rest: one pseudo-game split evenly "
                             "was added to every pair so that the ratings stay finite.")
            yield (Section(names.heading("Tournament ratings", "how strong is each entry?", source=source),
                           notes=notes, table=shown),
                   f"ratings{suffix}.png", plots.ratings(rated))


def tournament_findings(matrix: pd.DataFrame, ratings: pd.DataFrame, games: dict) -> list:
    names_ = list(dict.fromkeys([*sources(matrix), *sources(ratings)]))
    out = []
    for source in names_:
        m = matrix[matrix["source"] == source] if not matrix.empty else matrix
        r = ratings[ratings["source"] == source] if not ratings.empty else ratings
        where = _where(game_of(m if not m.empty else r, games, source), source, len(names_) > 1)
        out.append((f"Tournaments{f' ({where})' if where else ''}",
                    [(tour.finding_line(m, r, source if len(names_) > 1 else ""), "")]))
    return out


# ---- skill ladders and findings against skill

def ladder_sections(ladder: pd.DataFrame):
    """Per skill ladder: each rung's score against the one below."""
    from .ladder import summary
    for source, suffix, part in by_source(ladder):
        game = part["game"].iloc[0]
        shown = pd.DataFrame({
            "rung": part["rung"], "vs": part["below"], "games": part["games"], "wins": part["wins"],
            "losses": part["losses"], "draws": part["draws"],
            "win rate (95% CI)": [f"{percent(r)} ({interval(lo, hi)})"
                                  for r, lo, hi in zip(part["win_rate"], part["ci_low"], part["ci_high"])],
            "score (95% CI)": [f"{percent(r)} ({interval(lo, hi)})"
                               for r, lo, hi in zip(part["score"], part["score_ci_low"], part["score_ci_high"])],
            "verdict": part["verdict"],
            f"Elo above {part['below'].iloc[0]} [95%]": [f"{e:+.0f} [{lo:+.0f}, {hi:+.0f}]" for e, lo, hi in
                                                         zip(part["elo"], part["elo_ci_low"], part["elo_ci_high"])]})
        notes = [f"{game}: each rung head to head against the rung below on the same seeds (seats swapped, sides "
                 f"taken in turn), score win 1, draw ½ with its 95% interval over seeds; 'stronger' when the interval "
                 f"lies wholly above 50%. {summary(part)[0].upper() + summary(part)[1:]}."]
        title = names_of(game).heading("Skill ladder", "is each strategy stronger than the one below?",
                                       source=source)
        yield (Section(title, notes=notes, table=shown), f"ladder{suffix}.png",
               plots.ladder(part, f"Skill ladder: {game}"))


def _skill_what(r0) -> str:
    return ("first-player advantage" if r0["finding"] == "first-player"
            else f"match-up {r0['side_a']} vs {r0['side_b']}")


def skill_sections(skill: pd.DataFrame):
    """Per finding against skill: the finding at every rung, with error bars."""
    for source, suffix, part in by_source(skill):
        part = part.sort_values("level", kind="stable")
        r0 = part.iloc[0]
        what = _skill_what(r0)
        shown = pd.DataFrame({
            "rung": part["rung"], "games": part["games"], "wins": part["wins"], "losses": part["losses"],
            "draws": part["draws"], "score (95% CI)": [f"{percent(r)} ({interval(lo, hi)})" for r, lo, hi in
                                                       zip(part["score"], part["ci_low"], part["ci_high"])],
            "lead (points)": [f"{100 * e:+.1f}" for e in part["effect"]], "verdict": part["verdict"]})
        notes = [f"{r0['game']}: the {what} with both sides played by the same rung, at every rung, on the same "
                 f"seeds (sides {r0['side_a']} and {r0['side_b']}, each first on every seed). The score is "
                 f"{r0['subject']}'s (win 1, draw ½) with its 95% interval over seeds.",
                 f"Across skill levels: {r0['across_rungs_text']}."]
        title = names_of(r0["game"]).heading(f"Finding against skill: {what}",
                                             "does it hold when both sides play well?", source=source)
        yield (Section(title, notes=notes, table=shown), f"skill{suffix}.png",
               plots.skill_finding(part, f"{r0['game']}: {what} against skill"))


def ladder_findings(ladder: pd.DataFrame, skill: pd.DataFrame) -> list:
    from .ladder import finding_line as ladder_line
    out = []
    for source, _, part in by_source(ladder):
        game = part["game"].iloc[0]
        out.append((f"Skill ladders ({names_of(game).where(source=source)})",
                    [(ladder_line(part, f"{game}, {source}"), "")]))
    for source, _, part in by_source(skill):
        r0 = part.iloc[0]
        out.append((f"Findings against skill ({names_of(r0['game']).where(source=source)})",
                    [(f"Finding against skill ({r0['game']}, {source}): the {_skill_what(r0)} across skill levels: "
                      f"{r0['across_rungs_text']}", "")]))
    return out


# ---- advice

ADVICE_ROWS_SHOWN = 15   # screened edits per advice table; the CSV holds them all


def _unit(row) -> str:
    """An advice row's unit: "" for a win rate (a share), else a count's ("turns"; ``outputs.EXTRA_COLUMNS``)."""
    unit = row.get("unit", "") if hasattr(row, "get") else getattr(row, "unit", "")
    return "" if pd.isna(unit) else str(unit).strip()


def _goal(row) -> str:
    text = row.get("goal_text", "") if hasattr(row, "get") else getattr(row, "goal_text", "")
    return str(text) if isinstance(text, str) and text.strip() else f"{100 * row['goal']:g}%"


def _value(v, unit: str) -> str:
    return ("" if pd.isna(v) else f"{v:.1f} {unit}") if unit else percent(v)


def _span(lo, hi, unit: str) -> str:
    return ("" if pd.isna(lo) else f"{lo:.1f} – {hi:.1f}") if unit else interval(lo, hi)


def _effect(d, lo, hi, unit: str, word: bool = False) -> str:
    """An effect with its interval: a count's in its unit, a share's in points (``word``: saying so)."""
    if unit:
        return f"{d:+.1f} {unit} [{lo:+.1f}, {hi:+.1f}]"
    return f"{100 * d:+.1f}{' points' if word else ''} [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def advice_sections(advice: pd.DataFrame, games: dict):
    """One section per advice table: the proposal on fresh seeds (fixed and re-tuned strategies), then the best
    screened edits, each with its effect on the target and 95% interval."""
    if advice.empty:
        return
    for source, _, part in by_source(advice):
        proposal = part[part["stage"].str.startswith("proposal")]
        screened = part[part["stage"].isin(["screen", "sequential test"])]
        shown = pd.concat([proposal, screened[screened["rank"] <= ADVICE_ROWS_SHOWN]])
        rows = [r for _, r in shown.iterrows()]
        table = pd.DataFrame({
            "rank": shown["rank"], "stage": shown["stage"], "edit": shown["edit"], "mark": shown["mark"],
            "win rate": [f"{r['component']} (goal {_goal(r)})" for r in rows],
            "effect (points) [95%]": [_effect(r["effect"], r["effect_ci_low"], r["effect_ci_high"], _unit(r))
                                      for r in rows],
            "value": [_value(r["value"], _unit(r)) + (f" ({_span(r['value_ci_low'], r['value_ci_high'], _unit(r))})"
                                                       if not pd.isna(r["value_ci_low"]) else "") for r in rows],
            "games": shown["games"], "verdict": shown["verdict"]})
        band = float(part["band"].iloc[0])
        notes = [f"Card edits toward the target (band ±{100 * band:g} points). Proposal rows: the chosen set of "
                 "edits on fresh seeds, with the fixed strategy and with one re-tuned on the edited cards; the "
                 "effect is the paired change from the unedited cards; each win rate's verdict is its own 95% "
                 "interval against its own goal ± band ('holds' inside, 'outside the band' wholly outside, else "
                 "'not enough games to tell'). Screened rows: each single edit, ranked by its estimated "
                 "improvement, its interval the last look's repeated 95% interval (screen plus sequential rounds); "
                 "a value without an interval is the unedited value plus the effect."]
        if proposal.empty:
            notes.append("No proposal: the unedited cards were already within the band, or no edit helped.")
        title = names_of(game_of(part, games, source)).heading(
            "Balance advisor", "which card edits bring the target into the band?", source=source)
        yield Section(title, notes=notes, table=table), None, None


def advice_findings(advice: pd.DataFrame, games: dict) -> list:
    out = []
    for source, _, part in by_source(advice):
        where = names_of(game_of(part, games, source)).where(source=source)
        out.append((f"Balance advice ({where})", [(line, "") for line in _advice_lines(part, source)]))
    return out


def _advice_lines(part: pd.DataFrame, source: str) -> list[str]:
    proposal = part[part["stage"].str.startswith("proposal")]
    if proposal.empty:
        return [f"Balance advisor ({source}): no proposal (the unedited cards were already within the band, or no "
                f"edit helped)."]
    out = []
    for _, r in proposal.iterrows():
        unit = _unit(r)
        value = _value(r["value"], unit) + (f" [{_span(r['value_ci_low'], r['value_ci_high'], unit)}]"
                                            if not pd.isna(r["value_ci_low"]) else "")
        effect = _effect(r["effect"], r["effect_ci_low"], r["effect_ci_high"], unit, word=True)
        out.append(f"Balance advisor ({source}): proposal {r['edit']} ({r['stage'].removeprefix('proposal, ')}): "
                   f"{r['component']} {value} (goal {_goal(r)}), effect {effect}: {r['verdict']}")
    return out
