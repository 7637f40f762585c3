"""A self-contained HTML report (plots embedded as base64 PNG: it opens offline) plus the same plots
as PNG files, from the tables of ``reports.inputs.read_results``.

    >>> from reports.inputs import read_results
    >>> from reports.html_report import build_report, write_report
    >>> report = build_report(read_results(["out/sweep.csv", "out/compare.csv"]))
    >>> write_report(report, "out/report")          # report.html and the PNGs, all or nothing

Sections (each only when its data is there; the report says what is missing and why): the
Findings first (``reports.findings``: each match-up and first-player advantage answered with interval
and n, Holm-corrected; then each comparison's, tournament's, ladder's and advice table's own finding),
every caption in the reported game's words (``reports.report_games``: which game each file is of, and
whether per-game records are of the aggregate's sweep), then win
rate per cell with intervals, heat map(s), game length (a distribution from per-game records,
else the aggregates' mean length per cell), first-player advantage (duel rows), per-card buy rate
and win rate when bought (per-card tables), paired comparisons, tournament matrices (heat map, cycles)
and ratings with their intervals, card impact by restricted play (a forest plot; its shown cards lead the
Findings), the skill ladder (each rung against the one below) and findings against
skill (a finding at every rung of the ladder, ``commandsim ladder --finding``).
"""
from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import pandas as pd

from . import compare as cmp_
from . import findings as fnd
from . import plots
from . import report_data as data
from . import report_games as rg
from . import tournament as tour
from .files import write_files
from .inputs import Results, ResultsFileError

REPORT_NAME = "report.html"
FINDINGS = "Findings"


@dataclass
class Section:
    title: str
    image: str | None = None           # PNG file name, a key of Report.images
    notes: list[str] = field(default_factory=list)
    table: pd.DataFrame | None = None  # shown under the plot
    items: list[str] = field(default_factory=list)   # a list of statements (the Findings)


@dataclass
class Report:
    title: str
    sections: list[Section]
    images: dict[str, bytes]           # PNG file name -> bytes
    notes: list[str]                   # about the whole report (what was not available)
    inputs: list[tuple[str, str]]

    def html(self) -> str:
        return render_html(self)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_") or "results"


def _percent(x) -> str:
    return "" if pd.isna(x) else f"{x:.1%}"


def _interval(lo, hi) -> str:
    return "" if pd.isna(lo) else f"{lo:.1%} – {hi:.1%}"


