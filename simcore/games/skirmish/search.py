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
it in Python when a seat's kind is ``KIND_SEARCH`` or ``KIND_ISMCTS`` (whose decisions ``tree_search.run_tree``
searches instead of ``run_search``). The scratch arrays are allocated in Python, per block.
"""
from __future__ import annotations

import numpy as np

from simcore.blocks import run_blocks
from simcore.ismcts import tree_arrays
from simcore.block_loop import play_games
from simcore.search import UCB_C, best_option, decision_rng, ucb_pick
from .players import policy as pol
from .players.params import KIND_ISMCTS, P_KIND, P_ROLLOUTS, ROW_LEN

from .game_row import fixed_shapes, new_state, record
from .bound_checks import over_orders
from .checks import check_declare
from .effects import log_event
from .jit import hot, hot_entry, hot_outlined
from .layout import (CFG_MAX_ORDERS, CFG_N_UNITS, EV_PASS, EV_TURN, LOG_COLS, MAX_UNITS, N_SC, N_U, S_DECISIONS,
                     S_RNG, S_ROLLOUT_TURNS, S_ROLLOUTS, S_SEED, S_TURN, S_WINNER)
from .opcodes import CC_OPENS_WINDOW, CHK_OK
from .protocol import ASK_POLICY, pay, issue
from .rules import DRAW, check_eliminated, end_turn, finish_turn, play_battle_with, play_turn, start_turn
from .search_options import (MAX_OPTIONS, NO, copy_state, is_searcher, option_cap, order_options, response_options,
                             searcher_view)
from .tree_search import run_tree

# what a search battle reports of its searches: decisions searched, rollouts played, the turns they played
SEARCH_COUNTERS = np.array([S_DECISIONS, S_ROLLOUTS, S_ROLLOUT_TURNS], np.int64)


# ---------------------------------------------------------------- rollouts
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
    searcher_view(strat, me, rstrat)
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
        sc[S_ROLLOUT_TURNS] += sc2[S_TURN] - sc[S_TURN]
    sc[S_ROLLOUTS] += int(strat[me, P_ROLLOUTS])
    return best_option(visits, totals, k)


@hot
def searched_option(cmds, eff, cfg, strat, u, sc, me, p, c, i, t, passed, given0, given1, k, opts, visits, totals,
                    u2, sc2, rstrat, nolog, tree):
    """The index of seat me's option among the k, by its kind of search: the tree (``ismcts:N``) or flat."""
    if strat[me, P_KIND] == KIND_ISMCTS:
        return run_tree(cmds, eff, cfg, strat, u, sc, me, p, c, i, t, passed, given0, given1, k, opts, u2, sc2,
                        rstrat, nolog, tree)
    return run_search(cmds, eff, cfg, strat, u, sc, me, p, c, i, t, passed, given0, given1, k, opts, visits, totals,
                      u2, sc2, rstrat, nolog)


@hot
def search_order(cmds, eff, cfg, strat, u, sc, p, passed, given0, given1, hc, hi, ht, opts, vals, visits, totals,
                 u2, sc2, rstrat, nolog, tree):
    """p's own-window command, searched: (c, i, t), c < 0 to pass."""
    n = cfg[CFG_N_UNITS]
    if hc >= 0 and pol.forced(strat, p, hc):
        return hc, hi, ht   # restricted play: a forced command is given as the heuristic gives it, not searched
    k = order_options(strat, cmds, eff, u, n, sc, cfg, p, hc, hi, ht, option_cap(int(strat[p, P_ROLLOUTS])),
                      opts, vals)
    if k < 2:
        return hc, hi, ht
    o = searched_option(cmds, eff, cfg, strat, u, sc, p, p, NO, NO, NO, passed, given0, given1, k, opts, visits,
                        totals, u2, sc2, rstrat, nolog, tree)
    return opts[0, o], opts[1, o], opts[2, o]


@hot
def search_response(cmds, eff, cfg, strat, u, sc, p, c, i, t, passed, given0, given1, opts, vals, visits, totals,
                    u2, sc2, rstrat, nolog, tree):
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
    o = searched_option(cmds, eff, cfg, strat, u, sc, q, p, c, i, t, passed, given0, given1, k, opts, visits,
                        totals, u2, sc2, rstrat, nolog, tree)
    return opts[0, o], opts[1, o], opts[2, o]


