"""The tree search player of The Last Command (strategy kind "ismcts", ``ismcts:N``).

It searches the decisions the flat search (``search.py``) searches, over the same options
(``search_options``): each Market action and each Crew placement of its own turns. Where the flat
search rolls each option out with the heuristic alone, it grows one information-set tree
(``simcore.ismcts``) over N iterations. Each iteration copies the game into scratch arrays, deals
anew what the searcher cannot see (``search.determinize``, seeded as the flat search's rollouts
are), and walks the tree: the searched decision's options first (the root), then every later
decision the flat search would search, of *either* player (the opponent plays the searcher's
heuristic in the copy, as in the flat search's rollouts, so its Market actions and Crew placements
are searched the same way; the Solo A.I. follows the rulebook and makes no tree move). While the
walk is in the tree, each such decision is a ``tree_choose`` by the side deciding; once it has left
(a new node), the engine's own phase functions play the game to its end, exactly as a flat rollout
does. The result for side 0 is credited to the nodes walked and, after N iterations, the searcher
plays the root's most visited move. The j-th iteration through each root move plays the j-th deal (common
random numbers, ``simcore.ismcts.deal_number``), so the root's moves are compared on the same worlds.

A node is a move named by a key every deal shares (``crew_key``, ``market_key``): a card type and
where it goes or how it is taken, never a hand index or a Market slot, which another deal fills
differently.

No recursion (numba compiles none through the engine): the walk is a loop over the copy's turns
(``tree_iteration``), whose phases are tree-aware loops like the engine's own. A game with a tree
search player is played by the one search game loop (``search.play_one_search``), which plays this
file's ``tree_turn`` for a tree search seat, the flat search's ``search_turn`` or the engine's
``play_turn`` for the others.
"""
from __future__ import annotations

import numpy as np

from simcore.ismcts import (T_ACTOR, W_NODES, crn, deal_number, in_tree, tree_arrays, tree_backprop, tree_best, tree_choose,
                            tree_start, walk_start)
from simcore.search import UCB_C, decision_rng, rs_below
from .cardplay import MAX_CARD_ACTIONS, card_phase_end, card_phase_from, card_step, discard_for_credits
from .events import log_event
from .jit import hot, hot_inlined, hot_outlined
from .layout import (CFG_MAX_TURNS, EV_TURN, HAND, PH_BONUS, PH_CARD, PH_DRAW, PH_MARKET,
                     S_CUR, S_DECISION, S_MULTS_KEY, S_PHASE, S_RNG, S_SEED, S_SOLO_AI, S_TURN, S_WINNER, SCR_COSTS)
from .market import MAX_MARKET_ACTIONS, market_costs, market_phase_from, market_step
from .queries import discounts, pile
from .rules import WINNER_DRAW, play_phase, play_turns
from .search_options import (IW_DECISIONS, IW_KS, IW_ROLLOUT_TURNS, IW_ROLLOUTS, IW_RS, MAX_OPTIONS, POINT_CREW,
                             POINT_MARKET, SEED_BITS, copy_state, crew_options, determinize, market_options,
                             rollout_players)
from .players.actions import A_PLAY_CREW, M_BUY_CREW, M_BUY_SYSTEM
from .players.heuristic import market_item
from .players.library import B_TREE
from .players.policy import card_action, market_action

KEY_SCALE = 1_000_000   # a key: a move's kind times this, plus the card type (or the set refreshed)
KEY_CREW = 16           # Crew placements' kinds: KEY_CREW + System (Market kinds, M_*, are below it)

# the tree workspace ``tw`` (``tree_workspace``): the tree's arrays, then the root's keys, the options
# and keys of a decision inside the walk (the root's options stay in the flat workspace's ``ws[9]``)
TW_NODES, TW_TOTALS, TW_WALK, TW_ROOT_KEYS, TW_OPTS, TW_KEYS = range(6)


# ---------------------------------------------------------------- moves named alike in every deal
@hot_inlined
def crew_key(t, s):
    """The move "station Crew card type t at System s"."""
    return (KEY_CREW + s) * KEY_SCALE + t


@hot_inlined
def market_key(piles, cnt, kind, arg):
    """The Market move (kind, arg): buying names the card type bought (not its slot), passing is one move,
    a refresh names the set it replaces."""
    if kind == M_BUY_SYSTEM:
        return M_BUY_SYSTEM * KEY_SCALE + market_item(piles, cnt, arg)
    if kind == M_BUY_CREW:
        return M_BUY_CREW * KEY_SCALE + market_item(piles, cnt, 6 + arg)
    return kind * KEY_SCALE + arg