def build_report(results: Results, title: str = "commandsim balance report") -> Report:
    """Plots and tables of ``results``; raises ``ResultsFileError`` if there is nothing to report."""
    if all(t.empty for t in (results.aggregate, results.cards, results.per_game, results.compare,
                             results.tournament, results.ratings, results.advice, results.ladder,
                             results.skill, results.impact)):
        raise ResultsFileError("nothing to report: give a sweep aggregate, per-card table, per-game records, a "
                               "comparison, a tournament, an advice table, a skill ladder or a finding against "
                               "skill")
    sections: list[Section] = []
    images: dict[str, bytes] = {}
    notes: list[str] = []

    def add(section: Section, name: str | None = None, figure=None):
        if figure is not None:
            images[name] = plots.png_bytes(figure)
            section.image = name
        sections.append(section)

    agg = results.aggregate
    games = rg.games_by_source(agg, results.per_game.lengths, results.compare, results.ladder, results.skill,
                               results.tournament, results.ratings, results.advice, results.impact)
    side, variant = _nouns(games)
    if not agg.empty:
        rates = data.win_rate_table(agg)
        shown = pd.DataFrame({"cell": rates["label"], "games": rates["games"], "wins": rates["wins"],
                              "losses": rates["losses"], "draws": rates["draws"],
                              "win rate": rates["win_rate"].map(_percent),
                              "95% CI": [_interval(lo, hi) for lo, hi in zip(rates["ci_low"], rates["ci_high"])],
                              "mean turns": rates["mean_turns"].round(1)})
        add(Section("Win rate per cell", notes=[f"Each {side}'s win rate over both seats (seat 'both'), with its "
                                                "95% interval over seeds (a seed's two seat-swapped games are one "
                                                "sample). Draws at the turn cap count as not won."],
                    table=shown), "win_rates.png", plots.win_rates(rates))
        for mode, name, what in (("duel", "heatmap.png", f"{side} × {variant}"),
                                 ("solo", "heatmap_solo.png", f"against a difficulty level: {side} and {variant} × "
                                                              f"difficulty")):
            table = data.heatmap_table(agg, mode)
            if not table.empty:
                add(Section(f"Heat map: {what}", notes=["Win rate pooled over the opponents (wins / games of "
                                                        "the seat-'both' rows)."]),
                    name, plots.heatmap(table, f"Win rate, {what}", spread=0.5 if mode == "solo" else 0.25))
    elif not results.per_game.empty:
        notes.append("No sweep aggregate given: no win-rate or heat-map plots; first-player advantage and the "
                     "cards come from the per-game records.")
    elif not results.cards.empty:
        notes.append("No sweep aggregate given: no win-rate, heat-map, mean-length or first-player plots.")
    notes += _mixing_notes(results, games)

    if not results.per_game.empty:
        lengths = data.game_length_table(results.per_game.lengths)
        add(Section("Game length", notes=[f"Distribution of game lengths from {results.per_game.games:,} per-game "
                                          "records."]),
            "game_length.png", plots.game_lengths(lengths))
    elif not agg.empty:
        msg = ("Only aggregates were given, so the game-length plot shows each cell's mean length; pass per-game "
               "records (commandsim sweep --per-game) for the distribution.")
        notes.append(msg)
        add(Section("Game length", notes=[msg]), "game_length.png", plots.mean_turns(data.mean_turns_table(agg)))

    # per-game files alone carry the same counts: they stand in for a missing aggregate or card table
    played = agg if not agg.empty else data.per_game_aggregate(results.per_game)
    card_tables = results.cards if not results.cards.empty else data.per_game_cards(results.per_game)
    if not played.empty:
        first = data.duel_first_player(played)
        if first.empty:
            notes.append("No cell was played in both seat orders: first-player advantage does not apply (the "
                         "rules fix who moves first).")
        else:
            shown = pd.DataFrame({"cell": first["side_a"].str.replace("|", " ") + " vs "
                                  + first["side_b"].str.replace("|", " "), "games": first["games"],
                                  "first wins": first["first_wins"], "second wins": first["second_wins"],
                                  "draws": first["draws"], "first-player win rate": first["first_win_rate"].map(_percent),
                                  "95% CI": [_interval(lo, hi) for lo, hi in zip(first["ci_low"], first["ci_high"])]})
            add(Section("First-player advantage", notes=[f"Share of games won by the player moving first"
                                                         f"{_rules_text(played, games)}, both sides in each seat on "
                                                         f"the same seeds."], table=shown),
                "first_player.png", plots.first_player(first))

    if not card_tables.empty:
        sources = list(dict.fromkeys(card_tables["source"]))
        for source in sources:
            table = card_tables[card_tables["source"] == source]
            name = "cards.png" if len(sources) == 1 else f"cards_{_slug(source)}.png"
            add(Section(f"Cards bought ({source})",
                        notes=["Copies bought per seat-game, and the share of seat-games the buyer won (95% interval) "
                               "next to the share won without the card. This is an association, not a balance "
                               "finding: winners buy more cards, so a card bought by winners is not necessarily "
                               "what made them win."]),
                name, plots.cards(table, f"Cards bought ({source})"))
    elif not agg.empty and any(kind == "cards" for _, kind in results.files):
        notes.append("The per-card table lists no card bought (a game whose sides buy no cards): no card plots.")
    elif not agg.empty:
        notes.append("No per-card table found (expected <stem>_cards.csv or .parquet next to the aggregate): no "
                     "card plots.")

    if not results.compare.empty:
        cmp = results.compare
        shown = pd.DataFrame({
            **({"file": cmp["source"]} if cmp["source"].nunique() > 1 else {}),   # two compares told apart
            "faction": cmp["faction"], "vs": cmp["opponent_faction"] + " " + cmp["opponent_variant"],
            "A": cmp["label_a"], "B": cmp["label_b"], "games per side": cmp["games"],
            "win rate A": [f"{_percent(r)} ({_interval(lo, hi)})"
                           for r, lo, hi in zip(cmp["win_rate_a"], cmp["ci_low_a"], cmp["ci_high_a"])],
            "win rate B": [f"{_percent(r)} ({_interval(lo, hi)})"
                           for r, lo, hi in zip(cmp["win_rate_b"], cmp["ci_low_b"], cmp["ci_high_b"])],
            "A − B (points)": [f"{100 * d:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]"
                               for d, lo, hi in zip(cmp["diff"], cmp["diff_ci_low"], cmp["diff_ci_high"])],
            "band": [f"±{100 * b:.1f}" for b in cmp["band"]], "verdict": cmp["verdict_text"]})
        add(Section("Paired comparisons", notes=[
            "A and B on the same seeds, each seed with the subject first and second. The difference is the mean "
            "per-seed score difference (win 1, draw ½) with its 95% paired interval. Verdict: 'balanced' when the "
            "interval lies inside the band; 'favours X' when it lies entirely on X's side of 0 (and not inside "
            "the band); otherwise 'not enough games to tell'."], table=shown),
            "compare.png", plots.comparisons(cmp))

    for section, name, figure in impact_sections(results.impact):
        add(section, name, figure)

    for section, name, figure in tournament_sections(results.tournament, results.ratings):
        add(section, name, figure)

    for section in advice_sections(results.advice):
        add(section)

    for section, name, figure in ladder_sections(results.ladder):
        add(section, name, figure)
    for section, name, figure in skill_sections(results.skill):
        add(section, name, figure)

    statements = []
    if not played.empty:
        statements += fnd.matchup_statements(data.win_rate_table(played))
        statements += _first_player_statements(played, games)
    impact_items, impact_notes = impact_findings(results.impact)
    items, finding_notes = fnd.findings_section_text(statements) if statements else ([], [])
    own = _own_findings(results)
    if own:
        finding_notes.append("The comparisons, tournaments, skill ladders and advice state their own verdicts, each "
                             "from its own test (see its section).")
    if items or own or impact_items:   # an impact table leads: it is the causal answer per card
        sections.insert(0, Section(FINDINGS, notes=impact_notes + finding_notes, items=impact_items + items + own))
    return Report(title, sections, images, notes, list(results.files))


