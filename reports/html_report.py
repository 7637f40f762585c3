"""A self-contained HTML report (plots embedded as base64 PNG: it opens offline) plus the same plots
as PNG files, from the tables of ``reports.inputs.read_results``.

    >>> from reports.inputs import read_results
    >>> from reports.html_report import build_report, write_report
    >>> report = build_report(read_results(["out/sweep.csv", "out/compare.csv"]))
    >>> write_report(report, "out/report")          # report.html and the PNGs, all or nothing

The page's title names its game, the modes its sweeps played and what the files answer (``report_names``);
every heading names the game, the mode and the question its section answers, in the game's own words (its
``side`` and ``variant`` nouns). Sections (each only when its data is there; the report says what is missing
and why): the Findings first (``reports.findings``: each match-up and first-player advantage answered with
interval and n, Holm-corrected, grouped by question and by mode, each cell once, cells that played identical
games as one (``identical_games``, with the reason where the card data gives one); then each comparison's,
tournament's, ladder's and advice table's own finding, and the cards whose impact is shown). Then per mode: win
rate per cell with intervals (one perspective per cell), a heat map of the row side against the column side
(panels per variant when one matrix would be mostly empty; in Solo Mode against each difficulty), the
first-player advantage; game length (a distribution from per-game records, else each cell's mean length); per
card buy rate and win rate when bought (panels of at most 25 cards, each with its axes and each card's cost);
the shape of the games (``shape_report``: tempo curves per match-up, comebacks, decisive rounds, each card's
plays beside its impact), and the sections of ``report_sections`` (paired comparisons with the edit as the cards
read and the sequential design, what each comparison moved with its before/after tempo curve, card impact,
tournaments, skill ladders, findings against skill, advice) and of ``metagame_report`` (metagames: the value at
equilibrium, the mixes, alpha-Rank). Every table sorts by a click on
its header (a few lines of inline script, nothing fetched).
"""
from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import pandas as pd

from . import findings as fnd
from . import identical_games as identical
from . import plots
from . import report_data as data
from . import report_games as rg
from . import report_sections as rs
from . import shape_report
from .files import write_files
from .inputs import Results, ResultsFileError
from .metagame_report import metagame_findings, metagame_sections
from .report_names import modes_of, names_of, report_title
from .report_sections import Section, interval as _interval, percent as _percent, slug as _slug

REPORT_NAME = "report.html"
FINDINGS = "Findings"
QUESTION_HEADINGS = {"match-up": "Match-ups", "first player": "First-player advantage"}


@dataclass
class Report:
    title: str
    sections: list[Section]
    images: dict[str, bytes]           # PNG file name -> bytes
    notes: list[str]                   # about the whole report (what was not available)
    inputs: list[tuple[str, str]]
    subtitle: str = ""                 # the game, modes and questions when the title is the user's own
    modes: list[str] = field(default_factory=list)

    def html(self) -> str:
        return render_html(self)


@dataclass
class _Part:
    """One sweep's rows of one mode, as its sections and findings take them."""
    source: str
    game: str | None
    mode: str
    rows: pd.DataFrame          # identical cells merged (``report_data.merge_identical``)
    raw: pd.DataFrame           # as read
    from_aggregate: bool

    @property
    def names(self):
        return names_of(self.game)


def _parts(played: pd.DataFrame, agg: pd.DataFrame, games: dict) -> list[_Part]:
    out = []
    for source in rs.sources(played) or [""]:
        part = played[played["source"] == source] if source else played
        game = games.get(source) or rg.game_of_table(part)
        merged = data.merge_identical(part)
        order = rg.game_info(game).modes if game is not None else ()
        for mode in sorted(modes_of(part), key=lambda m: order.index(m) if m in order else len(order)):
            pick = (lambda t: t[t["mode"].astype(str) == mode]) if mode else (lambda t: t)
            out.append(_Part(source, game, mode, pick(merged), pick(part),
                             not agg.empty and (not source or source in rs.sources(agg))))
    return out


