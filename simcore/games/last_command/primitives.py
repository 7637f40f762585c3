"""State changes every ability is built from: Damage, Repair, Credits, Power, Malfunctions.

``apply_simple`` runs the opcodes that need no card movement or drawing; Malfunctions'
top Abilities use only these, so drawing a Malfunction never recurses into drawing.
"""
from .opcodes import Op, SystemTarget

from .events import log_event
from .jit import hot
from .layout import (EV_EFFECT, EV_MALF_DEALT, MAX_CREDITS, MAX_HULL, MAX_POWER, M_MALF, N_SYSTEMS,
                     S_CREDITS, S_DAMAGE_DEALT, S_HULL, S_POWER, S_SOLO_AI, S_WINNER, SYS_DECK, SYS_DISC)
from .piles import pop, push
from .queries import crew_count, ongoing_sum, pile
from .players.policy import lose_power_system, malfunction_pile, power_system
from .players.solo_ai import malfunction_pile as solo_malfunction_pile


@hot
def deal_damage(cards, eff, piles, cnt, sc, log, target, n, from_opponent):
    """Damage ``target``'s Hull; a ship at 0 is destroyed at once. Returns the Damage taken."""
    if from_opponent:
        n -= ongoing_sum(cards, eff, piles, cnt, sc, target, Op.SHIELD, 1)
    if n <= 0 or sc[S_WINNER] >= 0:
        return 0
    n = min(n, sc[S_HULL + target])
    sc[S_HULL + target] -= n
    if from_opponent:
        sc[S_DAMAGE_DEALT + 1 - target] += n
    if sc[S_HULL + target] <= 0:
        sc[S_WINNER] = 1 - target
    return n


@hot
def gain_power(sc, p, s, n):
    j = S_POWER + 3 * p + s
    before = sc[j]
    sc[j] = min(MAX_POWER, sc[j] + n)
    return sc[j] - before


@hot
def lose_power(sc, p, s, n):
    j = S_POWER + 3 * p + s
    before = sc[j]
    sc[j] = max(0, sc[j] - n)
    return before - sc[j]


@hot
def gain_credits(sc, p, n):
    before = sc[S_CREDITS + p]
    sc[S_CREDITS + p] = max(0, min(MAX_CREDITS, before + n))
    return sc[S_CREDITS + p] - before


@hot
def most_power_system(sc, p):
    best = 0
    for s in range(1, N_SYSTEMS):
        if sc[S_POWER + 3 * p + s] > sc[S_POWER + 3 * p + best]:
            best = s
    return best


@hot
def deal_malfunction(cards, piles, cnt, sc, strat, log, p, on_deck):
    """p deals the top Malfunction to the opponent's discard (or deck top); none left: no effect."""
    if cnt[M_MALF] == 0:
        return 0
    q = 1 - p
    t = pop(piles, cnt, M_MALF)
    if q == sc[S_SOLO_AI]:
        kind = SYS_DECK if on_deck else SYS_DISC  # the A.I. has one deck and one discard
    elif p == sc[S_SOLO_AI]:
        kind = solo_malfunction_pile(cnt, q, on_deck)
    else:
        kind = malfunction_pile(cnt, sc, strat, p, q, on_deck)
    push(piles, cnt, pile(q, kind), t)
    log_event(log, sc, p, EV_MALF_DEALT, t, kind, q)
    return 1


@hot
def power_targets(cards, piles, cnt, sc, strat, p, s, target, victim_chooses, n):
    """Systems (bitmask) hit by a change of n Power with SystemTarget ``target`` on p's ship."""
    if target == SystemTarget.EACH:
        return 7
    if target == SystemTarget.HERE:
        return 1 << s if s >= 0 else 1 << power_system(cards, piles, cnt, sc, strat, p, n)
    if target == SystemTarget.MOST:
        return 1 << most_power_system(sc, p)
    if target == SystemTarget.ANY:
        if victim_chooses:
            return 1 << lose_power_system(sc, strat, p)
        return 1 << power_system(cards, piles, cnt, sc, strat, p, n)
    return 1 << target


@hot
def apply_simple(cards, eff, piles, cnt, sc, strat, log, p, s, op, a, b):
    """Apply one simple opcode for player p (card in System s, -1 if none).

    Returns the amount applied, or -1 if ``op`` is not a simple opcode."""
    q = 1 - p
    done = -1
    if op == Op.DAMAGE:
        done = deal_damage(cards, eff, piles, cnt, sc, log, q, a, True)
    elif op == Op.DAMAGE_PER_CREW:
        done = deal_damage(cards, eff, piles, cnt, sc, log, q, a * crew_count(cnt, p, s), True) if s >= 0 else 0
    elif op == Op.DAMAGE_SELF:
        done = deal_damage(cards, eff, piles, cnt, sc, log, p, a, False)
    elif op == Op.REPAIR or op == Op.REPAIR_PER_CREW:
        n = a if op == Op.REPAIR else (a * crew_count(cnt, p, s) if s >= 0 else 0)
        before = sc[S_HULL + p]
        sc[S_HULL + p] = min(MAX_HULL, before + n)
        done = sc[S_HULL + p] - before
    elif op == Op.CREDITS:
        done = gain_credits(sc, p, a)
    elif op == Op.CREDITS_PER_CREW:
        done = gain_credits(sc, p, a * crew_count(cnt, p, s)) if s >= 0 else 0
    elif op == Op.LOSE_CREDITS:
        done = -gain_credits(sc, p, -a)
    elif op == Op.POWER:
        mask = power_targets(cards, piles, cnt, sc, strat, p, s, b, False, a)
        done = 0
        for k in range(N_SYSTEMS):
            if mask & (1 << k):
                done += gain_power(sc, p, k, a)
    elif op == Op.LOSE_POWER or op == Op.OPP_LOSE_POWER:
        victim = p if op == Op.LOSE_POWER else q
        # the victim picks for its own loss; an attacker picks the victim's fullest System
        if op == Op.OPP_LOSE_POWER and b == SystemTarget.ANY:
            mask = 1 << most_power_system(sc, victim)
        else:
            mask = power_targets(cards, piles, cnt, sc, strat, victim, -1, b, True, a)
        done = 0
        for k in range(N_SYSTEMS):
            if mask & (1 << k):
                done += lose_power(sc, victim, k, a)
    elif op == Op.MALFUNCTION or op == Op.MALFUNCTION_TOP:
        done = 0
        for _ in range(a):
            done += deal_malfunction(cards, piles, cnt, sc, strat, log, p, op == Op.MALFUNCTION_TOP)
    if done >= 0:
        log_event(log, sc, p, EV_EFFECT, op, a, done)
    return done
