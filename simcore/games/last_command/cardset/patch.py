"""Card patch files of The Last Command: edited cards written back as ``[[card]]`` TOML tables that
``--cards`` accepts, through the core's writer (``simcore.card_patch``, which the other games use too)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from simcore.card_patch import entry_toml, patch_text, toml_value
from .model import Card

__all__ = ["card_toml", "patch_toml", "toml_value"]

# top-level tables written as dotted keys (``bonus.tactician = [...]``), as the shipped files do
DOTTED = ("bonus", "bonus_mode")


def card_toml(table: dict) -> str:
    """One ``[[card]]`` table."""
    return entry_toml("[[card]]", table, DOTTED)


def patch_toml(cards: Sequence[Card], header: Iterable[str] = (), notes: dict[str, list[str]] | None = None) -> str:
    """The patch file text: ``header`` comment lines, then each card (``notes[key]``: comment lines
    above it, e.g. what changed)."""
    return patch_text(((card.key, card_toml(card.raw)) for card in cards), header, notes)
