"""Issue 49, item 3: cells that play identical games (identical records on the same seeds) are detected and said so,
with the reason where the card data gives one, in every game: the sweep prints it, the aggregate carries each
cell's digest, the report merges them into one finding."""
from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

from reports import identical_games as ig
from reports.html_report import build_report
from reports.inputs import Results, read_results
from reports.sweep import play_sweep
from simcore.game import SweepSpec
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)


def relabelled(cell, suffix: str):
    """The same cell (the same matchups, so the same games) under other variant labels."""
    orders = tuple(dataclasses.replace(o, variants=tuple(v + suffix for v in o.variants)) for o in cell.orders)
    return dataclasses.replace(cell, variants=tuple(v + suffix for v in cell.variants), orders=orders)


def test_the_same_games_under_two_names_are_found_in_every_game(game):
    tables = game.load_tables()
    cell = game.sweep_cells(SweepSpec(), tables)[0]
    result = play_sweep(game, [cell, relabelled(cell, "-copy")], games=20, seed=3, tables=tables)
    agg = result.aggregate
    assert agg[ig.DIGEST].str.fullmatch(r"[0-9a-f]{16}").all()
    (group,) = ig.identical_groups(agg)
    assert len(group.cells) == 2 and len({c.games for c in group.cells}) == 1
    (line,) = ig.notes(agg)
    assert "played identical games in 1 cell" in line and "-copy" in line
    # and the report says it once, with one finding for the two cells
    report = build_report(Results(aggregate=agg.assign(source="sweep")))
    findings = report.sections[0]
    heading, items = next(g for g in findings.groups if g[0].startswith("Identical games"))
    assert len(items) == 1 and items[0][0] == line
    match_ups = [t for h, g in findings.groups if h.startswith("Match-ups") for t, _ in g]
    assert len(match_ups) <= 1 and all(" = " in t for t in match_ups)       # the copy is no second finding


def test_cells_that_play_different_games_are_not_called_identical(game):
    tables = game.load_tables()
    cells = game.sweep_cells(SweepSpec(), tables)[:2]
    agg = play_sweep(game, cells, games=20, seed=3, tables=tables).aggregate
    both = agg[agg["seat"] == "both"]
    keys = pd.Series([str(ig.cell_key(r)) for _, r in both.iterrows()], index=both.index)
    assert both.groupby(keys)[ig.DIGEST].nunique().eq(1).all()      # a cell's two perspectives: one digest
    assert keys.nunique() == len(cells) and ig.identical_groups(agg) == []


def test_the_digest_does_not_depend_on_chunks_or_threads(game):
    tables = game.load_tables()
    cell = game.sweep_cells(SweepSpec(), tables)[0]
    one = play_sweep(game, [cell], games=40, seed=5, tables=tables, chunk_size=40, threads=1).aggregate
    many = play_sweep(game, [cell], games=40, seed=5, tables=tables, chunk_size=7, threads=2).aggregate
    assert list(one[ig.DIGEST]) == list(many[ig.DIGEST])
    other = play_sweep(game, [cell], games=40, seed=6, tables=tables).aggregate      # other seeds, other games
    assert set(one[ig.DIGEST]) != set(other[ig.DIGEST])


def test_a_chunk_digest_adds_up_over_any_split():
    rng = np.random.default_rng(1)
    winner, turns = rng.integers(0, 3, 50), rng.integers(5, 40, 50)
    bought = rng.integers(0, 3, (50, 2, 4))
    whole = ig.chunk_digest(0, 0, winner, turns, bought)
    parts = ig.add(ig.chunk_digest(0, 0, winner[:17], turns[:17], bought[:17]),
                   ig.chunk_digest(17, 0, winner[17:], turns[17:], bought[17:]))
    assert whole == parts
    assert ig.chunk_digest(0, 1, winner, turns, bought) != whole                     # the seat order counts
    changed = bought.copy()
    changed[9, 1, 2] += 1
    assert ig.chunk_digest(0, 0, winner, turns, changed) != whole                    # so does one card bought


def test_the_skirmishs_reserve_plays_the_same_games_with_covering_fire_at_2cp_and_without_it(tmp_path):
    """The issue's case: ``reserve`` values Covering Fire at 0.6 x 3 suppression x 1/2 = 0.9, less 0.25 per Command
    Point; at 2 CP that is 0.4, not above its ``respond_min`` of 0.4, so it never declares it, and the two command
    sets play the same games. The data says which difference was never used: Covering Fire at cost 2."""
    out = tmp_path / "sweep.csv"
    res = invoke("sweep", "--game", "skirmish", "--games", 40, "--out", out)
    assert res.exit_code == 0, res.output
    line = next(x for x in res.output.splitlines() if "identical games" in x)
    assert line.startswith("covering-fire-2cp:4 and no-covering-fire:4 played identical games in 3 cells (elite vs "
                           "line, elite vs raiders, line vs raiders")
    assert ("The command sets covering-fire-2cp and no-covering-fire differ only in commands (Covering Fire only in "
            "covering-fire-2cp) and cost (Covering Fire 2 in covering-fire-2cp, none in no-covering-fire); since no "
            "game changed, reserve never used what only one of them has in these cells.") in line
    agg = pd.read_csv(out)
    both = agg[agg["seat"] == "both"].set_index(["faction", "opponent_faction", "variant"])
    for a, b in (("elite", "line"), ("line", "raiders")):
        same = both.loc[(a, b, "covering-fire-2cp:4")], both.loc[(a, b, "no-covering-fire:4")]
        assert same[0][ig.DIGEST] == same[1][ig.DIGEST]
        assert (same[0][["wins", "losses", "draws", "mean_turns"]] == same[1][["wins", "losses", "draws",
                                                                                 "mean_turns"]]).all()
    assert both.loc[("elite", "line", "full:4")][ig.DIGEST] != both.loc[("elite", "line", "no-covering-fire:4")][
        ig.DIGEST]
    # the report reads the digest back and says the same, from the shipped card data
    report = build_report(read_results([out]))
    _, items = next(g for g in report.sections[0].groups if g[0].startswith("Identical games"))
    assert "(as the shipped card data defines them) differ only in commands (Covering Fire only in" in items[0][0]
    assert not [t for t in report.sections[0].items if "covering-fire-2cp:4 vs" in t]


def test_a_reason_is_only_given_where_the_card_data_names_both_settings():
    from simcore.card_overrides import Entry
    from simcore.games import registry
    info = registry.get("skirmish").info
    entries = {"set full": Entry("[set.full]", {"commands": ["Move", "Shoot"]}),
               "set no-responses": Entry("[set.no-responses]", {"commands": ["Move"], "cost": {"Move": 2}})}
    cells = tuple(ig.Cell(("battle", "", ()), "battle", ((f, v, "reserve"), ("line", v, "reserve")), 10)
                  for f, v in (("elite", "full:4"), ("elite", "no-responses:4")))
    text = ig.explain(ig.Group(cells), info, entries, "reserve")
    assert text == ("The command sets full and no-responses differ only in commands (Shoot only in full) and cost "
                    "(none in full, Move 2 in no-responses); since no game changed, reserve never used what only one "
                    "of them has in these cells")
    assert ig.explain(ig.Group(cells), info, {}, "reserve") == ""
