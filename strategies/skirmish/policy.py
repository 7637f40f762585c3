"""Skirmish decisions, jitted: which own-window command to give (or to pass) and which response to declare
(or to decline). They choose only among commands the seed's five checks allow (``checks.check_declare``).
Seat p's row is strat[p]; a random strategy picks uniformly, drawing from the battle's RNG."""
from simcore.games.skirmish.checks import check_declare, dist, engaged, pinned, rand_below
from simcore.games.skirmish.jit import hot
from simcore.games.skirmish.layout import (CFG_N_UNITS, CFG_OBJECTIVE, CFG_TRACK, PLACE, S_CP, U_ALIVE, U_ARMOR,
                                           U_COVER, U_FIRE, U_MELEE, U_MOVE, U_POS, U_RANGE, U_RESTR, U_SIDE,
                                           U_STATUS, U_SUPP, U_WOUNDS)
from simcore.games.skirmish.opcodes import (CC_COST, CC_EFF, CC_STATUS, CC_TARGET, CC_TIMING, CHK_OK, ST_HOLDING,
                                            TG_ENEMY, TG_PLACE, TG_SELF, TG_TRIGGER, TIMING_ORDER, TIMING_RESPONSE,
                                            X_NO_CHARGE, X_NO_MOVE, X_NO_SHOOT, Op)

from .params import (KIND_RANDOM, N_PARAMS, P_CP_VALUE, P_MIN_VALUE, P_RESERVE, P_RESPOND_MIN, P_SPEND_ANYWAY,
                     P_W_ADVANCE, P_W_CHARGE, P_W_DAMAGE, P_W_DEFEND, P_W_HOLD, P_W_INTERVENE, P_W_OBJECTIVE, P_W_RALLY,
                     P_W_SUPPRESS, RESTRICT_BAN, RESTRICT_FORCE)

NO_TARGET = -1


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
def count_responses(cmds, u, n, sc, cfg, q, tc, ti, tt):
    k = 0
    for r in range(cmds.shape[0]):
        if cmds[r, CC_TIMING] != TIMING_RESPONSE:
            continue
        for j in range(n):
            if check_declare(cmds, u, n, sc, cfg, q, r, j, response_target(cmds, r, j, ti), tc, ti, tt) == CHK_OK:
                k += 1
    return k


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
    for r in range(cmds.shape[0]):
        if cmds[r, CC_TIMING] != TIMING_RESPONSE or banned(strat, q, r):
            continue
        for j in range(n):
            t = response_target(cmds, r, j, ti)
            if check_declare(cmds, u, n, sc, cfg, q, r, j, t, tc, ti, tt) != CHK_OK:
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
def threatened(u, n, p):
    """An enemy unit still free to act this turn (not pinned, in contact or restricted from it) could
    shoot or charge one of p's units now."""
    for j in range(n):
        if u[j, U_ALIVE] == 0 or u[j, U_SIDE] == p or engaged(u, n, j) or pinned(u, j):
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
def order_value(strat, cmds, eff, u, n, cfg, p, c, i, t):
    v = 0.0
    obj = cfg[CFG_OBJECTIVE]
    for row in range(cmds[c, CC_EFF], cmds[c, CC_EFF] + cmds[c, CC_EFF + 1]):
        op, k = eff[row, 0], eff[row, 1]
        if op == Op.MOVE:
            to = t - PLACE
            v += strat[p, P_W_OBJECTIVE] * (abs(u[i, U_POS] - obj) - abs(to - obj))
            before, after = False, False
            for j in range(n):
                if u[j, U_ALIVE] and u[j, U_SIDE] != p:
                    before = before or dist(u, i, j) <= u[i, U_RANGE]
                    after = after or abs(to - u[j, U_POS]) <= u[i, U_RANGE]
            if after and not before:
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
def choose_order(strat, cmds, eff, u, n, sc, cfg, p):
    """(command, unit, target) p gives in its own command window, or (-1, -1, -1) to pass. A forced command
    (restricted play) is given whenever it is legal and affordable: the first forced one, by its best unit and
    target (random or not), whatever the Command Points kept back."""
    rand = strat[p, 0] == KIND_RANDOM
    best_c, best_i, best_t = -1, -1, -1
    best_v = strat[p, P_MIN_VALUE]
    force_c, force_i, force_t = -1, -1, -1
    force_v = -1e18
    keep = 0
    # a response needs an enemy command to answer: keep Command Points back only while the opponent can
    # still give one and its units threaten ours
    if not rand and sc[S_CP + 1 - p] > 0 and has_responses(cmds) and threatened(u, n, p):
        keep = int(strat[p, P_RESERVE])
    seen = 1                  # passing counts as one choice for the random policy
    for c in range(cmds.shape[0]):
        if cmds[c, CC_TIMING] != TIMING_ORDER or banned(strat, p, c):
            continue
        for i in range(n):
            if u[i, U_ALIVE] == 0 or u[i, U_SIDE] != p:
                continue
            k = 0
            while True:
                t = order_target(cmds, cfg, c, i, k)
                k += 1
                if t == -2:
                    break
                if check_declare(cmds, u, n, sc, cfg, p, c, i, t, -1, -1, -1) != CHK_OK:
                    continue
                if forced(strat, p, c):
                    if force_c < 0 or force_c == c:
                        v = order_value(strat, cmds, eff, u, n, cfg, p, c, i, t)
                        if v > force_v:
                            force_v, force_c, force_i, force_t = v, c, i, t
                    continue
                if rand:
                    seen += 1
                    if rand_below(sc, seen) == 0:
                        best_c, best_i, best_t = c, i, t
                    continue
                v = order_value(strat, cmds, eff, u, n, cfg, p, c, i, t) - cmds[c, CC_COST] * strat[p, P_CP_VALUE]
                if sc[S_CP + p] - cmds[c, CC_COST] < keep and v < strat[p, P_SPEND_ANYWAY]:
                    continue
                if v > best_v:
                    best_v, best_c, best_i, best_t = v, c, i, t
    if force_c >= 0:
        return force_c, force_i, force_t
    return best_c, best_i, best_t
