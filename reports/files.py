"""Writing outputs to disk atomically: tables (CSV by default, Parquet when the path ends in ``.parquet``),
tables streamed chunk by chunk, and finished files (PNG, HTML) given as bytes; and checking every output
target of a command before its first game.

Every output is written all or nothing by the core's ``simcore.atomic_files.write_outputs`` (a temporary file
per target, renamed into place once every output of the call is complete; nothing left behind on a failure).

A ``TableStream`` lets a long run append per-game records as it goes (memory stays flat): its rows
go to a temporary file at once, and the stream is renamed into place by the same ``write_tables``
call that writes the run's other tables, or removed if the run fails or is interrupted.
"""
from __future__ import annotations

import os
import queue
import tempfile
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from simcore.atomic_files import (not_there, on_disk, remove_folders, remove_quietly, stage, write_error,
                                  write_outputs)

from .parquet_stream import ParquetStream

PARQUET_SUFFIX = ".parquet"


def table_format(path: str | Path) -> str:
    """"parquet" for a ``.parquet`` path, else "csv"."""
    return "parquet" if Path(path).suffix.lower() == PARQUET_SUFFIX else "csv"


# ---- every output target of a command, checked before its first game

TABLE_SUFFIXES = (".csv", ".parquet")


@dataclass(frozen=True)
class Target:
    """One file a command will write: the option that names it, what it holds (``"aggregate table"``), the
    suffixes it may have (empty: any) and, for a file derived from another target's name (``<stem>_cards``),
    that target's path."""
    option: str
    path: Path
    what: str
    suffixes: tuple[str, ...] = TABLE_SUFFIXES
    next_to: Path | None = None


def next_to(path: Path, tag: str, option: str, suffix: str | None = None) -> Path:
    """The file named after ``path`` with ``_tag`` (``o.csv`` -> ``o_cards.csv``); an ``OptionError`` of
    ``option`` when ``path`` has no file name (``--out ''``)."""
    _named(Path(path), option)
    path = Path(path)
    return path.with_name(f"{path.stem}_{tag}{path.suffix if suffix is None else suffix}")


def _named(path: Path, option: str) -> None:
    from simcore.game import OptionError
    if str(path) in ("", ".") or not path.name or path.name in (".", ".."):
        raise OptionError(option, f"expected a file path, got '{'' if str(path) == '.' else path}'")


@dataclass(frozen=True)
class Source:
    """One file a command reads: the option that named it (``--cards``) and its path (a file of a card
    folder, a strategy file, a results file)."""
    option: str
    path: Path


def _real(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))


def check_targets(targets: Iterable[Target], inputs: Iterable[Source] = ()) -> None:
    """Check, before any game is played, every output of a command together: each has a file name and an
    allowed suffix, is no folder, lies in a folder this process can write (tried: a file is created and
    removed there), no two of them are the same file, and none is a file the command reads (``inputs``):
    an output never replaces an input. Paths are compared resolved (``./o.csv``, a link, a link to a
    link). The first problem is an ``OptionError`` of the option that named the target (exit 2, one line)."""
    from simcore.game import OptionError
    read = {_real(src.path): src for src in inputs}
    seen: dict[str, Target] = {}
    for t in targets:
        path = Path(t.path)
        _named(path, t.option)
        if t.suffixes and path.suffix.lower() not in t.suffixes:
            raise OptionError(t.option, f"expected a path ending in {' or '.join(t.suffixes)}, got '{path}'")
        where = f"'{path}'" + (f" (the {t.what} next to '{t.next_to}')" if t.next_to is not None else "")
        if path.is_dir():
            raise OptionError(t.option, f"{where} is a folder, expected a file path")
        folder = _writable_folder(path)
        if folder is not None:
            raise OptionError(t.option, f"cannot write into '{folder}'" + (
                f" ({where} goes there)" if t.next_to is not None else ""))
        key = _real(path)
        src = read.get(key)
        if src is not None:
            same = "" if str(src.path) == str(path) else f" '{src.path}'"
            raise OptionError(t.option, f"{where} is also read as {src.option}{same}: an output never replaces a "
                                        f"file the command reads, give another path")
        other = seen.get(key)
        if other is not None:
            raise OptionError(t.option, f"{where} is also the {other.what} ({other.option} '{other.path}'): give "
                                        f"another path")
        seen[key] = t


