"""Skirmish decisions, jitted: which own-window command to give (or to pass) and which response to declare
(or to decline). They choose only among commands the seed's five checks allow (``checks.check_declare``).
Seat p's row is strat[p]; a random strategy picks uniformly, drawing from the battle's RNG."""
import numpy as np

from simcore.bits import highest_bit, lowest_bit
from ..checks import (UNKNOWN, check_declare_of, contact_at, contact_of, dist, engaged_pairs, engaged_units,
                      order_declarable, own_target_legal, pinned, rand_below, set_rows)
from ..jit import hot
from ..layout import (CFG_AVAIL, CFG_N_UNITS, CFG_OBJECTIVE, CFG_TRACK, PLACE, S_CP, U_ALIVE,
                      U_ARMOR, U_COVER, U_FIRE, U_MELEE, U_MOVE, U_POS, U_RANGE, U_RESTR,
                      U_SIDE, U_STATUS, U_SUPP, U_WOUNDS)
from ..opcodes import (CC_COST, CC_EFF, CC_ELIGIBLE, CC_KIND, CC_OPENS_WINDOW, CC_PREVENTED_BY, CC_REACH,
                       CC_STATUS, CC_TARGET, CC_TIMING, CC_TRIGGER, CHK_OK, E_NOT_ENGAGED, E_SUPPRESSED,
                       E_WHEN_PINNED, R_CHARGE, R_MOVE, R_RANGE, ST_HOLDING, TG_ENEMY, TG_PLACE, TG_SELF, TG_TRIGGER,
                       TIMING_ORDER, TIMING_RESPONSE, X_NO_CHARGE, X_NO_MOVE, X_NO_SHOOT, Op)

from .params import (KIND_RANDOM, N_PARAMS, P_CP_VALUE, P_MIN_VALUE, P_RESERVE, P_RESPOND_MIN, P_SPEND_ANYWAY,
                     P_W_ADVANCE, P_W_CHARGE, P_W_DAMAGE, P_W_DEFEND, P_W_HOLD, P_W_INTERVENE, P_W_OBJECTIVE, P_W_RALLY,
                     P_W_SUPPRESS, RESTRICT_BAN, RESTRICT_FORCE)

NO_TARGET = -1
NO_CANDIDATE = -2      # best_candidate: no legal target
SHAPE_ANY, SHAPE_MOVE, SHAPE_ENEMY = 0, 1, 2


@hot
def _p_at_least(x):
    """Chance a d6 rolls at least x."""
    if x <= 1:
        return 1.0
    if x > 6:
        return 0.0
    return (7 - x) / 6.0


@hot
def expected_shot(u, i, j, dice):
    need = 4 + u[j, U_COVER] + min(2, u[i, U_SUPP])
    return dice * _p_at_least(need) * _p_at_least(u[j, U_ARMOR])


@hot
def response_target(cmds, r, j, ti):
    tg = cmds[r, CC_TARGET]
    return ti if tg == TG_TRIGGER else (j if tg == TG_SELF else NO_TARGET)


@hot
def may_answer(cmds, cfg, q, r, tc):
    """Row r is a response of q's set that answers command tc's kind, tc opening a window (``check_declare``'s
    first check of a response, but for the trigger's target): a decision checks this once per response, not
    once per unit."""
    return (cmds[r, CC_TIMING] == TIMING_RESPONSE and (cfg[CFG_AVAIL + q] >> r) & 1 == 1
            and cmds[tc, CC_OPENS_WINDOW] != 0 and cmds[tc, CC_KIND] & cmds[r, CC_TRIGGER] != 0)


@hot
def any_response(cmds, u, n, sc, cfg, q, tc, ti, tt):
    """q has a legal response to tc by ti on tt (one of ``choose_response``'s candidates)."""
    contact = engaged_units(u, n)
    for r in range(set_rows(cfg, q)):
        if not may_answer(cmds, cfg, q, r, tc):
            continue
        for j in range(n):
            if u[j, U_ALIVE] == 0 or u[j, U_SIDE] != q:
                continue
            if check_declare_of(cmds, u, n, sc, cfg, q, r, j, response_target(cmds, r, j, ti), tc, ti, tt,
                                contact) == CHK_OK:
                return True
    return False


