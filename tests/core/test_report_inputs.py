"""`commandsim report` checks every table it reads (issue #13, item 5): an empty or binary per-card
table next to an aggregate, text, negative or blank numbers, text in a comparison: one line naming
the file, the row and the column (exit 2), no traceback, no report written."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.aggregate import aggregate_games
from reports.compare import COMPARE_COLUMNS
from reports.inputs import ResultsFileError, read_results
from tests.core.test_report import games_frame


@pytest.fixture
def sweep_csv(tmp_path):
    games = games_frame("federation", "sunder", ["first", "second", "draw", "first"], [20, 25, 400, 30])
    aggregate_games(games, seed=1).to_csv(tmp_path / "sweep.csv", index=False)
    return tmp_path / "sweep.csv"


def compare_frame():
    row = {c: 0 for c in COMPARE_COLUMNS}
    row.update({c: "x" for c in ("faction", "opponent_faction", "opponent_variant", "strategy", "opponent_strategy",
                                 "label_a", "label_b", "variant_a", "variant_b", "cards_a", "cards_b")})
    row.update({"verdict": "unclear", "verdict_text": "not enough games to tell"})
    row.update({"seeds": 10, "games": 20, "wins_a": 10, "losses_a": 10, "wins_b": 12, "losses_b": 8,
                "win_rate_a": 0.5, "ci_low_a": 0.3, "ci_high_a": 0.7, "win_rate_b": 0.6, "ci_low_b": 0.4,
                "ci_high_b": 0.8, "score_a": 0.5, "score_b": 0.6, "diff": -0.1, "diff_ci_low": -0.3,
                "diff_ci_high": 0.1, "diff_se": 0.1, "band": 0.02, "max_turns": 400, "seed": 1})
    return pd.DataFrame([row], columns=list(COMPARE_COLUMNS))


def edit(path, line, column, value):
    """Set one cell of a CSV by its line number (the header is line 1)."""
    df = pd.read_csv(path, dtype=str, keep_default_na=False)
    df.loc[line - 2, column] = value
    df.to_csv(path, index=False)


def report(tmp_path, *files):
    return CliRunner().invoke(cli.main, ["report", *map(str, files), "--out", str(tmp_path / "rep")])


def check_refused(tmp_path, result, line):
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [f"Error: {line}"]
    assert not (tmp_path / "rep").exists()


def test_an_empty_card_table_next_to_the_aggregate_is_named(tmp_path, sweep_csv):
    (tmp_path / "sweep_cards.csv").write_bytes(b"")
    check_refused(tmp_path, report(tmp_path, sweep_csv),
                  f"{tmp_path / 'sweep_cards.csv'} (the per-card table of {sweep_csv}): cannot read it: "
                  f"No columns to parse from file")


@pytest.mark.parametrize("content, reason", [
    (bytes(range(256)) * 4, "not a per-card table: expected the columns card, times_bought, seat_games, "
                            "buy_rate, ..."),
    (b"\xff\xfe\x00\x81binary\n" * 20, "cannot read it: 'utf-8' codec can't decode byte 0xff in position 0: "
                                        "invalid start byte"),
])
def test_a_binary_card_table_next_to_the_aggregate_is_named(tmp_path, sweep_csv, content, reason):
    (tmp_path / "sweep_cards.csv").write_bytes(content)
    check_refused(tmp_path, report(tmp_path, sweep_csv),
                  f"{tmp_path / 'sweep_cards.csv'} (the per-card table of {sweep_csv}): {reason}")


def test_another_results_table_named_like_the_card_table_is_left_alone(tmp_path, sweep_csv):
    (tmp_path / "sweep_cards.csv").write_bytes(sweep_csv.read_bytes())   # an aggregate, e.g. `--out sweep_cards.csv`
    assert read_results([sweep_csv]).cards.empty


@pytest.mark.parametrize("column, value, expected, got", [
    ("games", "many", "a whole number from 0 to 2^53", "'many'"),
    ("wins", "-3", "a whole number from 0 to 2^53", "-3"),
    ("games", "", "a whole number from 0 to 2^53", "nothing"),
    ("win_rate", "1.5", "a number from 0 to 1", "1.5"),
    ("ci_low", "", "a number from 0 to 1", "nothing"),
    ("mean_turns", "inf", "a number >= 0", "inf"),
    ("draws", "2.5", "a whole number from 0 to 2^53", "2.5"),
    ("seat", "middle", "one of first, second, both", "'middle'"),
])
def test_a_bad_value_in_an_aggregate_names_file_line_and_column(tmp_path, sweep_csv, column, value, expected, got):
    edit(sweep_csv, 4, column, value)
    check_refused(tmp_path, report(tmp_path, sweep_csv),
                  f"{sweep_csv}: line 4, column '{column}': expected {expected}, got {got}")


def test_a_card_table_may_leave_rates_of_cards_nobody_bought_blank_but_not_counts(tmp_path, sweep_csv):
    cards = tmp_path / "sweep_cards.csv"
    pd.DataFrame({"card": ["Railgun", "Repair Bot"], "kind": "system", "credit_cost": [6, 3], "power_cost": [2, 1],
                  "times_bought": [5, 0], "seat_games": [32, 32], "buy_rate": [5 / 32, 0.0], "games_bought": [4, 0],
                  "wins_when_bought": [3, 0], "win_rate_when_bought": [0.75, np.nan], "ci_low": [0.3, np.nan],
                  "ci_high": [0.95, np.nan], "win_rate_not_bought": [0.4, 0.45]}).to_csv(cards, index=False)
    assert len(read_results([sweep_csv]).cards) == 2
    edit(cards, 3, "times_bought", "")
    with pytest.raises(ResultsFileError, match=r"sweep_cards.csv: line 3, column 'times_bought': expected a whole "
                                               r"number from 0 to 2\^53, got nothing"):
        read_results([sweep_csv])


def test_text_in_a_comparison_is_named(tmp_path):
    path = tmp_path / "compare.csv"
    compare_frame().to_csv(path, index=False)
    assert len(read_results([path]).compare) == 1
    edit(path, 2, "diff_ci_low", "lots")
    check_refused(tmp_path, report(tmp_path, path),
                  f"{path}: line 2, column 'diff_ci_low': expected a number from -1 to 1, got 'lots'")


def test_per_game_records_in_parquet_name_the_row(tmp_path):
    games = games_frame("federation", "sunder", ["first", "second", "draw"], [20, 25, 400])
    games = games.assign(winner=games["winner"].astype(str))
    games.loc[2, "winner"] = "nobody"
    games.to_parquet(tmp_path / "games.parquet")
    check_refused(tmp_path, report(tmp_path, tmp_path / "games.parquet"),
                  f"{tmp_path / 'games.parquet'}: row 3, column 'winner': expected one of first, second, draw, "
                  f"got 'nobody'")


def test_a_header_without_rows_is_named(tmp_path, sweep_csv):
    pd.read_csv(sweep_csv).head(0).to_csv(sweep_csv, index=False)
    check_refused(tmp_path, report(tmp_path, sweep_csv),
                  f"{sweep_csv}: no rows: expected at least one row under the header")


def test_the_largest_seeds_are_read_back_exactly(tmp_path):
    games = games_frame("federation", "sunder", ["first", "second"], [20, 25])
    games = games.assign(winner=games["winner"].astype(str), seed=[2**63 - 1, 2**63 - 2])
    games.to_csv(tmp_path / "games.csv", index=False)
    assert read_results([tmp_path / "games.csv"]).per_game.games == 2    # read as int64, not refused
