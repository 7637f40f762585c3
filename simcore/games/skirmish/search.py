"""The skirmish's search player (issue #22): flat Monte Carlo with UCB1 over the options of the decisions
that matter, and its base heuristic everywhere else.

Searched decisions, as the seed defines a player's choices: the command a seat gives in its own window (which
command, which unit, which target - or to pass and keep its Command Points for the response windows) and its
response in the opponent's window (which response, by which unit - or to decline). The options of one decision
are the heuristic's own choice first (``simcore.search.best_option`` gives it every tie), then the others best
first by the heuristic's own value (passing / declining at its bar for acting), up to ``option_cap(rollouts)``
in all: a track position more or less makes dozens of legal commands, and options that get a rollout or two
each cannot be told apart. Restricted play: a banned command is never an option; a forced one the heuristic
gives (it gives it whenever it is legal and affordable) is taken without searching.

Each rollout copies the battle into scratch arrays, forces the option, finishes the turn through the engine's
own ``rules.finish_turn`` and plays the rest with ``rules.play_turn``, both forces on the searcher's base
heuristic (it does not know its opponent's strategy); 1 a win, 0.5 a draw, 0 a loss.

Hidden information: none. Both forces' units, positions, wounds, suppression, restrictions and Command Points
are on the table and the command sets are public; the seed defines no hand, deck or hidden order. What a
player cannot know is the future dice, and the search never reads them: every rollout rolls from the search's
own stream (``decision_rng`` of the battle's seed and its searched-decision count, ``S_SEED`` and
``S_DECISIONS``), never from the battle's RNG state, which is not an input of the search at all (the test
changes it just before a searched decision and the choice stays). The k-th rollout of every option rolls the
same stream (common random numbers), so options are compared on the same luck.

Battles without a search player never run this file: ``batch.play_batch`` and ``simulate.replay_game`` pick
it in Python when a seat's kind is ``KIND_SEARCH``. The scratch arrays are allocated in Python, per block.
"""
from __future__ import annotations

import numpy as np

from simcore.blocks import run_blocks
from simcore.rng import game_seed
from simcore.search import UCB_C, best_option, decision_rng, ucb_pick
from strategies.skirmish import policy as pol
from strategies.skirmish.params import (ROW_LEN, KIND_HEURISTIC, KIND_SEARCH, N_PARAMS, P_CP_VALUE, P_KIND, P_MIN_VALUE,
                                        P_RESPOND_MIN, P_ROLLOUTS)

from .batch import fixed_shapes, new_state, record
from .checks import check_declare
from .effects import log_event
from .jit import hot, hot_entry, hot_outlined
from .layout import (CFG_MAX_ORDERS, CFG_N_UNITS, EV_PASS, EV_TURN, LOG_COLS, MAX_UNITS, N_SC, N_U, S_DECISIONS,
                     S_RNG, S_SEED, S_TURN, S_WINNER, U_ALIVE, U_SIDE)
from .opcodes import CC_COST, CC_OPENS_WINDOW, CC_TIMING, CHK_OK, TIMING_ORDER, TIMING_RESPONSE
from .protocol import ASK_POLICY, pay, issue
from .rules import DRAW, check_eliminated, deploy, end_turn, finish_turn, play_turn, start_turn

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


# ---------------------------------------------------------------- rollouts
@hot
def copy_state(u, sc, u2, sc2):
    for i in range(u.shape[0]):
        for k in range(u.shape[1]):
            u2[i, k] = u[i, k]
    for k in range(sc.shape[0]):
        sc2[k] = sc[k]


@hot_outlined
def rollout(cmds, eff, cfg, rstrat, u2, sc2, nolog, me, p, c, i, t, rc, ri, rt, passed, given0, given1):
    """From a copy of the battle before p's command window: p gives (c, i, t) (c < 0: passes) answered by
    (rc, ri, rt) (ASK_POLICY: the heuristic answers), then the battle plays out. Searcher me's value."""
    n = cfg[CFG_N_UNITS]
    if c < 0:
        passed |= 1 << p
    else:
        if p == 0:
            given0 += 1
        else:
            given1 += 1
        issue(cmds, eff, rstrat, u2, n, sc2, cfg, nolog, p, c, i, t, rc, ri, rt)
        check_eliminated(u2, n, sc2, nolog)
    if sc2[S_WINNER] < 0:
        if passed & (1 << (1 - p)) == 0:
            p = 1 - p
        finish_turn(cmds, eff, rstrat, u2, sc2, cfg, nolog, passed, given0, given1, p)
    while sc2[S_WINNER] < 0:
        play_turn(cmds, eff, rstrat, u2, sc2, cfg, nolog)
    w = sc2[S_WINNER]
    return 1.0 if w == me else (0.5 if w == DRAW else 0.0)


