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
``play_turns``. The engine's one turn loop (``rules.play_turns_with``) plays every game with a search
player too (``play_one_search``): each seat's turn (``seat_turn``) is the tree search's
(``tree_search.tree_turn``), this file's or the heuristic's, by the seat's flag in ``budgets``. Games
without a search player never come here (``batch.play_batch`` chooses the entry in Python), so they run
exactly the code they ran before.

The search never moves the game's dice: its random numbers come from ``decision_rng(seed,
decision)`` and every rollout reseeds the copy's RNG from them, so a game replays from its seed on
any thread count, and the real RNG state (which fixes future reshuffles) is never read.
"""
from __future__ import annotations

from simcore.block_loop import play_games
from simcore.search import UCB_C, best_option, decision_rng, rs_below, ucb_pick
from .players.actions import A_PLAY_CREW
from .players.library import B_TREE
from .players.policy import card_action, market_action

from .game_row import fixed_shapes, keep_bought, write_result
from .cardplay import MAX_CARD_ACTIONS, card_phase_end, card_phase_from, card_step, discard_for_credits
from .events import log_event
from .jit import hot, hot_entry, hot_inlined, hot_outlined
from .layout import (EV_TURN, HAND, PH_BONUS, PH_CARD, PH_DRAW, PH_MARKET, S_CUR, S_DECISION,
                     S_MULTS_KEY, S_PHASE, S_RNG, S_SEED, S_TURN, S_WINNER, SCR_COSTS)
from .market import MAX_MARKET_ACTIONS, market_costs, market_phase_from, market_step
from .queries import discounts, pile
from .rules import WINNER_DRAW, play_phase, play_turn, play_turns, play_turns_with, setup_game
from .search_options import (IW_DECISIONS, IW_KS, IW_ROLLOUT_TURNS, IW_ROLLOUTS, IW_RS,  # noqa: F401 (tests, batch)
                             POINT_CREW, POINT_MARKET, SEED_BITS, copy_state, crew_options, determinize, market_options,
                             rollout_players, workspace)
from .tree_search import tree_turn


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


@hot   # called by the turn loop with *args (``rules.play_turns_with``): not numba-inlined
def seat_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, budgets, ws, tw, p):
    """Seat p's turn in a game with search players: it searches with budgets[p] per decision, by the tree
    (``tree_search``) when budgets[B_TREE + p], else flat; with no budget it plays its heuristic."""
    if budgets[p] > 0 and budgets[B_TREE + p] > 0:
        tree_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budgets[p], ws, tw)
    elif budgets[p] > 0:
        search_turn(cards, eff, cfg, piles, cnt, sc, strat, log, bought, p, budgets[p], ws)
    else:
        play_turn(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p)


@hot
def play_one_search(cards, eff, setup, setup_n, cfg, strat, budgets, piles, cnt, sc, log, bought, ws, tw, seed,
                    out_row):
    """``batch.play_one`` with search players (``seat_turn``); budgets: int64[4]
    (``players.library.engine_budgets``). ``ws``: ``workspace``; ``tw``:
    ``tree_search.tree_workspace`` (a tree of one node when no seat grows one)."""
    setup_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seed)
    play_turns_with(seat_turn, (cards, eff, cfg, piles, cnt, sc, strat, log, bought, budgets, ws, tw), cfg, sc, log)
    write_result(sc, seed, out_row)


@hot_entry
def play_block_search(cards, eff, setup, setup_n, cfg, strat, budgets, base_seed, first_game, lo, hi, out, out_bought,
                      piles, cnt, sc, log, bought, ws, tw):
    """``batch.play_block`` for batches with a search player, flat or tree (a separate entry: batches
    without one keep theirs exactly)."""
    s_piles, s_cnt, s_sc, s_strat, s_log, s_bought = ws[0], ws[1], ws[2], ws[3], ws[4], ws[5]
    if not (fixed_shapes(cards, eff, strat, piles, cnt, sc, log, bought)
            and fixed_shapes(cards, eff, s_strat, s_piles, s_cnt, s_sc, s_log, s_bought) and budgets.shape[0] == 4):
        raise ValueError("play_block_search: a state array does not have the layout's shape")
    play_games(play_one_search, (cards, eff, setup, setup_n, cfg, strat, budgets, piles, cnt, sc, log, bought, ws, tw),
               keep_bought, (bought, out_bought), out_bought.shape[2] == out.shape[0], base_seed, first_game, lo, hi,
               out)
