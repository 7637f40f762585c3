"""The options of The Last Command's searched decisions, shared by both search players.

The flat search (``search.py``, ``search:N``) and the tree search (``tree_search.py``, ``ismcts:N``)
search the same decisions over the same options, in the same order (the heuristic's own choice
first): the generators live here so that neither search file imports the other's internals and the
two players differ only in how they spend their budget.
"""
from __future__ import annotations

from .jit import hot_inlined
from .layout import CREW, HAND, MAX_CREW_PER_SYSTEM, N_SYSTEMS, S_CREDITS
from .queries import pile
from .tables import C_KIND, KIND_CREW
from .players.actions import M_BUY_CREW, M_BUY_SYSTEM, M_STOP
from .players.heuristic import market_item
from .players.situation import RESTRICT_FORCE, restriction

MAX_OPTIONS = 16     # a Market decision has at most 9 purchases, a pass and a refresh


@hot_inlined
def crew_options(cards, piles, cnt, p, i, s, opts):
    """Options (opts[0, o]: a System) for the Crew card at hand index i, which the heuristic would
    station at System ``s``: ``s`` first, then every other System with room. Returns their number, 0
    when the action is no Crew placement the rules allow (it is not searched)."""
    t = piles[pile(p, HAND), i]
    if cards[t, C_KIND] != KIND_CREW or not 0 <= s < N_SYSTEMS or cnt[pile(p, CREW + s)] >= MAX_CREW_PER_SYSTEM:
        return 0
    opts[0, 0] = s
    opts[1, 0] = 0
    n = 1
    for u in range(N_SYSTEMS):
        if u != s and cnt[pile(p, CREW + u)] < MAX_CREW_PER_SYSTEM:
            opts[0, n] = u
            opts[1, n] = 0
            n += 1
    return n


@hot_inlined
def market_options(piles, cnt, sc, strat, p, costs, kind, arg, opts):
    """Options (opts[0, o], opts[1, o]: a Market action's kind and arg) of a Market decision where the
    heuristic plays (kind, arg): that first, then every other affordable purchase (one of two identical
    face-up cards stands for both), then passing. Returns their number; 0 for a forced buy (restricted
    play: the heuristic buys an affordable forced card first), which is taken as the heuristic takes it."""
    if kind == M_BUY_SYSTEM or kind == M_BUY_CREW:
        if restriction(strat, p, market_item(piles, cnt, arg if kind == M_BUY_SYSTEM else 6 + arg)) == RESTRICT_FORCE:
            return 0
    opts[0, 0] = kind
    opts[1, 0] = arg
    n = 1
    credits = sc[S_CREDITS + p]
    for k in range(9):
        if costs[k] < 0 or costs[k] > credits:
            continue
        kk = M_BUY_SYSTEM if k < 6 else M_BUY_CREW
        aa = k if k < 6 else k - 6
        if kk == kind and aa == arg:
            continue
        t = market_item(piles, cnt, k)
        same = False
        for o in range(n):
            if opts[0, o] == M_BUY_SYSTEM or opts[0, o] == M_BUY_CREW:
                kj = opts[1, o] if opts[0, o] == M_BUY_SYSTEM else 6 + opts[1, o]
                same |= market_item(piles, cnt, kj) == t and costs[kj] == costs[k]
        if not same:
            opts[0, n] = kk
            opts[1, n] = aa
            n += 1
    if kind != M_STOP:
        opts[0, n] = M_STOP
        opts[1, n] = 0
        n += 1
    return n
