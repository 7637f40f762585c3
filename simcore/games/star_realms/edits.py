"""Single-field numeric edits of Star Realms cards, for the balance advisor (``reports/advisor``).

The core's ``CardField`` / ``CardEdit`` (``simcore.card_edits``, The Last Command's too), over this game's
numbers, each within the range its card file may hold (``card_data.LIMITS``, ``EFFECT_N``)::

    cost                         Trade to acquire
    defense                      a base's or outpost's defense
    hand_size, authority         a commander's memo card
    primary[0].n, ally[1].n      a number of an ability (sections primary, ally, ally2, scrap, static)
    primary[0].or.n              the other side of a choice

A field's mark is its card's provenance of the field (an ability number: of its section).  An edit
changes the card's ``[[card]]`` table as read, which the card reader then reads again, so an edited
card is exactly what a patch file gives back through ``--cards``.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Sequence

from simcore.card_edits import CardEdit, CardField, field_edits, ordinal, set_path, words
from simcore.errors import CardDataError, CommandsimError

from .card_data import EFFECT_N, EFFECT_SECTIONS, LIMITS, SRCard, SRTables, _Reader, compile_cards
from .setup import MODES, build_setup, mode_matchups

__all__ = ["CardEdit", "CardField", "apply_edits", "card_fields", "edited_tables", "single_edits"]


def card_fields(card: SRCard) -> list[CardField]:
    """Every editable number of ``card``."""
    out = []
    for name in ("cost", "defense", "hand_size", "authority"):
        value = getattr(card, name)
        if value is not None:
            out.append(CardField(card.name, name, value, *LIMITS[name], card.provenance(name) or "estimated",
                                 words(name)))
    for section in EFFECT_SECTIONS:
        mark = card.provenance(section) or "estimated"
        rows = card.effects.get(section, ())
        for i, (op, n, other_op, other_n) in enumerate(rows):
            here = SECTION_READS[section] + (f", {ordinal(i)} effect" if len(rows) > 1 else "")
            out.append(CardField(card.name, f"{section}[{i}].n", n, *EFFECT_N, mark, f"{here}: {words(op)}"))
            if other_op:
                out.append(CardField(card.name, f"{section}[{i}].or.n", other_n, *EFFECT_N, mark,
                                     f"{here}, or: {words(other_op)}"))
    return out


# what a card calls each ability section
SECTION_READS = {"primary": "Primary ability", "ally": "Ally ability", "ally2": "Second ally ability",
                 "scrap": "Scrap ability", "static": "Static ability"}


def single_edits(cards: Sequence[SRCard], *, allow_stated: bool = False,
                 only: Iterable[str] | None = None) -> list[CardEdit]:
    """Every edit of one field by +-1 that stays in range: of the cards named in ``only`` (all when
    None), and of ``estimated`` fields only unless ``allow_stated``."""
    keep = None if only is None else {k.casefold() for k in only}
    return field_edits((f for card in cards if keep is None or card.name.casefold() in keep
                        for f in card_fields(card)), allow_stated)


def apply_edits(cards: Sequence[SRCard], edits: Iterable[CardEdit]) -> list[SRCard]:
    """``cards`` with ``edits`` applied (same order), each edited card read again by the card reader."""
    by_name = {c.name: i for i, c in enumerate(cards)}
    tables: dict[int, dict] = {}
    for edit in edits:
        i = by_name.get(edit.field.card)
        if i is None:
            raise CommandsimError(f"edit of an unknown card '{edit.field.card}'")
        set_path(tables.setdefault(i, copy.deepcopy(cards[i].raw)), edit.field.path, edit.new_value)
    out = list(cards)
    for i, table in tables.items():
        out[i] = _Reader(cards[i].file, i, table).read()
        out[i].file = cards[i].file
    return out


def edited_tables(cards: Sequence[SRCard], decks: dict, edits: Iterable[CardEdit]) -> SRTables | None:
    """Compiled tables of the edited cards, or None when a mode could not set them up."""
    try:
        edited = apply_edits(cards, edits)
        tables = compile_cards(edited, commanded_decks(edited, decks))
        for mode in MODES:
            for matchup in mode_matchups(mode):
                build_setup(tables, matchup)
    except CardDataError:
        return None
    return tables


def commanded_decks(cards: Sequence[SRCard], decks: dict) -> dict:
    """``decks`` with the Authority and hand size of their commander's card in ``cards`` (a deck reads
    them off its commander's memo card when the files are loaded, so an edited memo card reaches it here)."""
    by_name = {c.name: c for c in cards}
    return {name: dataclasses.replace(d, authority=by_name[d.commander].authority,
                                      hand_size=by_name[d.commander].hand_size) if d.commander else d
            for name, d in decks.items()}
