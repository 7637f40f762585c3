"""Card patch files: edited cards written back as ``[[card]]`` TOML tables that ``--cards`` accepts.

A patch holds each edited card whole (an override replaces a shipped card by key, field for field),
with comments saying which values changed.  Python reads TOML but does not write it, and the card
tables hold only strings, integers, booleans, lists and small tables, so the writer is this short.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence

from simcore.games.last_command.cardset.model import Card

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
# top-level tables written as dotted keys (``bonus.tactician = [...]``), as the shipped files do
_DOTTED = ("bonus", "bonus_mode")


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)   # JSON string escapes are valid TOML basic strings
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as a card value")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def card_toml(table: dict) -> str:
    """One ``[[card]]`` table."""
    lines = ["[[card]]"]
    for key, value in table.items():
        if key in _DOTTED and isinstance(value, dict):
            lines += [f"{_key(key)}.{_key(k)} = {toml_value(v)}" for k, v in value.items()]
        else:
            lines.append(f"{_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def patch_toml(cards: Sequence[Card], header: Iterable[str] = (), notes: dict[str, list[str]] | None = None) -> str:
    """The patch file text: ``header`` comment lines, then each card (``notes[key]``: comment lines
    above it, e.g. what changed)."""
    out = [f"# {line}" if line else "#" for line in header]
    for card in cards:
        out.append("")
        out += [f"# {line}" for line in (notes or {}).get(card.key, [])]
        out.append(card_toml(card.raw).rstrip("\n"))
    return "\n".join(out).lstrip("\n") + "\n"
