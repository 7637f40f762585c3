"""Finding and reading a game's card files, whatever the game: the files of a card folder (and the
entries it skips, said why), paths as the user typed them, and the line of a TOML syntax error.
Each game's loader validates the tables these files hold against its own schema."""
from __future__ import annotations

import errno
import os
import re
import tomllib
from pathlib import Path

from simcore.errors import TOML_TOO_DEEP, CardDataError


def display_path(path: Path) -> str:
    """The path as a user would type it: as given if relative, else relative to the working folder when inside it."""
    if not path.is_absolute():
        return str(path)
    cwd = Path.cwd().resolve()
    try:
        return str(path.resolve().relative_to(cwd)) if cwd != cwd.parent else str(path)
    except (ValueError, OSError, RuntimeError):   # RuntimeError: a symbolic link loop cannot be resolved
        return str(path)


def card_files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.glob("*.toml") if p.is_file())
        if not files:
            skipped = "; ".join(f"skipped {name}: {why}" for name, why in skipped_entries(path))
            raise CardDataError(display_path(path), None, None,
                                "no *.toml card files in this folder" + (f" ({skipped})" if skipped else ""))
        return files
    if path.is_file():
        return [path]
    why = _not_a_file(path) if os.path.lexists(path) else None
    raise CardDataError(display_path(path), None, None, why or "no such file or folder")


def skipped_entries(folder: Path) -> list[tuple[str, str]]:
    """(path as shown, why) for each entry of a card folder that looks meant as a card file but
    that ``card_files`` does not read: a ``*.toml`` that is no readable file, or a name ending in
    ``.toml`` in other letter cases."""
    if not folder.is_dir():
        return []
    out = []
    for entry in sorted(folder.iterdir()):
        if entry.name.endswith(".toml"):
            why = _not_a_file(entry)
        elif entry.name.lower().endswith(".toml"):
            why = "not read: card files end in lower-case '.toml'"
        else:
            continue
        if why:
            out.append((str(Path(display_path(folder)) / entry.name), why))  # a loop cannot be resolved
    return out


def skipped_lines(path: Path) -> list[str]:
    """``cards validate``'s lines (every game's) for the entries of card folder ``path`` it did not read."""
    return [f"Skipped {name}: {why}." for name, why in skipped_entries(path)]


def _not_a_file(entry: Path) -> str | None:
    try:
        if entry.is_file():
            return None
        os.stat(entry)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link loop"
        if exc.errno == errno.ENOENT and entry.is_symlink():
            return "a symbolic link to nothing"
        return f"cannot be read ({exc.strerror})"
    if entry.is_dir():
        return "a folder, not a file"
    kind = "a named pipe" if entry.is_fifo() else "a device" if entry.is_char_device() or \
        entry.is_block_device() else "a socket" if entry.is_socket() else "a special file"
    return f"not a regular file: {kind}{' (a symbolic link to it)' if entry.is_symlink() else ''}"


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def toml_error_position(exc: tomllib.TOMLDecodeError) -> tuple[int | None, str]:
    # Python 3.11's TOMLDecodeError has no lineno attribute; the position is only in the text.
    text = str(exc)
    match = _TOML_POSITION.search(text)
    if not match:
        return getattr(exc, "lineno", None), text
    return int(match.group(1)), f"{text[:match.start()]} (column {match.group(2)})"


def read_toml(path: Path, error=CardDataError) -> dict:
    """The TOML table of a card file; every way it can fail is one ``error`` naming the file (and the line of
    a syntax error), never a traceback: unreadable, not UTF-8, malformed, nested too deeply to parse."""
    shown = display_path(path)
    try:
        return tomllib.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise error(shown, None, None, f"cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise error(shown, None, None, f"not UTF-8 text (bad byte at offset {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        line, message = toml_error_position(exc)
        raise error(shown, None, None, f"malformed TOML: {message}", line=line) from None
    except RecursionError:
        raise error(shown, None, None, TOML_TOO_DEEP) from None


def merge_by_key(base: list, overrides: list, key) -> list:
    """``overrides`` replace the entries of ``base`` with the same ``key(entry)`` (case-folded; keeping their
    place) and add new ones at the end: how every game's ``--cards`` merges a file over the shipped data."""
    merged = list(base)
    position = {key(c).casefold(): i for i, c in enumerate(merged)}
    for entry in overrides:
        i = position.get(key(entry).casefold())
        if i is None:
            position[key(entry).casefold()] = len(merged)
            merged.append(entry)
        else:
            merged[i] = entry
    return merged