def _nouns(games: dict) -> tuple[str, str]:
    """What the reported game calls its sides and variants (``GameInfo``); "side" and "variant" when the
    files are of several games or of none known."""
    known = {g for g in games.values() if g is not None}
    if len(known) != 1:
        return "side", "variant"
    info = rg.game_info(known.pop())
    return info.side.one, info.variant.one


def _sources(table: pd.DataFrame) -> list[str]:
    return list(dict.fromkeys(table["source"])) if "source" in table.columns and not table.empty else []


def _rules_text(played: pd.DataFrame, games: dict) -> str:
    """" (the game's rule for moving first)", per game when the sources are of several games."""
    rules = {}
    for source in _sources(played) or [None]:
        game = games.get(source) if source is not None else rg.game_of_table(played)
        rule = rg.first_player_rule(game)
        if rule:
            rules.setdefault(rule, game)
    if not rules:
        return ""
    if len(rules) == 1:
        return f" ({next(iter(rules))})"
    return " (" + "; ".join(f"{game}: {rule}" for rule, game in rules.items()) + ")"


def _first_player_statements(played: pd.DataFrame, games: dict) -> list:
    """The first-player statements of every source, each quoting its own game's rule."""
    sources = _sources(played)
    if len(sources) <= 1:
        game = games.get(sources[0]) if sources else rg.game_of_table(played)
        return fnd.first_player_statements(data.duel_first_player(played), rg.first_player_rule(game))
    out = []
    for source in sources:
        first = data.duel_first_player(played[played["source"] == source])
        if not first.empty:
            first = first.assign(side_a=source + ": " + first["side_a"])
        out += fnd.first_player_statements(first, rg.first_player_rule(games.get(source)))
    return out


