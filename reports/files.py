"""Writing outputs to disk atomically: tables (CSV by default, Parquet when the path ends in ``.parquet``),
tables streamed chunk by chunk, and finished files (PNG, HTML) given as bytes.

Each output goes to a temporary file in the target's folder and is renamed over the target with
``os.replace`` (atomic within one file system) only once every output of the call is complete, so a
failure while writing (an exception, a full disk, Ctrl-C) leaves no partial output: the temporary
files are removed and earlier versions of the targets are untouched.

A ``TableStream`` lets a long run append per-game records as it goes (memory stays flat): its rows
go to a temporary file at once, and the stream is renamed into place by the same ``write_tables``
call that writes the run's other tables, or removed if the run fails or is interrupted.

Targets are checked (none may be a folder) once every output is complete and before the first
rename; a rename that still fails puts back what the earlier renames replaced. Temporary files are
named ``.<target name>.<pid>.<random>.tmp``: a process killed outright (SIGKILL, a power cut) cannot
remove its own, so staging a target first removes the temporary files of that target left by
processes that no longer run. A failure names the path that failed (``OutputFileError``).
"""
from __future__ import annotations

import errno
import os
import queue
import tempfile
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from simcore.errors import OutputFileError

from .parquet_stream import ParquetStream

PARQUET_SUFFIX = ".parquet"


def table_format(path: str | Path) -> str:
    """"parquet" for a ``.parquet`` path, else "csv"."""
    return "parquet" if Path(path).suffix.lower() == PARQUET_SUFFIX else "csv"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_error(path: Path, exc: OSError) -> OutputFileError:
    """The one-line error for an OS failure while writing ``path`` (an ``OutputFileError`` already names
    its path: it is kept, not wrapped into "cannot write X: cannot write Y")."""
    if isinstance(exc, OutputFileError):
        return exc
    reason = exc.strerror or str(exc)
    return OutputFileError(f"cannot write {path}: {reason}")


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


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a temporary file or folder of a process that does not is stale)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:    # EPERM: it runs, as another user
        return True
    return True


def stale_temp_files(target: Path) -> list[Path]:
    """Temporary files of ``target`` (our naming) whose writing process no longer runs."""
    prefix, stale = f".{target.name}.", []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return []
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid = name[len(prefix):-len(".tmp")].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not pid_alive(int(pid)):
            stale.append(Path(entry.path))
    return stale


def remove_stale_temp_files(target: Path) -> None:
    for path in stale_temp_files(target):
        try:
            path.unlink()
        except OSError:   # another run cleaning up at the same moment, or not ours to remove
            pass


def _remove(path: Path) -> None:
    """Remove a temporary file, whatever became of it: gone, or its folder replaced by a file."""
    try:
        path.unlink()
    except OSError:
        pass


