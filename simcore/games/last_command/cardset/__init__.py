"""Card data: TOML files -> validated ``Card``s -> ``CardTables`` for the engine.

``load_cards()`` is the one entry point the engine and the CLI need::

    tables = load_cards()                          # the shipped set, checked against the component list
    tables = load_cards(overrides="my_cards/")     # shipped set, with my cards replacing/adding by key

Nothing is cached at module level: every call reads the files it is given.
"""
from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path

from .compile import compile_cards, compile_effects
from .component_list import check_component_list, component_list_problems
from .loader import display_path, merge_cards, read_cards
from .model import Card, Effect
from simcore.errors import UnknownCardError
from ..tables import CardTables

__all__ = [
    "Card", "Effect", "load_cards", "load_card_list", "read_cards", "shipped_cards_dir", "compile_cards",
    "compile_effects", "check_component_list", "component_list_problems", "find_cards",
]


def shipped_cards_dir() -> Path:
    """The folder of the card data installed with the package."""
    return Path(__file__).resolve().parent.parent / "cards"


def load_card_list(path: str | Path | None = None, overrides: str | Path | None = None, *,
                   check_components: bool | None = None) -> list[Card]:
    """Validated cards of ``path`` (None: the shipped folder), then ``overrides`` merged in by key.

    ``check_components`` defaults to True only for the plain shipped set: an explicit ``path`` or an
    override set may differ from the rulebook on purpose.
    """
    base_dir = shipped_cards_dir() if path is None else Path(path)
    cards = read_cards(base_dir)
    if overrides is not None:
        cards = merge_cards(cards, read_cards(overrides, cards))
    if check_components is None:
        check_components = path is None and overrides is None
    if check_components:
        check_component_list(cards, where=display_path(base_dir))
    return cards


def load_cards(path: str | Path | None = None, overrides: str | Path | None = None, *,
               check_components: bool | None = None) -> CardTables:
    """Compiled tables of the cards ``load_card_list`` returns (same arguments)."""
    return compile_cards(load_card_list(path, overrides, check_components=check_components))


def find_cards(cards: Sequence[Card], name: str) -> list[Card]:
    """Cards whose key or name is ``name`` (case-insensitive).

    A bare starting System name finds both its standard and asymmetrical versions; the key
    ``"<name> (asymmetrical)"`` finds only the latter.
    """
    wanted = name.strip().casefold()
    found = [c for c in cards if wanted in (c.key.casefold(), c.name.casefold())]
    if found:
        return sorted(found, key=lambda c: c.key.casefold() != wanted)   # the exact key first
    by_fold = {c.key.casefold(): c.key for c in cards}
    close = difflib.get_close_matches(wanted, list(by_fold), n=3, cutoff=0.6)
    raise UnknownCardError(name, [by_fold[c] for c in close])