@hot_inlined
def crew_keys(piles, p, i, opts, n, keys):
    t = piles[pile(p, HAND), i]
    for o in range(n):
        keys[o] = crew_key(t, opts[0, o])


@hot_inlined
def market_keys(piles, cnt, opts, n, keys):
    for o in range(n):
        keys[o] = market_key(piles, cnt, opts[0, o], opts[1, o])


# ---------------------------------------------------------------- one iteration's walk (in the scratch game)
@hot_inlined
def walk_crew(cards, piles, cnt, p, i, s, tw):
    """The System the walk stations the Crew card at hand index i at (``s``: the heuristic's)."""
    opts, keys = tw[TW_OPTS], tw[TW_KEYS]
    n = crew_options(cards, piles, cnt, p, i, s, opts)
    if n < 2:
        return s
    crew_keys(piles, p, i, opts, n, keys)
    return opts[0, tree_choose(tw[TW_NODES], tw[TW_TOTALS], tw[TW_WALK], keys, n, p, UCB_C)]


@hot_inlined
def walk_market(piles, cnt, sc, strat, p, costs, kind, arg, tw):
    """The Market action the walk takes where the heuristic takes (kind, arg)."""
    opts, keys = tw[TW_OPTS], tw[TW_KEYS]
    n = market_options(piles, cnt, sc, strat, p, costs, kind, arg, opts)
    if n < 2:
        return kind, arg
    market_keys(piles, cnt, opts, n, keys)
    o = tree_choose(tw[TW_NODES], tw[TW_TOTALS], tw[TW_WALK], keys, n, p, UCB_C)
    return opts[0, o], opts[1, o]


@hot
def walk_card_phase(cards, eff, piles, cnt, sc, strat, log, p, actions, tw):
    """The rest of p's Card Phase (``actions`` taken): each Crew placement a tree move while the walk is in
    the tree, then the engine's ``card_phase_from``."""
    walk = tw[TW_WALK]
    h = pile(p, HAND)
    while cnt[h] > 0 and sc[S_WINNER] < 0:
        if not in_tree(walk):
            card_phase_from(cards, eff, piles, cnt, sc, strat, log, p, actions)
            return
        actions += 1
        if actions > MAX_CARD_ACTIONS:
            discard_for_credits(cards, piles, cnt, sc, log, p, cnt[h] - 1)
            continue
        i, kind, s = card_action(cards, eff, piles, cnt, sc, strat, p)
        if kind == A_PLAY_CREW:
            s = walk_crew(cards, piles, cnt, p, i, s, tw)
        card_step(cards, eff, piles, cnt, sc, strat, log, p, i, kind, s)
    card_phase_end(sc, p)


@hot
def walk_market_phase(cards, eff, piles, cnt, sc, strat, log, bought, p, actions, refreshes, tw):
    """The rest of p's Market Phase (``actions`` taken, ``refreshes`` of them refreshes): each action a tree
    move while the walk is in the tree, then the engine's ``market_phase_from``."""
    walk = tw[TW_WALK]
    costs = sc[SCR_COSTS:SCR_COSTS + 9]
    disc = discounts(cards, eff, piles, cnt, sc, p)
    for a in range(actions, MAX_MARKET_ACTIONS):
        if not in_tree(walk):
            market_phase_from(cards, eff, piles, cnt, sc, strat, log, bought, p, a, refreshes)
            return
        market_costs(cards, piles, cnt, costs, disc)
        kind, arg = market_action(cards, piles, cnt, sc, strat, p, costs, refreshes)
        kind, arg = walk_market(piles, cnt, sc, strat, p, costs, kind, arg, tw)
        done = market_step(piles, cnt, sc, log, bought, p, costs, kind, arg)
        if done == 0:
            break
        if done == 2:
            refreshes += 1


@hot_inlined
def walk_turn_from(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, first_phase, tw):
    """p's turn from ``first_phase`` on: its Card and Market Phases walk the tree while the walk is in it
    (the Solo A.I.'s never: it follows the rulebook), every other phase is the engine's."""
    walk = tw[TW_WALK]
    searched = sc[S_SOLO_AI] != p
    for phase in range(first_phase, PH_DRAW + 1):
        if sc[S_WINNER] >= 0:
            return
        if searched and phase == PH_CARD and in_tree(walk):
            sc[S_PHASE] = PH_CARD
            walk_card_phase(cards, eff, piles, cnt, sc, strat, log, p, 0, tw)
        elif searched and phase == PH_MARKET and in_tree(walk):
            sc[S_PHASE] = PH_MARKET
            walk_market_phase(cards, eff, piles, cnt, sc, strat, log, bought, p, 0, 0, tw)
        else:
            play_phase(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p, phase)


