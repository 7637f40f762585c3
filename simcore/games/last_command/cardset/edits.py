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
(``simcore.games.last_command.cardset.patch``) gives back through ``--cards``. ``CardField``, ``CardEdit``
and ``set_path`` are the core's (``simcore.card_edits``), shared with the other games.

Marks: a field is ``stated`` or ``estimated`` as its nearest provenance mark says; ``count`` comes
from the rulebook's component list, so it is ``stated``.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

from . import schema as S
from .compile import compile_cards
from .model import Card, Effect
from .provenance import mark_of
from .validate import CardReader
from simcore.card_edits import CardEdit, CardField, field_edits, ordinal, set_path, words
from simcore.errors import CardDataError, CommandsimError
from ..opcodes import OPSPECS
from ..tables import CardTables

COMPONENT_LIST = "stated"     # the mark of a card's copy count: the rulebook's component list gives it

__all__ = ["CardEdit", "CardField", "apply_edits", "card_fields", "edited_tables", "set_path", "single_edits"]


def card_fields(card: Card) -> list[CardField]:
    """Every editable number of ``card`` (Market cards' costs and copies, Power costs, effect numbers)."""
    out: list[CardField] = []

    def add(path: str, value: int, limits: tuple[int, int], mark: str | None = None, reads: str = ""):
        out.append(CardField(card.key, path, int(value), limits[0], limits[1], mark or mark_of(card, path) or
                             "estimated", reads))

    market = not card.is_starting and card.kind != "malfunction"
    if market:
        add("count", card.count, S.LIMITS["count"], COMPONENT_LIST, "Copies")
        add("credit_cost", card.credit_cost, S.LIMITS["credit_cost"], reads="Credit cost")
    if card.kind == "system":
        add("power_cost", card.power_cost, S.LIMITS["power_cost"], reads="Power cost")
    if card.requirement and "n" in card.requirement:
        add("requirement.n", card.requirement["n"], S.CREW_IN_SYSTEM_LIMIT, reads="Requirement: Crew in this System")
    for name in S.EFFECT_FIELDS:
        _effect_numbers(getattr(card, name), name, section_reads(card, name), add)
    for expertise, effects in card.bonus.items():
        _effect_numbers(effects, f"bonus.{expertise}", f"{words(expertise)} Bonus", add)
    return out


def section_reads(card: Card, name: str) -> str:
    """What the card calls an effect field: a Crew card's ``main`` is its Ability, a System's its effect."""
    if name == "main":
        return "Ability" if card.kind == "crew" else "Effect"
    return {"covering": "Covering effect", "ongoing": "While uncovered"}.get(name, words(name))


def _effect_numbers(effects: Sequence[Effect], path: str, reads: str, add) -> None:
    for i, effect in enumerate(effects):
        at = f"{path}[{i}]"
        here = reads + (f", {ordinal(i)} effect" if len(effects) > 1 else "")
        for k, option in enumerate(effect.options):
            _effect_numbers(option, f"{at}.options[{k}]", f"{here}, {ordinal(k)} option", add)
        kinds = {arg.name: arg.kind for arg in OPSPECS[effect.op].args}
        for name, value in effect.args:
            if kinds[name] == "int":
                add(f"{at}.{name}", value, S.EFFECT_INT_LIMIT,
                    reads=f"{here}: {words(effect.op)}" + ("" if name == "n" else f" ({words(name).lower()})"))


def single_edits(cards: Sequence[Card], *, allow_stated: bool = False, only: Iterable[str] | None = None,
                 steps: int = 1) -> list[CardEdit]:
    """Every edit of one field by +-``steps`` that stays in range: of the cards whose keys are in
    ``only`` (all when None), and of ``estimated`` fields only unless ``allow_stated``."""
    keep = None if only is None else {k.casefold() for k in only}
    return field_edits((f for card in cards if keep is None or card.key.casefold() in keep
                        for f in card_fields(card)), allow_stated, steps)


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