def build_report(results: Results, title: str | None = None) -> Report:
    """Plots and tables of ``results``; raises ``ResultsFileError`` if there is nothing to report. ``title``:
    the page's title (None: the game, its modes and what the files answer)."""
    if all(t.empty for t in (results.aggregate, results.cards, results.per_game, results.compare,
                             results.tournament, results.ratings, results.advice, results.ladder,
                             results.skill, results.impact, results.metagame, results.metagame_mixes,
                             results.metagame_value, results.shape, results.plays, results.moved)):
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
                               results.tournament, results.ratings, results.advice, results.impact,
                               results.metagame, results.metagame_mixes, results.metagame_value)
    # per-game files alone carry the same counts: they stand in for a missing aggregate or card table
    played = agg if not agg.empty else data.per_game_aggregate(results.per_game)
    parts = _parts(played, agg, games) if not played.empty else []
    several = len(parts) > 1
    several_sources = len({p.source for p in parts}) > 1

    for p in parts:
        suffix = f"_{_slug(p.mode or 'all')}" + (f"_{_slug(p.source)}" if several_sources else "") if several else ""
        for section, name, figure in _mode_sections(p, suffix, p.source if several_sources else ""):
            add(section, name, figure)
    if parts and not any(not data.first_player_rows(p.rows).empty for p in parts):
        notes.append("No cell was played in both seat orders: first-player advantage does not apply (the "
                     "rules fix who moves first).")
    if agg.empty and not results.per_game.empty:
        notes.append("No sweep aggregate given: no win-rate or heat-map plots; first-player advantage and the "
                     "cards come from the per-game records.")
    elif agg.empty and not results.cards.empty:
        notes.append("No sweep aggregate given: no win-rate, heat-map, mean-length or first-player plots.")
    notes += _mixing_notes(results, games)

    one_game = {g for g in games.values() if g is not None}
    lead = names_of(one_game.pop() if len(one_game) == 1 else None)
    if not results.per_game.empty:
        lengths = data.game_length_table(results.per_game.lengths)
        add(Section(lead.heading("Game length", "how long are the games?"), notes=[
            f"Distribution of game lengths from {results.per_game.games:,} per-game records."]),
            "game_length.png", plots.game_lengths(lengths, title=_titled("Game length distribution", lead.where())))
    elif not agg.empty:
        msg = ("Only aggregates were given, so the game-length plot shows each cell's mean length; pass per-game "
               "records (commandsim sweep --per-game) for the distribution.")
        notes.append(msg)
        add(Section(lead.heading("Game length", "how long are the games?"), notes=[msg]), "game_length.png",
            plots.mean_turns(data.mean_turns_table(data.merge_identical(agg), lead),
                             _titled("Mean game length per cell", lead.where())))

    card_tables = results.cards if not results.cards.empty else data.per_game_cards(results.per_game)
    if not card_tables.empty:
        for source, suffix, table in rs.by_source(card_tables):
            game = games.get(source)
            costs = rg.card_costs(game) or _table_costs(table)
            title_ = names_of(game).heading("Cards bought", "which cards do the winners buy? (an association)",
                                            source=source if len(rs.sources(card_tables)) > 1 else "")
            add(Section(title_, notes=[
                "Copies bought per seat-game, and the share of seat-games the buyer won (95% interval) next to the "
                "share won without the card, each card's cost beside its name, the largest gap first, in panels of "
                f"at most {plots.PANEL_ROWS} cards. This is an association, not a balance finding: winners buy more "
                "cards, so a card bought by winners is not necessarily what made them win."]),
                f"cards{suffix}.png", plots.cards(table, _titled("Cards bought", names_of(game).where() or source),
                                                  costs))
    elif not agg.empty and any(kind == "cards" for _, kind in results.files):
        notes.append("The per-card table lists no card bought (a game whose sides buy no cards): no card plots.")
    elif not agg.empty:
        notes.append("No per-card table found (expected <stem>_cards.csv or .parquet next to the aggregate): no "
                     "card plots.")

    for section, name, figure in shape_report.shape_sections(results.shape, results.tempo, results.decisive, games):
        add(section, name, figure)
    for section, name, figure in shape_report.plays_sections(results.plays, results.impact, games):
        add(section, name, figure)
    for section, name, figure in rs.compare_sections(results.compare, games):
        add(section, name, figure)
    for section, name, figure in shape_report.moved_sections(results.moved, results.compare, games):
        add(section, name, figure)
    for section, name, figure in rs.impact_sections(results.impact, games):
        add(section, name, figure)
    for section, name, figure in rs.tournament_sections(results.tournament, results.ratings, games):
        add(section, name, figure)
    for section, name, figure in metagame_sections(results.metagame, results.metagame_mixes, results.metagame_value,
                                                   games):
        add(section, name, figure)
    for section, name, figure in rs.advice_sections(results.advice, games):
        add(section, name, figure)
    for section, name, figure in rs.ladder_sections(results.ladder):
        add(section, name, figure)
    for section, name, figure in rs.skill_sections(results.skill):
        add(section, name, figure)

    groups, finding_notes = _question_findings(parts, several_sources)
    groups += _identical_findings(parts, several_sources)
    impact_groups, impact_notes = rs.impact_findings(results.impact, games)
    own = (rs.compare_findings(results.compare, games)
           + rs.tournament_findings(results.tournament, results.ratings, games)
           + metagame_findings(results.metagame_value, results.metagame_mixes, games)
           + rs.ladder_findings(results.ladder, results.skill) + rs.advice_findings(results.advice, games))
    if own:
        finding_notes.append("The comparisons, tournaments, metagames, skill ladders and advice state their own "
                             "verdicts, each from its own test (see its section).")
    groups = impact_groups + groups + own       # an impact table leads: it is the causal answer per card
    if groups:
        items = [text for _, group in groups for text, _ in group]
        where = lead.title and f" ({lead.title})"
        sections.insert(0, Section(FINDINGS + where, notes=impact_notes + finding_notes, items=items, groups=groups))

    modes = {}
    for p in parts:
        if p.game is not None:
            modes.setdefault(p.game, []).append(p.mode)
    auto = report_title(games, _questions(results, parts), {g: list(dict.fromkeys(m)) for g, m in modes.items()})
    return Report(title or auto, sections, images, notes, list(results.files), "" if title is None else auto,
                  [p.mode for p in parts])


