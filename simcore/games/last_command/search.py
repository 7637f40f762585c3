"""The search player of The Last Command: flat Monte Carlo (UCB1) over one decision's options.

A search player (strategy kind "search", ``search:N``) plays its base heuristic everywhere but at
the searched decisions: each Market action (every affordable purchase, passing, and the
heuristic's own choice, which may be a refresh), one at a time, and where each Crew card is
stationed in the Card Phase. At such a decision it spends N rollouts in all, spread over the
options by UCB1: each copies the game into scratch arrays, deals what the searcher cannot see
anew (``determinize``), performs the option, and plays the game to its end with the searcher's
own heuristic in both seats (it does not know its opponent's strategy; the Solo A.I. follows the
rulebook, so it plays itself). It then plays the option of best mean value (1 win, 0.5 draw).
The Bonus order is not searched (``bonus.bonus_phase`` picks it inside the phase).

No second engine: the search-aware loop here plays the searcher's Card and Market Phases through
the engine's own steps (``card_step``, ``market_step``), and a rollout finishes the phase and the
game with the engine's ``card_phase_from``, ``market_phase_from``, ``play_phase`` and
``play_turns``. Games without a search player never come here (``batch.play_batch`` chooses the
entry in Python), so they run exactly the code they ran before.

The search never moves the game's dice: its random numbers come from ``decision_rng(seed,
decision)`` and every rollout reseeds the copy's RNG from them, so a game replays from its seed on
any thread count, and the real RNG state (which fixes future reshuffles) is never read.
"""
from __future__ import annotations

import numpy as np

from .jit import hot, hot_entry, hot_inlined, hot_outlined
from simcore.rng import game_seed
from simcore.search import UCB_C, best_option, deal_unseen, decision_rng, rs_below, ucb_pick
from .tables import C_KIND, KIND_CREW, KIND_MALFUNCTION

from .game_row import fixed_shapes, keep_bought, write_result
from .cardplay import MAX_CARD_ACTIONS, card_phase_end, card_phase_from, card_step, discard_for_credits
from .bound_checks import reach_turn_cap
from .events import log_event
from .rules import WINNER_DRAW, play_phase, play_turn, play_turns, setup_game, turn_done
from .layout import (CAP, CFG_MAX_TURNS, CREW_DECK, EV_TURN, EV_WIN, HAND, LOG_COLS, M_AI_MARKET,
                     M_CREW, M_MALF, M_SYS_DECK, N_PILES, N_SC, N_SYSTEMS, PH_BONUS, PH_CARD, PH_DRAW, PH_MARKET,
                     S_CUR, S_DECISION, S_MULTS_KEY, S_PHASE, S_RNG, S_SEED, S_SOLO_AI, S_TURN, S_WINNER, SCR_COSTS,
                     SYS_DECK)
from .market import MAX_MARKET_ACTIONS, market_costs, market_phase_from, market_step
from .queries import discounts, pile
from .search_options import MAX_OPTIONS, crew_options, market_options
from .players.actions import A_PLAY_CREW
from .players.policy import card_action, market_action
from .players.situation import V_RESTRICT, n_types
from .players.params import N_PARAMS

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


# ---------------------------------------------------------------- rollouts
@hot_inlined
def finish_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, first_phase):
    """Play p's turn on from ``first_phase``, then the game to its end, as ``play_game`` does."""
    for phase in range(first_phase, PH_DRAW + 1):
        if sc[S_WINNER] >= 0:
            break
        play_phase(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p, phase)
    sc[S_TURN] += 1
    play_turns(cards, eff, cfg, piles, cnt, sc, strat, log, bought)


@hot_outlined  # one copy of the engine for every rollout, beside the real game's
def rollout(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, point, x, y, a, b):
    """Play the option (x, y) of the decision at ``point``, then the game to its end.
    POINT_CREW: Crew card at hand index a to System x, the Card Phase's action number b.
    POINT_MARKET: Market action (kind x, arg y) after a actions, b of them refreshes."""
    if point == POINT_CREW:
        card_step(cards, eff, piles, cnt, sc, strat, log, p, a, A_PLAY_CREW, x)
        card_phase_from(cards, eff, piles, cnt, sc, strat, log, p, b)
        finish_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, PH_MARKET)
    else:
        done = market_step(piles, cnt, sc, log, bought, p, sc[SCR_COSTS:SCR_COSTS + 9], x, y)
        if done > 0:
            market_phase_from(cards, eff, piles, cnt, sc, strat, log, bought, p, a + 1, b + (done == 2))
        finish_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, PH_BONUS)


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


