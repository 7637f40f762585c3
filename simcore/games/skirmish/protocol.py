"""The seed's command order, jitted: declare (1), confirm the five checks (2), pay and place the token (3),
one response window (4), resolve the command (5) and the response (6) - or, for the three exceptions, the
response before the event it answers - apply the listed restrictions and lasting effects (7), and the
post-command melee check (8). A part no longer legal when it resolves is skipped, unless the command fails
entirely when it loses a required condition: then it is judged once, as it begins to resolve, so that it
resolves either as a whole or not at all, whatever order its parts are listed in."""
from simcore.event_log import keeps_log
from simcore.play_counts import PLAYED, count_card
from .players import policy as pol

from .bound_checks import count_effect
from .checks import (check_declare, check_declare_of, eligible, engaged, engaged_units, in_range, set_rows,
                     target_legal)
from .effects import log_event, melee_round, move_toward, shoot, strike, suppress_fire
from .jit import hot
from .layout import (CFG_AVAIL, CFG_CHECK_CMD, EV_APPLY, EV_CHECK, EV_CONFIRM, EV_COVER, EV_DECLARE, EV_DONE,
                     EV_EXCEPTION, EV_FAIL, EV_NO_RESPONSE, EV_NO_WINDOW, EV_RALLY, EV_RESOLVE, EV_SKIP, EV_SPEND,
                     EV_WINDOW, MAX_CHAIN, PLACE, S_CARD_COUNTS, S_CHAIN, S_CP, S_CP_SPENT, S_EFFECTS, S_ORDERS, S_RESPONSES, U_ALIVE,
                     U_COVER, U_FIRE, U_MOVE, U_POS, U_RESTR, U_SIDE, U_STATUS, U_SUPP, U_TOKENS)
from .opcodes import (CC_BEFORE_TRIGGER, CC_COST, CC_EFF, CC_FAILS_ENTIRELY, CC_KIND, CC_OPENS_WINDOW,
                      CC_RESTRICTS, CC_STATUS, CC_TARGET, CC_TIMING, CC_TRIGGER, CHK_ELIGIBLE, CHK_OK, CHK_TARGET,
                      CHK_TIMING, TG_SELF, TG_TRIGGER, TIMING_RESPONSE, Op)

ASK_POLICY = -2
STEP_RESOLVE = 5
STEP_RESPONSE = 6


@hot
def part_legal(u, n, op, i, t):
    """Whether a part can still resolve now (the battlefield may have changed since the declaration)."""
    if u[i, U_ALIVE] == 0:
        return False
    if op == Op.MOVE:
        return not engaged(u, n, i)
    if op == Op.SHOOT or op == Op.SUPPRESS_FIRE:
        return in_range(u, n, i, t)
    if op == Op.CHARGE_MOVE or op == Op.INTERCEPT:
        return u[t, U_ALIVE] == 1 and not engaged(u, n, i)
    if op == Op.STRIKE:
        return engaged(u, n, i)
    if op == Op.RALLY:
        return u[i, U_SUPP] > 0
    return True


@hot
def is_movement(op):
    """The jitted twin of ``opcodes.MOVEMENT_OPS``."""
    return op == Op.MOVE or op == Op.CHARGE_MOVE or op == Op.INTERCEPT


@hot
def lost_condition(cmds, eff, u, n, cfg, p, c, i, t):
    """(check, op): what command c of p's unit i on t has lost of its required conditions as it begins to
    resolve - its unit's eligibility or its target (CHK_ELIGIBLE, CHK_TARGET), else a part that is no
    longer legal (its op) - or (CHK_OK, 0). A part after a movement part is not judged here: where the
    movement ends is the command's own doing, not a condition it lost (it is skipped if illegal then)."""
    if not eligible(cmds, u, n, p, c, i):
        return CHK_ELIGIBLE, 0
    if not target_legal(cmds, u, n, cfg, p, c, i, t):
        return CHK_TARGET, 0
    for r in range(cmds[c, CC_EFF], cmds[c, CC_EFF] + cmds[c, CC_EFF + 1]):
        if not part_legal(u, n, eff[r, 0], i, t):
            return CHK_OK, eff[r, 0]
        if is_movement(eff[r, 0]):
            break
    return CHK_OK, 0