def _on_disk(path: Path) -> tuple[int, int, int] | None:
    """(device, inode, size) of the file at ``path`` now (links not followed), or None when there is none."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size


def _not_there(target: Path) -> OutputFileError:
    return OutputFileError(f"cannot write {target}: it is not on disk as written (its folder was removed or "
                           f"replaced while the run wrote it)")


def _missing_folders(target: Path) -> list[Path]:
    """The folders above ``target`` that do not exist yet, outermost first."""
    missing, folder = [], Path(os.path.abspath(target)).parent
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing[::-1]


def _remove_folders(created: list) -> None:
    """Remove the folders a failed write created, innermost first, as long as they are empty and still the
    folders it made (one removed and made again by someone else meanwhile is theirs)."""
    for folder, made in reversed(created):
        try:
            if _on_disk(folder)[:2] == made:
                folder.rmdir()
        except (OSError, TypeError):
            pass
    created.clear()


def _stage(target: Path, created: list | None = None) -> Path:
    """An empty temporary file with normal permissions in the target's folder (created if missing; the
    folders it created are added to ``created`` with their identity, so that a failed write removes them)."""
    try:
        missing = _missing_folders(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        if created is not None:
            created.extend((folder, (_on_disk(folder) or (None, None))[:2]) for folder in missing)
        remove_stale_temp_files(target)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
        os.chmod(tmp, 0o666 & ~_umask())   # mkstemp makes 0600; give the file normal permissions
    except OSError as exc:
        blocked = next((p for p in Path(os.path.abspath(target)).parents if os.path.lexists(p) and not p.is_dir()),
                       None)
        if blocked is not None:   # a folder of the target's path is a file (or was made one during the run)
            raise OutputFileError(f"cannot write {target}: {blocked} is a file, not a folder") from None
        raise write_error(target, exc) from None
    return Path(tmp)


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
        self.tmp: Path | None = _stage(self.target, self._created)
        self.rows = 0
        self._columns: list[str] | None = None
        # one handle for the whole run: chunks go to the file it opened, and ``close`` checks that the
        # temporary path still names that file (a folder removed and made again mid-run would otherwise
        # take the later chunks into a new file, without the header)
        try:
            self._handle = open(self.tmp, "wb")
        except OSError as exc:
            _remove(self.tmp)
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
        if self.tmp is None or _on_disk(self.tmp) != self.written:
            raise _not_there(self.target)

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
            _remove(self.tmp)
            self.tmp = None
            _remove_folders(self._created)

    def __enter__(self) -> "TableStream":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.discard()


def write_tables(tables: Mapping[str | Path, pd.DataFrame], *, streams: Iterable[TableStream] = (),
                 files: Mapping[str | Path, bytes] | None = None) -> list[Path]:
    """Write several outputs all-or-nothing; returns the paths written.

    ``tables``: DataFrames, each in the format its own path names (``table_format``).
    ``streams``: ``TableStream``s already filled, renamed into place with the rest.
    ``files``: finished file contents (PNG, HTML) as bytes.
    Missing parent folders are created. If any output fails to write, none of the targets is
    created or changed (a failed stream's temporary file is removed too); an ``OSError`` becomes an
    ``OutputFileError`` naming the path that failed.
    """
    streams = list(streams)
    staged: list[tuple[Path, Path]] = []
    written: list[tuple[int, int, int] | None] = []    # (device, inode, size) of each file as written
    created: list = []     # folders made for the targets (with identity): a failed write leaves none behind
    try:
        for target, df in tables.items():
            target = Path(target)
            tmp = _stage(target, created)
            staged.append((tmp, target))
            try:
                _write(df, tmp, table_format(target))
            except OSError as exc:
                raise write_error(target, exc) from None
            written.append(_on_disk(tmp))
        for target, data in (files or {}).items():
            target = Path(target)
            tmp = _stage(target, created)
            staged.append((tmp, target))
            try:
                tmp.write_bytes(data)
            except OSError as exc:
                raise write_error(target, exc) from None
            written.append(_on_disk(tmp))
        for stream in streams:
            if stream.tmp is None:
                raise ValueError(f"{stream.target}: the stream was discarded")
            if stream._columns is None:
                raise ValueError(f"{stream.target}: no rows were appended to the stream")
            stream.close()
            written.append(stream.written)
        moves = staged + [(stream.tmp, stream.target) for stream in streams]
        for (tmp, target), identity in zip(moves, written):   # every target, before the first rename
            if target.is_dir():
                raise write_error(target, IsADirectoryError(errno.EISDIR, "it is a folder, expected a file"))
            if identity is None or _on_disk(tmp) != identity:
                raise _not_there(target)
        _commit(moves)
        for stream in streams:
            stream.tmp = None
    except BaseException:
        for tmp, _ in staged:
            _remove(tmp)
        for stream in streams:
            stream.discard()
        _remove_folders(created)
        raise
    # what the caller will say it wrote is what is on disk: a folder removed or replaced between a rename
    # and now (or during the renames) fails the run in one line
    for (_, target), identity in zip(moves, written):
        if _on_disk(target) != identity:
            raise _not_there(target)
    return [target for _, target in staged] + [stream.target for stream in streams]


def _commit(moves: list[tuple[Path, Path]]) -> None:
    """Rename every temporary file over its target; if one rename fails, undo the earlier ones
    (each replaced target was kept under a temporary name until all were in place)."""
    done: list[tuple[Path, Path | None]] = []     # (target, its previous version or None)
    try:
        for tmp, target in moves:
            backup = None
            if os.path.lexists(target):
                backup = _stage(target)
                os.replace(target, backup)
            try:
                os.replace(tmp, target)
            except BaseException:
                if backup is not None:
                    os.replace(backup, target)
                raise
            done.append((target, backup))
    except BaseException as exc:
        for target, backup in reversed(done):
            if backup is not None:
                os.replace(backup, target)
            else:
                target.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            failed = moves[len(done)][1]
            raise write_error(failed, exc) from None
        raise
    for _, backup in done:
        if backup is not None:
            backup.unlink(missing_ok=True)


def write_table(df: pd.DataFrame, path: str | Path) -> Path:
    """Write one table atomically (see ``write_tables``)."""
    return write_tables({path: df})[0]


def write_files(files: Mapping[str | Path, bytes]) -> list[Path]:
    """Write finished files (bytes) atomically, all or nothing (see ``write_tables``)."""
    return write_tables({}, files=files)
