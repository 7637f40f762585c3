"""Writing files atomically, all or nothing: each output goes to a temporary file in its target's folder and
is renamed over the target (``os.replace``, atomic within one file system) only once every output of the call
is complete, so a failure while writing (an exception, a full disk, Ctrl-C) leaves no partial output: the
temporary files are removed, the folders made for the targets too, and earlier versions of the targets are
untouched.

Targets are checked (none may be a folder, each still the file written) once every output is complete and
before the first rename; a rename that still fails puts back what the earlier renames replaced. Temporary
files are named ``.<target name>.<pid>.<random>.tmp``: a process killed outright (SIGKILL, a power cut)
cannot remove its own, so staging a target first removes the temporary files of that target left by
processes that no longer run (``pid_alive``). A failure names the path that failed (``OutputFileError``).

The core's, because games write files too (a tuned strategy, ``simcore.tuning_space.write_atomic``);
``reports.files`` writes tables and streams through ``write_outputs``.
"""
from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

from .errors import OutputFileError

Identity = tuple[int, int, int]     # (device, inode, size) of a file as written


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


def remove_quietly(path: Path) -> None:
    """Remove a temporary file, whatever became of it: gone, or its folder replaced by a file."""
    try:
        path.unlink()
    except OSError:
        pass


def on_disk(path: Path) -> tuple[int, int, int] | None:
    """(device, inode, size) of the file at ``path`` now (links not followed), or None when there is none."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size


def not_there(target: Path) -> OutputFileError:
    return OutputFileError(f"cannot write {target}: it is not on disk as written (its folder was removed or "
                           f"replaced while the run wrote it)")


def _missing_folders(target: Path) -> list[Path]:
    """The folders above ``target`` that do not exist yet, outermost first."""
    missing, folder = [], Path(os.path.abspath(target)).parent
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing[::-1]


def remove_folders(created: list) -> None:
    """Remove the folders a failed write created, innermost first, as long as they are empty and still the
    folders it made (one removed and made again by someone else meanwhile is theirs)."""
    for folder, made in reversed(created):
        try:
            if on_disk(folder)[:2] == made:
                folder.rmdir()
        except (OSError, TypeError):
            pass
    created.clear()


def stage(target: Path, created: list | None = None) -> Path:
    """An empty temporary file with normal permissions in the target's folder (created if missing; the
    folders it created are added to ``created`` with their identity, so that a failed write removes them)."""
    try:
        missing = _missing_folders(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        if created is not None:
            created.extend((folder, (on_disk(folder) or (None, None))[:2]) for folder in missing)
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


class Staged(Protocol):
    """An output already written under a temporary name by its writer (``reports.files.TableStream``)."""
    target: Path

    def finish(self) -> tuple[Path, Identity | None]:
        """Close it: (its temporary file, the identity written); ``ValueError`` when it cannot be written."""

    def committed(self) -> None:
        """It was renamed into place."""

    def discard(self) -> None:
        """Remove its temporary file."""


def write_outputs(writers: Sequence[tuple[Path, Callable[[Path], None]]], streams: Iterable[Staged] = ()) -> list[Path]:
    """Write several outputs all-or-nothing; returns the paths written. ``writers``: (target, a function that
    writes the target's content into the temporary path it is given); ``streams``: outputs already written
    (``Staged``), renamed into place with the rest. Missing parent folders are created. If any output fails
    to write, none of the targets is created or changed (a failed stream's temporary file is removed too); an
    ``OSError`` becomes an ``OutputFileError`` naming the path that failed."""
    streams = list(streams)
    staged: list[tuple[Path, Path]] = []
    written: list[Identity | None] = []    # (device, inode, size) of each file as written
    created: list = []     # folders made for the targets (with identity): a failed write leaves none behind
    try:
        for target, write in writers:
            target = Path(target)
            tmp = stage(target, created)
            staged.append((tmp, target))
            try:
                write(tmp)
            except OSError as exc:
                raise write_error(target, exc) from None
            written.append(on_disk(tmp))
        moves = list(staged)
        for stream in streams:
            tmp, identity = stream.finish()
            moves.append((tmp, stream.target))
            written.append(identity)
        for (tmp, target), identity in zip(moves, written):   # every target, before the first rename
            if target.is_dir():
                raise write_error(target, IsADirectoryError(errno.EISDIR, "it is a folder, expected a file"))
            if identity is None or on_disk(tmp) != identity:
                raise not_there(target)
        _commit(moves)
        for stream in streams:
            stream.committed()
    except BaseException:
        for tmp, _ in staged:
            remove_quietly(tmp)
        for stream in streams:
            stream.discard()
        remove_folders(created)
        raise
    # what the caller will say it wrote is what is on disk: a folder removed or replaced between a rename
    # and now (or during the renames) fails the run in one line
    for (_, target), identity in zip(moves, written):
        if on_disk(target) != identity:
            raise not_there(target)
    return [target for _, target in moves]


def _commit(moves: list[tuple[Path, Path]]) -> None:
    """Rename every temporary file over its target; if one rename fails, undo the earlier ones
    (each replaced target was kept under a temporary name until all were in place)."""
    done: list[tuple[Path, Path | None]] = []     # (target, its previous version or None)
    try:
        for tmp, target in moves:
            backup = None
            if os.path.lexists(target):
                backup = stage(target)
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


def write_files(files: dict[str | Path, bytes]) -> list[Path]:
    """Write finished files (bytes) atomically, all or nothing (see ``write_outputs``)."""
    return write_outputs([(Path(target), lambda tmp, data=data: _write_bytes(tmp, data)) for target, data in files.items()])


def _write_bytes(path: Path, data: bytes) -> None:
    path.write_bytes(data)
