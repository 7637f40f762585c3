"""The Star Realms search player: flat Monte Carlo with UCB1 over each purchase and each attack.

A side whose strategy has kind KIND_SEARCH plays its base heuristic everywhere but two decisions,
one step at a time: which card to acquire next (each affordable trade-row card or Explorer, for a
Hydra team each with the member who buys it, or stop buying), and what to attack next (each base or
Outpost it may hit, or the opponent's Authority). Option 0 of each is the heuristic's own choice. A purchase
of a card the side is forced to (restricted play, ``commandsim impact --forced``) is not searched: the heuristic
buys a forced card whenever it can afford it, and so does the search player.

``search_turn`` is the turn loop one level above the engine's phases: it plays a searching side's
turn phase by phase (``rules``), and before each searched step runs ``decide``. Every rollout copies
the state into scratch arrays, deals again what the side cannot see (``determinize``: its own decks'
order, each opponent's hand with their deck, the trade deck's order; the game's RNG, which holds the
future shuffles, is reseeded from the search's own), forces the option, finishes the turn and plays
the game out with ``rules.play_turn``, the engine's own turn, every seat playing the searcher's base
heuristic (``rollout_rows``: the searcher does not know its opponent's strategy). The value is 1, 1/2
or 0 from the searching side (a team's shared result). A batch without a search player never runs
this file: ``batch.play_batch`` picks ``play_block`` or ``play_block_search`` in Python.

A side of kind KIND_ISMCTS (``ismcts:N``) plays the same turns through ``search_turn``, each of the same
decisions chosen by ``tree_search.tree_decide`` instead of ``decide``: one tree over both sides' later moves.
"""
from __future__ import annotations

import numpy as np

from simcore.search import UCB_C, best_option, decision_rng, ucb_pick
from .players.params import (KIND_HEURISTIC, KIND_ISMCTS, KIND_SEARCH, P_KIND, P_ROLLOUTS,
                             SEARCHED_KINDS)

from .effects import member
from .jit import hot
from .layout import (CAP, LOG_COLS, N_PILES, N_SC, S_COMBAT, S_CUR, S_ROLLOUT_TURNS, S_ROLLOUTS, S_SEARCHES,
                     S_TURN, S_WINNER)
from .rules import end_side_turn, play_game_with, play_turn, procure, setup_game
# the options, their moves and the play-outs both search players share (re-exported: tests and callers read
# them here, as before they had a module of their own)
from .search_options import (ATTACK, BUY, MAX_OPTIONS, add_option, attack_options, buy_key,  # noqa: F401
                             buy_options, copy_state, determinize, forced_buy, perform, play_until_purchases,
                             rollout, step_options)
from .tree_search import tree_decide, tree_scratch


@hot
def decide(cards, eff, cfg, strat, rstrat, piles, fl, cnt, sc, seed, stage, opts, keys, visits, totals, piles2,
           fl2, cnt2, sc2, log2, bought2, ks, buf, rs):
    """The option side ``sc[S_CUR]`` takes at this BUY or ATTACK step: ``opts[decide(...)]`` (NONE: stop).
    With two options or more, ``strat``'s rollouts are spread over them by UCB1 and the best mean wins
    (ties: option 0, the heuristic's). Reads only what the side may see, and never moves the game's RNG."""
    s = sc[S_CUR]
    n = step_options(strat, cfg, cards, piles, cnt, sc, s, stage, opts, keys)   # a forced buy: 1, not searched
    if n < 2:
        return 0
    stream = decision_rng(seed, sc[S_SEARCHES])
    sc[S_SEARCHES] += 1
    budget = np.int64(strat[member(sc, s, 0), P_ROLLOUTS])
    for o in range(n):
        visits[o] = 0
        totals[o] = 0.0
    for p in range(bought2.shape[0]):
        for t in range(bought2.shape[1]):
            bought2[p, t] = 0
    for _ in range(budget):
        o = ucb_pick(visits, totals, n, UCB_C)
        # common random numbers: the j-th rollout of every option plays the same deal and the same dice, so
        # options are compared on the same worlds (a small budget then tells them apart far sooner)
        rs[0] = decision_rng(stream, visits[o])
        copy_state(piles, fl, cnt, sc, piles2, fl2, cnt2, sc2)
        determinize(piles2, cnt2, sc2, s, ks, buf, rs)
        v = rollout(cards, eff, cfg, rstrat, piles2, fl2, cnt2, sc2, log2, bought2, s, stage, opts[o])
        visits[o] += 1
        totals[o] += v
        sc[S_ROLLOUT_TURNS] += sc2[S_TURN] - sc[S_TURN]
    sc[S_ROLLOUTS] += budget
    return best_option(visits, totals, n)