def _titled(title: str, where: str) -> str:
    return f"{title}: {where}" if where else title


def _mode_sections(p: _Part, suffix: str, source: str):
    """One sweep's sections of one mode: win rate per cell, the heat map and the first-player advantage, each
    headed with the game, the mode and its question."""
    names = p.names
    where = names.where(p.mode, source)
    if p.from_aggregate:
        rates = data.one_per_cell(data.win_rate_table(p.rows, names))
        if not rates.empty:
            shown = pd.DataFrame({"cell": rates["label"], "games": rates["games"], "wins": rates["wins"],
                                  "losses": rates["losses"], "draws": rates["draws"],
                                  "win rate": rates["win_rate"].map(_percent),
                                  "95% CI": [_interval(lo, hi) for lo, hi in zip(rates["ci_low"], rates["ci_high"])],
                                  "mean turns": rates["mean_turns"].round(1)})
            note = (f"The first-named {names.side}'s win rate in each cell over both seats (seat 'both'; each cell "
                    f"once: the other {names.side}'s is its losses), with its 95% interval over seeds (a seed's two "
                    f"seat-swapped games are one sample). Draws at the turn cap count as not won.")
            yield (Section(names.heading("Win rate per cell", f"how often does each {names.side} win?", p.mode, source),
                           mode=p.mode, table=shown, notes=[note]),
                   f"win_rates{suffix}.png", plots.win_rates(rates, f"Win rate per cell: {where}"))
        panels = data.heatmap_panels(p.rows, names)
        if panels:
            leveled = panels[0][1].columns.name == "difficulty"
            what = (f"how does each {names.side} fare at each difficulty?" if leveled
                    else f"which {names.side} beats which?")
            note = (f"Win rate of the row {names.side} against each difficulty level (wins / games of its seat-'both' "
                    f"row)." if leveled else
                    f"Win rate of the row {names.side} against the column {names.side} (wins / games of the cell's "
                    f"seat-'both' row, from the row's side; each cell once, '—': not played).")
            if len(panels) > 1:
                note += (f" One panel per {names.variant} both sides play, and one of the cells whose sides play "
                         f"different ones.")
            yield (Section(names.heading("Heat map", what, p.mode, source), mode=p.mode, notes=[note]),
                   f"heatmap{suffix}.png",
                   plots.heatmap_panels(panels, f"Win rate: {where}", spread=0.5 if leveled else 0.25))
    first = data.first_player_rows(p.rows, names)
    if not first.empty:
        shown = pd.DataFrame({"cell": first["side_a"], "games": first["games"], "first wins": first["first_wins"],
                              "second wins": first["second_wins"], "draws": first["draws"],
                              "first-player win rate": first["first_win_rate"].map(_percent),
                              "95% CI": [_interval(lo, hi) for lo, hi in zip(first["ci_low"], first["ci_high"])]})
        rule = rg.first_player_rule(p.game)
        yield (Section(names.heading("First-player advantage", "is moving first an advantage?", p.mode, source),
                       mode=p.mode, table=shown,
                       notes=[f"Share of games won by the player moving first{f' ({rule})' if rule else ''}, both "
                              f"sides in each seat on the same seeds."]),
               f"first_player{suffix}.png", plots.first_player(first, f"First-player advantage: {where}"))


