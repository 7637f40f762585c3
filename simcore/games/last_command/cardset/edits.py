"""Single-field numeric card edits: every number of a card set, stepped within its valid range.

The balance advisor (``reports/advisor``) searches over these.  A *field* is one number of one card,
named by its card key and a provenance path (``simcore.games.last_command.cardset.provenance``)::

    credit_cost, power_cost     Market cost and Power cost
    count                       copies (Market cards only)
    requirement.n               an asterisked cost's "n Crew in this System"
    main[0].n, covering[1].n    a number of an effect (OR sides: main[0].options[1][0].n)
    bonus.tactician[0].n        a number of a System Bonus

An edit changes one field by ``delta``.  Edits are applied to the card's TOML table as written
(``Card.raw``), which is then read again by the same validator as a card file, so an edit can never
produce a card that a file could not hold, and the edited tables are exactly what a patch file
(``simcore.games.last_command.cardset.patch``) gives back through ``--cards``.

Marks: a field is ``stated`` or ``estimated`` as its nearest provenance mark says; ``count`` comes
from the rulebook's component list, so it is ``stated``.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from simcore.games.last_command.cardset import schema as S
from simcore.games.last_command.cardset.compile import compile_cards
from simcore.games.last_command.cardset.model import Card, Effect
from simcore.games.last_command.cardset.provenance import mark_of
from simcore.games.last_command.cardset.validate import CardReader
from simcore.errors import CardDataError, CommandsimError
from simcore.games.last_command.opcodes import OPSPECS
from simcore.games.last_command.tables import CardTables

COMPONENT_LIST = "stated"     # the mark of a card's copy count: the rulebook's component list gives it
_STEP = re.compile(r"\[(\d+)\]|\.?(\w+)")


@dataclass(frozen=True)
class CardField:
    """One number of one card: where it is, its value, its valid range and its provenance mark."""
    card: str          # the card's key
    path: str
    value: int
    low: int
    high: int
    mark: str          # "stated" or "estimated"

    @property
    def name(self) -> str:
        return f"{self.card}: {self.path}"


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
        return f"{self.field.card}: {self.field.path} {self.field.value} -> {self.new_value}"

    @property
    def size(self) -> int:
        return abs(self.delta)

    def stepped(self, steps: int) -> "CardEdit | None":
        """The same field moved ``steps`` further in this edit's direction; None beyond its range."""
        delta = self.delta + steps * (1 if self.delta > 0 else -1)
        new = self.field.value + delta
        return CardEdit(self.field, delta) if self.field.low <= new <= self.field.high else None


def card_fields(card: Card) -> list[CardField]:
    """Every editable number of ``card`` (Market cards' costs and copies, Power costs, effect numbers)."""
    out: list[CardField] = []

    def add(path: str, value: int, limits: tuple[int, int], mark: str | None = None):
        out.append(CardField(card.key, path, int(value), limits[0], limits[1], mark or mark_of(card, path) or
                             "estimated"))

    market = not card.is_starting and card.kind != "malfunction"
    if market:
        add("count", card.count, S.LIMITS["count"], COMPONENT_LIST)
        add("credit_cost", card.credit_cost, S.LIMITS["credit_cost"])
    if card.kind == "system":
        add("power_cost", card.power_cost, S.LIMITS["power_cost"])
    if card.requirement and "n" in card.requirement:
        add("requirement.n", card.requirement["n"], S.CREW_IN_SYSTEM_LIMIT)
    for name in S.EFFECT_FIELDS:
        _effect_numbers(getattr(card, name), name, add)
    for expertise, effects in card.bonus.items():
        _effect_numbers(effects, f"bonus.{expertise}", add)
    return out


def _effect_numbers(effects: Sequence[Effect], path: str, add) -> None:
    for i, effect in enumerate(effects):
        at = f"{path}[{i}]"
        for k, option in enumerate(effect.options):
            _effect_numbers(option, f"{at}.options[{k}]", add)
        kinds = {arg.name: arg.kind for arg in OPSPECS[effect.op].args}
        for name, value in effect.args:
            if kinds[name] == "int":
                add(f"{at}.{name}", value, S.EFFECT_INT_LIMIT)


def single_edits(cards: Sequence[Card], *, allow_stated: bool = False, only: Iterable[str] | None = None,
                 steps: int = 1) -> list[CardEdit]:
    """Every edit of one field by +-``steps`` that stays in range: of the cards whose keys are in
    ``only`` (all when None), and of ``estimated`` fields only unless ``allow_stated``."""
    keep = None if only is None else {k.casefold() for k in only}
    out = []
    for card in cards:
        if keep is not None and card.key.casefold() not in keep:
            continue
        for f in card_fields(card):
            if f.mark == "stated" and not allow_stated:
                continue
            for delta in (-steps, steps):
                if f.low <= f.value + delta <= f.high:
                    out.append(CardEdit(f, delta))
    return out


def set_path(table: dict, path: str, value: int) -> None:
    """Set the number a field path names inside a card's TOML table (a defaulted argument is added)."""
    steps = [(int(i), None) if i else (None, name) for i, name in _STEP.findall(path)]
    node = table
    for index, name in steps[:-1]:
        node = node[index] if index is not None else node[name]
    index, name = steps[-1]
    if index is not None:
        node[index] = value
    else:
        node[name] = value


def apply_edits(cards: Sequence[Card], edits: Iterable[CardEdit]) -> list[Card]:
    """``cards`` with ``edits`` applied (same order); each edited card is read again by the validator.

    Raises ``CommandsimError`` for an edit of an unknown card or one the validator refuses."""
    by_key = {c.key: i for i, c in enumerate(cards)}
    tables: dict[int, dict] = {}
    for edit in edits:
        i = by_key.get(edit.field.card)
        if i is None:
            raise CommandsimError(f"edit of an unknown card '{edit.field.card}'")
        table = tables.setdefault(i, copy.deepcopy(cards[i].raw))
        set_path(table, edit.field.path, edit.new_value)
    out = list(cards)
    for i, table in tables.items():
        out[i] = CardReader(cards[i].source, i, table).read()
    return out


def edited_tables(cards: Sequence[Card], edits: Iterable[CardEdit]) -> CardTables | None:
    """Compiled tables of ``cards`` with ``edits``, or None when the edited set is refused (e.g. more
    copies than the engine's piles hold)."""
    try:
        return compile_cards(apply_edits(cards, edits))
    except CardDataError:
        return None