# ---------------------------------------------------------------- the search-aware battle
@hot
def search_turn(cmds, eff, cfg, strat, u, sc, log, opts, vals, visits, totals, u2, sc2, rstrat, nolog, tree):
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
            if given < cfg[CFG_MAX_ORDERS] and is_searcher(strat, p):
                c, i, t = search_order(cmds, eff, cfg, strat, u, sc, p, passed, given0, given1, c, i, t, opts, vals,
                                       visits, totals, u2, sc2, rstrat, nolog, tree)
            if c < 0:
                passed |= 1 << p
                log_event(log, sc, p, EV_PASS, 0, 0, 0, 0)
            elif over_orders(cfg, sc, log, p, given):
                return
            else:
                rc, ri, rt = ASK_POLICY, NO, NO
                if is_searcher(strat, 1 - p):
                    rc, ri, rt = search_response(cmds, eff, cfg, strat, u, sc, p, c, i, t, passed, given0, given1,
                                                 opts, vals, visits, totals, u2, sc2, rstrat, nolog, tree)
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
                  rstrat, nolog, tree):
    play_battle_with(search_turn, (cmds, eff, cfg, strat, u, sc, log, opts, vals, visits, totals, u2, sc2, rstrat,
                                   nolog, tree), profiles, setup, cfg, u, sc, seed)


@hot
def play_one_search(cmds, eff, profiles, setup, cfg, strat, u, sc, log, opts, vals, visits, totals, u2, sc2, rstrat,
                    nolog, tree, seed, out_row):
    """``batch.play_one`` with search players (its searches' counters stay in ``sc``: S_DECISIONS, S_ROLLOUTS,
    S_ROLLOUT_TURNS)."""
    search_battle(cmds, eff, profiles, setup, cfg, strat, u, sc, log, seed, opts, vals, visits, totals, u2, sc2,
                  rstrat, nolog, tree)
    record(sc, seed, out_row)


@hot
def keep_counters(sc, searched, g):
    """Battle g's searched decisions, rollouts and the turns they played into row g of ``searched``."""
    for j in range(SEARCH_COUNTERS.shape[0]):
        searched[g, j] = sc[SEARCH_COUNTERS[j]]


@hot_entry
def play_search_block(cmds, eff, profiles, setup, cfg, strat, base_seed, first_game, lo, hi, out, searched, u, sc,
                      log, opts, vals, visits, totals, u2, sc2, rstrat, nolog, tree):
    """``batch.play_block`` with search players: row g of ``out`` is battle first_game + g, ``searched[g]``
    its searched decisions, rollouts and the turns they played (``SEARCH_COUNTERS``). Releases the GIL."""
    if not fixed_shapes(cmds, eff, profiles, strat, u, sc, log) or not fixed_shapes(cmds, eff, profiles, rstrat,
                                                                                    u2, sc2, nolog):
        raise ValueError("play_search_block: an array does not have the layout's shape")
    play_games(play_one_search, (cmds, eff, profiles, setup, cfg, strat, u, sc, log, opts, vals, visits, totals, u2,
                                 sc2, rstrat, nolog, tree), keep_counters, (sc, searched), True, base_seed,
               first_game, lo, hi, out)


# ---------------------------------------------------------------- Python side
def tree_budget(strat) -> int:
    """The iterations of the largest tree a battle's ``ismcts:N`` seats grow (0: none)."""
    strat = np.asarray(strat)
    trees = strat[:, P_KIND] == KIND_ISMCTS
    return int(strat[trees, P_ROLLOUTS].max()) if trees.any() else 0


def scratch(u_rows: int = MAX_UNITS, budget: int = 0) -> tuple:
    """A search's scratch arrays (opts, vals, visits, totals, u2, sc2, rstrat, nolog, tree), one set per thread
    block: the jitted code never allocates. ``tree`` is the tree search's (``tree_search.run_tree``): root
    keys, an in-tree decision's options, values and keys, a second battle copy, and a tree of ``budget``
    iterations."""
    tree = (np.zeros(MAX_OPTIONS, np.int64), np.zeros((3, MAX_OPTIONS), np.int64), np.zeros(MAX_OPTIONS),
            np.zeros(MAX_OPTIONS, np.int64), np.zeros((u_rows, N_U), np.int32), np.zeros(N_SC, np.int64),
            *tree_arrays(budget))
    return (np.zeros((3, MAX_OPTIONS), np.int64), np.zeros(MAX_OPTIONS), np.zeros(MAX_OPTIONS, np.int64),
            np.zeros(MAX_OPTIONS), np.zeros((u_rows, N_U), np.int32), np.zeros(N_SC, np.int64),
            np.zeros((2, ROW_LEN)), np.zeros((1, LOG_COLS), np.int32), tree)


def play_search_batch(cmds, eff, profiles, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
                      threads: int | None = None) -> np.ndarray:
    """``batch.play_batch`` (padded tables) with search players; each battle's searched decisions, rollouts and
    the turns they played (``SEARCH_COUNTERS``)."""
    searched = np.zeros((out.shape[0], SEARCH_COUNTERS.shape[0]), np.int64)

    def play_range(lo, hi):
        play_search_block(cmds, eff, profiles, setup, cfg, strat, np.int64(base_seed), np.int64(first_game),
                          np.int64(lo), np.int64(hi), out, searched, *new_state(), *scratch(budget=tree_budget(strat)))
    run_blocks(play_range, out.shape[0], threads, min_block=1)
    return searched
