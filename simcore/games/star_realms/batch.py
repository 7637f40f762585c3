"""Blocks of Star Realms games: the jitted block function and the core's thread pool (``simcore.blocks``)."""
from __future__ import annotations

import numpy as np

from simcore.block_loop import play_games
from simcore.blocks import BlockPool, Pending, padded, run_blocks
from simcore.errors import CommandsimError
from simcore.play_counts import write_counts
from simcore.shape import N_SHAPE_COLUMNS, write_shape
from .players.params import N_PARAMS

from .jit import hot, hot_entry
from .layout import (CAP, LOG_COLS, MAX_EFF_ROWS, MAX_PLAYERS, MAX_TYPES, N_PILES, N_SC, S_AUTH, S_BASES_DESTROYED,
                     S_BOUGHT, S_BOUND, S_CARD_COUNTS, S_DAMAGE, S_MEMBER, S_ROLLOUT_TURNS, S_ROLLOUTS, S_SEARCHES,
                     S_SHAPE, S_TURN, S_WINNER)
from .opcodes import N_COLS
from .rules import play_game, record_standing
from . import search
from .tree_search import tree_budget

R_SEED = 0
R_WINNER = 1      # 0 first side, 1 second side, 2 draw at the turn cap
R_TURNS = 2
R_AUTH = 3        # + side: final Authority
R_BOUGHT = 5      # + side: cards acquired (a team: by both members)
R_DAMAGE = 7      # + side: Combat dealt to the opponent's Authority
R_BASES = 9       # + side: bases destroyed by attacks
R_SEARCHES = 11   # decisions searched (games with a search player: ``play_one_search``)
R_ROLLOUTS = 12   # rollouts played for them
R_ROLLOUT_TURNS = 13   # the side-turns they played
R_BOUND = 14      # the bound that ended the game (simcore.bounds code; 0: none)
N_RESULT_COLS = 15
# a batch's rows go on (an output of N_RESULT_COLS columns stops here): the game's shape (simcore.shape), then
# per card type the copies each side drew and played (simcore.play_counts), one column per type of the tables
R_SHAPE = N_RESULT_COLS
R_CARD_COUNTS = R_SHAPE + N_SHAPE_COLUMNS


@hot
def play_one(cards, eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought, seed, out_row):
    play_game(cards, eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought, seed)
    record(sc, seed, out_row)


@hot
def play_one_search(cards, eff, setup, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, opts, keys, visits, totals,
                    piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs, tree, seed, out_row):
    """``play_one`` of a game with a search player (``search.play_game``; the rest is its scratch)."""
    search.play_game(cards, eff, setup, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, seed, opts, keys,
                     visits, totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs, tree)
    record(sc, seed, out_row)
    out_row[R_SEARCHES] = sc[S_SEARCHES]
    out_row[R_ROLLOUTS] = sc[S_ROLLOUTS]
    out_row[R_ROLLOUT_TURNS] = sc[S_ROLLOUT_TURNS]


@hot
def keep_bought(bought, out_bought, g):
    """Game g's acquisitions per side and card type into row g of ``out_bought``."""
    for p in range(2):
        for t in range(out_bought.shape[2]):
            out_bought[g, p, t] = bought[p, t]


@hot
def record(sc, seed, out_row):
    """A finished game's output row (R_*). The standing at the end is the shape's last round (a round the end
    cut short); a row wide enough gets the shape and the card counts."""
    record_standing(sc)
    if out_row.shape[0] >= R_CARD_COUNTS:
        write_shape(sc, S_SHAPE, out_row, R_SHAPE)
        write_counts(sc, S_CARD_COUNTS, out_row, R_CARD_COUNTS)
    out_row[R_SEED] = seed
    out_row[R_WINNER] = sc[S_WINNER]
    out_row[R_TURNS] = sc[S_TURN]
    out_row[R_BOUND] = sc[S_BOUND]
    for s in range(2):
        out_row[R_AUTH + s] = sc[S_AUTH + s]
        out_row[R_BOUGHT + s] = sc[S_BOUGHT + s]
        if sc[S_MEMBER + 2 * s + 1] >= 0:
            out_row[R_BOUGHT + s] += sc[S_BOUGHT + sc[S_MEMBER + 2 * s + 1]]
        out_row[R_DAMAGE + s] = sc[S_DAMAGE + s]
        out_row[R_BASES + s] = sc[S_BASES_DESTROYED + s]


@hot
def fixed_shapes(cards, eff, strat, piles, fl, cnt, sc, log):
    """True when the arrays have the layout's shapes and batch games keep no log: tested once where games
    begin, it lets the compiler use these numbers as constants in all the code below (The Last Command's
    measured trick, ``simcore.games.last_command.batch.fixed_shapes``)."""
    return (cards.shape[0] == MAX_TYPES and cards.shape[1] == N_COLS and eff.shape[0] == MAX_EFF_ROWS
            and eff.shape[1] == 4 and strat.shape[0] == MAX_PLAYERS and strat.shape[1] == N_PARAMS + 2 * MAX_TYPES
            and piles.shape[0] == N_PILES and piles.shape[1] == CAP
            and fl.shape[0] == N_PILES and fl.shape[1] == CAP and cnt.shape[0] == N_PILES and sc.shape[0] == N_SC
            and log.shape[0] == 1 and log.shape[1] == LOG_COLS)


