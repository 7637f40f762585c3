"""Per-game records streamed to Parquet (``reports.parquet_stream`` behind ``files.TableStream``):
the schema is typed once, categories are written as the plain strings they stand for, chunks are
gathered into row groups, and the file reads back as the chunks it was given."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

import reports.parquet_stream as ps
from reports.files import TableStream, write_tables
from reports.per_game import constant


def chunk(start: int, n: int, faction: str) -> pd.DataFrame:
    return pd.DataFrame({"mode": constant("duel", n), "first_faction": constant(faction, n),
                         "winner": pd.Categorical.from_codes(np.arange(n) % 3, ["first", "second", "draw"]),
                         "game": np.arange(start, start + n),
                         "first_bought:Railgun": (np.arange(n) % 2).astype(np.int32)})


def test_chunks_read_back_as_strings_and_numbers_in_row_groups(tmp_path, monkeypatch):
    monkeypatch.setattr(ps, "ROW_GROUP_ROWS", 10)
    parts = [chunk(0, 6, "federation"), chunk(6, 6, "sunder"), chunk(12, 3, "federation")]
    with TableStream(tmp_path / "games.parquet") as stream:
        for part in parts:
            stream.append(part)
        write_tables({}, streams=[stream])
    back = pd.read_parquet(tmp_path / "games.parquet")
    expected = pd.concat([p.astype({c: str for c in ("mode", "first_faction", "winner")}) for p in parts],
                         ignore_index=True)
    pd.testing.assert_frame_equal(back, expected)
    meta = pq.ParquetFile(tmp_path / "games.parquet").metadata
    assert [meta.row_group(i).num_rows for i in range(meta.num_row_groups)] == [12, 3]   # 2 chunks, then the rest
    # the bought counts carry no statistics; the keys do (what a query filters on)
    columns = {meta.row_group(0).column(j).path_in_schema: meta.row_group(0).column(j) for j in range(5)}
    assert columns["game"].statistics is not None and columns["first_bought:Railgun"].statistics is None


def test_a_chunk_of_other_types_is_refused_with_the_file_named(tmp_path):
    with TableStream(tmp_path / "games.parquet") as stream:
        stream.append(chunk(0, 4, "federation"))
        bad = chunk(4, 4, "sunder").assign(game=["a", "b", "c", "d"])
        stream.append(bad)          # written by the stream's thread: the failure comes back at the next call
        with pytest.raises(ValueError, match="games.parquet: a chunk's column types differ from the first chunk's"):
            stream.close()


def test_a_full_disk_in_the_writer_is_raised_by_the_next_append_naming_the_target(tmp_path, monkeypatch):
    from simcore.errors import OutputFileError

    def full(self, df):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(ps.ParquetStream, "append", full)
    target = tmp_path / "games.parquet"
    with TableStream(target) as stream:
        stream.append(chunk(0, 4, "federation"))
        stream._join()                     # the writer has met the full disk
        with pytest.raises(OutputFileError, match=f"cannot write {target}: No space left on device"):
            stream.append(chunk(4, 4, "federation"))
    assert list(tmp_path.iterdir()) == []