@hot_outlined  # one copy of the walk for both root decisions
def tree_iteration(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, point, x, y, a, b, tw):
    """Play the root's option (x, y) at ``point`` (as ``search.rollout``), then the game to its end: turn by
    turn through the tree while the walk is in it, then with the engine's ``play_turns``."""
    if point == POINT_CREW:
        card_step(cards, eff, piles, cnt, sc, strat, log, p, a, A_PLAY_CREW, x)
        walk_card_phase(cards, eff, piles, cnt, sc, strat, log, p, b, tw)
        first = PH_MARKET
    else:
        done = market_step(piles, cnt, sc, log, bought, p, sc[SCR_COSTS:SCR_COSTS + 9], x, y)
        if done > 0:
            walk_market_phase(cards, eff, piles, cnt, sc, strat, log, bought, p, a + 1, b + (done == 2), tw)
        first = PH_BONUS
    walk_turn_from(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, first, tw)
    sc[S_TURN] += 1
    walk = tw[TW_WALK]
    while sc[S_WINNER] < 0 and in_tree(walk) and sc[S_TURN] < cfg[CFG_MAX_TURNS]:
        q = sc[S_TURN] % 2
        sc[S_CUR] = q
        log_event(log, sc, q, EV_TURN, sc[S_TURN], 0, 0)
        walk_turn_from(cards, eff, cfg, piles, cnt, sc, strat, log, bought, q, PH_CARD, tw)
        sc[S_TURN] += 1
    play_turns(cards, eff, cfg, piles, cnt, sc, strat, log, bought)   # the turn cap's draw, or the rest


# ---------------------------------------------------------------- one searched decision of the real game
@hot_outlined  # reached from two decisions: one copy of the iterations
def run_tree(cards, eff, cfg, piles, cnt, sc, strat, p, budget, point, n_opts, a, b, ws, tw):
    """The root option (index into ``ws[9]``, whose keys are in ``tw[TW_ROOT_KEYS]``) that p plays after
    ``budget`` iterations of the tree."""
    (s_piles, s_cnt, s_sc, s_strat, s_log, s_bought, hold, hold_cnt, buf, opts, _, _, iw) = ws
    nodes, totals, walk, root_keys = tw[TW_NODES], tw[TW_TOTALS], tw[TW_WALK], tw[TW_ROOT_KEYS]
    sc[S_DECISION] += 1
    rs = iw[IW_RS:IW_RS + 1]
    ks = iw[IW_KS:IW_KS + 4]
    stream = decision_rng(sc[S_SEED], sc[S_DECISION])
    rs[0] = stream
    rollout_players(sc, strat, s_strat, p)
    tree_start(nodes, totals, walk)
    for it in range(budget):
        walk_start(walk)
        o = tree_choose(nodes, totals, walk, root_keys, n_opts, p, UCB_C)   # the root's options: every deal's
        if crn(walk):                # else one stream runs through the iterations, as in the flat search
            rs[0] = decision_rng(stream, deal_number(nodes, walk, it))
        copy_state(piles, cnt, sc, s_piles, s_cnt, s_sc)
        s_sc[S_MULTS_KEY] = 0        # weights kept for another row than the copy's players
        s_sc[S_RNG] = rs_below(rs, SEED_BITS)
        determinize(cards, s_piles, s_cnt, s_sc, p, hold, hold_cnt, buf, ks, rs)
        tree_iteration(cards, eff, cfg, s_piles, s_cnt, s_sc, s_strat, s_log, s_bought, p, point, opts[0, o],
                       opts[1, o], a, b, tw)
        w = s_sc[S_WINNER]
        iw[IW_ROLLOUT_TURNS] += s_sc[S_TURN] - sc[S_TURN]
        tree_backprop(nodes, totals, walk, 1.0 if w == 0 else (0.5 if w == WINNER_DRAW else 0.0))
    iw[IW_DECISIONS] += 1
    iw[IW_ROLLOUTS] += budget
    return tree_best(nodes, root_keys, n_opts, p)


