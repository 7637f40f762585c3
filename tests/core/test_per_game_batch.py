"""A sweep's per-game chunk built as an Arrow record batch straight from the engine's arrays
(``reports.per_game.per_game_batch``): every column holds what the engine recorded, whatever the
block size of the bought-copies transpose, and the file it is streamed to reads back as plain
strings and numbers, integers stored without null levels and labels as Parquet dictionaries."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

import reports.per_game as pg
from reports.files import TableStream, write_tables
from simcore.records import Records

NAMES = ["Railgun", "Tri Laser", "Hydra Missile", "Teleporter", "Repair Teams"]


def _records(n: int, first_game: int, faction: str, seed: int = 3, engine_layout: bool = False) -> Records:
    rng = np.random.default_rng(seed)
    bought = rng.integers(0, 4, size=(n, 2, len(NAMES))).astype(np.int32)
    if engine_layout:   # The Last Command's engine: (seat, card, game), seen as (game, seat, card)
        bought = np.ascontiguousarray(bought.transpose(1, 2, 0)).transpose(2, 0, 1)
    out = rng.integers(0, 1000, size=(n, 3))   # an engine's result rows: columns are strided views

    def columns(categories: bool) -> dict:
        def label(value):
            return pg.constant(value, n) if categories else value
        return {"game": np.arange(first_game, first_game + n), "seed": out[:, 0],
                "first_faction": label(faction), "second_faction": label("sunder"),
                "winner": pd.Categorical.from_codes(out[:, 1] % 3, ["first", "second", "draw"]),
                "turns": out[:, 2]}
    return Records(columns, bought, NAMES)


@pytest.mark.parametrize("gather_rows", [1, 3, 2048])
def test_bought_columns_are_the_engines_copies_in_any_gather_block(monkeypatch, gather_rows):
    monkeypatch.setattr(pg, "GATHER_ROWS", gather_rows)
    records = _records(10, 0, "federation")
    cards = [3, 0, 4]
    batch = pg.per_game_batch(records, "duel", "", cards)
    for seat, prefix in enumerate(("first_bought:", "second_bought:")):
        for t in cards:
            np.testing.assert_array_equal(batch.column(f"{prefix}{NAMES[t]}").to_numpy(), records.bought[:, seat, t])
    assert [name for name in batch.schema.names if "_bought:" in name] == pg.bought_columns([NAMES[t] for t in cards])
    np.testing.assert_array_equal(batch.column("seed").to_numpy(), records.columns(True)["seed"])


def test_bought_columns_in_the_engines_layout_are_its_rows_without_a_copy():
    records = _records(9, 0, "federation", engine_layout=True)
    batch = pg.per_game_batch(records, "duel", "", [4, 1])
    engine = records.bought.transpose(1, 2, 0)
    for seat, prefix in enumerate(("first_bought:", "second_bought:")):
        for t in (4, 1):
            column = batch.column(f"{prefix}{NAMES[t]}")
            np.testing.assert_array_equal(column.to_numpy(), records.bought[:, seat, t])
            assert column.buffers()[1].address == engine[seat, t].ctypes.data


def test_the_batch_is_the_frame_of_the_records_with_the_keys_and_the_bought_columns():
    records = _records(7, 20, "federation")
    frame = pg.per_game_batch(records, "solo", "hard", None, second_strategy="A.I.").to_pandas()
    games = records.columns(False)
    assert list(frame.columns[:8]) == ["mode", "difficulty", "game", "seed", "first_faction", "second_faction",
                                       "winner", "turns"]
    assert (frame["mode"].astype(str) == "solo").all() and (frame["difficulty"].astype(str) == "hard").all()
    assert list(frame["winner"].astype(str)) == list(games["winner"].astype(str))
    np.testing.assert_array_equal(frame["game"], np.arange(20, 27))
    assert len(frame.columns) == 8 + 1 + 2 * len(NAMES)     # second_strategy added: the A.I.'s label
    assert (frame["second_strategy"].astype(str) == "A.I.").all()


def test_streamed_batches_read_back_as_strings_and_required_integers(tmp_path):
    parts = [_records(6, 0, "federation"), _records(5, 6, "sunder", seed=4)]
    target = tmp_path / "games.parquet"
    with TableStream(target) as stream:
        for records in parts:
            stream.append(pg.per_game_batch(records, "duel", "", [0, 2]))
        write_tables({}, streams=[stream])
    back = pd.read_parquet(target)
    assert list(back["first_faction"]) == ["federation"] * 6 + ["sunder"] * 5
    assert back["first_faction"].dtype != "category" and back["winner"].dtype != "category"
    assert list(back["winner"]) == [w for r in parts for w in r.columns(False)["winner"].astype(str)]
    np.testing.assert_array_equal(back["second_bought:Hydra Missile"],
                                  np.concatenate([r.bought[:, 1, 2] for r in parts]))
    schema = pq.ParquetFile(target).schema
    required = {schema.column(i).name: schema.column(i).max_definition_level == 0 for i in range(len(schema))}
    assert required["game"] and required["first_bought:Railgun"] and not required["first_faction"]
    encodings = pq.ParquetFile(target).metadata.row_group(0).column(list(back.columns).index("first_faction")).encodings
    assert "RLE_DICTIONARY" in encodings or "PLAIN_DICTIONARY" in encodings


def test_a_missing_label_is_a_missing_value_not_a_code(tmp_path):
    frame = pd.DataFrame({"winner": pd.Categorical(["first", None, "draw"]), "game": np.arange(3)})
    target = tmp_path / "games.parquet"
    with TableStream(target) as stream:
        stream.append(frame)
        write_tables({}, streams=[stream])
    assert pd.read_parquet(target)["winner"].tolist()[::2] == ["first", "draw"]
    assert pd.isna(pd.read_parquet(target)["winner"][1])