def _questions(results: Results, parts: list[_Part]) -> list[str]:
    """What the files answer, for the title."""
    out = []
    if parts:
        out.append("match-ups and first-player advantage")
    for table, what in ((results.compare, "paired comparison"), (results.impact, "card impact"),
                        (results.tournament, "tournament"), (results.metagame_value, "metagame"),
                        (results.ladder, "skill ladder"),
                        (results.skill, "findings against skill"), (results.advice, "card edits")):
        if not table.empty:
            out.append(what)
    if not out and not results.cards.empty:
        out.append("cards bought")
    return out


def _question_findings(parts: list[_Part], several_sources: bool) -> tuple[list, list[str]]:
    """The sweep's questions answered, grouped by question then by game and mode, Holm's correction over all."""
    statements, modes = [], {}
    for p in parts:
        where = p.names.where(p.mode, p.source if several_sources else "")
        modes[where] = p.mode
        statements += fnd.matchup_statements(data.win_rate_table(p.rows, p.names), where)
        statements += fnd.first_player_statements(data.first_player_rows(p.rows, p.names),
                                                  rg.first_player_rule(p.game), where)
    if not statements:
        return [], []
    items, notes = fnd.findings_section_text(statements)
    by_group: dict[str, list] = {}
    for answer, text in zip(fnd.answers(statements), items):
        s = answer.statement
        heading = QUESTION_HEADINGS.get(s.kind, "Other findings") + (f" ({s.where})" if s.where else "")
        by_group.setdefault(heading, []).append((text, modes.get(s.where, "")))
    return list(by_group.items()), notes


def _identical_findings(parts: list[_Part], several_sources: bool) -> list:
    out = []
    for source in dict.fromkeys(p.source for p in parts):
        mine = [p for p in parts if p.source == source]
        game = mine[0].game
        info = rg.game_info(game) if game is not None else None
        entries = _entries(game)
        lines = []
        for p in mine:
            lines += [(line, p.mode) for line in identical.notes(p.raw, info, entries,
                                                                 "as the shipped card data defines them")]
        if lines:
            where = mine[0].names.where(source=source if several_sources else "")
            out.append((f"Identical games{f' ({where})' if where else ''}", lines))
    return out


def _entries(game: str | None) -> dict:
    if game is None:
        return {}
    from simcore.games import registry
    return registry.get(game).card_entries([])