def _own_findings(results: Results) -> list[str]:
    """What each comparison, tournament, ladder, finding against skill and advice table concludes."""
    from .ladder import finding_line as ladder_line
    out = cmp_.finding_lines(results.compare) if not results.compare.empty else []
    matrix, ratings = results.tournament, results.ratings
    sources = list(dict.fromkeys([*_sources(matrix), *_sources(ratings)]))
    for source in sources:
        m = matrix[matrix["source"] == source] if not matrix.empty else matrix
        r = ratings[ratings["source"] == source] if not ratings.empty else ratings
        out.append(tour.finding_line(m, r, source if len(sources) > 1 else ""))
    for source, _, part in _by_source(results.ladder):
        out.append(ladder_line(part, f"{part['game'].iloc[0]}, {source}"))
    for source, _, part in _by_source(results.skill):
        r0 = part.iloc[0]
        what = ("first-player advantage" if r0["finding"] == "first-player"
                else f"match-up {r0['side_a']} vs {r0['side_b']}")
        out.append(f"Finding against skill ({r0['game']}, {source}): the {what} across skill levels: "
                   f"{r0['across_rungs_text']}")
    for source, _, part in _by_source(results.advice):
        out += _advice_lines(part, source)
    return out


def _advice_lines(part: pd.DataFrame, source: str) -> list[str]:
    proposal = part[part["stage"].str.startswith("proposal")]
    if proposal.empty:
        return [f"Balance advisor ({source}): no proposal (the unedited cards were already within the band, or no "
                f"edit helped)."]
    out = []
    for r in proposal.itertuples():
        value = _percent(r.value) + (f" [{_interval(r.value_ci_low, r.value_ci_high)}]"
                                     if not pd.isna(r.value_ci_low) else "")
        out.append(f"Balance advisor ({source}): proposal {r.edit} ({r.stage.removeprefix('proposal, ')}): "
                   f"{r.component} {value} (goal {100 * r.goal:g}%), effect {100 * r.effect:+.1f} points "
                   f"[{100 * r.effect_ci_low:+.1f}, {100 * r.effect_ci_high:+.1f}]: {r.verdict}")
    return out


def _mixing_notes(results: Results, games: dict) -> list[str]:
    """Say so when the files are of several games, or per-game records are not of the aggregate's sweep."""
    notes = []
    by_game: dict[str, list[str]] = {}
    for source, game in games.items():
        if game is not None:
            by_game.setdefault(game, []).append(source)
    if len(by_game) > 1:
        notes.append(f"These files are results of {len(by_game)} different games ("
                     + "; ".join(f"{g}: {', '.join(s)}" for g, s in by_game.items())
                     + "): nothing is pooled across games; each section's rows name their file.")
    agg = results.aggregate
    if not agg.empty and not results.per_game.empty:
        counted = data.per_game_aggregate(results.per_game)
        for source in _sources(counted):
            part = counted[counted["source"] == source]
            if not any(rg.same_sweep(agg[agg["source"] == s], part) for s in _sources(agg)):
                notes.append(f"The per-game records {source} do not count the same games as the aggregate "
                             f"{', '.join(_sources(agg))}: they come from a different sweep (or card set). Game "
                             f"lengths come from the per-game records; win rates, first-player advantage and the "
                             f"Findings from the aggregate.")
    return notes


IMPACT_WHY = ("Impact and the buyers' win rate differ because the buyers' win rate also measures who buys a card: "
              "players who are ahead have more to spend and buy the dear cards, so a mediocre dear card looks "
              "strong and a cheap card that wins games looks weak; a ban on the same seeds changes only the card.")


