"""Writing tables to disk atomically: CSV by default, Parquet when the path ends in ``.parquet``.

Each table goes to a temporary file in the target's folder and is renamed over the target with
``os.replace`` (atomic within one file system) only once every table is complete, so a failure
while writing (an exception, a full disk, Ctrl-C) leaves no partial output: the temporary files
are removed and earlier versions of the targets are untouched.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

import pandas as pd

PARQUET_SUFFIX = ".parquet"


def table_format(path: str | Path) -> str:
    """"parquet" for a ``.parquet`` path, else "csv"."""
    return "parquet" if Path(path).suffix.lower() == PARQUET_SUFFIX else "csv"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write(df: pd.DataFrame, path: Path, fmt: str) -> None:
    if fmt == "parquet":
        df.to_parquet(path, index=False)
    else:
        df.to_csv(path, index=False, lineterminator="\n")


def write_tables(tables: Mapping[str | Path, pd.DataFrame]) -> list[Path]:
    """Write several tables all-or-nothing; returns the paths written.

    The format of each follows its own path (``table_format``). Missing parent folders are
    created. If any table fails to write, none of the targets is created or changed.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for target, df in tables.items():
            target = Path(target)
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            os.close(fd)
            os.chmod(tmp, 0o666 & ~_umask())   # mkstemp makes 0600; give the file normal permissions
            staged.append((Path(tmp), target))
            _write(df, Path(tmp), table_format(target))
        for tmp, target in staged:
            os.replace(tmp, target)
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    return [target for _, target in staged]


def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """Write one table atomically (see ``write_tables``)."""
    return write_tables({path: df})[0]