@hot_outlined  # reached from two decisions: one copy of the rollouts
def run_search(cards, eff, cfg, piles, cnt, sc, strat, p, budget, point, n_opts, a, b, ws):
    """The option (index into ``opts``) of best mean value after ``budget`` rollouts."""
    (s_piles, s_cnt, s_sc, s_strat, s_log, s_bought, hold, hold_cnt, buf, opts, visits, totals, iw) = ws
    sc[S_DECISION] += 1
    rs = iw[IW_RS:IW_RS + 1]
    ks = iw[IW_KS:IW_KS + 4]
    rs[0] = decision_rng(sc[S_SEED], sc[S_DECISION])
    rollout_players(sc, strat, s_strat, p)
    for o in range(n_opts):
        visits[o] = 0
        totals[o] = 0.0
    for _ in range(budget):
        o = ucb_pick(visits, totals, n_opts, UCB_C)
        copy_state(piles, cnt, sc, s_piles, s_cnt, s_sc)
        s_sc[S_MULTS_KEY] = 0        # weights kept for another row than the rollouts' players
        s_sc[S_RNG] = rs_below(rs, SEED_BITS)
        determinize(cards, s_piles, s_cnt, s_sc, p, hold, hold_cnt, buf, ks, rs)
        rollout(cards, eff, cfg, s_piles, s_cnt, s_sc, s_strat, s_log, s_bought, p, point, opts[0, o], opts[1, o],
                a, b)
        w = s_sc[S_WINNER]
        iw[IW_ROLLOUT_TURNS] += s_sc[S_TURN] - sc[S_TURN]
        visits[o] += 1
        totals[o] += 1.0 if w == p else (0.5 if w == WINNER_DRAW else 0.0)
    iw[IW_DECISIONS] += 1
    iw[IW_ROLLOUTS] += budget
    return best_option(visits, totals, n_opts)


# ---------------------------------------------------------------- the searched decisions
@hot_inlined
def search_crew(cards, eff, cfg, piles, cnt, sc, strat, p, budget, i, s, actions, ws):
    """System for the Crew card at hand index i: the heuristic's ``s`` first, then every other
    System with room (``search_options.crew_options``)."""
    opts = ws[9]
    n = crew_options(cards, piles, cnt, p, i, s, opts)
    if n < 2:
        return s
    return opts[0, run_search(cards, eff, cfg, piles, cnt, sc, strat, p, budget, POINT_CREW, n, i, actions, ws)]


@hot_inlined
def search_market(cards, eff, cfg, piles, cnt, sc, strat, p, budget, costs, kind, arg, actions, refreshes, ws):
    """Market action: the heuristic's (kind, arg) first, then every other affordable purchase, then
    passing (``search_options.market_options``); a forced buy is not searched."""
    opts = ws[9]
    n = market_options(piles, cnt, sc, strat, p, costs, kind, arg, opts)
    if n < 2:
        return kind, arg
    o = run_search(cards, eff, cfg, piles, cnt, sc, strat, p, budget, POINT_MARKET, n, actions, refreshes, ws)
    return opts[0, o], opts[1, o]


# ---------------------------------------------------------------- the search-aware game loop
@hot_inlined
def search_card_phase(cards, eff, cfg, piles, cnt, sc, strat, log, p, budget, ws):
    """``cardplay.card_phase`` with each Crew placement searched."""
    h = pile(p, HAND)
    actions = 0
    while cnt[h] > 0 and sc[S_WINNER] < 0:
        actions += 1
        if actions > MAX_CARD_ACTIONS:
            discard_for_credits(cards, piles, cnt, sc, log, p, cnt[h] - 1)
            continue
        i, kind, s = card_action(cards, eff, piles, cnt, sc, strat, p)
        if kind == A_PLAY_CREW:
            s = search_crew(cards, eff, cfg, piles, cnt, sc, strat, p, budget, i, s, actions, ws)
        card_step(cards, eff, piles, cnt, sc, strat, log, p, i, kind, s)
    card_phase_end(sc, p)