def _writable_folder(path: Path) -> Path | None:
    """None when ``path``'s folder can be written (or created), else the folder that cannot."""
    folder = path.resolve().parent
    while not folder.exists():
        folder = folder.parent
    writable = folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
    if writable:   # the folder, or the one its missing folders would be made in
        try:   # the real test (access() says yes to root everywhere): create and remove a file there
            fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
            os.close(fd)
            os.unlink(probe)
        except OSError:
            writable = False
    return None if writable else folder


def _write(df: pd.DataFrame, path: Path, fmt: str) -> None:
    if fmt == "parquet":
        df.to_parquet(path, index=False)
    else:
        df.to_csv(path, index=False, lineterminator="\n")


class _Discarded(Exception):
    """The stream is being thrown away: its writer drops what is still queued."""


class TableStream:
    """A table written in chunks to a temporary file next to ``target``.

    Use it as a context manager (the temporary file is removed if the block raises) and hand it to
    ``write_tables(..., streams=[stream])``, which closes it and renames it into place together with
    the other tables::

        with TableStream("out/games.parquet") as games:
            for chunk in chunks:
                games.append(chunk)
            write_tables({"out/sweep.csv": aggregate}, streams=[games])

    Every chunk must have the same columns (in the same order) and dtypes, and at least one chunk
    must be appended before the stream is written.

    Chunks are converted and written by a thread of the stream's own while the caller goes on (a
    sweep plays its next chunk meanwhile: on 2 cores the write then costs its CPU time shared
    with the engine, not its wall time added to the run's).  At most ``QUEUED`` chunks wait, so
    memory stays flat; a failure in the writer is raised by the next ``append`` or by ``close``.
    """

    QUEUED = 2

    def __init__(self, target: str | Path):
        self.target = Path(target)
        self.format = table_format(self.target)
        self._created: list = []       # folders made for the target (with identity): removed with a discarded stream
        self.tmp: Path | None = stage(self.target, self._created)
        self.rows = 0
        self._columns: list[str] | None = None
        # one handle for the whole run: chunks go to the file it opened, and ``close`` checks that the
        # temporary path still names that file (a folder removed and made again mid-run would otherwise
        # take the later chunks into a new file, without the header)
        try:
            self._handle = open(self.tmp, "wb")
        except OSError as exc:
            remove_quietly(self.tmp)
            raise write_error(self.target, exc) from None
        self.written: tuple[int, int, int] | None = None     # (device, inode, size) of the finished file
        self._parquet = ParquetStream(self._handle, self.target) if self.format == "parquet" else None
        self._header = False    # CSV header written
        self._queue: queue.Queue = queue.Queue(self.QUEUED)
        self._failed: BaseException | None = None
        self._thread: threading.Thread | None = None

    def append(self, df) -> None:
        """Queue a chunk: a DataFrame or a ``pyarrow.RecordBatch`` (``per_game.per_game_batch``)."""
        if self.tmp is None:
            raise ValueError(f"{self.target}: the stream is already closed")
        names = list(df.columns) if isinstance(df, pd.DataFrame) else list(df.schema.names)
        if self._columns is None:
            self._columns = names
        elif names != self._columns:
            raise ValueError(f"{self.target}: a chunk's columns differ from the first chunk's")
        self._raise_failure()
        if self._thread is None:
            self._thread = threading.Thread(target=self._write_queued, name=f"write {self.target.name}", daemon=True)
            self._thread.start()
        self._queue.put(df)
        self.rows += len(df)

    def _write_queued(self) -> None:
        while True:
            df = self._queue.get()
            if df is None:
                return
            if self._failed is None:   # after a failure, chunks are only taken off the queue
                try:
                    self._append(df)
                except BaseException as exc:
                    self._failed = exc

    def _raise_failure(self) -> None:
        exc = self._failed
        if exc is None:
            return
        if isinstance(exc, OSError):   # a full disk, a removed folder: named, and the caller discards the stream
            raise write_error(self.target, exc) from None
        raise exc

    def _join(self) -> None:
        """Wait for the chunks queued so far to be written (or dropped after a failure)."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _append(self, df) -> None:
        if self._parquet is not None:
            self._parquet.append(df)
        else:
            if not isinstance(df, pd.DataFrame):
                df = df.to_pandas()
            df.to_csv(self._handle, mode="wb", header=not self._header, index=False, lineterminator="\n")
            self._header = True

    def close(self) -> None:
        """Finish the file (it stays under its temporary name until ``write_tables`` renames it); an
        ``OutputFileError`` when its temporary name no longer names the file written."""
        self._join()
        self._raise_failure()
        if self.written is not None:
            return
        try:
            if self._parquet is not None:
                self._parquet.close()
            self._handle.flush()
            st = os.fstat(self._handle.fileno())
            self._handle.close()
        except OSError as exc:
            raise write_error(self.target, exc) from None
        self.written = (st.st_dev, st.st_ino, st.st_size)
        if self.tmp is None or on_disk(self.tmp) != self.written:
            raise not_there(self.target)

    def finish(self) -> tuple[Path, tuple[int, int, int] | None]:
        """Closed, ready to be renamed into place (``simcore.atomic_files.Staged``): (its temporary file, the
        identity written)."""
        if self.tmp is None:
            raise ValueError(f"{self.target}: the stream was discarded")
        if self._columns is None:
            raise ValueError(f"{self.target}: no rows were appended to the stream")
        self.close()
        return self.tmp, self.written

    def committed(self) -> None:
        self.tmp = None

    def discard(self) -> None:
        """Remove the temporary file (nothing to do once ``write_tables`` renamed it into place)."""
        if self._thread is not None:
            self._failed = self._failed or _Discarded()   # what is still queued is not written
            self._join()
        if self._parquet is not None:
            self._parquet.abandon()
        try:
            self._handle.close()
        except OSError:
            pass
        if self.tmp is not None:
            remove_quietly(self.tmp)
            self.tmp = None
            remove_folders(self._created)

    def __enter__(self) -> "TableStream":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.discard()


def write_tables(tables: Mapping[str | Path, pd.DataFrame], *, streams: Iterable[TableStream] = (),
                 files: Mapping[str | Path, bytes] | None = None) -> list[Path]:
    """Write several outputs all-or-nothing (``simcore.atomic_files.write_outputs``); returns the paths written.

    ``tables``: DataFrames, each in the format its own path names (``table_format``).
    ``streams``: ``TableStream``s already filled, renamed into place with the rest.
    ``files``: finished file contents (PNG, HTML) as bytes.
    Missing parent folders are created. If any output fails to write, none of the targets is
    created or changed (a failed stream's temporary file is removed too); an ``OSError`` becomes an
    ``OutputFileError`` naming the path that failed.
    """
    writers = [(Path(target), lambda tmp, df=df, fmt=table_format(target): _write(df, tmp, fmt))
               for target, df in tables.items()]
    writers += [(Path(target), lambda tmp, data=data: tmp.write_bytes(data)) for target, data in (files or {}).items()]
    return write_outputs(writers, streams)


def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """Write one table atomically (see ``write_tables``)."""
    return write_tables({path: df})[0]


def write_files(files: Mapping[str | Path, bytes]) -> list[Path]:
    """Write finished files (bytes) atomically, all or nothing (see ``write_tables``)."""
    return write_tables({}, files=files)