def _table_costs(table: pd.DataFrame) -> dict[str, str]:
    """Costs from a per-card table's own ``*cost`` columns, when its game is not known."""
    cols = [c for c in table.columns if c.endswith("cost")]
    out = {}
    for _, r in table.iterrows():
        parts = [f"{c.removesuffix('_cost')} {int(r[c])}" if c != "cost" else f"cost {int(r[c])}" for c in cols
                 if not pd.isna(r[c])]
        if parts:
            out[str(r["card"])] = ", ".join(parts)
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
        for source in rs.sources(counted):
            part = counted[counted["source"] == source]
            if not any(rg.same_sweep(agg[agg["source"] == s], part) for s in rs.sources(agg)):
                notes.append(f"The per-game records {source} do not count the same games as the aggregate "
                             f"{', '.join(rs.sources(agg))}: they come from a different sweep (or card set). Game "
                             f"lengths come from the per-game records; win rates, first-player advantage and the "
                             f"Findings from the aggregate.")
    return notes


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.3em; }
img { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 0.85em; margin: 1em 0; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; }
th { background: #f4f4f4; cursor: pointer; } th[data-dir="asc"]::after { content: " ▲"; }
th[data-dir="desc"]::after { content: " ▼"; }
.note { color: #555; } .lead { font-size: 1.05em; }
ul.findings li { margin: 0.3em 0; }
"""

# Sort a table by the column whose header is clicked (again: the other way), numbers by their leading number
# ("61.9% (60.1% – 63.6%)" sorts as 61.9), words as words: the only script on the page, nothing fetched.
_SORT = """
<script>
document.querySelectorAll("table.sortable").forEach(table => table.querySelectorAll("thead th").forEach((th, i) =>
  th.addEventListener("click", () => {
    const body = table.tBodies[0], dir = th.dataset.dir === "asc" ? "desc" : "asc";
    table.querySelectorAll("thead th").forEach(h => delete h.dataset.dir);
    th.dataset.dir = dir;
    const key = row => { const text = row.cells[i].innerText.trim();
                         const n = parseFloat(text.replace(/[,%+]/g, "").replace("\\u2212", "-"));
                         return isNaN(n) ? text : n; };
    const rows = [...body.rows].sort((a, b) => { const x = key(a), y = key(b);
      const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return dir === "asc" ? c : -c; });
    rows.forEach(row => body.appendChild(row));
  })));
</script>
"""


def _section_html(section: Section, images: dict[str, bytes]) -> list[str]:
    mode = f' data-mode="{html.escape(section.mode)}"' if section.mode else ""
    out = [f"<h2{mode}>{html.escape(section.title)}</h2>"]
    if section.groups:
        for heading, group in section.groups:
            out.append(f"<h3>{html.escape(heading)}</h3>")
            out.append('<ul class="findings">' + "".join(
                f'<li{f" data-mode={chr(34)}{html.escape(m)}{chr(34)}" if m else ""}>{html.escape(text)}</li>'
                for text, m in group) + "</ul>")
    elif section.items:
        out.append('<ul class="findings">' + "".join(f"<li>{html.escape(item)}</li>" for item in section.items)
                   + "</ul>")
    out += [f'<p class="note">{html.escape(note)}</p>' for note in section.notes]
    if section.image is not None:
        encoded = base64.b64encode(images[section.image]).decode("ascii")
        out.append(f'<img src="data:image/png;base64,{encoded}" alt="{html.escape(section.title)}"{mode}>')
    if section.table is not None:
        out.append(section.table.to_html(index=False, escape=True, border=0, classes="sortable"))
    return out


def render_html(report: Report) -> str:
    """The report as one HTML page with every image inlined (``data:image/png;base64``): the Findings
    first (the answers a designer reads before any plot), then the inputs and the other sections."""
    lead = [s for s in report.sections if s.title.startswith(FINDINGS)]
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{html.escape(report.title)}</title><style>{_STYLE}</style></head><body>",
           f"<h1>{html.escape(report.title)}</h1>"]
    if report.subtitle:
        out.append(f'<p class="lead">{html.escape(report.subtitle)}</p>')
    for section in lead:
        out += _section_html(section, report.images)
    out.append(f"<p class=\"note\">Written {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC from:</p><ul>")
    out += [f"<li>{html.escape(path)} ({html.escape(kind.replace('_', '-'))})</li>" for path, kind in report.inputs]
    out.append("</ul>")
    out += [f'<p class="note">{html.escape(note)}</p>' for note in report.notes]
    for section in report.sections:
        if section not in lead:
            out += _section_html(section, report.images)
    out.append(_SORT)
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_report(report: Report, out_dir: str | Path) -> list[Path]:
    """Write ``report.html`` and every PNG into ``out_dir`` (created if missing), all or nothing."""
    out_dir = Path(out_dir)
    files = {out_dir / name: png for name, png in report.images.items()}
    files[out_dir / REPORT_NAME] = report.html().encode("utf-8")
    return write_files(files)
