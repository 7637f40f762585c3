"""The skirmish's tree search player (issue #34): ``ismcts:N``, one tree over the rollouts of a decision
(``simcore.ismcts``), whose nodes are the commands and responses of *both* forces since the searched one.

It searches the decisions the flat search does (``search_options``: a seat's command in its own window, its
response in the opponent's) with the same options, and spends its N iterations on one tree: each iteration
copies the battle, rolls its own dice (``decision_rng`` of the battle's seed, its searched-decision count and
the number of the root move's visit, so that each root move is tried on the same dice as the flat search's
options are: ``simcore.ismcts.deal_number``; the battle's RNG state is never read, as in ``search.py``), and
walks the tree from the root while it can. At every command window and response window on the way, of either force, the options are the
flat search's for that seat (both seats play the searcher's base heuristic, ``searcher_view``) and
``tree_choose`` picks one from the point of view of the force that decides; the first option not yet in the
tree is added and the battle is then played out by the engine's own ``rules.finish_turn`` and
``rules.play_turn``. After the budget the searcher plays the root's most visited option.

Hidden information: none (see ``search.py``); what differs between iterations is the dice, so the tree's
statistics average over them, and an option's key (``option_keys``: command, unit, target) names the same
move in every iteration.

The walk is a loop over windows, not a recursion: numba compiles no recursion through the engine.
"""
from __future__ import annotations

from simcore.ismcts import deal_number, in_tree, tree_backprop, tree_best, tree_choose, tree_start, walk_start
from simcore.search import UCB_C, decision_rng
from .players import policy as pol
from .players.params import P_ROLLOUTS

from .bound_checks import over_orders
from .checks import check_declare
from .effects import log_event
from .jit import hot, hot_outlined
from .layout import (CFG_MAX_ORDERS, CFG_N_UNITS, EV_PASS, EV_TURN, S_DECISIONS, S_RNG, S_ROLLOUT_TURNS, S_ROLLOUTS,
                     S_SEED, S_TURN, S_WINNER)
from .opcodes import CC_OPENS_WINDOW, CHK_OK
from .protocol import ASK_POLICY, issue, pay
from .rules import DRAW, check_eliminated, end_turn, finish_turn, play_turn, start_turn
from .search_options import (NO, copy_state, option_cap, option_keys, order_options, response_options,
                             searcher_view)

ASK_TREE = -3     # a response the tree chooses while the walk is in it (else the heuristic's)


@hot
def tree_response(cmds, eff, cfg, rstrat, u2, sc2, nolog, p, c, i, t, tree):
    """q's response to p's (c, i, t) in a rollout, chosen by the tree: the response to force in ``issue``
    (ASK_POLICY when the window does not open or offers nothing to choose)."""
    rkeys, topts, tvals, tkeys, u3, sc3, nodes, totals, walk = tree
    n = cfg[CFG_N_UNITS]
    q = 1 - p
    if cmds[c, CC_OPENS_WINDOW] == 0 or check_declare(cmds, u2, n, sc2, cfg, p, c, i, t, NO, NO, NO) != CHK_OK:
        return ASK_POLICY, NO, NO
    copy_state(u2, sc2, u3, sc3)        # the window opens after p has paid: its options are read on a copy
    pay(cmds, u3, sc3, nolog, p, c, i, 0)
    k = response_options(rstrat, cmds, eff, u3, n, sc3, cfg, q, c, i, t, option_cap(int(rstrat[q, P_ROLLOUTS])),
                         topts, tvals)
    if k < 2:
        return ASK_POLICY, NO, NO
    option_keys(topts, k, 1, tkeys)
    o = tree_choose(nodes, totals, walk, tkeys, k, q, UCB_C)
    return topts[0, o], topts[1, o], topts[2, o]


@hot
def tree_command(cmds, eff, cfg, rstrat, u2, sc2, nolog, p, c, i, t, rc, ri, rt, tree):
    """p gives (c, i, t) in a rollout, answered by (rc, ri, rt): ASK_TREE, the tree's choice while the walk
    is in it, else the heuristic's."""
    n = cfg[CFG_N_UNITS]
    if rc == ASK_TREE:
        rc, ri, rt = ASK_POLICY, NO, NO
        if in_tree(tree[8]):
            rc, ri, rt = tree_response(cmds, eff, cfg, rstrat, u2, sc2, nolog, p, c, i, t, tree)
    issue(cmds, eff, rstrat, u2, n, sc2, cfg, nolog, p, c, i, t, rc, ri, rt)
    check_eliminated(u2, n, sc2, nolog)


