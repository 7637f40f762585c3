"""Single-field numeric card edits, game-agnostic: the balance advisor (``reports/advisor``) searches over them.

A *field* is one number of one card (or of any data entry a game edits: a unit profile, a force), found
by the entry's key and a path inside its TOML table (``cost``, ``main[0].n``, ``effects[1].n``) and named
as a designer reads the card ("Cadet Fitz: Ability, second option: Damage", ``CardField.reads``); an
*edit* moves it by ``delta`` within the field's valid range.  Each game lists its fields
(``simcore/games/*/..edits``) and applies edits to its tables as read, which its own validator then
reads again, so an edited entry is exactly what a patch file (``simcore.card_patch``) gives back
through ``--cards``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_STEP = re.compile(r"\[(\d+)\]|\.?(\w+)")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(i: int) -> str:
    """``0`` -> "first": the i-th of a card's effects or options, as a designer counts them."""
    return _ORDINALS[i] if 0 <= i < len(_ORDINALS) else f"number {i + 1}"


def words(name: str) -> str:
    """A field or op name of a card file as a card reads it: ``credit_cost`` -> "Credit cost"."""
    text = name.replace("_", " ").strip()
    if text.startswith("opp "):
        text = "opponent " + text[4:]
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class CardField:
    """One number of one card: where it is, its value, its valid range and its provenance mark.
    ``reads``: the number as a designer reads the card ("Ability, second option: Damage"; the path
    when empty), which edits are named by; ``path`` is where it sits in the card's TOML table."""
    card: str          # the card's (entry's) key
    path: str
    value: int
    low: int
    high: int
    mark: str          # "stated" or "estimated"
    reads: str = ""

    @property
    def shown(self) -> str:
        return self.reads or self.path

    @property
    def name(self) -> str:
        return f"{self.card}: {self.shown}"


@dataclass(frozen=True)
class CardEdit:
    """``field`` changed by ``delta`` (never 0; the new value lies in the field's range)."""
    field: CardField
    delta: int

    @property
    def new_value(self) -> int:
        return self.field.value + self.delta

    @property
    def label(self) -> str:
        return f"{self.field.card}: {self.field.shown} {self.field.value} -> {self.new_value}"

    @property
    def size(self) -> int:
        return abs(self.delta)

    def stepped(self, steps: int) -> "CardEdit | None":
        """The same field moved ``steps`` further in this edit's direction; None beyond its range."""
        delta = self.delta + steps * (1 if self.delta > 0 else -1)
        new = self.field.value + delta
        return CardEdit(self.field, delta) if self.field.low <= new <= self.field.high else None


def field_edits(fields: Iterable[CardField], allow_stated: bool = False, steps: int = 1) -> list[CardEdit]:
    """Every edit of one of ``fields`` by +-``steps`` that stays in range; ``stated`` fields only when
    ``allow_stated``."""
    return [CardEdit(f, delta) for f in fields if allow_stated or f.mark != "stated"
            for delta in (-steps, steps) if f.low <= f.value + delta <= f.high]


def set_path(table: dict, path: str, value: int) -> None:
    """Set the number a field path names inside an entry's TOML table (a defaulted key is added)."""
    steps = [(int(i), None) if i else (None, name) for i, name in _STEP.findall(path)]
    node = table
    for index, name in steps[:-1]:
        node = node[index] if index is not None else node[name]
    index, name = steps[-1]
    if index is not None:
        node[index] = value
    else:
        node[name] = value
