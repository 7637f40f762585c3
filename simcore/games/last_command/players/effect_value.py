"""Value of a segment of effect rows under a strategy's weights (jitted: used by policies and values).

Every opcode's value is one weight times an amount, and each weight belongs to one *part*:
Damage (``PART_DAMAGE``), Hull (Repair, Shield, self-Damage: ``PART_REPAIR``), economy (Credits,
Power, draws: ``PART_ECONOMY``) or the rest. The parts let a policy re-weigh a card for the
game state (Damage counts more when the opponent's Hull is low, Repair when one's own is)
without revaluing every effect row: see ``simcore.games.last_command.players.situation``.
"""
from ..jit import hot
from ..opcodes import Op, SystemTarget

from .params import (P_W_CARD, P_W_CREDITS, P_W_DAMAGE, P_W_DENY, P_W_DRAW, P_W_MALF, P_W_OTHER, P_W_POWER,
                     P_W_REPAIR, P_W_SCRAP, P_W_SHIELD)

PART_OTHER = 0
PART_DAMAGE = 1
PART_REPAIR = 2
PART_ECONOMY = 3

CREW_GUESS = 2      # Crew in a System, for "per Crew" effects valued away from the table
LETHAL = 1000.0     # value of an option that destroys the opponent's ship now


@hot
def op_part(op):
    """Which part an opcode's value belongs to."""
    if op == Op.DAMAGE or op == Op.DAMAGE_PER_CREW:
        return PART_DAMAGE
    if op == Op.REPAIR or op == Op.REPAIR_PER_CREW or op == Op.SHIELD or op == Op.DAMAGE_SELF:
        return PART_REPAIR
    if op == Op.CREDITS or op == Op.CREDITS_PER_CREW or op == Op.POWER or op == Op.DRAW \
            or op == Op.LOSE_POWER or op == Op.LOSE_CREDITS:
        return PART_ECONOMY
    return PART_OTHER


@hot
def op_amount(op, a, b):
    """How many units of its weight an opcode is worth (before the weight)."""
    n = max(a, 1)
    if op == Op.NOP or op == Op.CHOICE:
        return 0.0
    if op == Op.DAMAGE_PER_CREW or op == Op.REPAIR_PER_CREW or op == Op.CREDITS_PER_CREW:
        return float(CREW_GUESS * n)
    if op == Op.POWER:
        return float(n * (3 if b == SystemTarget.EACH else 1))
    if op == Op.LOSE_POWER:
        return -float(min(n, 4))
    if op == Op.OPP_LOSE_POWER:
        return float(min(n, 4) * (3 if b == SystemTarget.EACH else 1))
    if op == Op.OPP_DISCARD or op == Op.DISCARD_OPP_INPLAY:
        return 2.0 * n          # a card of the opponent's hand or board is worth about two units
    if op == Op.QUANTUM_ARTIFACT:
        return 2.0              # two cards
    if op == Op.DAMAGE_SELF or op == Op.LOSE_CREDITS:
        return -float(n)
    return float(n)


@hot
def op_weight(row, op):
    if op == Op.DAMAGE or op == Op.DAMAGE_PER_CREW:
        return row[P_W_DAMAGE]
    if op == Op.REPAIR or op == Op.REPAIR_PER_CREW or op == Op.DAMAGE_SELF:
        return row[P_W_REPAIR]
    if op == Op.SHIELD:
        return row[P_W_SHIELD]
    if op == Op.CREDITS or op == Op.CREDITS_PER_CREW or op == Op.LOSE_CREDITS:
        return row[P_W_CREDITS]
    if op == Op.POWER or op == Op.LOSE_POWER:
        return row[P_W_POWER]
    if op == Op.DRAW:
        return row[P_W_DRAW]
    if op == Op.MALFUNCTION or op == Op.MALFUNCTION_TOP or op == Op.MALFUNCTION_REPAIR:
        return row[P_W_MALF]
    if op == Op.OPP_LOSE_POWER or op == Op.OPP_DISCARD or op == Op.DISCARD_OPP_INPLAY:
        return row[P_W_DENY]
    if op == Op.TAKE_OWN or op == Op.TAKE_MARKET or op == Op.QUANTUM_ARTIFACT or op == Op.SUPER_COMPUTER:
        return row[P_W_CARD]
    if op == Op.SCRAP:
        return row[P_W_SCRAP]
    return row[P_W_OTHER]       # moving Crew, a free play, a Corsair copy, Mines, discounts, ...