@hot
def tree_order(cmds, eff, cfg, rstrat, u2, sc2, p, given, tree):
    """p's command in its own window in a rollout, chosen by the tree among the flat search's options (the
    heuristic's, forced or alone); c < 0 to pass."""
    rkeys, topts, tvals, tkeys, u3, sc3, nodes, totals, walk = tree
    n = cfg[CFG_N_UNITS]
    c, i, t = pol.choose_order(rstrat, cmds, eff, u2, n, sc2, cfg, p)
    if given >= cfg[CFG_MAX_ORDERS] or (c >= 0 and pol.forced(rstrat, p, c)):
        return c, i, t
    k = order_options(rstrat, cmds, eff, u2, n, sc2, cfg, p, c, i, t, option_cap(int(rstrat[p, P_ROLLOUTS])),
                      topts, tvals)
    if k < 2:
        return c, i, t
    option_keys(topts, k, 0, tkeys)
    o = tree_choose(nodes, totals, walk, tkeys, k, p, UCB_C)
    return topts[0, o], topts[1, o], topts[2, o]


@hot_outlined
def tree_rollout(cmds, eff, cfg, rstrat, u2, sc2, nolog, p, passed, given0, given1, tree):
    """From p's window of the turn (``passed``, ``given`` as ``rules.finish_turn`` holds them), the battle's
    rest: the tree chooses both forces' commands and responses while the walk is in it, then the engine
    plays it out with the heuristic. Side 0's result (1 a win, 0.5 a draw)."""
    n = cfg[CFG_N_UNITS]
    walk = tree[8]
    while sc2[S_WINNER] < 0:
        if not in_tree(walk):
            finish_turn(cmds, eff, rstrat, u2, sc2, cfg, nolog, passed, given0, given1, p)
            while sc2[S_WINNER] < 0:
                play_turn(cmds, eff, rstrat, u2, sc2, cfg, nolog)
            break
        if passed == 3:                 # the turn ends; the next begins as ``rules.play_turn`` begins it
            end_turn(u2, n, sc2, cfg, nolog)
            if sc2[S_WINNER] >= 0:
                break
            start_turn(u2, n, sc2, cfg)
            p = sc2[S_TURN] % 2
            log_event(nolog, sc2, p, EV_TURN, p, 0, 0, 0)
            passed, given0, given1 = 0, 0, 0
            continue
        if passed & (1 << p) == 0:
            given = given0 if p == 0 else given1
            c, i, t = tree_order(cmds, eff, cfg, rstrat, u2, sc2, p, given, tree)
            if c < 0:
                passed |= 1 << p
                log_event(nolog, sc2, p, EV_PASS, 0, 0, 0, 0)
            elif over_orders(cfg, sc2, nolog, p, given):
                break
            else:
                if p == 0:
                    given0 += 1
                else:
                    given1 += 1
                tree_command(cmds, eff, cfg, rstrat, u2, sc2, nolog, p, c, i, t, ASK_TREE, NO, NO, tree)
        if passed & (1 << (1 - p)) == 0:
            p = 1 - p
    w = sc2[S_WINNER]
    return 1.0 if w == 0 else (0.5 if w == DRAW else 0.0)


@hot
def run_tree(cmds, eff, cfg, strat, u, sc, me, p, c, i, t, passed, given0, given1, k, opts, u2, sc2, rstrat,
             nolog, tree):
    """``search.run_search`` with a tree: seat me's N iterations over the k root options (p's commands when
    me == p, else me's responses to p's (c, i, t)); the index of the one to play."""
    rkeys, topts, tvals, tkeys, u3, sc3, nodes, totals, walk = tree
    searcher_view(strat, me, rstrat)
    option_keys(opts, k, 0 if me == p else 1, rkeys)
    tree_start(nodes, totals, walk)
    stream = decision_rng(sc[S_SEED], sc[S_DECISIONS])
    sc[S_DECISIONS] += 1
    for it in range(int(strat[me, P_ROLLOUTS])):
        walk_start(walk)
        o = tree_choose(nodes, totals, walk, rkeys, k, me, UCB_C)
        copy_state(u, sc, u2, sc2)
        sc2[S_RNG] = decision_rng(stream, deal_number(nodes, walk, it))   # the j-th visit of each option: dice j
        q_passed, g0, g1 = passed, given0, given1
        if me == p and opts[0, o] < 0:
            q_passed |= 1 << p
        else:
            if p == 0:
                g0 += 1
            else:
                g1 += 1
            if me == p:
                tree_command(cmds, eff, cfg, rstrat, u2, sc2, nolog, p, opts[0, o], opts[1, o], opts[2, o],
                             ASK_TREE, NO, NO, tree)
            else:
                tree_command(cmds, eff, cfg, rstrat, u2, sc2, nolog, p, c, i, t, opts[0, o], opts[1, o],
                             opts[2, o], tree)
        nxt = p if q_passed & (1 << (1 - p)) else 1 - p
        value0 = tree_rollout(cmds, eff, cfg, rstrat, u2, sc2, nolog, nxt, q_passed, g0, g1, tree)
        tree_backprop(nodes, totals, walk, value0)
        sc[S_ROLLOUT_TURNS] += sc2[S_TURN] - sc[S_TURN]
    sc[S_ROLLOUTS] += int(strat[me, P_ROLLOUTS])
    return tree_best(nodes, rkeys, k, me)