@hot_inlined
def tree_crew(cards, eff, cfg, piles, cnt, sc, strat, p, budget, i, s, actions, ws, tw):
    """System for the Crew card at hand index i (the heuristic's: ``s``), searched by the tree."""
    opts = ws[9]
    n = crew_options(cards, piles, cnt, p, i, s, opts)
    if n < 2:
        return s
    crew_keys(piles, p, i, opts, n, tw[TW_ROOT_KEYS])
    return opts[0, run_tree(cards, eff, cfg, piles, cnt, sc, strat, p, budget, POINT_CREW, n, i, actions, ws, tw)]


@hot_inlined
def tree_market(cards, eff, cfg, piles, cnt, sc, strat, p, budget, costs, kind, arg, actions, refreshes, ws, tw):
    """Market action (the heuristic's: (kind, arg)), searched by the tree; a forced buy is not searched."""
    opts = ws[9]
    n = market_options(piles, cnt, sc, strat, p, costs, kind, arg, opts)
    if n < 2:
        return kind, arg
    market_keys(piles, cnt, opts, n, tw[TW_ROOT_KEYS])
    o = run_tree(cards, eff, cfg, piles, cnt, sc, strat, p, budget, POINT_MARKET, n, actions, refreshes, ws, tw)
    return opts[0, o], opts[1, o]


# ---------------------------------------------------------------- the real game loop
@hot_inlined
def tree_card_phase(cards, eff, cfg, piles, cnt, sc, strat, log, p, budget, ws, tw):
    """``cardplay.card_phase`` with each Crew placement searched by the tree (``search.search_card_phase``'s
    loop, whose decisions call the flat search)."""
    h = pile(p, HAND)
    actions = 0
    while cnt[h] > 0 and sc[S_WINNER] < 0:
        actions += 1
        if actions > MAX_CARD_ACTIONS:
            discard_for_credits(cards, piles, cnt, sc, log, p, cnt[h] - 1)
            continue
        i, kind, s = card_action(cards, eff, piles, cnt, sc, strat, p)
        if kind == A_PLAY_CREW:
            s = tree_crew(cards, eff, cfg, piles, cnt, sc, strat, p, budget, i, s, actions, ws, tw)
        card_step(cards, eff, piles, cnt, sc, strat, log, p, i, kind, s)
    card_phase_end(sc, p)


@hot_inlined
def tree_market_phase(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budget, ws, tw):
    """``market.market_phase`` with each action searched by the tree."""
    costs = sc[SCR_COSTS:SCR_COSTS + 9]
    disc = discounts(cards, eff, piles, cnt, sc, p)
    refreshes = 0
    for actions in range(MAX_MARKET_ACTIONS):
        market_costs(cards, piles, cnt, costs, disc)
        kind, arg = market_action(cards, piles, cnt, sc, strat, p, costs, refreshes)
        kind, arg = tree_market(cards, eff, cfg, piles, cnt, sc, strat, p, budget, costs, kind, arg, actions,
                                refreshes, ws, tw)
        done = market_step(piles, cnt, sc, log, bought, p, costs, kind, arg)
        if done == 0:
            break
        if done == 2:
            refreshes += 1


@hot_inlined
def tree_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budget, ws, tw):
    """``game.play_turn`` for a tree search player (never the Solo A.I.)."""
    sc[S_CUR] = p
    log_event(log, sc, p, EV_TURN, sc[S_TURN], 0, 0)
    sc[S_PHASE] = PH_CARD
    tree_card_phase(cards, eff, cfg, piles, cnt, sc, strat, log, p, budget, ws, tw)
    if sc[S_WINNER] >= 0:
        return
    sc[S_PHASE] = PH_MARKET
    tree_market_phase(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budget, ws, tw)
    for phase in (PH_BONUS, PH_DRAW):
        if sc[S_WINNER] >= 0:
            return
        play_phase(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p, phase)


def tree_workspace(budgets: np.ndarray):
    """The tree's scratch arrays for one thread's games (allocated here: the hot code never allocates): a
    tree for the largest budget of a tree search seat (``simcore.ismcts.tree_arrays``), the root's keys,
    and the options and keys of a decision inside the walk."""
    budget = max(int(budgets[p]) for p in range(2) if budgets[B_TREE + p]) if any(budgets[B_TREE:]) else 1
    nodes, totals, walk = tree_arrays(budget)
    return (nodes, totals, walk, np.zeros(MAX_OPTIONS, np.int64), np.zeros((2, MAX_OPTIONS), np.int64),
            np.zeros(MAX_OPTIONS, np.int64))


def tree_actors(tw) -> np.ndarray:
    """The side of each move in the tree a search left (root excluded): for tests and inspection."""
    return tw[TW_NODES][T_ACTOR, 1:tw[TW_WALK][W_NODES]].copy()