@hot
def op_value(row, op, a, b):
    return op_weight(row, op) * op_amount(op, a, b)


@hot
def op_value_now(row, op, a, b, mults, missing_hull, opp_hull):
    """An opcode's value if it happened now: parts re-weighed by ``mults`` (float[4], one per part),
    Repair no more than the Hull that is missing, Damage no more than the Hull the opponent has."""
    amount = op_amount(op, a, b)
    if op == Op.REPAIR:
        amount = min(amount, float(missing_hull))
    elif op == Op.DAMAGE:
        amount = min(amount, float(opp_hull))
    return op_weight(row, op) * amount * mults[op_part(op)]


@hot
def rows_value(eff, row, start, end):
    """Plain sum of the values of rows start..end-1 (nested ORs count both halves)."""
    total = 0.0
    for j in range(start, end):
        total += op_value(row, eff[j, 0], eff[j, 1], eff[j, 2])
    return total


@hot
def segment_value(eff, row, start, length):
    """Sum of the rows' values; an OR counts its better option (nested ORs count both halves)."""
    total = 0.0
    i = start
    end = start + length
    while i < end:
        if eff[i, 0] == Op.CHOICE:
            a = eff[i, 1]
            b = eff[i, 2]
            total += max(rows_value(eff, row, i + 1, i + 1 + a), rows_value(eff, row, i + 1 + a, i + 1 + a + b))
            i += 1 + a + b
        else:
            total += op_value(row, eff[i, 0], eff[i, 1], eff[i, 2])
            i += 1
    return total


@hot
def add_parts(eff, row, start, length, scale, out):
    """out[part] += scale * value of the rows of that part; an OR adds the parts of its better option."""
    i = start
    end = start + length
    while i < end:
        if eff[i, 0] == Op.CHOICE:
            a = eff[i, 1]
            b = eff[i, 2]
            va = segment_value(eff, row, i + 1, a)
            vb = segment_value(eff, row, i + 1 + a, b)
            lo = i + 1 if va >= vb else i + 1 + a
            for j in range(lo, lo + (a if va >= vb else b)):
                out[op_part(eff[j, 0])] += scale * op_value(row, eff[j, 0], eff[j, 1], eff[j, 2])
            i += 1 + a + b
        else:
            out[op_part(eff[i, 0])] += scale * op_value(row, eff[i, 0], eff[i, 1], eff[i, 2])
            i += 1


@hot
def rows_value_now(eff, row, start, end, mults, missing_hull, opp_hull):
    """(value, Damage) of rows start..end-1 run now; nested ORs count both halves."""
    total = 0.0
    damage = 0
    for j in range(start, end):
        op = eff[j, 0]
        total += op_value_now(row, op, eff[j, 1], eff[j, 2], mults, missing_hull, opp_hull)
        if op == Op.DAMAGE:
            damage += eff[j, 1]
    return total, damage


@hot
def segment_value_now(eff, row, start, length, mults, missing_hull, opp_hull):
    """Value of running the rows now (see ``op_value_now``); an OR counts its better option, and
    rows that destroy the opponent's ship are worth ``LETHAL`` more."""
    total = 0.0
    damage = 0
    i = start
    end = start + length
    while i < end:
        if eff[i, 0] == Op.CHOICE:
            a = eff[i, 1]
            b = eff[i, 2]
            va, da = rows_value_now(eff, row, i + 1, i + 1 + a, mults, missing_hull, opp_hull)
            vb, db = rows_value_now(eff, row, i + 1 + a, i + 1 + a + b, mults, missing_hull, opp_hull)
            if opp_hull > 0 and da >= opp_hull:
                va += LETHAL
            if opp_hull > 0 and db >= opp_hull:
                vb += LETHAL
            total += max(va, vb)
            damage += da if va >= vb else db
            i += 1 + a + b
        else:
            v, d = rows_value_now(eff, row, i, i + 1, mults, missing_hull, opp_hull)
            total += v
            damage += d
            i += 1
    if opp_hull > 0 and damage >= opp_hull and total < LETHAL:
        total += LETHAL
    return total