def impact_sections(impact: pd.DataFrame):
    """(section, PNG name, figure) per impact table and measure: a forest plot of each card's effect with its 95%
    interval (both sides), and the table with the buyers' win rate beside it."""
    if impact.empty:
        return []
    out = []
    several = impact["source"].nunique() > 1
    for source, suffix, table in _by_source(impact):
        for measure in dict.fromkeys(table["measure"]):
            rows = table[(table["measure"] == measure) & (table["side"] == "both")].sort_values("rank")
            what = "banned" if measure == "ban" else "forced (bought whenever affordable)"
            shown = pd.DataFrame({
                "rank": rows["rank"], "card": rows["card"],
                "impact (points)": [f"{100 * d:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]"
                                    for d, lo, hi in zip(rows["impact"], rows["ci_low"], rows["ci_high"])],
                "n": rows["n"], "verdict": rows["verdict"],
                "buyers' win rate": [f"{_percent(r)} ({_interval(lo, hi)})" if not pd.isna(r) else "not bought"
                                     for r, lo, hi in zip(rows["buyers_win_rate"], rows["buyers_ci_low"],
                                                          rows["buyers_ci_high"])]})
            title = f"Card impact: {what}" + (f" ({source})" if several else "")
            notes = [("Each card's impact: the side's score lost when it plays the same seeds with the card "
                      if measure == "ban" else "Each card's impact: the side's score gained when it plays the same "
                      "seeds buying the card whenever it can, ") + "against the unrestricted opponent, seats swapped "
                     "(mean of the sides; 95% paired interval). Verdicts: 'shown' after Holm's correction over the "
                     "table, 'worthless' when the interval lies inside the band, 'screened' when a short screen saw "
                     "nothing to test.", IMPACT_WHY]
            name = f"impact_{measure}{suffix}.png"
            out.append((Section(title, notes=notes, table=shown), name, plots.impact_forest(rows, title)))
    return out


def impact_findings(impact: pd.DataFrame) -> tuple[list[str], list[str]]:
    """The Findings' first items: the cards whose impact is shown, largest first."""
    if impact.empty:
        return [], []
    rows = impact[(impact["side"] == "both") & (impact["verdict"] == "shown")]
    rows = rows.reindex(rows["impact"].abs().sort_values(ascending=False).index)
    items = []
    for r in rows.itertuples():
        bw = "" if pd.isna(r.buyers_win_rate) else f"; its buyers win {r.buyers_win_rate:.1%}"
        if r.measure == "ban":
            what = "is worth" if r.impact > 0 else "costs"
            text = (f"Card impact: {r.card} {what} {abs(100 * r.impact):.1f} points of its side's score "
                    f"[{100 * r.ci_low:+.1f}, {100 * r.ci_high:+.1f}] (banned on the same seeds, n = {r.n}{bw}).")
        else:
            what = "gains" if r.impact > 0 else "loses"
            text = (f"Card impact: rushing {r.card} {what} {abs(100 * r.impact):.1f} points "
                    f"[{100 * r.ci_low:+.1f}, {100 * r.ci_high:+.1f}] (forced on the same seeds, n = {r.n}{bw}).")
        items.append(text)
    n = int((impact["side"] == "both").sum())
    note = (f"Card impact by restricted play: {len(items)} of {n} cards shown after Holm's correction over the "
            f"impact table. {IMPACT_WHY}")
    return items, [note]


def tournament_sections(matrix: pd.DataFrame, ratings: pd.DataFrame):
    """(section, PNG name, figure) for each tournament: the score matrix as a heat map (cycles named
    under it) and the ratings with their intervals."""
    sources = list(dict.fromkeys([*matrix.get("source", []), *ratings.get("source", [])]))
    for source in sources:
        suffix = "" if len(sources) == 1 else f"_{_slug(source)}"
        part = matrix[matrix["source"] == source] if not matrix.empty else matrix
        if not part.empty:
            cycles = tour.cycle_text(part, tour.cycles_of(part))
            notes = ["Score of the row entry against the column entry (win 1, draw ½); '—': the pair did not "
                     "meet (two entries the game does not pair, as two A.I. levels). Every pair played the same seeds, seats swapped."]
            notes += ([f"Non-transitive cycle (each step's 95% interval clear of 50%): {c}" for c in cycles]
                      or ["No non-transitive cycle with every step's interval clear of 50%."])
            yield (Section(f"Tournament matrix ({source})", notes=notes),
                   f"tournament{suffix}.png",
                   plots.heatmap(tour.score_grid(part), f"Tournament: row entry's score ({source})", spread=0.5,
                                 label="score (win 1, draw ½)"))
        rated = ratings[ratings["source"] == source] if not ratings.empty else ratings
        if not rated.empty:
            shown = pd.DataFrame({
                "rank": rated["rank"], "entry": rated["entry"], "games": rated["games"],
                "score": rated["score"].map(_percent),
                "strength (log-odds)": [f"{s:+.3f} [{lo:+.3f}, {hi:+.3f}]" for s, lo, hi in
                                        zip(rated["strength"], rated["strength_ci_low"], rated["strength_ci_high"])],
                "Elo": [f"{e:.0f} [{lo:.0f}, {hi:.0f}]" for e, lo, hi in
                        zip(rated["elo"], rated["elo_ci_low"], rated["elo_ci_high"])]})
            notes = ["Bradley-Terry strengths fitted to every pair's results (draws as half wins), with 95% "
                     "intervals from the Fisher information; the field's mean is 0 (Elo 1500)."]
            if rated["regularised"].astype(str).str.lower().eq("true").any():
                notes.append("Some entries won or lost every game against the rest: one pseudo-game split evenly "
                             "was added to every pair so that the ratings stay finite.")
            yield (Section(f"Tournament ratings ({source})", notes=notes, table=shown),
                   f"ratings{suffix}.png", plots.ratings(rated))


