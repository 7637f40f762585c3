"""Tournament, advice and impact files name their game (issue #32, item 4): a report mixing them with another
game's files says so instead of silently combining them.  A sweep's aggregate and per-card table and a
comparison keep their columns (pinned by their tests): their modes and side names tell the game."""
from __future__ import annotations

import pandas as pd
import pytest

from reports.html_report import build_report
from reports.inputs import read_results
from reports.report_games import game_of_table, with_game
from simcore.games import registry
from tests.conftest import invoke
from tests.core.test_report_findings import aggregate_of, sweep_games

GAMES = registry.names()


def tournament_file(game: str, tmp_path) -> tuple:
    entries = ",".join(registry.tuning(game).default_pool[:2])
    out = tmp_path / f"{game}_t.csv"
    res = invoke("tournament", "--game", game, "--strategies", entries, "--games", 4, "--out", out)
    assert res.exit_code == 0, res.output
    return out, out.parent / f"{out.stem}_ratings.csv"


@pytest.mark.parametrize("game", GAMES)
def test_a_tournaments_matrix_and_ratings_name_their_game(game, tmp_path):
    matrix, ratings = tournament_file(game, tmp_path)
    for path in (matrix, ratings):
        table = pd.read_csv(path)
        assert table.columns[0] == "game" and set(table["game"]) == {game}
        assert game_of_table(table) == game


def test_a_report_of_a_last_command_tournament_and_a_star_realms_sweep_says_they_are_two_games(tmp_path):
    matrix, _ = tournament_file("last-command", tmp_path)
    aggregate_of(sweep_games("star-realms", 0.6)).drop(columns="source").to_csv(tmp_path / "sr.csv", index=False)
    report = build_report(read_results([matrix, tmp_path / "sr.csv"]))
    assert [n for n in report.notes if n.startswith("These files are results of 2 different games (star-realms: sr; "
                                                    "last-command: last-command_t)")], report.notes


def test_an_advice_table_names_its_game_and_the_report_reads_it(tmp_path):
    from reports.advisor.outputs import ADVICE_COLUMNS

    row = {c: 0 for c in ADVICE_COLUMNS} | {"stage": "screen", "edit": "Scout: trade 1 -> 2", "verdict": "helps",
                                            "effect_ci_low": -0.1, "effect_ci_high": 0.1, "goal": 0.5, "band": 0.02}
    with_game(pd.DataFrame([row], columns=list(ADVICE_COLUMNS)), "star-realms").to_csv(tmp_path / "a.csv",
                                                                                       index=False)
    aggregate_of(sweep_games("last-command", 0.6)).drop(columns="source").to_csv(tmp_path / "lc.csv", index=False)
    results = read_results([tmp_path / "a.csv", tmp_path / "lc.csv"])
    assert game_of_table(results.advice) == "star-realms"
    assert [n for n in build_report(results).notes if n.startswith("These files are results of 2 different games")]


def test_a_files_game_that_is_no_registered_game_is_one_line_exit_2(tmp_path):
    matrix, ratings = tournament_file("last-command", tmp_path)
    pd.read_csv(matrix).assign(game="chess").to_csv(matrix, index=False)
    res = invoke("report", matrix, "--out", tmp_path / "report")
    assert res.exit_code == 2
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and f"{matrix}: line 2, column 'game': expected one of " in lines[0], res.output
    assert "got 'chess'" in lines[0] and not (tmp_path / "report").exists()


@pytest.mark.parametrize("game", GAMES)
def test_an_impact_table_names_its_game(game, tmp_path):
    res = invoke("impact", "--game", game, "--games", 40, "-q", "--out", tmp_path / "i.csv")
    assert res.exit_code == 0, res.output
    table = read_results([tmp_path / "i.csv"]).impact
    assert set(table["game"]) == {game} and game_of_table(table) == game
