"""Read card TOML files (one file, or a folder in name order) into validated ``Card``s.

File-level problems (unreadable, malformed TOML, duplicate keys) are reported
here; each card table is checked by ``simcore.games.last_command.cardset.validate``.
"""
from __future__ import annotations

from pathlib import Path

from simcore.card_files import card_files, display_path, merge_by_key, read_toml, skipped_entries
from simcore.card_overrides import complete_override, misnamed
from .model import Card, Effect, card_key
from .validate import CardReader
from simcore.errors import CardDataError

__all__ = ["Card", "Effect", "card_key", "display_path", "read_cards", "card_files", "read_card_file",
           "check_unique_keys", "merge_cards", "skipped_entries"]


def read_cards(path: str | Path, base: list[Card] | None = None) -> list[Card]:
    """All cards of one TOML file, or of every *.toml file of a folder in name order. With ``base`` (the
    cards these override), a table naming one of them takes the fields it does not give from it."""
    cards: list[Card] = []
    for file in card_files(Path(path)):
        cards.extend(read_card_file(file, base))
    check_unique_keys(cards)
    return cards


def _completed(table: dict, loaded: dict[str, Card]) -> dict:
    """An override table completed from the loaded card it names: by its key (its name and, for an
    asymmetrical starting card, ``start_set``), or by its name alone when one loaded card has it (the
    asymmetrical Basic Laser, which has no standard namesake)."""
    name, start_set = table.get("name"), table.get("start_set")
    if not isinstance(name, str) or not isinstance(start_set, (str, type(None))):
        return table
    card = loaded.get(card_key(name.strip(), start_set).casefold())
    if card is None and start_set is None:
        named = [c for c in loaded.values() if c.name.casefold() == name.strip().casefold()]
        card = named[0] if len(named) == 1 else None
    return complete_override(table, card.raw if card is not None else None)


def read_card_file(path: Path, base: list[Card] | None = None) -> list[Card]:
    shown = display_path(path)
    data = read_toml(path)
    for key in data:
        if key != "card":
            raise CardDataError(shown, None, key, "unknown top-level key: a card file holds only [[card]] tables")
    tables = data.get("card")
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise CardDataError(shown, None, "card", "expected [[card]] tables (an array of tables)")
    if not tables:
        raise CardDataError(shown, None, None, "holds no [[card]] tables")
    loaded = {card.key.casefold(): card for card in base or ()}
    cards = []
    for i, table in enumerate(tables):
        completed = _completed(table, loaded)
        try:
            cards.append(CardReader(shown, i, completed).read())
        except CardDataError as exc:   # a new card, or a misspelt name of a loaded one?
            if completed is not table or not loaded:
                raise
            raise misnamed(exc, table.get("name"), list(dict.fromkeys(c.name for c in loaded.values()))) from None
    return cards


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
    return merge_by_key(base, overrides, lambda c: c.key)