def _by_source(table: pd.DataFrame):
    sources = list(dict.fromkeys(table["source"])) if not table.empty else []
    for source in sources:
        yield source, ("" if len(sources) == 1 else f"_{_slug(source)}"), table[table["source"] == source]


def ladder_sections(ladder: pd.DataFrame):
    """(section, PNG name, figure) per skill ladder: each rung's score against the one below."""
    from .ladder import summary
    for source, suffix, part in _by_source(ladder):
        game = part["game"].iloc[0]
        shown = pd.DataFrame({
            "rung": part["rung"], "vs": part["below"], "games": part["games"], "wins": part["wins"],
            "losses": part["losses"], "draws": part["draws"],
            "win rate (95% CI)": [f"{_percent(r)} ({_interval(lo, hi)})"
                                  for r, lo, hi in zip(part["win_rate"], part["ci_low"], part["ci_high"])],
            "score (95% CI)": [f"{_percent(r)} ({_interval(lo, hi)})"
                               for r, lo, hi in zip(part["score"], part["score_ci_low"], part["score_ci_high"])],
            "verdict": part["verdict"],
            f"Elo above {part['below'].iloc[0]} [95%]": [f"{e:+.0f} [{lo:+.0f}, {hi:+.0f}]" for e, lo, hi in
                                                         zip(part["elo"], part["elo_ci_low"], part["elo_ci_high"])]})
        notes = [f"{game}: each rung head to head against the rung below on the same seeds (seats swapped, sides "
                 f"balanced), score win 1, draw ½ with its 95% interval over seeds; 'stronger' when the interval "
                 f"lies wholly above 50%. {summary(part)[0].upper() + summary(part)[1:]}."]
        yield (Section(f"Skill ladder ({source})", notes=notes, table=shown), f"ladder{suffix}.png",
               plots.ladder(part, f"Skill ladder: {game}"))


def skill_sections(skill: pd.DataFrame):
    """(section, PNG name, figure) per finding against skill: the finding at every rung, with error bars."""
    for source, suffix, part in _by_source(skill):
        part = part.sort_values("level", kind="stable")
        r0 = part.iloc[0]
        what = ("first-player advantage" if r0["finding"] == "first-player"
                else f"match-up {r0['side_a']} vs {r0['side_b']}")
        shown = pd.DataFrame({
            "rung": part["rung"], "games": part["games"], "wins": part["wins"], "losses": part["losses"],
            "draws": part["draws"], "score (95% CI)": [f"{_percent(r)} ({_interval(lo, hi)})" for r, lo, hi in
                                                       zip(part["score"], part["ci_low"], part["ci_high"])],
            "lead (points)": [f"{100 * e:+.1f}" for e in part["effect"]], "verdict": part["verdict"]})
        notes = [f"{r0['game']}: the {what} with both sides played by the same rung, at every rung, on the same "
                 f"seeds (sides {r0['side_a']} and {r0['side_b']}, each first on every seed). The score is "
                 f"{r0['subject']}'s (win 1, draw ½) with its 95% interval over seeds.",
                 f"Across skill levels: {r0['across_rungs_text']}."]
        yield (Section(f"Finding against skill: {what} ({source})", notes=notes, table=shown),
               f"skill{suffix}.png", plots.skill_finding(part, f"{r0['game']}: {what} against skill"))


