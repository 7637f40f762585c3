"""Geometry on the range track and the seed's five pre-declaration checks, shared by the protocol and the
policies (which only ever choose among commands these checks allow)."""

from simcore import rng
from simcore.bits import highest_bit

from .jit import hot
from .layout import (CFG_AVAIL, CFG_TRACK, PLACE, S_CP, S_RNG, U_ALIVE, U_MORALE, U_MOVE, U_POS, U_RANGE, U_RESTR,
                     U_SIDE, U_SUPP)
from .opcodes import (CC_COST, CC_ELIGIBLE, CC_KIND, CC_OPENS_WINDOW, CC_PREVENTED_BY, CC_REACH, CC_TARGET, CC_TIMING,
                      CC_TRIGGER, CC_TRIGGER_TARGET, CHK_CP, CHK_ELIGIBLE, CHK_OK, CHK_RESTRICTED, CHK_TARGET,
                      CHK_TIMING, E_NOT_ENGAGED, E_SUPPRESSED, E_WHEN_PINNED, R_CHARGE, R_MOVE, R_RANGE, TG_ENEMY,
                      TG_NONE, TG_PLACE, TG_SELF, TG_TRIGGER, TIMING_ORDER, TIMING_RESPONSE, TT_FRIEND, TT_SELF)



UNKNOWN = -1     # a ``contact`` argument: no bitmask at hand, scan the units (``contact_of``)


@hot
def rand_below(sc, n):
    """Uniform integer in [0, n) from the battle's SplitMix64 state (``simcore.rng``'s generator)."""
    return rng.rand_below(sc, S_RNG, n)


@hot
def d6(sc):
    return rand_below(sc, 6) + 1


@hot
def set_rows(cfg, p):
    """The command rows to scan for p's set: up to its last (a row after it is in no set of p's, so every check
    of p's refuses it: the table is padded to MAX_CMDS rows)."""
    avail = cfg[CFG_AVAIL + p]
    return highest_bit(avail) + 1 if avail > 0 else 0


@hot
def dist(u, i, j):
    return abs(u[i, U_POS] - u[j, U_POS])


@hot
def engaged(u, n, i):
    """An enemy stands on the unit's position: they are in contact."""
    for j in range(n):
        if u[j, U_ALIVE] and u[j, U_SIDE] != u[i, U_SIDE] and u[j, U_POS] == u[i, U_POS]:
            return True
    return False


@hot
def pinned(u, i):
    return u[i, U_SUPP] >= u[i, U_MORALE]


@hot
def engaged_units(u, n):
    """Bit i set when unit i is alive and in contact with an enemy (``engaged`` of every unit at once): a
    decision weighing many commands reads it instead of scanning the units for each."""
    # each side's occupied positions as bits, when every position fits in them; else pair by pair
    held0, held1 = 0, 0
    for i in range(n):
        if u[i, U_ALIVE]:
            if u[i, U_POS] < 0 or u[i, U_POS] > 62:
                return engaged_pairs(u, n)
            if u[i, U_SIDE] == 0:
                held0 |= 1 << u[i, U_POS]
            else:
                held1 |= 1 << u[i, U_POS]
    return contact_at(u, n, held0 & held1)


@hot
def contact_at(u, n, both):
    """The living units standing on a position of the bits ``both`` (those both sides hold: contact)."""
    bits = 0
    if both:
        for i in range(n):
            if u[i, U_ALIVE] and (both >> u[i, U_POS]) & 1:
                bits |= 1 << i
    return bits


@hot
def engaged_pairs(u, n):
    """``engaged_units``, each pair of units tested once."""
    bits = 0
    for i in range(n):
        if u[i, U_ALIVE] == 0:
            continue
        for j in range(i + 1, n):
            if u[j, U_ALIVE] and u[j, U_SIDE] != u[i, U_SIDE] and u[j, U_POS] == u[i, U_POS]:
                bits |= (1 << i) | (1 << j)
    return bits


@hot
def contact_of(u, n, i, contact):
    """Unit i is in contact: read from ``contact`` (``engaged_units``), or scanned when it is UNKNOWN."""
    if contact < 0:
        return engaged(u, n, i)
    return (contact >> i) & 1 == 1


@hot
def in_range(u, n, i, j):
    """i can shoot j: both alive, j within i's range, and line of sight - kept simple: a unit in contact
    with an enemy sees only that melee, so it cannot shoot (it may still be shot)."""
    return in_range_of(u, n, i, j, UNKNOWN)


@hot
def in_range_of(u, n, i, j, contact):
    """``in_range``, contact read from ``contact`` (``contact_of``)."""
    return u[i, U_ALIVE] == 1 and u[j, U_ALIVE] == 1 and dist(u, i, j) <= u[i, U_RANGE] \
        and not contact_of(u, n, i, contact)


@hot
def within_reach_of(u, n, reach, i, j, contact):
    if reach == R_RANGE:
        return in_range_of(u, n, i, j, contact)
    if reach == R_CHARGE:
        return dist(u, i, j) <= 2 * u[i, U_MOVE]
    if reach == R_MOVE:
        return dist(u, i, j) <= u[i, U_MOVE]
    return True


@hot
def eligible(cmds, u, n, p, c, i):
    """The second check: p's unit i is alive and what command c needs it to be (not pinned, unless the
    command works pinned; not in contact; suppressed)."""
    return eligible_of(cmds, u, n, p, c, i, UNKNOWN)


