"""The Star Realms tree search player, ``ismcts:N``: one search tree per decision (``simcore.ismcts``) whose
nodes are the purchases and attacks of *both* sides since the searched one.

It searches the decisions the flat search does (``search.py``: each purchase and each attack of its side)
with the same options (``search_options``), and spends its N iterations on one tree. Each iteration copies
the game, deals again what the searching side cannot see (``determinize``, seeded by ``decision_rng`` of the
game's seed, its searched-decision count and the iteration: the game's own RNG is never read), and walks the
tree from the root while it can: at every purchase and attack on the way, of either side, the options are
the flat search's for that side (every seat plays the searcher's base heuristic, ``rstrat``: the searcher does
not know its opponent's strategy) and ``tree_choose`` picks one from the point of view of the side deciding.
The first option not yet in the tree is added and the game is then played out by the engine's heuristic
(``search_options.rollout``, ``rules.play_turn``). After the budget the searcher plays the root's most
visited option. As in the flat search, the j-th iteration through each root option plays the j-th deal
(common random numbers: ``simcore.ismcts.deal_number``).

A tree node's key names what the move does in terms every deal shares, and when: the turn, the stage (BUY or
ATTACK) and the flat search's option key (buyer and card type; a base's pile and type, or the Authority), so
a purchase of this turn is never merged with one of the next (``tree_key``).

The walk is a loop over the game's steps, not a recursion: numba compiles no recursion through the engine.
"""
from __future__ import annotations

import numpy as np

from simcore.ismcts import deal_number, in_tree, tree_arrays, tree_backprop, tree_best, tree_choose, tree_start, walk_start
from simcore.search import UCB_C, decision_rng
from .players.params import KIND_ISMCTS, P_KIND, P_ROLLOUTS

from .effects import member
from .jit import hot, hot_outlined
from .layout import S_COMBAT, S_CUR, S_ROLLOUT_TURNS, S_ROLLOUTS, S_SEARCHES, S_TURN, S_WINNER
from .rules import WINNER_DRAW, end_side_turn, procure
from .search_options import (ATTACK, BUY, MAX_OPTIONS, copy_state, determinize, perform, play_until_purchases,
                             rollout, step_options)

_KEY_SPAN = 1 << 16     # more than every option key (-2 .. about 12,000: ``search_options``)
_DONE = 2               # a stage past ATTACK: the side's turn is over


@hot
def tree_key(turn, stage, key):
    """The tree's key of an option whose flat search key is ``key``, at this turn's BUY or ATTACK step."""
    return (turn * 2 + stage) * _KEY_SPAN + key + 2


@hot
def tree_keys(sc, stage, keys, n, out):
    """``tree_key`` of options ``keys[:n]`` of the current turn into ``out``."""
    for o in range(n):
        out[o] = tree_key(sc[S_TURN], stage, keys[o])


@hot
def value_for_side0(v, s):
    """A result of side s (1 win, 1/2 draw, 0 loss) as side 0's, which ``tree_backprop`` credits."""
    return v if s == 0 else 1.0 - v


@hot
def take_step(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, s, stage, code):
    """Side s takes ``code`` at its ``stage`` step as ``search.search_turn`` does; the stage of its next step
    (``_DONE``: the turn is over, a stop or no Combat left)."""
    if code < 0:
        return ATTACK if stage == BUY and sc[S_COMBAT] > 0 else _DONE
    perform(cards, cfg, rstrat, piles, fl, cnt, sc, log, bought, s, stage, code)
    if stage == BUY:
        if member(sc, s, 1) < 0:     # Alliance Procurement is offered before each purchase
            procure(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, member(sc, s, 0))
        return BUY
    return ATTACK if sc[S_COMBAT] > 0 else _DONE


