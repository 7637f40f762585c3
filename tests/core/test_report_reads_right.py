"""Issue 49, item 1: the report names its game, the modes and the question each section answers; findings grouped by
the game's questions with each mode on its own and named, each cell once; a heat map per mode in the game's own
words; card plots in panels of at most 25 cards with axes on every panel, each card's cost beside it, sorted by the
effect; a compare report that states each edit as the card reads and the sequential design; sortable tables. In
every game."""
from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
import pytest

from reports import plots
from reports.html_report import build_report
from reports.identical_games import cell_key
from reports.inputs import read_results
from reports.report_data import heatmap_panels, merge_identical
from reports.report_games import card_costs
from reports.report_names import names_of, short_title
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)


@pytest.fixture
def sweep(game, tmp_path):
    """A default sweep of the game (its own modes and questions), 40 games a cell, and its report."""
    out = tmp_path / "sweep.csv"
    res = invoke("sweep", "--game", game.info.name, "--games", 40, "--seed", 2, "--out", out, "-q")
    assert res.exit_code == 0, res.output
    results = read_results([out])
    return game, results, build_report(results)


def test_the_title_and_every_heading_name_the_game_the_mode_and_the_question(sweep):
    game, results, report = sweep
    title = short_title(game.info.title)
    modes = list(dict.fromkeys(results.aggregate["mode"]))
    assert report.title.startswith(f"{title} balance report: match-ups and first-player advantage (")
    assert all(f"{m}" in report.title for m in modes) and "commandsim balance report" not in report.title
    for s in report.sections:
        assert title in s.title, s.title
        # the card tables pool every mode a side plays (the buy rates; the plays, per side)
        if not s.title.startswith(("Findings", "Game length", "Cards bought", "Cards in play")):
            assert re.search(r"\((.*), (\S+) mode\): \w", s.title) and s.mode in modes, s.title
            assert s.title.endswith("?"), s.title              # the question it answers
    page = report.html()
    assert f"<title>{report.title}</title>" in page.replace("&#x27;", "'")


def test_findings_are_grouped_by_question_and_mode_and_each_names_its_mode(sweep):
    game, results, report = sweep
    findings = report.sections[0]
    title = short_title(game.info.title)
    for heading, items in findings.groups:
        if heading.startswith(("Match-ups", "First-player advantage")):
            (mode,) = re.fullmatch(rf".* \({re.escape(title)}, (\S+) mode\)", heading).groups()
            assert all(m == mode and f"({title}, {mode} mode)" in text for text, m in items)
    page = report.html()
    for mode in dict.fromkeys(results.aggregate["mode"]):
        rows = results.aggregate[(results.aggregate["mode"] == mode) & (results.aggregate["seat"] == "first")]
        if len(rows):
            assert f'<li data-mode="{mode}">' in page


def test_each_cell_is_one_row_and_at_most_one_match_up_finding(sweep):
    game, results, report = sweep
    agg = merge_identical(results.aggregate)
    both = agg[agg["seat"] == "both"]
    cells = {cell_key(r) for _, r in both.iterrows()}
    rows = sum(len(s.table) for s in report.sections if s.title.startswith("Win rate per cell"))
    assert rows == len(cells)                       # A vs B, not B vs A too
    mirrors = {k for k in cells if k[2][0] == k[2][1]}
    match_ups = [t for h, g in report.sections[0].groups if h.startswith("Match-ups") for t, _ in g]
    assert len(match_ups) == len(cells - mirrors)
    if names_of(game.info.name).one_variant:        # Star Realms: no "core" on every side
        assert not [t for t in report.sections[0].items if f" {game.info.variants[0]} " in t]


def test_one_heat_map_per_mode_in_the_games_words(sweep):
    game, results, report = sweep
    info = game.info
    modes = list(dict.fromkeys(results.aggregate["mode"]))
    maps = [s for s in report.sections if s.title.startswith("Heat map")]
    assert sorted(s.mode for s in maps) == sorted(modes) and all(s.image in report.images for s in maps)
    for mode in modes:
        panels = heatmap_panels(results.aggregate[results.aggregate["mode"] == mode], names_of(info.name))
        for _, table in panels:
            assert table.index.name.startswith(info.side.one)
            assert table.columns.name in ("difficulty", f"opponent {info.side.one}",
                                          f"opponent {info.side.one} and {info.variant.one}")
            assert "faction" not in (table.index.name + table.columns.name) or info.side.one == "faction"


def card_table(n: int) -> pd.DataFrame:
    rng = np.random.default_rng(n)
    bought = rng.uniform(0.3, 0.8, n)
    return pd.DataFrame({"card": [f"Card {i}" for i in range(n)], "times_bought": 100, "seat_games": 400,
                         "buy_rate": rng.uniform(0, 2, n), "games_bought": 80, "wins_when_bought": 40,
                         "win_rate_when_bought": bought, "ci_low": bought - 0.05, "ci_high": bought + 0.05,
                         "win_rate_not_bought": rng.uniform(0.3, 0.7, n)})