@hot
def run_search(cmds, eff, cfg, strat, u, sc, me, p, c, i, t, passed, given0, given1, k, opts, visits, totals,
               u2, sc2, rstrat, nolog):
    """Spend seat me's rollouts on the k options (p's commands when me == p, else me's responses to p's
    (c, i, t)); the index of the best."""
    for a in range(rstrat.shape[1]):    # the searcher's restriction (restricted play) is its own seat's only
        rstrat[0, a] = strat[me, a] if a < N_PARAMS or me == 0 else 0.0
        rstrat[1, a] = strat[me, a] if a < N_PARAMS or me == 1 else 0.0
    rstrat[0, P_KIND] = KIND_HEURISTIC
    rstrat[1, P_KIND] = KIND_HEURISTIC
    for o in range(k):
        visits[o] = 0
        totals[o] = 0.0
    stream = decision_rng(sc[S_SEED], sc[S_DECISIONS])
    sc[S_DECISIONS] += 1
    for _ in range(int(strat[me, P_ROLLOUTS])):
        o = ucb_pick(visits, totals, k, UCB_C)
        copy_state(u, sc, u2, sc2)
        sc2[S_RNG] = decision_rng(stream, visits[o])
        if me == p:
            v = rollout(cmds, eff, cfg, rstrat, u2, sc2, nolog, me, p, opts[0, o], opts[1, o], opts[2, o],
                        ASK_POLICY, NO, NO, passed, given0, given1)
        else:
            v = rollout(cmds, eff, cfg, rstrat, u2, sc2, nolog, me, p, c, i, t, opts[0, o], opts[1, o],
                        opts[2, o], passed, given0, given1)
        visits[o] += 1
        totals[o] += v
    return best_option(visits, totals, k)


@hot
def search_order(cmds, eff, cfg, strat, u, sc, p, passed, given0, given1, hc, hi, ht, opts, vals, visits, totals,
                 u2, sc2, rstrat, nolog):
    """p's own-window command, searched: (c, i, t), c < 0 to pass."""
    n = cfg[CFG_N_UNITS]
    if hc >= 0 and pol.forced(strat, p, hc):
        return hc, hi, ht   # restricted play: a forced command is given as the heuristic gives it, not searched
    k = order_options(strat, cmds, eff, u, n, sc, cfg, p, hc, hi, ht, option_cap(int(strat[p, P_ROLLOUTS])),
                      opts, vals)
    if k < 2:
        return hc, hi, ht
    o = run_search(cmds, eff, cfg, strat, u, sc, p, p, NO, NO, NO, passed, given0, given1, k, opts, visits, totals,
                   u2, sc2, rstrat, nolog)
    return opts[0, o], opts[1, o], opts[2, o]


@hot
def search_response(cmds, eff, cfg, strat, u, sc, p, c, i, t, passed, given0, given1, opts, vals, visits, totals,
                    u2, sc2, rstrat, nolog):
    """The opponent of p, a searcher, answers p's (c, i, t) (not yet declared): the response to force in
    ``issue`` (ASK_POLICY when there is nothing to choose)."""
    n = cfg[CFG_N_UNITS]
    q = 1 - p
    if cmds[c, CC_OPENS_WINDOW] == 0 or check_declare(cmds, u, n, sc, cfg, p, c, i, t, NO, NO, NO) != CHK_OK:
        return ASK_POLICY, NO, NO
    # the window opens after p has paid: the options are read there, on a copy
    copy_state(u, sc, u2, sc2)
    pay(cmds, u2, sc2, nolog, p, c, i, 0)
    k = response_options(strat, cmds, eff, u2, n, sc2, cfg, q, c, i, t, option_cap(int(strat[q, P_ROLLOUTS])),
                         opts, vals)
    if k < 2:
        return ASK_POLICY, NO, NO
    o = run_search(cmds, eff, cfg, strat, u, sc, q, p, c, i, t, passed, given0, given1, k, opts, visits, totals,
                   u2, sc2, rstrat, nolog)
    return opts[0, o], opts[1, o], opts[2, o]


