"""A card's value to a strategy: its effects priced by the strategy's weights (computed in Python, once
per run, and appended to the strategy row; the jitted policy only reads them)."""
from __future__ import annotations

import numpy as np

from .. import opcodes as O

from . import params as P

_WEIGHT = {O.Op.TRADE: P.P_W_TRADE, O.Op.COMBAT: P.P_W_COMBAT, O.Op.AUTHORITY: P.P_W_AUTHORITY,
           O.Op.DRAW: P.P_W_DRAW, O.Op.OPP_DISCARD: P.P_W_OPP_DISCARD, O.Op.EACH_OPP_DISCARD: P.P_W_OPP_DISCARD,
           O.Op.SCRAP_HAND_OR_DISCARD: P.P_W_SCRAP,
           O.Op.SCRAP_TRADE_ROW: P.P_W_TRADE_ROW, O.Op.DESTROY_BASE: P.P_W_DESTROY_BASE,
           O.Op.SCRAP_FROM_HAND: P.P_W_SCRAP, O.Op.SCRAP_THEN_DRAW: P.P_W_DRAW, O.Op.DRAW_THEN_DISCARD: P.P_W_SCRAP,
           O.Op.DISCARD_DRAW: P.P_W_SCRAP, O.Op.DISCARD_THEN_DRAW: P.P_W_SCRAP,
           O.Op.DRAW_IF_TWO_BASES: P.P_W_DRAW, O.Op.DRAW_PER_BLOB: P.P_W_DRAW}
# ops whose amount is not what one usually gets: the share of it counted
_SHARE = {O.Op.DRAW_IF_TWO_BASES: 0.3, O.Op.DRAW_PER_BLOB: 1.5, O.Op.DRAW_THEN_DISCARD: 0.5,
          O.Op.DISCARD_DRAW: 0.5, O.Op.DISCARD_THEN_DRAW: 0.5, O.Op.COPY_SHIP: 4.0, O.Op.FREE_SHIP_TOP: 4.0,
          O.Op.COMBAT_PER_SHIP: 3.0}


def op_value(vec: np.ndarray, op: int, n: int) -> float:
    op = O.Op(op)
    weight = vec[_WEIGHT[op]] if op in _WEIGHT else vec[P.P_W_SPECIAL]
    if op == O.Op.COMBAT_PER_SHIP:
        weight = vec[P.P_W_COMBAT]
    return float(weight * n * _SHARE.get(op, 1.0))


def _section(vec, tables, t, col) -> float:
    start, n = tables.cards[t, col], tables.cards[t, col + 1]
    total = 0.0
    for op, a, alt, b in tables.eff[start:start + n]:
        v = op_value(vec, op, a)
        total += max(v, op_value(vec, alt, b)) if alt else v
    return total


def card_values(vec: np.ndarray, tables) -> np.ndarray:
    out = np.zeros(tables.cards.shape[0])
    for t in range(tables.cards.shape[0]):
        row = tables.cards[t]
        v = _section(vec, tables, t, O.C_PRIMARY) + _section(vec, tables, t, O.C_STATIC)
        v += vec[P.P_ALLY_SHARE] * (_section(vec, tables, t, O.C_ALLY) + 0.5 * _section(vec, tables, t, O.C_ALLY2))
        v += 0.5 * _section(vec, tables, t, O.C_SCRAP)
        if row[O.C_KIND] in (O.KIND_BASE, O.KIND_OUTPOST):
            v *= vec[P.P_BASE_TURNS]
            v += vec[P.P_W_DEFENSE] * row[O.C_DEFENSE] + (vec[P.P_W_OUTPOST] if row[O.C_KIND] == O.KIND_OUTPOST else 0)
        out[t] = v
    return out