@pytest.mark.parametrize("n", [1, 25, 26, 54])
def test_card_plots_are_panels_of_at_most_25_cards_each_with_its_axes_and_costs(n):
    table = card_table(n)
    costs = {c: f"cost {i}" for i, c in enumerate(table["card"])}
    fig = plots.cards(table, "Cards bought", costs)
    panels = math.ceil(n / plots.PANEL_ROWS)
    assert len(fig.axes) == 2 * panels
    shown = []
    for ax in fig.axes:
        assert ax.get_xlabel() and len(ax.get_yticks()) <= plots.PANEL_ROWS
        assert [t.get_text() for t in ax.get_xticklabels()]            # an x axis on every panel
        shown += [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert len(shown) == n and all(re.fullmatch(r"Card \d+ \(cost \d+\)", s) for s in shown)
    gap = (table["win_rate_when_bought"] - table["win_rate_not_bought"]).to_numpy()
    order = [int(re.match(r"Card (\d+)", s).group(1)) for s in shown]
    assert list(gap[order]) == sorted(gap, reverse=True)                 # sorted by the effect, largest first


def test_the_impact_forest_is_panels_sorted_by_impact_with_costs():
    costs = card_costs("last-command")
    cards = list(costs)[:54]
    d = np.linspace(0.08, -0.03, len(cards))[np.random.default_rng(3).permutation(len(cards))]
    rows = pd.DataFrame({"card": cards, "measure": "ban", "side": "both", "impact": d, "ci_low": d - 0.01,
                         "ci_high": d + 0.01, "verdict": "unclear", "rank": 1})
    fig = plots.impact_forest(rows, "Card impact", costs)
    assert len(fig.axes) == 3 and all(ax.get_xlabel() for ax in fig.axes)
    labels = [t.get_text() for ax in fig.axes for t in ax.get_yticklabels()]
    assert all(re.fullmatch(r".+ \(credit \d+(, power \d+)?\)", s) for s in labels)
    names = [s.rsplit(" (", 1)[0] for s in labels]
    assert list(rows.set_index("card").loc[names, "impact"]) == sorted(d, reverse=True)


EDITS = {"last-command": ("examples/cards/railgun4.toml", "Railgun credit_cost 5 -> 4"),
         "star-realms": ("examples/star-realms/cutter3.toml", "Cutter cost 2 -> 3"),
         "skirmish": ("examples/skirmish/move_cost2.toml", "Move cost 1 -> 2")}


@pytest.mark.parametrize("name", list(EDITS))
def test_a_compare_report_states_the_edit_as_the_card_reads(name, tmp_path):
    cards, change = EDITS[name]
    out = tmp_path / "c.csv"
    res = invoke("compare", "--game", name, "--cards-b", cards, "--games", 100, "--out", out, "-q")
    assert res.exit_code == 0, res.output
    assert f"changes {change}" in res.output        # what the override machinery says on stderr, the same words
    report = build_report(read_results([out]))
    section = next(s for s in report.sections if s.title.startswith("Paired comparisons"))
    assert section.table["edit (as the cards read)"].tolist() == [f"B's cards: {change}"] * len(section.table)
    assert "design" not in section.table.columns                      # a fixed-size run has no design to state
    assert all(f"B's cards: {change}" in t for t in report.sections[0].items)
    assert "Verdict on A (shipped cards) against B" in report.sections[0].items[0]


def test_a_sequential_compare_report_states_its_looks_and_games_per_look(tmp_path):
    out = tmp_path / "c.csv"
    res = invoke("compare", "--cards-b", "examples/cards/railgun4.toml", "--until-verdict", "--games", 100,
                 "--max-games", 400, "--out", out, "-q")
    assert res.exit_code == 0, res.output
    row = pd.read_csv(out).iloc[0]
    report = build_report(read_results([out]))
    section = next(s for s in report.sections if s.title.startswith("Paired comparisons"))
    design = (f"sequential: {row['looks']} look{'' if row['looks'] == 1 else 's'} of 100 games per setting (cap 400), "
              f"stopped {'at a verdict' if row['stopped'] == 'verdict' else 'at the cap'}")
    assert section.table["design"].iloc[0].startswith(design)
    assert design in report.sections[0].items[0]


def test_every_table_sorts_with_a_few_lines_of_inline_script(sweep):
    _, _, report = sweep
    page = report.html()
    tables = re.findall(r"<table[^>]*>", page)
    assert tables and all("sortable" in t for t in tables)
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(scripts) == 1 and "table.sortable" in scripts[0] and len(scripts[0].splitlines()) < 25
    assert "<script src" not in page and "http" not in scripts[0]