@hot_entry
def play_block(cards, eff, setup, cfg, strat, base_seed, first_game, lo, hi, out, out_bought, piles, fl, cnt, sc,
                log, bought):
    """Rows lo .. hi - 1 of ``out``: row g is game first_game + g. Releases the GIL."""
    if not fixed_shapes(cards, eff, strat, piles, fl, cnt, sc, log):
        raise ValueError("play_block: a state array does not have the layout's shape")
    play_games(play_one, (cards, eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought), keep_bought,
               (bought, out_bought), out_bought.shape[0] == out.shape[0], base_seed, first_game, lo, hi, out)


@hot_entry
def play_block_search(cards, eff, setup, cfg, strat, rstrat, base_seed, first_game, lo, hi, out, out_bought, piles,
                      fl, cnt, sc, log, bought, opts, keys, visits, totals, piles2, fl2, cnt2, sc2, log2, bought2,
                      ks, buf, rs, tree):
    """``play_block`` of a batch with a search player: its own entry, so that batches without one run the code
    they always ran. ``rstrat``: the rollouts' rows of each searching side; the rest is one block's scratch
    (``tree``: a tree search's, ``search.Scratch``)."""
    if not (fixed_shapes(cards, eff, strat, piles, fl, cnt, sc, log)
            and fixed_shapes(cards, eff, rstrat[0], piles2, fl2, cnt2, sc2, log2) and rstrat.shape[0] == 2):
        raise ValueError("play_block_search: a state array does not have the layout's shape")
    play_games(play_one_search, (cards, eff, setup, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, opts, keys,
                                 visits, totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs, tree),
               keep_bought, (bought, out_bought), out_bought.shape[0] == out.shape[0], base_seed, first_game, lo, hi,
               out)



def new_state(n_types: int, log_rows: int = 1):
    """piles, fl, cnt, sc, log, bought of one game (allocated in Python: the jitted code never allocates)."""
    return (np.zeros((N_PILES, CAP), np.int32), np.zeros((N_PILES, CAP), np.int32), np.zeros(N_PILES, np.int32),
            np.zeros(N_SC, np.int64), np.zeros((log_rows, LOG_COLS), np.int32), np.zeros((2, n_types), np.int32))


def padded_rows(rows: np.ndarray, n_types: int) -> np.ndarray:
    """Strategy rows (``strategies.star_realms.library.strategy_rows``: parameters, then two blocks of one
    float per card type) with each block widened from ``n_types`` to MAX_TYPES, as the card tables are."""
    out = np.zeros((*rows.shape[:-1], N_PARAMS + 2 * MAX_TYPES), rows.dtype)
    out[..., :N_PARAMS] = rows[..., :N_PARAMS]
    for b in range(2):
        out[..., N_PARAMS + b * MAX_TYPES:N_PARAMS + b * MAX_TYPES + n_types] = \
            rows[..., N_PARAMS + b * n_types:N_PARAMS + (b + 1) * n_types]
    return out


def play_batch(cards, eff, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
               out_bought: np.ndarray, threads: int | None = None, rstrat: np.ndarray | None = None) -> None:
    """Play games first_game .. first_game + len(out) - 1 of the run with ``base_seed`` on ``threads`` threads.
    strat: a row per player (``setup.player_rows``); out: int64[n, N_RESULT_COLS]; out_bought: int32[n, 2, n_types]
    (n == 0 to skip), what each side acquired. rstrat: with a search player, its rollouts' rows
    (``search.rollout_rows``); a tree search player's tree is sized for the most iterations of its seats."""
    n_types = cards.shape[0]
    cards, eff, strat = _padded(cards, eff, strat)
    if rstrat is not None:
        rstrat = np.ascontiguousarray(padded_rows(rstrat, n_types))
        budget = tree_budget(strat)

        def play_range(lo, hi):
            scratch = search.Scratch(cards.shape[0], budget)
            play_block_search(cards, eff, setup, cfg, strat, rstrat, np.int64(base_seed), np.int64(first_game),
                              np.int64(lo), np.int64(hi), out, out_bought, *new_state(cards.shape[0]),
                              *scratch.arrays, scratch.tree)
        run_blocks(play_range, out.shape[0], threads, min_block=1)   # a search game takes a tenth of a second
        return
    run_blocks(_block_range(cards, eff, setup, cfg, strat, base_seed, first_game, out, out_bought), out.shape[0],
               threads)


def start_batch(cards, eff, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
                out_bought: np.ndarray, pool: BlockPool, last: bool = True) -> Pending:
    """``play_batch`` of games without a search player on the threads of ``pool``, behind the blocks already
    queued there: returns at once; the rows are written when the ``Pending``'s ``wait()`` returns."""
    cards, eff, strat = _padded(cards, eff, strat)
    return pool.submit(_block_range(cards, eff, setup, cfg, strat, base_seed, first_game, out, out_bought),
                       out.shape[0], last)


def _padded(cards, eff, strat):
    """The tables padded to fixed row counts (zero rows: card types no pile holds), so that the shapes are
    constants, and the strategy rows to match."""
    n_types = cards.shape[0]
    if n_types > MAX_TYPES or eff.shape[0] > MAX_EFF_ROWS:
        raise CommandsimError(f"Star Realms plays at most {MAX_TYPES} card types and {MAX_EFF_ROWS} effect rows, "
                              f"got {n_types} and {eff.shape[0]}")
    return padded(cards, MAX_TYPES), padded(eff, MAX_EFF_ROWS), padded_rows(strat, n_types)


def _block_range(cards, eff, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
                 out_bought: np.ndarray):
    """``play_range(lo, hi)``: games lo .. hi - 1 of ``out`` without a search player (``play_block``)."""
    def play_range(lo, hi):
        play_block(cards, eff, setup, cfg, strat, np.int64(base_seed), np.int64(first_game), np.int64(lo),
                   np.int64(hi), out, out_bought, *new_state(cards.shape[0]))
    return play_range
