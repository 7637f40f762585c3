"""What The Last Command's two search players share: the options of a searched decision, the work arrays, and
the copy of the game a rollout or an iteration plays in, dealt anew where the searcher cannot see.

The flat search (``search.py``, ``search:N``) and the tree search (``tree_search.py``, ``ismcts:N``)
search the same decisions over the same options, in the same order (the heuristic's own choice
first), and play them out in the same kind of copy: these live here so that neither search file imports
the other's internals and the two players differ only in how they spend their budget.
"""
from __future__ import annotations

import numpy as np

from simcore.search import deal_unseen
from .jit import hot, hot_inlined
from .layout import (CAP, CREW, CREW_DECK, HAND, LOG_COLS, M_AI_MARKET, M_CREW, M_MALF, M_SYS_DECK,
                     MAX_CREW_PER_SYSTEM, N_PILES, N_SC, N_SYSTEMS, S_CREDITS, S_SOLO_AI, SYS_DECK)
from .queries import pile
from .tables import C_KIND, KIND_CREW, KIND_MALFUNCTION
from .players.actions import M_BUY_CREW, M_BUY_SYSTEM, M_STOP
from .players.heuristic import market_item
from .players.params import N_PARAMS
from .players.situation import RESTRICT_FORCE, V_RESTRICT, n_types, restriction

MAX_OPTIONS = 16     # a Market decision has at most 9 purchases, a pass and a refresh
POINT_CREW = 0       # where a rollout starts: a Crew card's System in the Card Phase ...
POINT_MARKET = 1     # ... or a Market action
SEED_BITS = np.int64(1) << np.int64(62)   # a rollout's game RNG: 62 bits of the search RNG

# the work array ``iw`` (int64): the search RNG, the counters bench reports, the piles dealt together
IW_RS = 0
IW_DECISIONS = 1     # searched decisions
IW_ROLLOUTS = 2      # rollouts played
IW_KS = 3            # + 0..3
IW_ROLLOUT_TURNS = 7  # the player-turns those rollouts played from their decisions on (bench: how long one is)
N_IW = 8


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


# ---------------------------------------------------------------- determinization
@hot
def deal_one(piles, cnt, k, buf, ks, rs):
    ks[0] = k
    deal_unseen(piles, cnt, ks, 1, buf, rs)


@hot
def deal_opponent_deck(cards, piles, cnt, q, deck, crew, hold, hold_cnt, buf, ks, rs):
    """Deal q's hidden cards of one deck anew: the cards of that deck's kind in q's hand (System
    cards: ``crew`` False) and the deck's other cards trade places at random; its Malfunctions
    (dealt there openly) stay in the deck, at random places. The hand keeps where each kind
    lies in it (which deck each card was drawn from is public)."""
    h = pile(q, HAND)
    k = pile(q, deck)
    hold_cnt[0] = 0
    hold_cnt[1] = 0
    for i in range(cnt[h]):
        t = piles[h, i]
        if (cards[t, C_KIND] == KIND_CREW) == crew and cards[t, C_KIND] != KIND_MALFUNCTION:
            hold[0, hold_cnt[0]] = t
            hold_cnt[0] += 1
    n_malf = 0
    for i in range(cnt[k]):
        t = piles[k, i]
        if cards[t, C_KIND] == KIND_MALFUNCTION:
            n_malf += 1
            hold[1, CAP - n_malf] = t     # parked at the far end of the row
        else:
            hold[1, hold_cnt[1]] = t
            hold_cnt[1] += 1
    if hold_cnt[0] == 0 and n_malf == 0:
        deal_one(piles, cnt, k, buf, ks, rs)   # the plain case: only the deck's order is hidden
        return
    ks[0] = 0
    ks[1] = 1
    deal_unseen(hold, hold_cnt, ks, 2, buf, rs)
    j = 0
    for i in range(cnt[h]):
        t = piles[h, i]
        if (cards[t, C_KIND] == KIND_CREW) == crew and cards[t, C_KIND] != KIND_MALFUNCTION:
            piles[h, i] = hold[0, j]
            j += 1
    n = hold_cnt[1]
    for i in range(n):
        piles[k, i] = hold[1, i]
    for i in range(n_malf):
        piles[k, n + i] = hold[1, CAP - 1 - i]
    deal_one(piles, cnt, k, buf, ks, rs)


