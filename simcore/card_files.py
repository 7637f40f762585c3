"""Finding and reading a game's card files, whatever the game: the files of a card folder (and the
entries it skips, said why), paths as the user typed them, and the line of a TOML syntax error.
Each game's loader validates the tables these files hold against its own schema."""
from __future__ import annotations

import os
from pathlib import Path

from simcore import user_files
from simcore.errors import CardDataError
from simcore.user_files import InputFileError, display_path, not_a_file, toml_error_position  # noqa: F401


def card_paths(cards) -> list:
    """``--cards`` as a game's ``load_tables`` takes it, a list of files and folders merged in turn: one path
    (``str`` or ``Path``) or a sequence of them (None: none)."""
    return [cards] if isinstance(cards, (str, Path)) else list(cards or ())


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
    why = not_a_file(entry)
    return None if why is None else "a symbolic link to nothing" if why == "no such file" else why


def read_toml(path: Path, error=CardDataError) -> dict:
    """The TOML table of a card file, read by the core's one reader (``simcore.user_files``: a regular file,
    bounded in size and depth before parsing); every way it can fail is one ``error`` naming the file (and
    the line of a syntax error), never a traceback."""
    try:
        return user_files.read_toml(path, "card file")
    except InputFileError as exc:
        raise error(exc.file, None, None, exc.message, line=exc.line) from None


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

