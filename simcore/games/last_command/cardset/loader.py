"""Read card TOML files (one file, or a folder in name order) into validated ``Card``s.

File-level problems (unreadable, malformed TOML, duplicate keys) are reported
here; each card table is checked by ``simcore.games.last_command.cardset.validate``.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from simcore.card_files import card_files, display_path, skipped_entries, toml_error_position
from simcore.games.last_command.cardset.model import Card, Effect, card_key
from simcore.games.last_command.cardset.validate import CardReader
from simcore.errors import TOML_TOO_DEEP, CardDataError

__all__ = ["Card", "Effect", "card_key", "display_path", "read_cards", "card_files", "read_card_file",
           "check_unique_keys", "merge_cards", "skipped_entries"]


def read_cards(path: str | Path) -> list[Card]:
    """All cards of one TOML file, or of every *.toml file of a folder in name order."""
    cards: list[Card] = []
    for file in card_files(Path(path)):
        cards.extend(read_card_file(file))
    check_unique_keys(cards)
    return cards


def read_card_file(path: Path) -> list[Card]:
    shown = display_path(path)
    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise CardDataError(shown, None, None, f"cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise CardDataError(shown, None, None, f"not UTF-8 text (bad byte at offset {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        line, message = toml_error_position(exc)
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
