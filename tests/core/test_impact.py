"""``commandsim impact``: card impact by restricted play (``reports.impact``), the core's part, on the tiny race
(plain Python, fast) and through the CLI for every game's bad input."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.impact import BOTH, bannable_cards, run_impact
from simcore.errors import CommandsimError
from simcore.game import Restriction
from simcore.games import registry
from tests.conftest import invoke

GAMES = registry.names()


def test_impact_the_same_table_on_any_thread_count_and_chunking(tiny_game):
    a = run_impact(tiny_game, games=400, screen=40, seed=5, measures=("ban", "force"))
    b = run_impact(tiny_game, games=400, screen=40, seed=5, measures=("ban", "force"), threads=2, chunk_size=13)
    pd.testing.assert_frame_equal(a.table, b.table)
    assert set(a.table["measure"]) == {"ban", "force"}
    assert set(a.table["side"]) == {"red", "blue", BOTH}


def test_impact_both_is_the_mean_of_the_sides_on_the_same_seeds(tiny_game):
    r = run_impact(tiny_game, ["Map"], games=200, screen=100, seed=2)
    d = r.diffs
    np.testing.assert_allclose(d[("Map", "ban", BOTH)], (d[("Map", "ban", 0)] + d[("Map", "ban", 1)]) / 2)
    row = r.both().iloc[0]
    assert row["impact"] == pytest.approx(d[("Map", "ban", BOTH)].mean())
    assert row["n"] == 2 * d[("Map", "ban", BOTH)].size


def test_impact_a_ban_only_removes_the_card_from_its_seat(tiny_game):
    tables = tiny_game.load_tables()
    cell = tiny_game.sweep_cells(__import__("simcore.game", fromlist=["SweepSpec"]).SweepSpec(), tables)[0]
    order = cell.orders[0]
    plain = tiny_game.play(order.matchup, order.strategies, 1, 0, 200, tables, 1)
    banned = tiny_game.play(order.matchup, order.strategies, 1, 0, 200, tables, 1,
                            restriction=Restriction.seat(1, ("Map",)))
    m = list(tables.names).index("Map")
    assert plain.bought[:, 1, m].sum() > 0 and banned.bought[:, 1, m].sum() == 0
    assert banned.bought[:, 0, m].sum() > 0


def test_impact_restriction_names_an_unknown_card():
    with pytest.raises(CommandsimError, match="card 'Nope' cannot be restricted"):
        Restriction.seat(0, ("Nope",)).codes(["A", "B"], ["A"])
    assert not Restriction() and Restriction.seat(1, forced=("A",))


def test_impact_cards_only_names_the_card_it_does_not_know(tiny_game):
    tables = tiny_game.load_tables()
    assert bannable_cards(tiny_game, tables, "map, BOOTS") == ["Map", "Boots"]
    with pytest.raises(CommandsimError, match="'Wings' is not a card restricted play can ban"):
        bannable_cards(tiny_game, tables, "Map,Wings")


@pytest.mark.parametrize("name", GAMES)
def test_impact_bad_input_is_one_line_and_exit_2(name, tmp_path):
    out = tmp_path / "impact.csv"
    for args, where in ((("--cards-only", "No Such Card"), "--cards-only"), (("--side", "nobody"), "--side"),
                        (("--games", "41"), "--games"), (("--strategy", "no-such-strategy"), "--strategy")):
        result = invoke("impact", "--game", name, *args, "--out", out, "-q")
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output and where in result.output
        assert not out.exists()


def test_impact_report_has_a_forest_plot_and_leads_the_findings(tiny_game, tmp_path):
    from reports.files import write_table
    from reports.html_report import FINDINGS, build_report
    from reports.inputs import read_results
    result = run_impact(tiny_game, games=400, screen=40, seed=5, measures=("ban", "force"))
    write_table(result.table, tmp_path / "impact.csv")
    report = build_report(read_results([tmp_path / "impact.csv"]))
    titles = [s.title for s in report.sections]
    assert titles[0].startswith(FINDINGS) and "Card impact: banned: what is each card worth to its side?" in titles
    assert "Card impact: forced (bought whenever affordable): is each card worth rushing?" in titles
    findings = report.sections[0]
    shown = result.both()[result.both()["verdict"] == "shown"]
    assert len(shown) and findings.items[0].startswith("Card impact: ")
    assert any("buyers' win rate also measures who buys" in n for n in findings.notes)
    assert "impact_ban.png" in report.images and "impact_force.png" in report.images
    html = report.html()
    assert "Card impact" in html and "Map" in html


def test_impact_at_each_rung_of_a_ladder(tiny_game):
    from reports.impact import impact_at_rungs
    table = impact_at_rungs(tiny_game, "Map", ["spender", "saver"], games=200, seed=4)
    assert list(table["rung"]) == ["spender", "saver"] and (table["n"] == 200).all()
    assert set(table["verdict"]) <= {"shown", "worthless", "unclear"}
    assert table["across_rungs"].iloc[0] in ("sign change", "size change", "stable", "unclear")
    assert table["across_rungs_text"].iloc[0]


def test_impact_with_every_seed_in_the_screen_is_one_fixed_test_holm_corrected(tiny_game):
    r = run_impact(tiny_game, games=200, screen=100, seed=5).both()
    assert set(r["verdict"]) <= {"shown", "worthless", "unclear"} and (r["n"] == 200).all()


def test_ladder_finding_impact_needs_its_card():
    for args in (("--card", "Railgun"), ("--finding", "impact")):
        result = invoke("ladder", *args, "--out", "unused.csv")
        assert result.exit_code == 2 and "--finding impact and --card go together" in result.output
    result = invoke("ladder", "--finding", "impact", "--card", "No Such Card", "--rungs", "balanced")
    assert result.exit_code == 2 and "'No Such Card' is not a card" in result.output


def test_impact_forced_play_where_a_game_has_none_is_one_line(tiny_game, monkeypatch):
    from simcore import game as contract
    # the tiny race keeps the default hooks (it derives from no GameDefaults): a forcible hook that gives nothing
    monkeypatch.setattr(contract._Defaults, "forcible", lambda self, tables: [])
    with pytest.raises(CommandsimError, match="--forced: .* has no forced play of Map"):
        run_impact(tiny_game, ["Map"], games=8, screen=4, measures=("ban", "force"))


def test_impact_forced_play_of_the_skirmish_is_measured(tmp_path):
    """The skirmish forces commands too (``contract.forcible``: given whenever legal and affordable)."""
    out = tmp_path / "impact.csv"
    result = invoke("impact", "--game", "skirmish", "--forced", "--cards-only", "Snap Fire", "--games", 8,
                    "--screen", 4, "--quiet", "--out", out)
    assert result.exit_code == 0, result.output
    assert set(pd.read_csv(out)["measure"]) == {"ban", "force"}


def test_impact_counts_each_unrestricted_game_once_for_the_buyers(tiny_game):
    """The two sides' pairs hold the same unrestricted games (red first against blue is both red's first seating and
    blue's second): the buyers' win rate counts each of them once."""
    from simcore.game import Setting
    from simcore.records import seat_scores
    tables = tiny_game.load_tables()
    r = run_impact(tiny_game, ["Map"], games=200, screen=100, seed=6).both().iloc[0]
    orders = tiny_game.setting_orders(Setting("red", tables=tables, variant="short"), "blue", "short", 60)
    buyers = wins = 0
    for order in orders:
        rec = tiny_game.play(order.matchup, ("saver", "saver"), 6, 0, 100, tables, 1)
        m = rec.card_names.index("Map")
        for s in range(2):
            has = rec.bought[:, s, m] > 0
            buyers += int(has.sum())
            wins += float(seat_scores(rec.winner, s)[has].sum())
    assert r["buyers"] == buyers and r["buyers_win_rate"] == pytest.approx(wins / buyers)