# ---------------------------------------------------------------- the search-aware battle
@hot
def search_turn(cmds, eff, cfg, strat, u, sc, log, opts, vals, visits, totals, u2, sc2, rstrat, nolog):
    """``rules.play_turn`` with each search seat's commands and responses searched (the same steps, logged
    the same way; a heuristic seat chooses exactly as there)."""
    n = cfg[CFG_N_UNITS]
    start_turn(u, n, sc, cfg)
    first = sc[S_TURN] % 2
    log_event(log, sc, first, EV_TURN, first, 0, 0, 0)
    passed = 0
    given0, given1 = 0, 0
    p = first
    while passed != 3:
        if passed & (1 << p) == 0:
            c, i, t = pol.choose_order(strat, cmds, eff, u, n, sc, cfg, p)
            given = given0 if p == 0 else given1
            if given < cfg[CFG_MAX_ORDERS] and strat[p, P_KIND] == KIND_SEARCH:
                c, i, t = search_order(cmds, eff, cfg, strat, u, sc, p, passed, given0, given1, c, i, t, opts, vals,
                                       visits, totals, u2, sc2, rstrat, nolog)
            if c < 0 or given >= cfg[CFG_MAX_ORDERS]:
                passed |= 1 << p
                log_event(log, sc, p, EV_PASS, 0, 0, 0, 0)
            else:
                rc, ri, rt = ASK_POLICY, NO, NO
                if strat[1 - p, P_KIND] == KIND_SEARCH:
                    rc, ri, rt = search_response(cmds, eff, cfg, strat, u, sc, p, c, i, t, passed, given0, given1,
                                                 opts, vals, visits, totals, u2, sc2, rstrat, nolog)
                if p == 0:
                    given0 += 1
                else:
                    given1 += 1
                issue(cmds, eff, strat, u, n, sc, cfg, log, p, c, i, t, rc, ri, rt)
                if check_eliminated(u, n, sc, log):
                    return
        if passed & (1 << (1 - p)) == 0:
            p = 1 - p
    end_turn(u, n, sc, cfg, log)


@hot
def search_battle(cmds, eff, profiles, setup, cfg, strat, u, sc, log, seed, opts, vals, visits, totals, u2, sc2,
                  rstrat, nolog):
    deploy(profiles, setup, cfg, u, sc, seed)
    sc[S_SEED] = seed
    while sc[S_WINNER] < 0:
        search_turn(cmds, eff, cfg, strat, u, sc, log, opts, vals, visits, totals, u2, sc2, rstrat, nolog)


@hot
def play_one_search(cmds, eff, profiles, setup, cfg, strat, seed, u, sc, log, out_row, opts, vals, visits, totals,
                    u2, sc2, rstrat, nolog):
    """``batch.play_one`` with search players; returns the battle's searched decisions."""
    search_battle(cmds, eff, profiles, setup, cfg, strat, u, sc, log, seed, opts, vals, visits, totals, u2, sc2,
                  rstrat, nolog)
    record(sc, seed, out_row)
    return sc[S_DECISIONS]


@hot_entry
def play_search_block(cmds, eff, profiles, setup, cfg, strat, base_seed, first_game, lo, hi, out, searched, u, sc,
                      log, opts, vals, visits, totals, u2, sc2, rstrat, nolog):
    """``batch.play_block`` with search players: row g of ``out`` is battle first_game + g, ``searched[g]``
    its searched decisions. Releases the GIL."""
    if not fixed_shapes(cmds, eff, profiles, strat, u, sc, log) or not fixed_shapes(cmds, eff, profiles, rstrat,
                                                                                    u2, sc2, nolog):
        raise ValueError("play_search_block: an array does not have the layout's shape")
    for g in range(lo, hi):
        searched[g] = play_one_search(cmds, eff, profiles, setup, cfg, strat,
                                      game_seed(base_seed, first_game + g), u, sc, log, out[g], opts, vals, visits,
                                      totals, u2, sc2, rstrat, nolog)


# ---------------------------------------------------------------- Python side
def scratch(u_rows: int = MAX_UNITS) -> tuple:
    """A search's scratch arrays (opts, vals, visits, totals, u2, sc2, rstrat, nolog), one set per thread
    block: the jitted code never allocates."""
    return (np.zeros((3, MAX_OPTIONS), np.int64), np.zeros(MAX_OPTIONS), np.zeros(MAX_OPTIONS, np.int64),
            np.zeros(MAX_OPTIONS), np.zeros((u_rows, N_U), np.int32), np.zeros(N_SC, np.int64),
            np.zeros((2, ROW_LEN)), np.zeros((1, LOG_COLS), np.int32))


def play_search_batch(cmds, eff, profiles, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
                      threads: int | None = None) -> np.ndarray:
    """``batch.play_batch`` (padded tables) with search players; the searched decisions of each battle."""
    searched = np.zeros(out.shape[0], np.int64)

    def play_range(lo, hi):
        play_search_block(cmds, eff, profiles, setup, cfg, strat, np.int64(base_seed), np.int64(first_game),
                          np.int64(lo), np.int64(hi), out, searched, *new_state(), *scratch())
    run_blocks(play_range, out.shape[0], threads, min_block=1)
    return searched