@hot
def search_turn(cards, eff, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, seed, opts, keys, visits, totals,
                piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs, tree):
    """One turn of the current side: ``rules.play_turn`` for a heuristic side; for a searching one the same
    phases, each purchase and each attack chosen by ``decide`` (``rstrat[side]``: its rollouts' seats), or by
    ``tree_search.tree_decide`` for a tree search side (``tree``: its arrays, ``Scratch.tree``)."""
    s = sc[S_CUR]
    m0 = member(sc, s, 0)
    kind = strat[m0, P_KIND]
    if kind != KIND_SEARCH and kind != KIND_ISMCTS:
        play_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought)
        return
    rs_side = rstrat[s]
    play_until_purchases(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s)
    for stage in range(2 if sc[S_WINNER] < 0 else 0):    # an engine bound may have ended the game
        while stage == BUY or sc[S_COMBAT] > 0:
            if kind == KIND_ISMCTS:
                o = tree_decide(cards, eff, cfg, strat, rs_side, piles, fl, cnt, sc, seed, stage, opts, keys,
                                piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs, tree)
            else:
                o = decide(cards, eff, cfg, strat, rs_side, piles, fl, cnt, sc, seed, stage, opts, keys, visits,
                           totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs)
            if opts[o] < 0:
                break
            perform(cards, cfg, strat, piles, fl, cnt, sc, log, bought, s, stage, opts[o])
            if stage == BUY and member(sc, s, 1) < 0:   # Alliance Procurement is offered before each purchase
                procure(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
    end_side_turn(cards, cfg, piles, fl, cnt, sc, log, s)


@hot
def play_game(cards, eff, setup, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, seed, opts, keys, visits,
              totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs, tree):
    """``rules.play_game`` with ``search_turn`` for turns: the same game for heuristic seats."""
    play_game_with(search_turn, (cards, eff, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, seed, opts, keys,
                                 visits, totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs, tree),
                   cards, setup, cfg, piles, fl, cnt, sc, log, bought, seed)


class Scratch:
    """A thread block's scratch arrays for searching (allocated in Python: the jitted code never allocates).
    ``arrays``: the flat search's (``decide``); ``tree``: a tree search's (``tree_search.tree_decide``), its tree
    sized for ``tree_budget`` iterations (0, a batch without a tree search seat: a tree of the root alone,
    never grown)."""

    def __init__(self, n_types: int, tree_budget: int = 0):
        self.arrays = (np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS, np.int64),
                       np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS, np.float64),
                       np.zeros((N_PILES, CAP), np.int32), np.zeros((N_PILES, CAP), np.int32),
                       np.zeros(N_PILES, np.int32), np.zeros(N_SC, np.int64), np.zeros((1, LOG_COLS), np.int32),
                       np.zeros((2, n_types), np.int32), np.zeros(2, np.int64), np.zeros(N_PILES * CAP, np.int32),
                       np.zeros(1, np.int64))
        self.tree = tree_scratch(tree_budget)


def rollout_rows(strategies, tables, cfg) -> np.ndarray:
    """float64[2, MAX_PLAYERS, cols]: for each searching side, the rows every seat plays in its rollouts: its
    base heuristic, on each seat as ``strategy_rows`` makes a row for that seat (a seat facing a Hydra team
    with its ``vs_team_*`` multipliers). A side that does not search: zeros (never read)."""
    from .players.library import resolve, strategy_rows

    from .setup import opponents, player_rows
    out = None
    for s, strategy in enumerate(strategies):
        _, vec = resolve(strategy)
        if vec[P_KIND] not in SEARCHED_KINDS:
            continue
        vec = vec.copy()
        vec[P_KIND] = KIND_HEURISTIC
        _, rows = strategy_rows((vec, vec), tables, opponents(cfg))
        rows = player_rows(rows, cfg)
        if out is None:
            out = np.zeros((2, *rows.shape))
        out[s] = rows
    return out


@hot
def to_first_purchase(cards, eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought, seed, turns):
    """Set up the game ``seed``, play ``turns`` turns with ``strat`` and the next side's turn up to its first
    purchase (as ``search_turn`` plays it): a position where ``decide`` is asked BUY (tests, situations)."""
    setup_game(cards, setup, cfg, piles, fl, cnt, sc, log, seed)
    for _ in range(turns):
        play_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought)
    s = sc[S_CUR]
    play_until_purchases(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s)
    return s
