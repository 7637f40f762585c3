"""Per-game tables appended to a Parquet file at the engine's pace (``files.TableStream``).

Writing a sweep's chunks with ``pyarrow.Table.from_pandas`` and the writer's defaults cost more than
a quarter of the run (62.8 s against 49.6 s for 2 million games): every chunk inferred its types
again, converted a Python string per row and label, built a dictionary and statistics for each of
the ~100 integer columns, and became a row group of its own.  Here:

* a chunk comes as an Arrow record batch (``per_game.per_game_batch``, built from the engine's
  arrays) or as a DataFrame converted by the same rules; the schema is the first chunk's, and a
  later chunk of other types is cast to it or refused;
* chunks are buffered into row groups of ``ROW_GROUP_ROWS`` rows;
* labels are dictionary columns, written as Parquet dictionaries without a string per row
  (the file stores no Arrow schema, so they read back as the plain strings they stand for);
  integers are delta-encoded (counts of copies bought, mostly 0) and "required" (no null levels
  to write); only the columns that are not bought counts keep min/max statistics (what a query
  engine filters on: seeds, games, turns, factions).

Measured on 20,000-row chunks of a sweep's per-game columns: 378 ms a chunk with the defaults
(frame and write), about 40 ms with a typed frame, about 15 ms from a record batch
(``benchmarks/sweep_vs_bench.py --per-game`` measures the whole path).
"""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from .per_game import arrow_column

ROW_GROUP_ROWS = 131_072   # ~6 chunks of a sweep; ~90 MB buffered at most (a batch holds its engine arrays)
NO_STATISTICS_PREFIXES = ("first_bought:", "second_bought:")


def frame_batch(df: pd.DataFrame):
    """A DataFrame chunk as a record batch, column by column as ``per_game_batch`` converts them."""
    import pyarrow as pa
    columns = [arrow_column(str(name), df[name].array if isinstance(df[name].dtype, pd.CategoricalDtype)
                            else df[name].to_numpy()) for name in df.columns]
    return pa.RecordBatch.from_arrays([a for _, a in columns], schema=pa.schema([f for f, _ in columns]))


class ParquetStream:
    """A Parquet file written in row groups from chunks of one schema (record batches or DataFrames)."""

    def __init__(self, path: Path, name: Path | None = None):
        self.path = path
        self.name = name if name is not None else path   # what messages call the file (not its temporary name)
        self._schema = None
        self._writer = None
        self._buffer: list = []
        self._buffered = 0

    def append(self, chunk) -> None:
        """Buffer ``chunk`` (a ``pyarrow.RecordBatch`` or a DataFrame); a full row group is written."""
        import pyarrow as pa
        try:
            batch = chunk if isinstance(chunk, pa.RecordBatch) else frame_batch(chunk)
            if self._schema is None:
                self._schema = batch.schema
            elif not batch.schema.equals(self._schema):
                batch = batch.cast(self._schema)
        except (pa.ArrowException, TypeError, ValueError) as exc:   # Arrow's conversion and cast errors
            raise ValueError(f"{self.name}: a chunk's column types differ from the first chunk's ({exc})") from None
        self._buffer.append(batch)
        self._buffered += batch.num_rows
        if self._buffered >= ROW_GROUP_ROWS:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        if not self._buffer:
            return
        if self._writer is None:
            strings = [f.name for f in self._schema if pa.types.is_string(f.type) or pa.types.is_dictionary(f.type)]
            numbers = [f.name for f in self._schema if pa.types.is_integer(f.type)]
            stats = [f.name for f in self._schema if not f.name.startswith(NO_STATISTICS_PREFIXES)]
            self._writer = pq.ParquetWriter(self.path, self._schema, use_dictionary=strings, write_statistics=stats,
                                            column_encoding={name: "DELTA_BINARY_PACKED" for name in numbers},
                                            store_schema=False)
        self._writer.write_table(pa.Table.from_batches(self._buffer), row_group_size=self._buffered)
        self._buffer, self._buffered = [], 0

    def close(self) -> None:
        """Write what is buffered and finish the file."""
        self._flush()
        if self._writer is not None:
            writer, self._writer = self._writer, None
            writer.close()

    def abandon(self) -> None:
        """Drop the buffer and close the writer without caring about the file (it is being removed)."""
        self._buffer, self._buffered = [], 0
        if self._writer is not None:
            writer, self._writer = self._writer, None
            try:
                writer.close()
            except Exception:   # the file is thrown away anyway
                pass
