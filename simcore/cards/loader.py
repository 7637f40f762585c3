"""Read card TOML files (one file, or a folder in name order) into validated ``Card``s.

File-level problems (unreadable, malformed TOML, duplicate keys) are reported
here; each card table is checked by ``simcore.cards.validate``.
"""
from __future__ import annotations

import errno
import os
import re
import tomllib
from pathlib import Path

from simcore.cards.model import Card, Effect, card_key
from simcore.cards.validate import CardReader
from simcore.errors import TOML_TOO_DEEP, CardDataError

__all__ = ["Card", "Effect", "card_key", "display_path", "read_cards", "card_files", "read_card_file",
           "check_unique_keys", "merge_cards", "skipped_entries"]


def display_path(path: Path) -> str:
    """The path as a user would type it: as given if relative, else relative to the working folder when inside it."""
    if not path.is_absolute():
        return str(path)
    cwd = Path.cwd().resolve()
    try:
        return str(path.resolve().relative_to(cwd)) if cwd != cwd.parent else str(path)
    except ValueError:
        return str(path)


def read_cards(path: str | Path) -> list[Card]:
    """All cards of one TOML file, or of every *.toml file of a folder in name order."""
    cards: list[Card] = []
    for file in card_files(Path(path)):
        cards.extend(read_card_file(file))
    check_unique_keys(cards)
    return cards


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
    raise CardDataError(display_path(path), None, None, "no such file or folder")


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
    return "a folder, not a file" if entry.is_dir() else "not a regular file"


def read_card_file(path: Path) -> list[Card]:
    shown = display_path(path)
    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise CardDataError(shown, None, None, f"cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise CardDataError(shown, None, None, f"not UTF-8 text (bad byte at offset {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        line, message = _toml_error_position(exc)
        raise CardDataError(shown, None, None, f"malformed TOML: {message}", line=line) from None
    except RecursionError:
        raise CardDataError(shown, None, None, TOML_TOO_DEEP) from None
    for key in data:
        if key != "card":
            raise CardDataError(shown, None, key, "unknown top-level key: a card file holds only [[card]] tables")
    tables = data.get("card")
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise CardDataError(shown, None, "card", "expected [[card]] tables (an array of tables)")
    if not tables:
        raise CardDataError(shown, None, None, "holds no [[card]] tables")
    return [CardReader(shown, i, table).read() for i, table in enumerate(tables)]


def check_unique_keys(cards: list[Card]) -> None:
    seen: dict[str, Card] = {}
    for card in cards:
        folded = card.key.casefold()
        if folded in seen:
            raise CardDataError(card.source, card.name, "name",
                                f"duplicate card key '{card.key}': already defined in {seen[folded].source}")
        seen[folded] = card


def merge_cards(base: list[Card], overrides: list[Card]) -> list[Card]:
    """``overrides`` replace base cards with the same key (keeping their place) and add new ones at the end."""
    merged = list(base)
    position = {c.key.casefold(): i for i, c in enumerate(merged)}
    for card in overrides:
        i = position.get(card.key.casefold())
        if i is None:
            position[card.key.casefold()] = len(merged)
            merged.append(card)
        else:
            merged[i] = card
    return merged


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def _toml_error_position(exc: tomllib.TOMLDecodeError) -> tuple[int | None, str]:
    # Python 3.11's TOMLDecodeError has no lineno attribute; the position is only in the text.
    text = str(exc)
    match = _TOML_POSITION.search(text)
    if not match:
        return getattr(exc, "lineno", None), text
    return int(match.group(1)), f"{text[:match.start()]} (column {match.group(2)})"
