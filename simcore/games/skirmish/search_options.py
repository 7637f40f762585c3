"""The skirmish's searched decisions, shared by both search players (``search.py``'s flat search and
``tree_search.py``'s tree): whose decisions are searched, the options of each and their tree keys, the
scratch copy of a battle and the searcher's view of both seats in a rollout."""
from __future__ import annotations

from .players import policy as pol
from .players.params import (KIND_HEURISTIC, KIND_ISMCTS, KIND_SEARCH, N_PARAMS, P_CP_VALUE, P_KIND,
                             P_MIN_VALUE, P_RESPOND_MIN)

from .checks import check_declare
from .jit import hot
from .layout import U_ALIVE, U_SIDE
from .opcodes import CC_COST, CC_TIMING, CHK_OK, TIMING_ORDER, TIMING_RESPONSE

MAX_OPTIONS = 16
ROLLOUTS_PER_OPTION = 6     # the option cap: about this many rollouts per option (a choice, not tuned)
NO = -1


@hot
def option_cap(rollouts):
    return min(MAX_OPTIONS, max(2, rollouts // ROLLOUTS_PER_OPTION))


# ---------------------------------------------------------------- options
@hot
def _add_option(opts, vals, k, cap, c, i, t, v):
    """Insert (c, i, t) worth v among options 1.. (option 0 stays the heuristic's), kept best first and at
    most ``cap`` in all; returns the new count."""
    if k >= cap and (k == 1 or v <= vals[k - 1]):
        return k
    at = k if k < cap else k - 1
    while at > 1 and vals[at - 1] < v:
        if at < cap:
            opts[0, at], opts[1, at], opts[2, at], vals[at] = opts[0, at - 1], opts[1, at - 1], opts[2, at - 1], \
                vals[at - 1]
        at -= 1
    opts[0, at], opts[1, at], opts[2, at], vals[at] = c, i, t, v
    return k + 1 if k < cap else k


@hot
def _first(opts, vals, cap, c, i, t, pass_value):
    """Option 0 the heuristic's choice (its value unused); passing / declining ranked with the rest at the
    heuristic's own bar for acting (``min_value`` / ``respond_min``) when the heuristic acted."""
    opts[0, 0], opts[1, 0], opts[2, 0], vals[0] = c, i, t, 0.0
    if c < 0:
        return 1
    return _add_option(opts, vals, 1, cap, NO, NO, NO, pass_value)


@hot
def order_options(strat, cmds, eff, u, n, sc, cfg, p, hc, hi, ht, cap, opts, vals):
    """The options of p's own-window decision, the heuristic's (hc, hi, ht) first; returns their count."""
    k = _first(opts, vals, cap, hc, hi, ht, strat[p, P_MIN_VALUE])
    for c in range(cmds.shape[0]):
        if cmds[c, CC_TIMING] != TIMING_ORDER or pol.banned(strat, p, c):
            continue
        for i in range(n):
            if u[i, U_ALIVE] == 0 or u[i, U_SIDE] != p:
                continue
            j = 0
            while True:
                t = pol.order_target(cmds, cfg, c, i, j)
                j += 1
                if t == -2:
                    break
                if (c == hc and i == hi and t == ht) or check_declare(cmds, u, n, sc, cfg, p, c, i, t, -1, -1,
                                                                      -1) != CHK_OK:
                    continue
                v = pol.order_value(strat, cmds, eff, u, n, cfg, p, c, i, t) - cmds[c, CC_COST] * strat[p, P_CP_VALUE]
                k = _add_option(opts, vals, k, cap, c, i, t, v)
    return k


@hot
def response_options(strat, cmds, eff, u, n, sc, cfg, q, tc, ti, tt, cap, opts, vals):
    """The options of q's response to tc by ti on tt (the window open, tc paid), the heuristic's first."""
    hr, hj, ht = pol.choose_response(strat, cmds, eff, u, n, sc, cfg, q, tc, ti, tt)
    if hr >= 0 and pol.forced(strat, q, hr):
        return 1            # restricted play: a forced response is declared as the heuristic declares it
    k = _first(opts, vals, cap, hr, hj, ht, strat[q, P_RESPOND_MIN])
    for r in range(cmds.shape[0]):
        if cmds[r, CC_TIMING] != TIMING_RESPONSE or pol.banned(strat, q, r):
            continue
        for j in range(n):
            t = pol.response_target(cmds, r, j, ti)
            if (r == hr and j == hj) or check_declare(cmds, u, n, sc, cfg, q, r, j, t, tc, ti, tt) != CHK_OK:
                continue
            v = pol.response_value(strat, cmds, eff, u, q, r, j, ti, tt) - cmds[r, CC_COST] * strat[q, P_CP_VALUE]
            k = _add_option(opts, vals, k, cap, r, j, t, v)
    return k


@hot
def option_keys(opts, k, response, keys):
    """The tree's key of each of the k options: what the option does, (command, unit, target), and whether
    it is a response; the same in every rollout, since the skirmish hides nothing (units keep their rows)."""
    for o in range(k):
        keys[o] = ((response * 65536 + opts[0, o] + 1) * 65536 + opts[1, o] + 1) * 65536 + opts[2, o] + 1


@hot
def copy_state(u, sc, u2, sc2):
    for i in range(u.shape[0]):
        for k in range(u.shape[1]):
            u2[i, k] = u[i, k]
    for k in range(sc.shape[0]):
        sc2[k] = sc[k]


@hot
def searcher_view(strat, me, rstrat):
    """Both seats of a rollout play searcher me's base heuristic (it does not know its opponent's strategy);
    the searcher's restriction (restricted play) is its own seat's only."""
    for a in range(rstrat.shape[1]):
        rstrat[0, a] = strat[me, a] if a < N_PARAMS or me == 0 else 0.0
        rstrat[1, a] = strat[me, a] if a < N_PARAMS or me == 1 else 0.0
    rstrat[0, P_KIND] = KIND_HEURISTIC
    rstrat[1, P_KIND] = KIND_HEURISTIC


@hot
def is_searcher(strat, p):
    """Seat p's decisions are searched: by ``search:N`` or by ``ismcts:N``."""
    return strat[p, P_KIND] == KIND_SEARCH or strat[p, P_KIND] == KIND_ISMCTS