@hot
def resolve(cmds, eff, u, n, sc, cfg, log, p, c, i, t, step):
    """Resolve command c of unit i on target t part by part, in the compiled order (its movement first
    unless it says otherwise); 0 when it failed entirely, else 1."""
    log_event(log, sc, p, EV_RESOLVE, c, i, step, 0)
    if cmds[c, CC_FAILS_ENTIRELY]:
        why, op = lost_condition(cmds, eff, u, n, cfg, p, c, i, t)
        if why != CHK_OK or op != 0:
            log_event(log, sc, p, EV_FAIL, c, op, i, why)
            return 0
    for r in range(cmds[c, CC_EFF], cmds[c, CC_EFF] + cmds[c, CC_EFF + 1]):
        if not count_effect(cfg, sc, log, p):
            return 0
        op, k = eff[r, 0], eff[r, 1]
        if not part_legal(u, n, op, i, t):
            log_event(log, sc, p, EV_SKIP, c, op, i, 0)
            continue
        if op == Op.MOVE:
            move_toward(u, n, sc, log, p, i, t - PLACE, k * u[i, U_MOVE])
        elif op == Op.SHOOT:
            shoot(u, sc, log, p, i, t, max(1, k * u[i, U_FIRE] // 2))
        elif op == Op.CHARGE_MOVE or op == Op.INTERCEPT:
            move_toward(u, n, sc, log, p, i, u[t, U_POS], k * u[i, U_MOVE])
        elif op == Op.STRIKE:
            strike(u, n, sc, log, p, i, t, k)
        elif op == Op.SUPPRESS_FIRE:
            suppress_fire(u, sc, log, p, t, k)
        elif op == Op.COVER:
            u[i, U_COVER] += k
            log_event(log, sc, p, EV_COVER, i, u[i, U_COVER], 0, 0)
        elif op == Op.RALLY:
            gone = min(k, u[i, U_SUPP])
            u[i, U_SUPP] -= gone
            log_event(log, sc, p, EV_RALLY, i, gone, u[i, U_SUPP], 0)
        elif op == Op.MELEE_ROUND:
            melee_round(u, n, sc, log, p, k - 1)
    return 1


@hot
def apply_listed(cmds, u, sc, log, p, c, i):
    """Step 7: only the restrictions and statuses the command lists (its token restricts nothing)."""
    u[i, U_RESTR] |= cmds[c, CC_RESTRICTS]
    u[i, U_STATUS] |= cmds[c, CC_STATUS]
    log_event(log, sc, p, EV_APPLY, i, cmds[c, CC_RESTRICTS], cmds[c, CC_STATUS], c)


@hot
def check_round(cmds, eff, u, n, sc, cfg, log, p, m):
    for r in range(cmds[m, CC_EFF], cmds[m, CC_EFF] + cmds[m, CC_EFF + 1]):
        if not count_effect(cfg, sc, log, p):
            return
        if eff[r, 0] == Op.MELEE_ROUND:
            melee_round(u, n, sc, log, p, eff[r, 1] - 1)


@hot
def melee_check(cmds, eff, u, n, sc, cfg, log, p):
    """Step 8: every contact on the battlefield fights a round of the set's melee check command."""
    contacts = 0
    bits = engaged_units(u, n)
    while bits:
        bits &= bits - 1
        contacts += 1
    log_event(log, sc, p, EV_CHECK, contacts, 0, 0, 0)
    m = cfg[CFG_CHECK_CMD]
    if contacts > 0 and m >= 0:
        check_round(cmds, eff, u, n, sc, cfg, log, p, m)


@hot
def pay(cmds, u, sc, log, p, c, i, response):
    """Step 3: spend the Command Points and place the command's token."""
    sc[S_CP + p] -= cmds[c, CC_COST]
    sc[S_CP_SPENT + p] += cmds[c, CC_COST]
    u[i, U_TOKENS] |= 1 << c
    log_event(log, sc, p, EV_SPEND, c, i, cmds[c, CC_COST], response)


@hot
def explain_no_response(cmds, u, n, sc, cfg, log, q, tc, ti, tt):
    """Why q has no legal response: for each of q's response commands that answers this kind of command,
    the furthest any unit of q gets through the five checks (the first it fails); or that none answers it."""
    answering = 0
    contact = engaged_units(u, n)
    for r in range(set_rows(cfg, q)):
        if (cmds[r, CC_TIMING] != TIMING_RESPONSE or (cfg[CFG_AVAIL + q] >> r) & 1 == 0
                or cmds[tc, CC_KIND] & cmds[r, CC_TRIGGER] == 0):
            continue
        answering += 1
        best, who = -1, -1
        for j in range(n):
            if u[j, U_SIDE] != q or u[j, U_ALIVE] == 0:
                continue
            target = ti if cmds[r, CC_TARGET] == TG_TRIGGER else (j if cmds[r, CC_TARGET] == TG_SELF else -1)
            code = check_declare_of(cmds, u, n, sc, cfg, q, r, j, target, tc, ti, tt, contact)
            if code > best:
                best, who = code, j
        log_event(log, sc, q, EV_NO_RESPONSE, r, best, who, tc)
    if answering == 0:
        log_event(log, sc, q, EV_NO_RESPONSE, -1, CHK_TIMING, -1, tc)


@hot
def answer(cmds, eff, strat, u, n, sc, cfg, log, q, tc, ti, tt, depth, fr_c, fr_i, fr_t):
    """Step 4 for q: the window of (tc, ti, tt), the chain's ``depth``-th command, opens; q's response (the
    policy's when fr_c is ASK_POLICY, else the posed one; -1: declined) is declared, checked and paid. Returns
    (rc, ri, rt), rc -1 when there is none."""
    log_event(log, sc, q, EV_WINDOW, tc, ti, tt, depth)
    rc, ri, rt = -1, -1, -1
    if fr_c == ASK_POLICY:
        rc, ri, rt = pol.choose_response(strat, cmds, eff, u, n, sc, cfg, q, tc, ti, tt)
    elif fr_c >= 0 and check_declare(cmds, u, n, sc, cfg, q, fr_c, fr_i, fr_t, tc, ti, tt) == CHK_OK:
        rc, ri, rt = fr_c, fr_i, fr_t
    if rc < 0:
        if not keeps_log(log):      # why there is none is only ever logged
            return -1, -1, -1
        if pol.any_response(cmds, u, n, sc, cfg, q, tc, ti, tt):
            log_event(log, sc, q, EV_NO_RESPONSE, -1, CHK_OK, -1, tc)      # legal, declined
        else:
            explain_no_response(cmds, u, n, sc, cfg, log, q, tc, ti, tt)
        return -1, -1, -1
    # a response is a normal command: its own declaration, checks, cost and token
    log_event(log, sc, q, EV_DECLARE, rc, ri, rt, 1)
    log_event(log, sc, q, EV_CONFIRM, rc, ri, 0, 1)
    pay(cmds, u, sc, log, q, rc, ri, 1)
    sc[S_RESPONSES + q] += 1
    count_card(sc, S_CARD_COUNTS, PLAYED, q, rc)
    return rc, ri, rt


@hot
def resolve_link(cmds, eff, u, n, sc, cfg, log, p, k):
    """Resolve the chain's k-th command (its player: p's for even k, else the opponent's); 1 when it resolved.
    A response resolving before the command it answers (the exceptions) says so first."""
    c, i, t = sc[S_CHAIN + 3 * k], sc[S_CHAIN + 3 * k + 1], sc[S_CHAIN + 3 * k + 2]
    who = p if k % 2 == 0 else 1 - p
    if k == 0:
        return resolve(cmds, eff, u, n, sc, cfg, log, who, c, i, t, STEP_RESOLVE)
    if cmds[c, CC_BEFORE_TRIGGER]:
        log_event(log, sc, who, EV_EXCEPTION, c, sc[S_CHAIN + 3 * (k - 1)], i, 0)
    return resolve(cmds, eff, u, n, sc, cfg, log, who, c, i, t, STEP_RESPONSE)


@hot
def issue(cmds, eff, strat, u, n, sc, cfg, log, p, c, i, t, fr_c, fr_i, fr_t):
    """The whole command order for p's own-window command c by unit i on t (already checked legal by the
    policy; checked again here as step 2). The response is the opponent's policy's choice when fr_c is
    ASK_POLICY, else (fr_c, fr_i, fr_t) (fr_c -1: declined) - the scenario harness's way to pose one.

    "A responding command does not create another response window unless a rule specifically allows one":
    a response that opens a window (its data's ``opens_window``) is answered in turn, by the policy, and so on:
    a chain of at most MAX_CHAIN commands (S_CHAIN). Each resolves before the response that answers it, but
    a response that resolves before its trigger (``before_trigger``) goes first; the restrictions follow in
    the chain's order, then one melee check."""
    log_event(log, sc, p, EV_DECLARE, c, i, t, 0)
    if check_declare(cmds, u, n, sc, cfg, p, c, i, t, -1, -1, -1) != CHK_OK:
        return
    sc[S_EFFECTS] = 0      # the command's parts, its response's and the melee check's count toward one bound
    log_event(log, sc, p, EV_CONFIRM, c, i, 0, 0)
    pay(cmds, u, sc, log, p, c, i, 0)
    sc[S_ORDERS + p] += 1
    count_card(sc, S_CARD_COUNTS, PLAYED, p, c)
    sc[S_CHAIN], sc[S_CHAIN + 1], sc[S_CHAIN + 2] = c, i, t
    last = 0
    while cmds[sc[S_CHAIN + 3 * last], CC_OPENS_WINDOW]:
        tc, ti, tt = sc[S_CHAIN + 3 * last], sc[S_CHAIN + 3 * last + 1], sc[S_CHAIN + 3 * last + 2]
        if last == MAX_CHAIN - 1:
            log_event(log, sc, p if last % 2 == 0 else 1 - p, EV_NO_WINDOW, tc, ti, tt, last)
            break
        if last > 0:
            fr_c = ASK_POLICY
        rc, ri, rt = answer(cmds, eff, strat, u, n, sc, cfg, log, p if last % 2 == 1 else 1 - p, tc, ti, tt, last,
                            fr_c, fr_i, fr_t)
        if rc < 0:
            break
        last += 1
        sc[S_CHAIN + 3 * last], sc[S_CHAIN + 3 * last + 1], sc[S_CHAIN + 3 * last + 2] = rc, ri, rt
    # the order a chain resolves in: link k goes before link k + 1 unless k + 1 resolves before its trigger;
    # so first the links k whose answer does not, in order, then the last link, then the others, backwards
    done = 0
    for k in range(last):
        if cmds[sc[S_CHAIN + 3 * (k + 1)], CC_BEFORE_TRIGGER] == 0:
            done |= resolve_link(cmds, eff, u, n, sc, cfg, log, p, k) << k
    done |= resolve_link(cmds, eff, u, n, sc, cfg, log, p, last) << last
    for k in range(last - 1, -1, -1):
        if cmds[sc[S_CHAIN + 3 * (k + 1)], CC_BEFORE_TRIGGER]:
            done |= resolve_link(cmds, eff, u, n, sc, cfg, log, p, k) << k
    for k in range(last + 1):
        if (done >> k) & 1:
            apply_listed(cmds, u, sc, log, p if k % 2 == 0 else 1 - p, sc[S_CHAIN + 3 * k], sc[S_CHAIN + 3 * k + 1])
    melee_check(cmds, eff, u, n, sc, cfg, log, p)
    log_event(log, sc, p, EV_DONE, c, i, 0, 0)