@hot
def eligible_of(cmds, u, n, p, c, i, contact):
    """``eligible``, contact read from ``contact`` (``contact_of``)."""
    el = cmds[c, CC_ELIGIBLE]
    return not (u[i, U_ALIVE] == 0 or u[i, U_SIDE] != p or (pinned(u, i) and el & E_WHEN_PINNED == 0)
                or (el & E_NOT_ENGAGED and contact_of(u, n, i, contact))
                or (el & E_SUPPRESSED and u[i, U_SUPP] == 0))


@hot
def target_legal(cmds, u, n, cfg, p, c, i, t):
    """The fourth check, a response's tie to its trigger aside (``check_declare`` adds it): t is a target
    command c of p's unit i may have, within its reach from where the unit stands now."""
    return target_legal_of(cmds, u, n, cfg, p, c, i, t, UNKNOWN)


@hot
def target_legal_of(cmds, u, n, cfg, p, c, i, t, contact):
    """``target_legal``, contact read from ``contact`` (``contact_of``)."""
    tg = cmds[c, CC_TARGET]
    reach = cmds[c, CC_REACH]
    if tg == TG_PLACE:
        to = t - PLACE
        if t < PLACE or to < 0 or to >= cfg[CFG_TRACK] or to == u[i, U_POS]:
            return False
        return abs(to - u[i, U_POS]) <= u[i, U_MOVE] * (2 if reach == R_CHARGE else 1)
    if tg == TG_ENEMY or tg == TG_TRIGGER:
        if t < 0 or t >= n or u[t, U_ALIVE] == 0 or u[t, U_SIDE] == p:
            return False
        return within_reach_of(u, n, reach, i, t, contact)
    if tg == TG_SELF:
        return t == i
    if tg == TG_NONE:
        return t == -1
    return True


@hot
def check_declare(cmds, u, n, sc, cfg, p, c, i, t, trig_cmd, trig_unit, trig_target):
    """The first of the seed's five checks that command c by p's unit i on target t fails (CHK_OK: it can be
    declared). trig_cmd < 0: p's own command window; else the response window of trig_cmd, declared by
    trig_unit on trig_target."""
    return check_declare_of(cmds, u, n, sc, cfg, p, c, i, t, trig_cmd, trig_unit, trig_target, UNKNOWN)


@hot
def check_declare_of(cmds, u, n, sc, cfg, p, c, i, t, trig_cmd, trig_unit, trig_target, contact):
    """``check_declare``, contact read from ``contact`` (``contact_of``): a decision that checks many
    commands reads the units' contact once."""
    timing = cmds[c, CC_TIMING]
    if (cfg[CFG_AVAIL + p] >> c) & 1 == 0:          # not a command of p's force
        return CHK_TIMING
    if timing == TIMING_ORDER:
        if trig_cmd >= 0:
            return CHK_TIMING
    elif timing == TIMING_RESPONSE:
        # only a command that opens a window is answered (an own-window command, or a response a rule allows)
        if trig_cmd < 0 or cmds[trig_cmd, CC_OPENS_WINDOW] == 0:
            return CHK_TIMING
        if cmds[trig_cmd, CC_KIND] & cmds[c, CC_TRIGGER] == 0:
            return CHK_TIMING
        tt = cmds[c, CC_TRIGGER_TARGET]
        if tt == TT_SELF and trig_target != i:
            return CHK_TIMING
        if tt == TT_FRIEND and (trig_target < 0 or trig_target >= PLACE or trig_target == i
                                or u[trig_target, U_SIDE] != p):
            return CHK_TIMING
    else:
        return CHK_TIMING
    if not eligible_of(cmds, u, n, p, c, i, contact):
        return CHK_ELIGIBLE
    if sc[S_CP + p] < cmds[c, CC_COST]:
        return CHK_CP
    if not target_legal_of(cmds, u, n, cfg, p, c, i, t, contact) \
            or (cmds[c, CC_TARGET] == TG_TRIGGER and t != trig_unit):
        return CHK_TARGET
    if u[i, U_RESTR] & cmds[c, CC_PREVENTED_BY]:
        return CHK_RESTRICTED
    return CHK_OK


@hot
def order_declarable(cmds, u, n, sc, cfg, p, c, i, contact):
    """``check_declare`` of p's own-window command c by unit i passes every check but the fourth (its
    target): the part a decision checks once for all the targets it weighs (``own_target_legal`` the rest;
    contact read from ``contact``, ``contact_of``)."""
    return (cmds[c, CC_TIMING] == TIMING_ORDER and (cfg[CFG_AVAIL + p] >> c) & 1 == 1
            and eligible_of(cmds, u, n, p, c, i, contact) and sc[S_CP + p] >= cmds[c, CC_COST]
            and u[i, U_RESTR] & cmds[c, CC_PREVENTED_BY] == 0)


@hot
def own_target_legal(cmds, u, n, cfg, p, c, i, t, contact):
    """``check_declare``'s fourth check in p's own command window (no trigger: a response's target is never
    legal there), contact read from ``contact`` (``contact_of``)."""
    return target_legal_of(cmds, u, n, cfg, p, c, i, t, contact) and cmds[c, CC_TARGET] != TG_TRIGGER