@hot
def determinize(cards, piles, cnt, sc, p, hold, hold_cnt, buf, ks, rs):
    """Deal anew, at random, every card p cannot see, each pile keeping its size: the order of its
    own decks, the opponent's hand and decks, the face-down Market decks, the Crew decks under
    their face-up top cards, the Malfunction supply and the Solo A.I.'s Market deck. What is dealt
    depends only on which cards are unseen (``simcore.search.deal_unseen``), never on where they lie."""
    q = 1 - p
    deal_one(piles, cnt, pile(p, SYS_DECK), buf, ks, rs)
    deal_one(piles, cnt, pile(p, CREW_DECK), buf, ks, rs)
    if sc[S_SOLO_AI] == q:
        # the A.I.'s one mixed deck and its face-down hand
        ks[0] = pile(q, HAND)
        ks[1] = pile(q, SYS_DECK)
        ks[2] = pile(q, CREW_DECK)
        deal_unseen(piles, cnt, ks, 3, buf, rs)
        deal_one(piles, cnt, M_AI_MARKET, buf, ks, rs)
    else:
        deal_opponent_deck(cards, piles, cnt, q, SYS_DECK, False, hold, hold_cnt, buf, ks, rs)
        deal_opponent_deck(cards, piles, cnt, q, CREW_DECK, True, hold, hold_cnt, buf, ks, rs)
    for s in range(N_SYSTEMS):
        deal_one(piles, cnt, M_SYS_DECK + s, buf, ks, rs)
    for e in range(3):
        k = M_CREW + e
        if cnt[k] > 2:
            cnt[k] -= 1      # the top card is face up
            deal_one(piles, cnt, k, buf, ks, rs)
            cnt[k] += 1
    deal_one(piles, cnt, M_MALF, buf, ks, rs)


# ---------------------------------------------------------------- the copy a rollout plays in
@hot
def copy_state(piles, cnt, sc, s_piles, s_cnt, s_sc):
    """The game's state into the rollout's arrays: each pile's cards (not the unused tail), the scalars."""
    for k in range(piles.shape[0]):
        n = cnt[k]
        s_cnt[k] = n
        for i in range(n):
            s_piles[k, i] = piles[k, i]
    for i in range(sc.shape[0]):
        s_sc[i] = sc[i]


@hot_inlined
def rollout_players(sc, strat, s_strat, p):
    """The rollouts' players, into ``s_strat``: p's heuristic in both seats (p does not know its opponent's
    strategy), but the Solo A.I. plays itself; each seat keeps its own restriction (restricted play: the
    opponent is not banned or forced what p is)."""
    q = 1 - p
    lo = N_PARAMS + V_RESTRICT * n_types(strat)
    for j in range(s_strat.shape[1]):
        s_strat[p, j] = strat[p, j]
        s_strat[q, j] = strat[q, j] if sc[S_SOLO_AI] == q or j >= lo else strat[p, j]


def workspace(strat: np.ndarray, n_types: int):
    """The search's scratch arrays for one thread's games (allocated here: the hot code never
    allocates): a game state to play rollouts in, their strategies, determinization buffers, the
    options and their visits and totals, and the work array (see IW_*)."""
    return (np.zeros((N_PILES, CAP), np.int32), np.zeros(N_PILES, np.int32), np.zeros(N_SC, np.int64),
            np.zeros_like(strat), np.zeros((1, LOG_COLS), np.int32), np.zeros((2, n_types), np.int32),
            np.zeros((2, CAP), np.int32), np.zeros(2, np.int32), np.zeros(CAP, np.int32),
            np.zeros((2, MAX_OPTIONS), np.int64), np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS),
            np.zeros(N_IW, np.int64))
