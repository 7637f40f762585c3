"""Per-game files read in batches (``reports.per_game_scan``): the sums do not depend on the batch size
and equal the whole-table reductions, a bad value in a later batch is named by its row in the file,
and a report given only per-game records still shows first-player advantage and the cards."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.aggregate import card_counts, card_table, perspective_counts
from reports.html_report import build_report
from reports.inputs import TEXT_COLUMNS, read_results
from reports.input_schema import ResultsFileError
from reports.per_game_scan import scan_per_game

CARDS = ["Railgun", "Repair Bot", "Teleporter"]


def per_game_file(n: int = 50, seed: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    first_is_federation = rng.random(n) < 0.5
    frame = pd.DataFrame({
        "mode": np.where(np.arange(n) % 10 == 9, "solo", "duel"), "difficulty": "",
        "game": np.arange(n), "seed": rng.integers(0, 2**62, n),
        "first_faction": np.where(first_is_federation, "federation", "sunder"),
        "second_faction": np.where(first_is_federation, "sunder", "federation"),
        "first_variant": "standard", "second_variant": rng.choice(["standard", "asymmetrical"], n),
        "first_strategy": "balanced", "second_strategy": "balanced",
        "winner": rng.choice(["first", "second", "draw"], n, p=[0.55, 0.4, 0.05]),
        "turns": rng.integers(15, 40, n)})
    frame.loc[frame["mode"] == "solo", "difficulty"] = "hard"
    for prefix in ("first_bought:", "second_bought:"):
        for card in CARDS:
            frame[prefix + card] = rng.integers(0, 3, n) * (rng.random(n) < 0.4)
    return frame


def _bought(frame: pd.DataFrame) -> np.ndarray:
    return np.stack([frame[[f"{p}{c}" for c in CARDS]].to_numpy() for p in ("first_bought:", "second_bought:")], 1)


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_batches_of_any_size_give_the_whole_files_counts(tmp_path, suffix):
    frame = per_game_file()
    path = tmp_path / f"games{suffix}"
    frame.to_parquet(path) if suffix == ".parquet" else frame.to_csv(path, index=False)
    fmt = suffix[1:]
    whole = scan_per_game(path, fmt, "games", list(frame.columns), TEXT_COLUMNS, rows=10_000)
    small = scan_per_game(path, fmt, "games", list(frame.columns), TEXT_COLUMNS, rows=7)
    assert whole.games == small.games == len(frame)
    keys = ["mode", "first_faction", "first_variant", "second_faction", "second_variant", "turns"]

    def lengths(summary):
        return summary.lengths.groupby(keys)["games"].sum()
    pd.testing.assert_series_equal(lengths(small), lengths(whole))
    # the naive reductions of the whole table, in memory
    pd.testing.assert_series_equal(lengths(whole), frame.groupby(keys).size().rename("games"))
    duel = frame[frame["mode"] == "duel"]
    by = ["faction", "opponent_faction", "variant", "opponent_variant", "strategy", "opponent_strategy", "seat"]
    naive = perspective_counts(duel).sort_values(by, ignore_index=True)
    for summary in (whole, small):
        got = summary.counts.drop(columns="source").sort_values(by, ignore_index=True)
        pd.testing.assert_frame_equal(got, naive)
    solo = frame[frame["mode"] == "solo"]
    # a duel counts both seats' purchases, Solo Mode only the player's, as a sweep's card table does
    expected = (card_counts(_bought(duel), duel["winner"], CARDS).set_index("card")
                + card_counts(_bought(solo), solo["winner"], CARDS, (0,)).set_index("card"))
    for summary in (whole, small):
        got = summary.cards.drop(columns="source").groupby("card", sort=False).sum()
        pd.testing.assert_frame_equal(got, expected, check_names=False)


@pytest.mark.parametrize("suffix, where", [(".parquet", "row 43"), (".csv", "line 44")])
def test_a_bad_value_in_a_later_batch_is_named_by_its_row_in_the_file(tmp_path, suffix, where):
    frame = per_game_file()
    frame.loc[42, "turns"] = -3
    path = tmp_path / f"games{suffix}"
    frame.to_parquet(path) if suffix == ".parquet" else frame.to_csv(path, index=False)
    with pytest.raises(ResultsFileError,
                       match=rf"{where}, column 'turns': expected a whole number from 0 to 2\^53, got -3"):
        scan_per_game(path, suffix[1:], "games", list(frame.columns), TEXT_COLUMNS, rows=8)


def test_a_report_of_per_game_records_alone_shows_first_player_advantage_and_cards(tmp_path):
    frame = per_game_file(200)
    frame.to_parquet(tmp_path / "games.parquet")
    report = build_report(read_results([tmp_path / "games.parquet"]))
    titles = [s.title for s in report.sections]
    where = "(The Last Command, duel mode)"
    assert f"First-player advantage {where}: is moving first an advantage?" in titles
    assert "Cards bought (The Last Command): which cards do the winners buy? (an association)" in titles
    assert "Game length (The Last Command): how long are the games?" in titles
    first = next(s for s in report.sections if s.title.startswith("First-player advantage")).table
    duel = frame[frame["mode"] == "duel"]
    assert first["games"].sum() == len(duel) and first["first wins"].sum() == (duel["winner"] == "first").sum()


def test_card_rates_from_per_game_records_are_the_sweeps_card_table(tmp_path):
    frame = per_game_file(120)
    frame = frame[frame["mode"] == "duel"]
    frame.to_csv(tmp_path / "games.csv", index=False)
    from reports.report_data import per_game_cards
    got = per_game_cards(read_results([tmp_path / "games.csv"]).per_game).drop(columns="source")
    pd.testing.assert_frame_equal(got, card_table(card_counts(_bought(frame), frame["winner"], CARDS)))


def paired_file(seeds: int = 40, seed: int = 4) -> pd.DataFrame:
    """A sweep's per-game records: each game index played with federation first and with sunder first (two
    cells), written one seat order after the other, and a few games whose other order is missing."""
    rng = np.random.default_rng(seed)
    parts = []
    for variant in ("standard", "asymmetrical"):
        for first, second in (("federation", "sunder"), ("sunder", "federation")):
            parts.append(pd.DataFrame({
                "mode": "duel", "difficulty": "", "game": np.arange(seeds), "seed": np.arange(seeds) * 7,
                "first_faction": first, "second_faction": second, "first_variant": variant,
                "second_variant": variant, "first_strategy": "balanced", "second_strategy": "balanced",
                "winner": rng.choice(["first", "second", "draw"], seeds, p=[0.55, 0.4, 0.05]),
                "turns": rng.integers(15, 40, seeds)}))
    frame = pd.concat(parts, ignore_index=True)
    return frame.drop(index=[3, 130]).reset_index(drop=True)


@pytest.mark.parametrize("rows", [7, 1000])
def test_seeds_of_per_game_records_read_in_batches_are_the_whole_tables(tmp_path, rows):
    """A game's two seat orders in different batches are still one seed: the scan's seeds' sums equal
    ``pair_counts`` of the whole table, and a report from the file alone has the sweep's intervals."""
    from reports.aggregate import aggregate_games, pair_counts
    from reports.report_data import per_game_aggregate
    frame = paired_file()
    path = tmp_path / "games.parquet"
    frame.to_parquet(path)
    summary = scan_per_game(path, "parquet", "games", list(frame.columns), TEXT_COLUMNS, rows=rows)
    keys = ["faction", "opponent_faction", "variant", "opponent_variant", "strategy", "opponent_strategy"]
    got = summary.pairs.drop(columns="source").sort_values(keys, ignore_index=True)
    pd.testing.assert_frame_equal(got, pair_counts(frame).sort_values(keys, ignore_index=True))
    assert (got["seeds"] == 40).all()
    table = per_game_aggregate(summary).drop(columns="source")
    pd.testing.assert_frame_equal(table.drop(columns="seed"), aggregate_games(frame).drop(columns="seed"),
                                  check_dtype=False)