ADVICE_ROWS_SHOWN = 15   # screened edits per advice table; the CSV holds them all


def advice_sections(advice: pd.DataFrame):
    """One section per advice table: the proposal on fresh seeds (fixed and re-tuned strategies), then
    the best screened edits, each with its effect on the target and 95% interval."""
    if advice.empty:
        return
    for source in dict.fromkeys(advice["source"]):
        part = advice[advice["source"] == source]
        proposal = part[part["stage"].str.startswith("proposal")]
        screened = part[part["stage"].isin(["screen", "sequential test"])]
        shown = pd.concat([proposal, screened[screened["rank"] <= ADVICE_ROWS_SHOWN]])
        table = pd.DataFrame({
            "rank": shown["rank"], "stage": shown["stage"], "edit": shown["edit"], "mark": shown["mark"],
            "win rate": shown["component"] + " (goal " + (100 * shown["goal"]).map("{:g}%".format) + ")",
            "effect (points) [95%]": [f"{100 * d:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]" for d, lo, hi in
                                      zip(shown["effect"], shown["effect_ci_low"], shown["effect_ci_high"])],
            "value": [f"{_percent(v)}" + (f" ({_interval(lo, hi)})" if not pd.isna(lo) else "")
                      for v, lo, hi in zip(shown["value"], shown["value_ci_low"], shown["value_ci_high"])],
            "games": shown["games"], "verdict": shown["verdict"]})
        band = float(part["band"].iloc[0])
        notes = [f"Card edits toward the target (band ±{100 * band:g} points). Proposal rows: the chosen set of "
                 "edits on fresh seeds, with the fixed strategy and with one re-tuned on the edited cards; the "
                 "effect is the paired change from the unedited cards. Screened rows: each single edit, ranked by "
                 "its estimated improvement, its interval the last look's repeated 95% interval (screen plus "
                 "sequential rounds); a value without an interval is the unedited value plus the effect."]
        if proposal.empty:
            notes.append("No proposal: the unedited cards were already within the band, or no edit helped.")
        yield Section(f"Balance advisor ({source})", notes=notes, table=table)


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
img { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 0.85em; margin: 1em 0; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; }
th { background: #f4f4f4; }
.note { color: #555; }
ul.findings li { margin: 0.3em 0; }
"""


def _section_html(section: Section, images: dict[str, bytes]) -> list[str]:
    out = [f"<h2>{html.escape(section.title)}</h2>"]
    if section.items:
        out.append('<ul class="findings">' + "".join(f"<li>{html.escape(item)}</li>" for item in section.items)
                   + "</ul>")
    out += [f'<p class="note">{html.escape(note)}</p>' for note in section.notes]
    if section.image is not None:
        encoded = base64.b64encode(images[section.image]).decode("ascii")
        out.append(f'<img src="data:image/png;base64,{encoded}" alt="{html.escape(section.title)}">')
    if section.table is not None:
        out.append(section.table.to_html(index=False, escape=True, border=0))
    return out


def render_html(report: Report) -> str:
    """The report as one HTML page with every image inlined (``data:image/png;base64``): the Findings
    first (the answers a designer reads before any plot), then the inputs and the other sections."""
    lead = [s for s in report.sections if s.title == FINDINGS]
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{html.escape(report.title)}</title><style>{_STYLE}</style></head><body>",
           f"<h1>{html.escape(report.title)}</h1>"]
    for section in lead:
        out += _section_html(section, report.images)
    out.append(f"<p class=\"note\">Written {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC from:</p><ul>")
    out += [f"<li>{html.escape(path)} ({html.escape(kind.replace('_', '-'))})</li>" for path, kind in report.inputs]
    out.append("</ul>")
    out += [f'<p class="note">{html.escape(note)}</p>' for note in report.notes]
    for section in report.sections:
        if section.title != FINDINGS:
            out += _section_html(section, report.images)
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_report(report: Report, out_dir: str | Path) -> list[Path]:
    """Write ``report.html`` and every PNG into ``out_dir`` (created if missing), all or nothing."""
    out_dir = Path(out_dir)
    files = {out_dir / name: png for name, png in report.images.items()}
    files[out_dir / REPORT_NAME] = report.html().encode("utf-8")
    return write_files(files)
