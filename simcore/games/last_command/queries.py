"""Read-only rule queries shared by the engine and the policies (no state changes)."""
from .opcodes import Op, Req
from .tables import (C_BONUS, C_EXPERTISE, C_KIND, C_MAIN, C_ONGOING, C_POWER, C_REQ,
                                               C_REQ_ARG, C_SYSTEM, KIND_SYSTEM)

from .jit import hot, hot_inlined
from .copies import copied_type
from .layout import CREW, MAX_CREW_PER_SYSTEM, N_SYSTEMS, PLAYER_PILES, S_ANYPOWER, S_COPY_N, S_POWER, STACK


@hot
def pile(p, k):
    return p * PLAYER_PILES + k


@hot
def active_type(piles, cnt, sc, p, s):
    """Type whose Abilities the uncovered card of System s has now (a Corsair's copy), -1 if empty."""
    k = pile(p, STACK + s)
    if cnt[k] == 0:
        return -1
    t = piles[k, cnt[k] - 1]
    if sc[S_COPY_N] == 0:
        return t
    return copied_type(piles, cnt, sc, k, t)


@hot
def crew_count(cnt, p, s):
    return cnt[pile(p, CREW + s)]


@hot
def total_crew(cnt, p):
    n = 0
    for s in range(N_SYSTEMS):
        n += cnt[pile(p, CREW + s)]
    return n


@hot
def crew_with_expertise(cards, piles, cnt, p, s, e):
    k = pile(p, CREW + s)
    n = 0
    for i in range(cnt[k]):
        if cards[piles[k, i], C_EXPERTISE] == e:
            n += 1
    return n


@hot
def has_crew_space(cnt, p):
    for s in range(N_SYSTEMS):
        if cnt[pile(p, CREW + s)] < MAX_CREW_PER_SYSTEM:
            return True
    return False


@hot_inlined
def requirement_ok(cards, piles, cnt, p, t, s):
    r = cards[t, C_REQ]
    if r == Req.NONE:
        return True
    if r == Req.CREW_IN_SYSTEM:
        return crew_count(cnt, p, s) >= cards[t, C_REQ_ARG]
    if r == Req.COVERING:
        return cnt[pile(p, STACK + s)] > 0
    if r == Req.EXPERTISE_IN_SYSTEM:
        return crew_with_expertise(cards, piles, cnt, p, s, cards[t, C_REQ_ARG]) > 0
    return False


@hot
def total_power(sc, p):
    return sc[S_POWER + 3 * p] + sc[S_POWER + 3 * p + 1] + sc[S_POWER + 3 * p + 2]


@hot
def can_play_system(cards, piles, cnt, sc, p, t, free):
    """A System card t in p's hand can be played now (free: no Power cost)."""
    if cards[t, C_KIND] != KIND_SYSTEM:
        return False
    s = cards[t, C_SYSTEM]
    if not requirement_ok(cards, piles, cnt, p, t, s):
        return False
    if free:
        return True
    cost = cards[t, C_POWER]
    if sc[S_ANYPOWER + p] == t:
        return total_power(sc, p) >= cost
    return sc[S_POWER + 3 * p + s] >= cost


@hot
def ongoing_rows(cards, piles, cnt, sc, p, s):
    """(start, end) of the ongoing effect rows of the card uncovered in p's System s (empty if none)."""
    t = active_type(piles, cnt, sc, p, s)
    if t < 0:
        return 0, 0
    return cards[t, C_ONGOING], cards[t, C_ONGOING] + cards[t, C_ONGOING + 1]


@hot
def ongoing_sum(cards, eff, piles, cnt, sc, p, op, col):
    """Sum of column ``col`` of every ongoing effect ``op`` on p's uncovered System cards."""
    total = 0
    for s in range(N_SYSTEMS):
        start, end = ongoing_rows(cards, piles, cnt, sc, p, s)
        for i in range(start, end):
            if eff[i, 0] == op:
                total += eff[i, col]
    return total


@hot
def discounts(cards, eff, piles, cnt, sc, p):
    """Credits off a purchase of each Market kind: System types 0..2, then Crew. A DISCOUNT row's
    column 3 names the kind it applies to (-1: any). One scan serves a whole Market Phase (a
    scan per item priced was a tenth of the run time)."""
    d0 = d1 = d2 = d3 = 0
    for s in range(N_SYSTEMS):
        start, end = ongoing_rows(cards, piles, cnt, sc, p, s)
        for i in range(start, end):
            if eff[i, 0] == Op.DISCOUNT:
                k = eff[i, 3]
                v = eff[i, 1]
                d0 += v if k == -1 or k == 0 else 0
                d1 += v if k == -1 or k == 1 else 0
                d2 += v if k == -1 or k == 2 else 0
                d3 += v if k == -1 or k == 3 else 0
    return d0, d1, d2, d3


@hot
def main_has_op(cards, eff, t, op):
    start = cards[t, C_MAIN]
    for i in range(start, start + cards[t, C_MAIN + 1]):
        if eff[i, 0] == op:
            return True
    return False


@hot
def bonus_len(cards, t, e):
    return cards[t, C_BONUS + 3 * e + 1]


@hot
def segment_damage(cards, eff, piles, cnt, sc, p, s, start, length):
    """(Damage to the opponent, Damage to p) that running eff[start:start+length] for p, whose card
    is in System s, would deal now: each Damage less the opponent's Shield; an OR's rows are not
    counted (which option runs is not known yet)."""
    shield = ongoing_sum(cards, eff, piles, cnt, sc, 1 - p, Op.SHIELD, 1)
    to_opp = 0
    to_self = 0
    i = start
    while i < start + length:
        op = eff[i, 0]
        if op == Op.CHOICE:
            i += 1 + eff[i, 1] + eff[i, 2]
            continue
        if op == Op.DAMAGE:
            to_opp += max(0, eff[i, 1] - shield)
        elif op == Op.DAMAGE_PER_CREW and s >= 0:
            to_opp += max(0, eff[i, 1] * crew_count(cnt, p, s) - shield)
        elif op == Op.DAMAGE_SELF:
            to_self += eff[i, 1]
        i += 1
    return to_opp, to_self
