"""Value of a segment of effect rows under a strategy's weights (jitted: used by policies and values)."""
from numba import njit

from simcore.opcodes import Op

from .params import (P_W_CREDITS, P_W_DAMAGE, P_W_DRAW, P_W_MALF, P_W_OTHER, P_W_POWER, P_W_REPAIR)


@njit(cache=True)
def op_value(row, op, a, b):
    n = max(a, 1)
    if op == Op.NOP or op == Op.CHOICE:
        return 0.0
    if op == Op.DAMAGE:
        return row[P_W_DAMAGE] * n
    if op == Op.DAMAGE_PER_CREW:
        return row[P_W_DAMAGE] * 2 * n        # about two Crew in a System
    if op == Op.REPAIR:
        return row[P_W_REPAIR] * n
    if op == Op.REPAIR_PER_CREW:
        return row[P_W_REPAIR] * 2 * n
    if op == Op.SHIELD:
        return row[P_W_REPAIR] * 3 * n        # it blunts several attacks
    if op == Op.CREDITS:
        return row[P_W_CREDITS] * n
    if op == Op.CREDITS_PER_CREW:
        return row[P_W_CREDITS] * 2 * n
    if op == Op.POWER:
        return row[P_W_POWER] * n * (3 if b == 3 else 1)
    if op == Op.DRAW:
        return row[P_W_DRAW] * n
    if op == Op.MALFUNCTION or op == Op.MALFUNCTION_TOP or op == Op.MALFUNCTION_REPAIR:
        return row[P_W_MALF] * n
    if op == Op.DAMAGE_SELF:
        return -row[P_W_DAMAGE] * n
    if op == Op.LOSE_POWER:
        return -row[P_W_POWER] * min(n, 4)
    if op == Op.LOSE_CREDITS:
        return -row[P_W_CREDITS] * n
    return row[P_W_OTHER] * n


@njit(cache=True)
def segment_value(eff, row, start, length):
    """Sum of the rows' values; an OR counts its better option (nested ORs count both halves)."""
    total = 0.0
    i = start
    end = start + length
    while i < end:
        if eff[i, 0] == Op.CHOICE:
            a = eff[i, 1]
            b = eff[i, 2]
            va = 0.0
            for j in range(i + 1, i + 1 + a):
                va += op_value(row, eff[j, 0], eff[j, 1], eff[j, 2])
            vb = 0.0
            for j in range(i + 1 + a, i + 1 + a + b):
                vb += op_value(row, eff[j, 0], eff[j, 1], eff[j, 2])
            total += max(va, vb)
            i += 1 + a + b
        else:
            total += op_value(row, eff[i, 0], eff[i, 1], eff[i, 2])
            i += 1
    return total
