"""What the parts of a command do on the track: movement, ranged attacks (Target Lock, then damage),
suppression, cover, rallying and melee. Each returns nothing; legality is the protocol's concern."""
from .checks import d6, engaged
from simcore.event_log import log_row

from .jit import hot
from .layout import (EV_DAMAGE, EV_DESTROYED, EV_LOCK, EV_MELEE, EV_MOVE, EV_SUPPRESS, L_A, L_B, L_C, L_CP, L_D,
                     L_EVENT, L_PLAYER, L_TURN, S_CP, S_KILLS, S_LOG_LOST, S_LOG_N, S_TURN, U_ALIVE, U_ARMOR, U_COVER,
                     U_MELEE, U_PENDING, U_POS, U_SIDE, U_STATUS, U_SUPP, U_WOUNDS)
from .opcodes import ST_CHARGED

BASE_LOCK = 4        # Target Lock on a d6 roll of 4+ (estimated), plus cover, plus the shooter's suppression
MAX_SUPP_PENALTY = 2


@hot
def log_event(log, sc, p, ev, a, b, c, d):
    k = log_row(log, sc, S_LOG_N, S_LOG_LOST)
    if k < 0:
        return
    log[k, L_TURN] = sc[S_TURN]
    log[k, L_PLAYER] = p
    log[k, L_EVENT] = ev
    log[k, L_A] = a
    log[k, L_B] = b
    log[k, L_C] = c
    log[k, L_D] = d
    log[k, L_CP] = sc[S_CP]
    log[k, L_CP + 1] = sc[S_CP + 1]


@hot
def move_toward(u, n, sc, log, p, i, dest, steps):
    """Up to ``steps`` positions toward ``dest``, stopping on the first position an enemy holds (contact)."""
    start = u[i, U_POS]
    pos = start
    while steps > 0 and pos != dest:
        pos += 1 if dest > pos else -1
        steps -= 1
        u[i, U_POS] = pos
        if engaged(u, n, i):
            break
    if pos != start:
        log_event(log, sc, p, EV_MOVE, i, start, pos, 0)


@hot
def wound(u, sc, log, p, j, w):
    if w <= 0 or u[j, U_ALIVE] == 0:
        return
    u[j, U_WOUNDS] = max(0, u[j, U_WOUNDS] - w)
    log_event(log, sc, p, EV_DAMAGE, j, w, u[j, U_WOUNDS], 0)
    if u[j, U_WOUNDS] == 0:
        u[j, U_ALIVE] = 0
        sc[S_KILLS + 1 - u[j, U_SIDE]] += 1
        log_event(log, sc, p, EV_DESTROYED, j, 0, 0, 0)


@hot
def suppress(u, sc, log, p, j, k):
    if k > 0 and u[j, U_ALIVE]:
        u[j, U_SUPP] += k
        log_event(log, sc, p, EV_SUPPRESS, j, k, u[j, U_SUPP], 0)


@hot
def lock_value(u, i, j):
    return BASE_LOCK + u[j, U_COVER] + min(MAX_SUPP_PENALTY, u[i, U_SUPP])


@hot
def shoot(u, sc, log, p, i, j, dice):
    """A ranged attack: each die that reaches Target Lock rolls for damage against the target's armor;
    a target locked at least once gains one suppression."""
    need = lock_value(u, i, j)
    locks = 0
    for _ in range(dice):
        if d6(sc) >= need:
            locks += 1
    log_event(log, sc, p, EV_LOCK, i, j, locks, need)
    w = 0
    for _ in range(locks):
        if d6(sc) >= u[j, U_ARMOR]:
            w += 1
    if locks > 0:
        suppress(u, sc, log, p, j, 1)
    wound(u, sc, log, p, j, w)


@hot
def suppress_fire(u, sc, log, p, j, dice):
    k = 0
    for _ in range(dice):
        if d6(sc) >= 4:
            k += 1
    suppress(u, sc, log, p, j, k)


@hot
def foe_in_contact(u, n, i, prefer):
    """The enemy i fights: ``prefer`` if it is in contact, else the one in contact with fewest wounds left."""
    if prefer >= 0 and prefer < n and u[prefer, U_ALIVE] and u[prefer, U_SIDE] != u[i, U_SIDE] \
            and u[prefer, U_POS] == u[i, U_POS]:
        return prefer
    best = -1
    for j in range(n):
        if u[j, U_ALIVE] and u[j, U_SIDE] != u[i, U_SIDE] and u[j, U_POS] == u[i, U_POS]:
            if best < 0 or u[j, U_WOUNDS] < u[best, U_WOUNDS]:
                best = j
    return best


@hot
def melee_hits(u, sc, i, j, dice):
    """Hits on 4+ (plus the target's cover), each wounding on the target's armor."""
    w = 0
    for _ in range(dice):
        if d6(sc) >= 4 + u[j, U_COVER] and d6(sc) >= u[j, U_ARMOR]:
            w += 1
    return w


@hot
def strike(u, n, sc, log, p, i, prefer, mult):
    j = foe_in_contact(u, n, i, prefer)
    w = melee_hits(u, sc, i, j, mult * u[i, U_MELEE])
    log_event(log, sc, p, EV_MELEE, i, j, w, 1)
    wound(u, sc, log, p, j, w)


@hot
def melee_round(u, n, sc, log, p, extra):
    """Every unit in contact strikes at once (wounds are applied after all have rolled); returns the
    number of units that fought."""
    fought = 0
    for i in range(n):
        u[i, U_PENDING] = 0
    for i in range(n):
        if u[i, U_ALIVE] == 0:
            continue
        j = foe_in_contact(u, n, i, -1)
        if j < 0:
            continue
        fought += 1
        dice = u[i, U_MELEE] + extra + (1 if u[i, U_STATUS] & ST_CHARGED else 0)
        w = melee_hits(u, sc, i, j, dice)
        log_event(log, sc, u[i, U_SIDE], EV_MELEE, i, j, w, 0)
        u[j, U_PENDING] += w
    for j in range(n):
        if u[j, U_PENDING] > 0:
            wound(u, sc, log, 1 - u[j, U_SIDE], j, u[j, U_PENDING])
    return fought