@hot
def response_value(strat, cmds, eff, u, q, r, j, ti, tt):
    v = 0.0
    for row in range(cmds[r, CC_EFF], cmds[r, CC_EFF] + cmds[r, CC_EFF + 1]):
        op, k = eff[row, 0], eff[row, 1]
        if op == Op.SHOOT:
            v += strat[q, P_W_DAMAGE] * expected_shot(u, j, ti, max(1, k * u[j, U_FIRE] // 2))
        elif op == Op.COVER:
            # the attack's expected wounds with and without the cover
            dice = max(1, u[ti, U_FIRE])
            v += strat[q, P_W_DEFEND] * dice * (_p_at_least(4 + u[j, U_COVER]) - _p_at_least(4 + u[j, U_COVER] + k)) \
                * _p_at_least(u[j, U_ARMOR])
        elif op == Op.SUPPRESS_FIRE:
            v += strat[q, P_W_SUPPRESS] * k * 0.5
        elif op == Op.INTERCEPT:
            if tt >= 0 and tt < PLACE and u[j, U_MELEE] >= u[tt, U_MELEE]:
                v += strat[q, P_W_INTERVENE]
    return v


@hot
def banned(strat, p, c):
    """Restricted play: p never gives or declares command row c."""
    return strat[p, N_PARAMS + c] == RESTRICT_BAN


@hot
def forced(strat, p, c):
    """Restricted play: p gives or declares command row c whenever it is legal and affordable."""
    return strat[p, N_PARAMS + c] == RESTRICT_FORCE


@hot
def choose_response(strat, cmds, eff, u, n, sc, cfg, q, tc, ti, tt):
    """(command, unit, target) of q's response to tc by ti on tt, or (-1, -1, -1) to decline. A forced response
    (restricted play) is declared whenever it is legal: the first forced one, by its best unit (random or not)."""
    rand = strat[q, 0] == KIND_RANDOM
    best_r, best_j, best_t = -1, -1, -1
    best_v = strat[q, P_RESPOND_MIN]
    force_r, force_j, force_t = -1, -1, -1
    force_v = -1e18
    seen = 1                  # declining counts as one choice for the random policy
    contact = engaged_units(u, n)
    for r in range(set_rows(cfg, q)):
        if not may_answer(cmds, cfg, q, r, tc) or banned(strat, q, r):   # then no unit of q may declare it
            continue
        for j in range(n):
            if u[j, U_ALIVE] == 0 or u[j, U_SIDE] != q:
                continue
            t = response_target(cmds, r, j, ti)
            if check_declare_of(cmds, u, n, sc, cfg, q, r, j, t, tc, ti, tt, contact) != CHK_OK:
                continue
            if forced(strat, q, r):
                if force_r < 0 or force_r == r:
                    v = response_value(strat, cmds, eff, u, q, r, j, ti, tt)
                    if v > force_v:
                        force_v, force_r, force_j, force_t = v, r, j, t
                continue
            if rand:
                seen += 1
                if rand_below(sc, seen) == 0:
                    best_r, best_j, best_t = r, j, t
            else:
                v = response_value(strat, cmds, eff, u, q, r, j, ti, tt) - cmds[r, CC_COST] * strat[q, P_CP_VALUE]
                if v > best_v:
                    best_v, best_r, best_j, best_t = v, r, j, t
    if force_r >= 0:
        return force_r, force_j, force_t
    return best_r, best_j, best_t


@hot
def threatened(u, n, p, contact):
    """An enemy unit still free to act this turn (not pinned, in contact or restricted from it) could
    shoot or charge one of p's units now (``contact``: ``checks.engaged_units``)."""
    for j in range(n):
        if u[j, U_ALIVE] == 0 or u[j, U_SIDE] == p or (contact >> j) & 1 or pinned(u, j):
            continue
        can_shoot = u[j, U_RESTR] & X_NO_SHOOT == 0
        can_charge = u[j, U_RESTR] & (X_NO_CHARGE | X_NO_MOVE) == 0
        for i in range(n):
            if u[i, U_ALIVE] and u[i, U_SIDE] == p and ((can_shoot and dist(u, i, j) <= u[j, U_RANGE])
                                                        or (can_charge and dist(u, i, j) <= 2 * u[j, U_MOVE])):
                return True
    return False


@hot
def has_responses(cmds):
    for r in range(cmds.shape[0]):
        if cmds[r, CC_TIMING] == TIMING_RESPONSE:
            return True
    return False


@hot
def enemy_within(u, n, p, x, r):
    """A unit of p's enemy stands within r positions of position x."""
    for j in range(n):
        if u[j, U_ALIVE] and u[j, U_SIDE] != p and abs(x - u[j, U_POS]) <= r:
            return True
    return False


@hot
def enemy_places(u, n, p):
    """Bit x set when a unit of p's enemy stands on position x, for ``enemy_near``; UNKNOWN when a
    position does not fit in the bits."""
    bits = 0
    for j in range(n):
        if u[j, U_ALIVE] and u[j, U_SIDE] != p:
            if u[j, U_POS] < 0 or u[j, U_POS] > 62:
                return UNKNOWN
            bits |= 1 << u[j, U_POS]
    return bits


@hot
def enemy_near(u, n, p, x, r, places):
    """``enemy_within``, read from ``places`` (``enemy_places``; UNKNOWN: scanned)."""
    if places < 0:
        return enemy_within(u, n, p, x, r)
    lo, hi = max(x - r, 0), min(x + r, 62)
    if lo > hi:
        return False
    if hi - lo >= 62:
        return (places >> lo) != 0
    return (places >> lo) & ((1 << (hi - lo + 1)) - 1) != 0


@hot
def order_value(strat, cmds, eff, u, n, cfg, p, c, i, t):
    return order_value_of(strat, cmds, eff, u, n, cfg, p, c, i, t, UNKNOWN)


@hot
def order_value_of(strat, cmds, eff, u, n, cfg, p, c, i, t, places):
    """``order_value``, the enemies' positions read from ``places`` (``enemy_places``)."""
    v = 0.0
    obj = cfg[CFG_OBJECTIVE]
    for row in range(cmds[c, CC_EFF], cmds[c, CC_EFF] + cmds[c, CC_EFF + 1]):
        op, k = eff[row, 0], eff[row, 1]
        if op == Op.MOVE:
            to = t - PLACE
            v += strat[p, P_W_OBJECTIVE] * (abs(u[i, U_POS] - obj) - abs(to - obj))
            # brings an enemy into range: none in range before (the same for every place), one after
            if not enemy_near(u, n, p, u[i, U_POS], u[i, U_RANGE], places) \
                    and enemy_near(u, n, p, to, u[i, U_RANGE], places):
                v += strat[p, P_W_ADVANCE]
            if u[i, U_STATUS] & ST_HOLDING:
                v -= strat[p, P_W_HOLD]
        elif op == Op.SHOOT:
            e = expected_shot(u, i, t, max(1, k * u[i, U_FIRE] // 2))
            v += strat[p, P_W_DAMAGE] * e * (1.5 if e >= 0.6 * u[t, U_WOUNDS] else 1.0)
        elif op == Op.STRIKE:
            mine = k * u[i, U_MELEE] * 0.5 * _p_at_least(u[t, U_ARMOR])
            theirs = u[t, U_MELEE] * 0.5 * _p_at_least(u[i, U_ARMOR])
            v += strat[p, P_W_CHARGE] * (mine - 0.5 * theirs)
        elif op == Op.RALLY:
            v += strat[p, P_W_RALLY] * min(k, u[i, U_SUPP]) * (2.0 if pinned(u, i) else 1.0)
    if cmds[c, CC_STATUS] & ST_HOLDING:
        if abs(u[i, U_POS] - obj) <= 1 and u[i, U_STATUS] & ST_HOLDING == 0:
            v += strat[p, P_W_HOLD]
    return v


@hot
def unit_bits(u, n, p):
    """What a decision of p reads of every unit, in one pass, as bits: (mine, foes, places, contact, pinned,
    unsuppressed) - p's living units, its enemy's, the enemy's positions (``enemy_places``), the units in
    contact (``checks.engaged_units``), and p's units that are pinned (``checks.pinned``), that have no
    suppression."""
    mine, foes, pinned_units, unsuppressed = 0, 0, 0, 0
    held0, held1, off0, off1 = 0, 0, False, False      # each side's positions, and whether one is off the bits
    for i in range(n):
        if u[i, U_ALIVE]:
            pos = u[i, U_POS]
            off = pos < 0 or pos > 62
            if u[i, U_SIDE] == 0:
                off0 |= off
                if not off:
                    held0 |= 1 << pos
            else:
                off1 |= off
                if not off:
                    held1 |= 1 << pos
            if u[i, U_SIDE] == p:
                mine |= 1 << i
                if pinned(u, i):
                    pinned_units |= 1 << i
                if u[i, U_SUPP] == 0:
                    unsuppressed |= 1 << i
            else:
                foes |= 1 << i
    if p == 0:          # the sides are 0 and 1
        places = UNKNOWN if off1 else held1
    else:
        places = UNKNOWN if off0 else held0
    if off0 or off1:
        contact = engaged_pairs(u, n)
    else:
        contact = contact_at(u, n, held0 & held1)
    return mine, foes, places, contact, pinned_units, unsuppressed


@hot
def eligible_units(cmds, c, mine, pinned_units, contact, unsuppressed):
    """The bits of ``mine`` (p's living units) that ``checks.eligible_of`` allows command c, from their states
    (``unit_bits``)."""
    el = cmds[c, CC_ELIGIBLE]
    units = mine
    if el & E_WHEN_PINNED == 0:
        units &= ~pinned_units
    if el & E_NOT_ENGAGED:
        units &= ~contact
    if el & E_SUPPRESSED:
        units &= ~unsuppressed
    return units


@hot
def candidate_shape(cmds, eff, c):
    """How ``best_candidate`` weighs command c's targets: SHAPE_MOVE a place and one Move part
    (``best_move_place``), SHAPE_ENEMY an enemy unit (``best_enemy_target``), SHAPE_ANY every candidate
    ``order_target`` gives, each checked and valued in full."""
    tg = cmds[c, CC_TARGET]
    if tg == TG_PLACE and cmds[c, CC_EFF + 1] == 1 and eff[cmds[c, CC_EFF], 0] == Op.MOVE:
        return SHAPE_MOVE
    if tg == TG_ENEMY:
        return SHAPE_ENEMY
    return SHAPE_ANY


@hot
def best_candidate(strat, cmds, eff, u, n, cfg, p, c, i, shape, contact, foes, places, price):
    """(value - price, target) of the first best legal target of p's unit i for command c (which passes
    every check but the target's, ``order_declarable``), in ``order_target``'s order; NO_CANDIDATE when
    none is legal. ``shape``: ``candidate_shape``."""
    if shape == SHAPE_MOVE:
        reach = u[i, U_MOVE] * (2 if cmds[c, CC_REACH] == R_CHARGE else 1)
        return best_move_place(strat, cmds, u, n, cfg, p, c, i, reach, places, price)
    if shape == SHAPE_ENEMY:
        return best_enemy_target(strat, cmds, eff, u, n, cfg, p, c, i, contact, foes, places, price)
    best_v, best_t = 0.0, NO_CANDIDATE
    k, last = candidate_span(cmds, u, cfg, c, i)
    while k < last:
        t = order_target(cmds, cfg, c, i, k)
        k += 1
        if t == -2:
            break
        if not own_target_legal(cmds, u, n, cfg, p, c, i, t, contact):
            continue
        v = order_value_of(strat, cmds, eff, u, n, cfg, p, c, i, t, places) - price
        if best_t == NO_CANDIDATE or v > best_v:
            best_v, best_t = v, t
    return best_v, best_t


@hot
def best_enemy_target(strat, cmds, eff, u, n, cfg, p, c, i, contact, foes, places, price):
    """``best_candidate`` of a command that targets an enemy unit: the living enemies (``foes``) within
    the command's reach (``checks.within_reach_of``: a unit in contact shoots nothing), by index."""
    reach = cmds[c, CC_REACH]
    limited, most = True, 0
    if reach == R_RANGE:
        if contact_of(u, n, i, contact):
            return 0.0, NO_CANDIDATE
        most = u[i, U_RANGE]
    elif reach == R_CHARGE:
        most = 2 * u[i, U_MOVE]
    elif reach == R_MOVE:
        most = u[i, U_MOVE]
    else:
        limited = False
    best_v, best_t = 0.0, NO_CANDIDATE
    for t in range(min(n, cfg[CFG_N_UNITS])):
        if (foes >> t) & 1 == 0 or (limited and dist(u, i, t) > most):
            continue
        v = order_value_of(strat, cmds, eff, u, n, cfg, p, c, i, t, places) - price
        if best_t == NO_CANDIDATE or v > best_v:
            best_v, best_t = v, t
    return best_v, best_t


@hot
def move_value(w_obj, k, advance, w_adv, holding, takes_hold, w_hold, price):
    """A Move's value - price (``order_value_of``'s terms in its order, so the same floats): ``k`` positions
    nearer the objective, ``advance`` when it brings an enemy into range."""
    v = 0.0
    v += w_obj * k
    if advance:
        v += w_adv
    if holding:
        v -= w_hold
    if takes_hold:
        v += w_hold
    return v - price


@hot
def best_move_place(strat, cmds, u, n, cfg, p, c, i, reach, places, price):
    """(value - price, target) of the first best place for p's unit i to Move to by command c
    (``candidate_shape``: SHAPE_MOVE), among the places ``own_target_legal`` allows (within ``reach``, on the track,
    not where it stands), in ``order_target``'s order; NO_CANDIDATE when there is none. The value is
    ``order_value_of``'s, term by term in the same order (so the same floats): only the Move's
    distance to the objective and whether it brings an enemy into range depend on the place.

    The places are bits when they fit (``best_place_of_bits``); else, or when the objective's weight is not
    positive, each place is valued in turn."""
    pos = u[i, U_POS]
    obj = cfg[CFG_OBJECTIVE]
    track = cfg[CFG_TRACK]
    rng = u[i, U_RANGE]
    w_obj = strat[p, P_W_OBJECTIVE]
    w_adv = strat[p, P_W_ADVANCE]
    w_hold = strat[p, P_W_HOLD]
    d_now = abs(pos - obj)
    may_advance = not enemy_near(u, n, p, pos, rng, places)
    holding = u[i, U_STATUS] & ST_HOLDING != 0
    takes_hold = cmds[c, CC_STATUS] & ST_HOLDING != 0 and d_now <= 1 and not holding
    lo, hi = max(0, pos - reach), min(track, pos + reach + 1)
    if places >= 0 and track <= 63 and 0 <= obj < track and w_obj > 0.0 and w_obj < np.inf:
        v, to = best_place_of_bits(places, lo, hi, pos, obj, rng, d_now, may_advance, w_obj, w_adv, holding,
                                   takes_hold, w_hold, price)
        if v == v:       # not NaN (a NaN term): valued place by place below, as it always was
            return v, (NO_CANDIDATE if to < 0 else PLACE + to)
    best_v, best_t = 0.0, NO_CANDIDATE
    for to in range(lo, hi):
        if to == pos:
            continue
        advance = may_advance and enemy_near(u, n, p, to, rng, places)
        v = move_value(w_obj, d_now - abs(to - obj), advance, w_adv, holding, takes_hold, w_hold, price)
        if best_t == NO_CANDIDATE or v > best_v:
            best_v, best_t = v, PLACE + to
    return best_v, best_t


@hot
def span_bits(a, b):
    """Bits a .. b (0 <= a, b <= 62); none when a > b."""
    if a > b:
        return 0
    return ((1 << (b - a + 1)) - 1) << a


@hot
def best_place_of_bits(places, lo, hi, pos, obj, rng, d_now, may_advance, w_obj, w_adv, holding, takes_hold, w_hold,
                       price):
    """``best_move_place``'s loop over the places lo .. hi - 1 but ``pos``, with the places as bits (all below 63,
    the objective among them, ``w_obj`` positive and finite): (value, place), place -1 when there is none (or
    the value NaN: the loop's own answer then depends on the order of the places).

    A place's value depends on it only through its distance to the objective and whether it brings an enemy
    into range (``move_value``), and for each of the two it falls as the distance grows (each float operation
    rounds monotonically). So the best value of each kind of place is that of its place nearest the
    objective, and the first place to reach it - the one the loop keeps, replacing only on a strictly better
    value - is the first place of that kind within the farthest distance whose value still rounds to it."""
    moves = span_bits(max(lo, 0), min(hi - 1, 62))
    if 0 <= pos <= 62:
        moves &= ~(1 << pos)
    if moves == 0:
        return 0.0, -1
    near = 0            # the places with an enemy within rng (``enemy_near``)
    if may_advance and rng >= 0:
        left = places
        while left:
            e = lowest_bit(left)
            left &= left - 1
            near |= span_bits(max(e - rng, 0), min(e + rng, 62))
    best_v, best_to = 0.0, -1
    for advance in range(2):
        kind = moves & near if advance else moves & ~near
        if kind == 0:
            continue
        d = 64
        above = kind >> obj
        if above:
            d = lowest_bit(above)
        below = kind & span_bits(0, obj)
        if below:
            d = min(d, obj - highest_bit(below))
        v = move_value(w_obj, d_now - d, advance == 1, w_adv, holding, takes_hold, w_hold, price)
        if v != v:
            return v, -1        # NaN: the loop keeps whichever place comes first; the caller runs it
        while d < 63 and move_value(w_obj, d_now - (d + 1), advance == 1, w_adv, holding, takes_hold, w_hold,
                                    price) == v:
            d += 1
        to = lowest_bit(kind & span_bits(max(obj - d, 0), min(obj + d, 62)))
        if best_to < 0 or v > best_v or (v == best_v and to < best_to):
            best_v, best_to = v, to
    return best_v, best_to


@hot
def order_target(cmds, cfg, c, i, k):
    """The k-th candidate target of command c by unit i (-2: no more)."""
    tg = cmds[c, CC_TARGET]
    if tg == TG_PLACE:
        return PLACE + k if k < cfg[CFG_TRACK] else -2
    if tg == TG_ENEMY:
        return k if k < cfg[CFG_N_UNITS] else -2
    if k > 0:
        return -2
    return i if tg == TG_SELF else NO_TARGET


@hot
def candidate_span(cmds, u, cfg, c, i):
    """(first, end): the k of ``order_target`` that can be a legal target of command c by unit i - a
    place within the unit's reach (``checks.target_legal``), any unit, the one target of the others."""
    tg = cmds[c, CC_TARGET]
    if tg == TG_PLACE:
        reach = u[i, U_MOVE] * (2 if cmds[c, CC_REACH] == R_CHARGE else 1)
        return max(0, u[i, U_POS] - reach), min(cfg[CFG_TRACK], u[i, U_POS] + reach + 1)
    if tg == TG_ENEMY:
        return 0, cfg[CFG_N_UNITS]
    return 0, 1


@hot
def choose_order(strat, cmds, eff, u, n, sc, cfg, p):
    """(command, unit, target) p gives in its own command window, or (-1, -1, -1) to pass. A forced command
    (restricted play) is given whenever it is legal and affordable: the first forced one, by its best unit and
    target (random or not), whatever the Command Points kept back."""
    if strat[p, 0] == KIND_RANDOM:
        return random_order(strat, cmds, eff, u, n, sc, cfg, p)
    best_c, best_i, best_t = -1, -1, -1
    best_v = strat[p, P_MIN_VALUE]
    force_c, force_i, force_t = -1, -1, -1
    force_v = -1e18
    keep = 0
    mine, foes, places, contact, pinned_units, unsuppressed = unit_bits(u, n, p)
    # a response needs an enemy command to answer: keep Command Points back only while the opponent can
    # still give one and its units threaten ours
    if sc[S_CP + 1 - p] > 0 and has_responses(cmds) and threatened(u, n, p, contact):
        keep = int(strat[p, P_RESERVE])
    spend_anyway = strat[p, P_SPEND_ANYWAY]
    # the seed's five checks (``check_declare``), split: those of a command and unit once, the target's
    # for each candidate; the candidates are those order_target gives, in its order, but only the places
    # within the unit's reach and the living foes (no other target can pass the fourth check). The loop
    # writes no array (the random policy's draws are random_order's), so the compiler may keep what it
    # reads in registers.
    for c in range(set_rows(cfg, p)):
        if cmds[c, CC_TIMING] != TIMING_ORDER or (cfg[CFG_AVAIL + p] >> c) & 1 == 0 or banned(strat, p, c):
            continue
        # a forced command is weighed only while no earlier one was found legal: the check is the same for
        # each of its candidates, so it is made once
        is_forced = forced(strat, p, c)
        if is_forced and force_c >= 0:
            continue
        if sc[S_CP + p] < cmds[c, CC_COST]:
            continue
        price = 0.0 if is_forced else cmds[c, CC_COST] * strat[p, P_CP_VALUE]
        into_reserve = sc[S_CP + p] - cmds[c, CC_COST] < keep
        shape = candidate_shape(cmds, eff, c)
        # ``order_declarable`` of each unit at once: the units eligible for the command (``eligible_of``), in
        # index order; a command's restriction is the unit's own
        units = eligible_units(cmds, c, mine, pinned_units, contact, unsuppressed)
        while units:
            i = lowest_bit(units)
            units &= units - 1
            if u[i, U_RESTR] & cmds[c, CC_PREVENTED_BY]:
                continue
            # the unit's first best candidate stands for all of them: each would replace the best only when
            # strictly better, and if the reserve refuses the best it refuses every other
            v, t = best_candidate(strat, cmds, eff, u, n, cfg, p, c, i, shape, contact, foes, places, price)
            if t == NO_CANDIDATE:
                continue
            if is_forced:
                if v > force_v:
                    force_v, force_c, force_i, force_t = v, c, i, t
                continue
            if into_reserve and v < spend_anyway:
                continue
            if v > best_v:
                best_v, best_c, best_i, best_t = v, c, i, t
    if force_c >= 0:
        return force_c, force_i, force_t
    return best_c, best_i, best_t


@hot
def random_order(strat, cmds, eff, u, n, sc, cfg, p):
    """``choose_order`` of the random policy: uniform among the legal commands and passing, the
    candidates in choose_order's order, one draw from the battle's RNG per legal command; a forced command
    (restricted play) as choose_order gives it, drawing nothing."""
    best_c, best_i, best_t = -1, -1, -1
    force_c, force_i, force_t = -1, -1, -1
    force_v = -1e18
    contact = engaged_units(u, n)
    seen = 1                  # passing counts as one choice
    for c in range(set_rows(cfg, p)):
        if cmds[c, CC_TIMING] != TIMING_ORDER or (cfg[CFG_AVAIL + p] >> c) & 1 == 0 or banned(strat, p, c):
            continue
        for i in range(n):
            if u[i, U_ALIVE] == 0 or u[i, U_SIDE] != p:
                continue
            if not order_declarable(cmds, u, n, sc, cfg, p, c, i, contact):
                continue
            k, last = candidate_span(cmds, u, cfg, c, i)
            while k < last:
                t = order_target(cmds, cfg, c, i, k)
                k += 1
                if t == -2:
                    break
                if not own_target_legal(cmds, u, n, cfg, p, c, i, t, contact):
                    continue
                if forced(strat, p, c):
                    if force_c < 0 or force_c == c:
                        v = order_value(strat, cmds, eff, u, n, cfg, p, c, i, t)
                        if v > force_v:
                            force_v, force_c, force_i, force_t = v, c, i, t
                    continue
                seen += 1
                if rand_below(sc, seen) == 0:
                    best_c, best_i, best_t = c, i, t
    if force_c >= 0:
        return force_c, force_i, force_t
    return best_c, best_i, best_t
