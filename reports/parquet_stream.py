"""Per-game tables appended to a Parquet file at the engine's pace (``files.TableStream``).

Writing a sweep's chunks with ``pyarrow.Table.from_pandas`` and the writer's defaults cost more than
a quarter of the run (62.8 s against 49.6 s for 2 million games): every chunk inferred its types
again, converted a Python string per row and label, built a dictionary and statistics for each of
the ~100 integer columns, and became a row group of its own.  Here:

* the schema is typed once, from the first chunk (a categorical column is a string column), and
  every later chunk is converted to it column by column, zero-copy for numbers; a category's codes
  are decoded to strings in Arrow, not Python;
* chunks are buffered into row groups of ``ROW_GROUP_ROWS`` rows;
* strings are dictionary-encoded (a label repeats through a whole chunk), integers delta-encoded
  (counts of copies bought, mostly 0), and only the columns that are not bought counts keep
  min/max statistics (what a query engine filters on: seeds, games, turns, factions).

Measured on 20,000-row chunks of a sweep's per-game columns: 378 ms a chunk before (frame and
write), about 40 ms after (``benchmarks/sweep_vs_bench.py --per-game`` measures the whole path).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

ROW_GROUP_ROWS = 131_072   # ~6 chunks of a sweep; ~50 MB of buffered columns at most
NO_STATISTICS_PREFIXES = ("first_bought:", "second_bought:")


def _arrow_type(column: pd.Series):
    import pyarrow as pa
    if isinstance(column.dtype, pd.CategoricalDtype):
        return pa.string()
    if column.dtype == object:   # typed from the first chunk's values, once
        return pa.array(column.to_numpy(), from_pandas=True).type
    return pa.from_numpy_dtype(column.dtype)


def _to_arrow(column: pd.Series, kind):
    import pyarrow as pa
    if isinstance(column.dtype, pd.CategoricalDtype):
        categories = pa.array(np.asarray(column.cat.categories, dtype=object), type=pa.string())
        codes = pa.array(column.cat.codes.to_numpy().astype(np.int32, copy=False))
        return pa.DictionaryArray.from_arrays(codes, categories).dictionary_decode()
    return pa.array(column.to_numpy(), type=kind, from_pandas=True)


class ParquetStream:
    """A Parquet file written in row groups from DataFrame chunks of one schema."""

    def __init__(self, path: Path, name: Path | None = None):
        self.path = path
        self.name = name if name is not None else path   # what messages call the file (not its temporary name)
        self._schema = None
        self._writer = None
        self._buffer: list = []
        self._buffered = 0

    def append(self, df: pd.DataFrame) -> None:
        import pyarrow as pa
        if self._schema is None:
            self._schema = pa.schema([(str(name), _arrow_type(df[name])) for name in df.columns])
        try:
            arrays = [_to_arrow(df[field.name], field.type) for field in self._schema]
        except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError) as exc:
            raise ValueError(f"{self.name}: a chunk's column types differ from the first chunk's ({exc})") from None
        self._buffer.append(pa.RecordBatch.from_arrays(arrays, schema=self._schema))
        self._buffered += len(df)
        if self._buffered >= ROW_GROUP_ROWS:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        if not self._buffer:
            return
        if self._writer is None:
            strings = [f.name for f in self._schema if pa.types.is_string(f.type)]
            numbers = [f.name for f in self._schema if pa.types.is_integer(f.type)]
            stats = [f.name for f in self._schema if not f.name.startswith(NO_STATISTICS_PREFIXES)]
            self._writer = pq.ParquetWriter(self.path, self._schema, use_dictionary=strings, write_statistics=stats,
                                            column_encoding={name: "DELTA_BINARY_PACKED" for name in numbers})
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