@hot_inlined
def search_market_phase(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budget, ws):
    """``market.market_phase`` with each action searched."""
    costs = sc[SCR_COSTS:SCR_COSTS + 9]
    disc = discounts(cards, eff, piles, cnt, sc, p)
    refreshes = 0
    for actions in range(MAX_MARKET_ACTIONS):
        market_costs(cards, piles, cnt, costs, disc)
        kind, arg = market_action(cards, piles, cnt, sc, strat, p, costs, refreshes)
        kind, arg = search_market(cards, eff, cfg, piles, cnt, sc, strat, p, budget, costs, kind, arg, actions,
                                  refreshes, ws)
        done = market_step(piles, cnt, sc, log, bought, p, costs, kind, arg)
        if done == 0:
            break
        if done == 2:
            refreshes += 1


@hot_inlined
def search_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budget, ws):
    """``game.play_turn`` for a search player (never the Solo A.I.)."""
    sc[S_CUR] = p
    log_event(log, sc, p, EV_TURN, sc[S_TURN], 0, 0)
    sc[S_PHASE] = PH_CARD
    search_card_phase(cards, eff, cfg, piles, cnt, sc, strat, log, p, budget, ws)
    if sc[S_WINNER] >= 0:
        return
    sc[S_PHASE] = PH_MARKET
    search_market_phase(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budget, ws)
    for phase in (PH_BONUS, PH_DRAW):
        if sc[S_WINNER] >= 0:
            return
        play_phase(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p, phase)


@hot
def play_one_search(cards, eff, setup, setup_n, cfg, strat, budgets, seed, piles, cnt, sc, log, bought, out_row, ws):
    """``batch.play_one`` with search players: seat p searches with budgets[p] rollouts per
    decision (0: it plays its heuristic)."""
    setup_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seed)
    while sc[S_WINNER] < 0:
        if sc[S_TURN] >= cfg[CFG_MAX_TURNS]:
            reach_turn_cap(sc, log)
            break
        p = sc[S_TURN] % 2
        if budgets[p] > 0:
            search_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budgets[p], ws)
        else:
            play_turn(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p)
        turn_done(sc)
    if sc[S_WINNER] != WINNER_DRAW:
        log_event(log, sc, sc[S_WINNER], EV_WIN, sc[S_WINNER], 0, 0)
    write_result(sc, seed, out_row)


@hot_entry
def play_block_search(cards, eff, setup, setup_n, cfg, strat, budgets, base_seed, first_game, lo, hi, out, out_bought,
                      piles, cnt, sc, log, bought, ws):
    """``batch.play_block`` for batches with a search player (a separate entry: batches without
    one keep theirs exactly)."""
    s_piles, s_cnt, s_sc, s_strat, s_log, s_bought = ws[0], ws[1], ws[2], ws[3], ws[4], ws[5]
    if not (fixed_shapes(cards, eff, strat, piles, cnt, sc, log, bought)
            and fixed_shapes(cards, eff, s_strat, s_piles, s_cnt, s_sc, s_log, s_bought)):
        raise ValueError("play_block_search: a state array does not have the layout's shape")
    keeps_bought = out_bought.shape[2] == out.shape[0]
    for g in range(lo, hi):
        play_one_search(cards, eff, setup, setup_n, cfg, strat, budgets, game_seed(base_seed, first_game + g), piles,
                        cnt, sc, log, bought, out[g], ws)
        if keeps_bought:
            keep_bought(bought, out_bought, g)


def workspace(strat: np.ndarray, n_types: int):
    """The search's scratch arrays for one thread's games (allocated here: the hot code never
    allocates): a game state to play rollouts in, their strategies, determinization buffers, the
    options and their visits and totals, and the work array (see IW_*)."""
    return (np.zeros((N_PILES, CAP), np.int32), np.zeros(N_PILES, np.int32), np.zeros(N_SC, np.int64),
            np.zeros_like(strat), np.zeros((1, LOG_COLS), np.int32), np.zeros((2, n_types), np.int32),
            np.zeros((2, CAP), np.int32), np.zeros(2, np.int32), np.zeros(CAP, np.int32),
            np.zeros((2, MAX_OPTIONS), np.int64), np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS),
            np.zeros(N_IW, np.int64))
