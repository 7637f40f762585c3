"""Validated cards -> ``CardTables`` (the int32 layout of ``simcore.games.last_command.tables``).

Runs once per load, before any kernel; the engine then sees only the arrays.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .. import tables as T
from . import schema as S
from .capacity import check_capacity, check_effect_rows
from .model import Card, Effect
from ..opcodes import ENUMS, OPSPECS, Op, Req

_REQ_CODES = {"crew_in_system": Req.CREW_IN_SYSTEM, "covering": Req.COVERING,
              "expertise_in_system": Req.EXPERTISE_IN_SYSTEM}


def compile_cards(cards: Sequence[Card]) -> T.CardTables:
    """One ``cards`` row per card type, in the given order; effects appended to ``eff``.

    A set the engine cannot hold (too many cards for its piles, card types or effect rows) is
    refused here, naming the card that went over the limit (``simcore.games.last_command.cardset.capacity``)."""
    check_capacity(cards)
    rows = _EffectRows()
    table = np.zeros((len(cards), T.N_COLS), dtype=np.int32)
    for i, card in enumerate(cards):
        table[i] = _card_row(card, rows)
        check_effect_rows(card, len(rows.rows))
    catalog = [_card_info(i, card) for i, card in enumerate(cards)]
    return T.CardTables(cards=table, eff=rows.array(), catalog=catalog)


def compile_effects(effects: Sequence[Effect]) -> np.ndarray:
    """The rows one effect list compiles to (no leading NOP); handy for tests and for ``cards show``."""
    rows = _EffectRows()
    start, length = rows.segment(effects)
    return rows.array()[start:start + length]


class _EffectRows:
    """The growing ``eff`` table; row 0 is the NOP that empty segments point at."""

    def __init__(self):
        self.rows: list[list[int]] = [[int(Op.NOP), 0, 0, 0]]

    def segment(self, effects: Sequence[Effect]) -> tuple[int, int]:
        if not effects:
            return 0, 0
        start = len(self.rows)
        for effect in effects:
            self.emit(effect)
        return start, len(self.rows) - start

    def emit(self, effect: Effect) -> int:
        """Append one effect (a CHOICE with all its nested rows); return how many rows it took."""
        spec = OPSPECS[effect.op]
        if spec.op == Op.CHOICE:
            at = len(self.rows)
            self.rows.append([int(Op.CHOICE), 0, 0, 0])
            for column, option in zip((1, 2), effect.options):
                self.rows[at][column] = sum(self.emit(e) for e in option)
            return len(self.rows) - at
        row = [int(spec.op), 0, 0, 0]
        for column, (arg, (_, value)) in enumerate(zip(spec.args, effect.args), start=1):
            row[column] = value if arg.kind == "int" else ENUMS[arg.kind][value]
        self.rows.append(row)
        return 1

    def array(self) -> np.ndarray:
        return np.asarray(self.rows, dtype=np.int32).reshape(-1, 4)


def _card_row(card: Card, rows: _EffectRows) -> np.ndarray:
    row = np.zeros(T.N_COLS, dtype=np.int32)
    row[T.C_KIND] = S.KINDS[card.kind]
    row[T.C_SYSTEM] = S.SYSTEMS[card.system] if card.system else -1
    row[T.C_EXPERTISE] = S.EXPERTISES[card.expertise] if card.expertise else -1
    row[T.C_FACTION] = S.FACTIONS[card.faction] if card.faction else T.FACTION_NONE
    row[T.C_START_SET] = S.START_SETS[card.start_set] if card.start_set else T.START_NONE
    row[T.C_COUNT] = card.count
    row[T.C_CREDIT] = card.credit_cost
    row[T.C_POWER] = card.power_cost
    if card.requirement:
        req = card.requirement
        row[T.C_REQ] = _REQ_CODES[req["req"]]
        row[T.C_REQ_ARG] = req.get("n", S.EXPERTISES.get(req.get("expertise"), 0))
    row[T.C_MAIN:T.C_MAIN + 2] = rows.segment(card.main)
    row[T.C_COVER:T.C_COVER + 2] = rows.segment(card.covering)
    row[T.C_ONGOING:T.C_ONGOING + 2] = rows.segment(card.ongoing)
    for expertise, e in S.EXPERTISES.items():
        col = T.C_BONUS + 3 * e
        row[col:col + 2] = rows.segment(card.bonus.get(expertise, ()))
        row[col + 2] = S.BONUS_MODES[card.bonus_mode.get(expertise, "once")]
    if card.malfunction:
        row[T.C_MALF_REPLACE] = int(card.malfunction["replacement_draw"])
        row[T.C_MALF_RETURN] = S.MALF_RETURNS[card.malfunction["returns"]]
    row[T.C_RANK] = S.RANKS[card.rank] if card.rank else -1
    for e in range(3):
        start, length = row[T.C_BONUS + 3 * e], row[T.C_BONUS + 3 * e + 1]
        if length > 0 and all(r[0] in PLAIN_BONUS_OPS for r in rows.rows[start:start + length]):
            row[T.C_BONUS_PLAIN] |= 1 << e
    return row


# Opcodes a System Bonus may hold and still be "plain": run in the Bonus Phase, they move no card
# or Crew, end no copy and mark no System moved, so the Bonuses due after it are the ones due
# before it but itself (``bonus.bonus_phase`` skips looking again); none is one whose order
# matters (``bonus.order_matters``). A Draw in the Bonus Phase only adds to the coming Draw Phase.
PLAIN_BONUS_OPS = frozenset(int(op) for op in (Op.DAMAGE, Op.DAMAGE_PER_CREW, Op.REPAIR, Op.REPAIR_PER_CREW,
                                               Op.CREDITS, Op.CREDITS_PER_CREW, Op.POWER, Op.DRAW))


def _card_info(index: int, card: Card) -> T.CardInfo:
    return T.CardInfo(
        index=index, name=card.name, kind=card.kind, system=card.system, expertise=card.expertise,
        faction=card.faction, start_set=card.start_set, count=card.count, credit_cost=card.credit_cost,
        power_cost=card.power_cost, text=card.text, source=card.source, estimated=card.estimated,
        stated=card.stated, raw=card.raw, key=card.key, rank=card.rank, ability=card.ability,
    )
