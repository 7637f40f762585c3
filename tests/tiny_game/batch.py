"""Blocks of tiny races: the jitted entry on the core's block loop (``simcore.block_loop``) and thread pool
(``simcore.blocks``), in the three layers of every engine: a kernel for one race (``rules.play_race``), an entry
that plays rows lo .. hi - 1 (``play_block``), and a Python function that pads, allocates and hands blocks to
threads (``play_batch``)."""
from __future__ import annotations

import numpy as np

from simcore.block_loop import play_games
from simcore.blocks import padded, run_blocks
from simcore.play_counts import write_counts
from simcore.shape import N_SHAPE_COLUMNS, write_shape

from .jit import hot, hot_entry
from .layout import (LOG_COLS, MAX_EFF_ROWS, MAX_TYPES, N_CFG, N_SC, S_BOUND, S_CARD_COUNTS, S_POS, S_SHAPE, S_TURN,
                     S_WINNER)
from .opcodes import N_COLS
from .policy import ROW_LEN
from .rules import play_race

# columns of a race's output row
R_SEED = 0
R_WINNER = 1      # 0 first racer, 1 second, 2 draw at the turn cap
R_TURNS = 2
R_POS = 3         # + p: steps from the start at the end
R_BOUND = 5       # the bound that ended the race (simcore.bounds code; 0: none)
N_RESULT_COLS = 6
# a batch's rows go on: the race's shape (simcore.shape), then per card type the copies each racer played
R_SHAPE = N_RESULT_COLS
R_CARD_COUNTS = R_SHAPE + N_SHAPE_COLUMNS


@hot
def play_one(cards, eff, cfg, strat, sc, log, bought, seed, out_row):
    """One race into its output row (the core's block loop calls it with the seed and the row last)."""
    play_race(cards, eff, cfg, strat, sc, log, bought, seed)
    if out_row.shape[0] >= R_CARD_COUNTS:
        write_shape(sc, S_SHAPE, out_row, R_SHAPE)
        write_counts(sc, S_CARD_COUNTS, out_row, R_CARD_COUNTS)
    out_row[R_SEED] = seed
    out_row[R_WINNER] = sc[S_WINNER]
    out_row[R_TURNS] = sc[S_TURN]
    out_row[R_BOUND] = sc[S_BOUND]
    for p in range(2):
        out_row[R_POS + p] = sc[S_POS + p]


@hot
def keep_bought(bought, out_bought, g):
    """Race g's purchases per racer and card type into row g of ``out_bought``."""
    for p in range(2):
        for t in range(out_bought.shape[2]):
            out_bought[g, p, t] = bought[p, t]


@hot
def fixed_shapes(cards, eff, cfg, strat, sc, log, bought):
    """True when every array has the layout's shape and the log one row (batch races keep none): tested once
    where races begin, it lets the compiler use these numbers as constants in all the code below (a measured
    gain in the real games: ``simcore.games.last_command.batch.fixed_shapes``)."""
    return (cards.shape[0] == MAX_TYPES and cards.shape[1] == N_COLS and eff.shape[0] == MAX_EFF_ROWS
            and eff.shape[1] == 2 and cfg.shape[0] == N_CFG and strat.shape[0] == 2 and strat.shape[1] == ROW_LEN
            and sc.shape[0] == N_SC and log.shape[0] == 1 and log.shape[1] == LOG_COLS
            and bought.shape[0] == 2 and bought.shape[1] == MAX_TYPES)


@hot_entry
def play_block(cards, eff, cfg, strat, base_seed, first_game, lo, hi, out, out_bought, sc, log, bought):
    """Rows lo .. hi - 1 of ``out``: row g is race first_game + g of the run with ``base_seed``. Releases the GIL."""
    if not fixed_shapes(cards, eff, cfg, strat, sc, log, bought):
        raise ValueError("play_block: a state array does not have the layout's shape")
    play_games(play_one, (cards, eff, cfg, strat, sc, log, bought), keep_bought, (bought, out_bought),
               out_bought.shape[0] == out.shape[0], base_seed, first_game, lo, hi, out)


def new_state(log_rows: int = 1):
    """sc, log, bought of one race (allocated in Python: the jitted code never allocates)."""
    return np.zeros(N_SC, np.int64), np.zeros((log_rows, LOG_COLS), np.int32), np.zeros((2, MAX_TYPES), np.int32)


def play_batch(tables, cfg, strat, base_seed: int, first_game: int, out: np.ndarray, out_bought: np.ndarray,
               threads: int | None = None) -> None:
    """Races first_game .. first_game + len(out) - 1 of the run with ``base_seed`` on ``threads`` threads.
    out: int64[n, N_RESULT_COLS]; out_bought: int32[n, 2, n_types] (n == 0 to keep none)."""
    cards, eff = padded(tables.cards, MAX_TYPES), padded(tables.eff, MAX_EFF_ROWS)

    def play_range(lo, hi):
        play_block(cards, eff, cfg, strat, np.int64(base_seed), np.int64(first_game), np.int64(lo), np.int64(hi),
                   out, out_bought, *new_state())
    run_blocks(play_range, out.shape[0], threads)