@hot
def tree_playout(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, s, stage, code, tree):
    """One iteration's game from side s's ``stage`` step, where it takes ``code``: while the walk is in the tree,
    each later purchase and attack of either side is the tree's choice among that side's options; then the
    heuristic plays the game out. Side 0's result (1 a win, 1/2 a draw, 0 a loss)."""
    topts, tkeys, nodes, totals, walk = tree[1], tree[2], tree[3], tree[4], tree[5]
    while in_tree(walk):
        stage = take_step(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, s, stage, code)
        if stage == _DONE:
            end_side_turn(cards, cfg, piles, fl, cnt, sc, log, s)
            w = sc[S_WINNER]
            if w >= 0:
                return 1.0 if w == 0 else (0.5 if w == WINNER_DRAW else 0.0)
            s = sc[S_CUR]
            play_until_purchases(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, s)
            stage = BUY
        n = step_options(rstrat, cfg, cards, piles, cnt, sc, s, stage, topts, tkeys)
        tree_keys(sc, stage, tkeys, n, tkeys)
        code = topts[tree_choose(nodes, totals, walk, tkeys, n, s, UCB_C)]
    v = rollout(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, s, stage, code)
    return value_for_side0(v, s)


@hot_outlined
def tree_decide(cards, eff, cfg, strat, rstrat, piles, fl, cnt, sc, seed, stage, opts, keys, piles2, fl2, cnt2,
                sc2, log2, bought2, ks, buf, rs, tree):
    """``search.decide`` of a tree search side: the option side ``sc[S_CUR]`` takes at this BUY or ATTACK step,
    ``opts[tree_decide(...)]``, after ``strat``'s iterations grew one tree (``tree``: ``Scratch.tree``) over
    deals of what the side cannot see. Outlined: one call in the entry's code, not a second copy of the engine
    inlined at each of its places. Never moves the game's RNG."""
    s = sc[S_CUR]
    n = step_options(strat, cfg, cards, piles, cnt, sc, s, stage, opts, keys)
    if n < 2:
        return 0
    rkeys, nodes, totals, walk = tree[0], tree[3], tree[4], tree[5]
    stream = decision_rng(seed, sc[S_SEARCHES])
    sc[S_SEARCHES] += 1
    budget = np.int64(strat[member(sc, s, 0), P_ROLLOUTS])
    tree_keys(sc, stage, keys, n, rkeys)
    tree_start(nodes, totals, walk)
    for p in range(bought2.shape[0]):
        for t in range(bought2.shape[1]):
            bought2[p, t] = 0
    for it in range(budget):
        walk_start(walk)
        o = tree_choose(nodes, totals, walk, rkeys, n, s, UCB_C)     # the root's options are the same in every deal
        rs[0] = decision_rng(stream, deal_number(nodes, walk, it))
        copy_state(piles, fl, cnt, sc, piles2, fl2, cnt2, sc2)
        determinize(piles2, cnt2, sc2, s, ks, buf, rs)
        v0 = tree_playout(cards, eff, cfg, rstrat, piles2, fl2, cnt2, sc2, log2, bought2, s, stage, opts[o], tree)
        tree_backprop(nodes, totals, walk, v0)
        sc[S_ROLLOUT_TURNS] += sc2[S_TURN] - sc[S_TURN]
    sc[S_ROLLOUTS] += budget
    return tree_best(nodes, rkeys, n, s)


def tree_budget(strat: np.ndarray) -> int:
    """The most iterations any tree search seat of these rows (``setup.player_rows``) spends on a decision: what
    its tree is sized for (0 without one)."""
    rows = np.asarray(strat)
    seats = rows[..., P_KIND] == KIND_ISMCTS
    return int(rows[..., P_ROLLOUTS][seats].max()) if seats.any() else 0


def tree_scratch(budget: int) -> tuple:
    """A tree search's arrays (``tree_decide``'s ``tree``): the root's tree keys, a later decision's options and
    their keys, and one tree of ``budget`` iterations (``simcore.ismcts.tree_arrays``)."""
    return (np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS, np.int64),
            *tree_arrays(budget))
