"""Blocks of skirmish battles: the jitted block function on the core's thread pool (``simcore.blocks``)."""
from __future__ import annotations

import numpy as np

from simcore.blocks import run_blocks
from simcore.blocks import padded
from simcore.rng import game_seed
from simcore.errors import CommandsimError
from simcore.play_counts import write_counts
from simcore.shape import N_SHAPE_COLUMNS, write_shape
from strategies.skirmish.params import KIND_ISMCTS, KIND_SEARCH, N_RESTRICT, P_KIND, ROW_LEN

from .jit import hot, hot_entry
from .layout import (LOG_COLS, MAX_CMDS, MAX_EFF_ROWS, MAX_PROFILES, MAX_UNITS, N_SC, N_U, S_BOUND, S_CARD_COUNTS,
                     S_CP_SPENT, S_KILLS, S_ORDERS, S_RESPONSES, S_SHAPE, S_TURN, S_VP, S_WINNER)
from .opcodes import N_CC, N_PC
from .rules import play_battle

R_SEED = 0
R_WINNER = 1      # 0 first force, 1 second force, 2 draw
R_TURNS = 2
R_KILLS = 3       # + p: enemy units destroyed
R_VP = 5          # + p: objective points
R_ORDERS = 7      # + p: own-window commands
R_RESPONSES = 9   # + p
R_CP_SPENT = 11   # + p
R_BOUND = 13      # the bound that ended the battle (simcore.bounds code; 0: none)
N_RESULT_COLS = 14
# a batch's rows go on (an output of N_RESULT_COLS columns stops here): the battle's shape (simcore.shape), then
# per command row the times each force gave it (simcore.play_counts), one column per row of the command table
R_SHAPE = N_RESULT_COLS
R_CARD_COUNTS = R_SHAPE + N_SHAPE_COLUMNS

assert N_RESTRICT == MAX_CMDS, "a strategy row's restriction block holds one float per command row"


@hot
def play_one(cmds, eff, profiles, setup, cfg, strat, seed, u, sc, log, out_row):
    play_battle(cmds, eff, profiles, setup, cfg, strat, u, sc, log, seed)
    record(sc, seed, out_row)


@hot
def record(sc, seed, out_row):
    """A finished battle's output row (R_*); a row wide enough gets the shape and the command counts."""
    if out_row.shape[0] >= R_CARD_COUNTS:
        write_shape(sc, S_SHAPE, out_row, R_SHAPE)
        write_counts(sc, S_CARD_COUNTS, out_row, R_CARD_COUNTS)
    out_row[R_SEED] = seed
    out_row[R_WINNER] = sc[S_WINNER]
    out_row[R_TURNS] = sc[S_TURN]
    out_row[R_BOUND] = sc[S_BOUND]
    for p in range(2):
        out_row[R_KILLS + p] = sc[S_KILLS + p]
        out_row[R_VP + p] = sc[S_VP + p]
        out_row[R_ORDERS + p] = sc[S_ORDERS + p]
        out_row[R_RESPONSES + p] = sc[S_RESPONSES + p]
        out_row[R_CP_SPENT + p] = sc[S_CP_SPENT + p]


@hot
def fixed_shapes(cmds, eff, profiles, strat, u, sc, log):
    """True when the arrays have the layout's shapes and batch games keep no log (the compiler then uses
    these numbers as constants: ``simcore.games.last_command.batch.fixed_shapes``'s measured trick)."""
    return (cmds.shape[0] == MAX_CMDS and cmds.shape[1] == N_CC and eff.shape[0] == MAX_EFF_ROWS
            and eff.shape[1] == 2 and profiles.shape[0] == MAX_PROFILES and profiles.shape[1] == N_PC
            and strat.shape[0] == 2 and strat.shape[1] == ROW_LEN and u.shape[0] == MAX_UNITS
            and u.shape[1] == N_U and sc.shape[0] == N_SC and log.shape[0] == 1 and log.shape[1] == LOG_COLS)


@hot_entry
def play_block(cmds, eff, profiles, setup, cfg, strat, base_seed, first_game, lo, hi, out, u, sc, log):
    """Rows lo .. hi - 1 of ``out``: row g is battle first_game + g. Releases the GIL."""
    if not fixed_shapes(cmds, eff, profiles, strat, u, sc, log):
        raise ValueError("play_block: an array does not have the layout's shape")
    for g in range(lo, hi):
        play_one(cmds, eff, profiles, setup, cfg, strat, game_seed(base_seed, first_game + g), u, sc, log, out[g])


def new_state(log_rows: int = 1):
    """u, sc, log of one battle (allocated in Python: the jitted code never allocates)."""
    return np.zeros((MAX_UNITS, N_U), np.int32), np.zeros(N_SC, np.int64), np.zeros((log_rows, LOG_COLS), np.int32)


def has_search(strat) -> bool:
    """A seat is a search player: its battles run ``search.play_search_block``, the others this file's."""
    return bool(np.isin(np.asarray(strat)[:, P_KIND], (KIND_SEARCH, KIND_ISMCTS)).any())


def padded_tables(cmds, eff, profiles):
    """Padded with zero rows to the layout's fixed counts (rows nothing refers to: no force's set holds a
    padded command row, so the five checks refuse it)."""
    if cmds.shape[0] > MAX_CMDS or eff.shape[0] > MAX_EFF_ROWS or profiles.shape[0] > MAX_PROFILES:
        raise CommandsimError(f"a battle plays at most {MAX_CMDS} commands, {MAX_EFF_ROWS} effect rows and "
                              f"{MAX_PROFILES} unit profiles, got {cmds.shape[0]}, {eff.shape[0]} and "
                              f"{profiles.shape[0]}")
    return padded(cmds, MAX_CMDS), padded(eff, MAX_EFF_ROWS), padded(profiles, MAX_PROFILES)


def play_batch(cmds, eff, profiles, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
               threads: int | None = None) -> tuple[int, int, int] | None:
    """Battles first_game .. first_game + len(out) - 1 of the run with ``base_seed`` on ``threads`` threads;
    returns a search player's (searched decisions, rollouts, rollout turns), summed (None without one)."""
    cmds, eff, profiles = padded_tables(cmds, eff, profiles)
    if has_search(strat):
        from .search import play_search_batch
        counts = play_search_batch(cmds, eff, profiles, setup, cfg, strat, base_seed, first_game, out, threads)
        return tuple(int(x) for x in counts.sum(axis=0))

    def play_range(lo, hi):
        play_block(cmds, eff, profiles, setup, cfg, strat, np.int64(base_seed), np.int64(first_game), np.int64(lo),
                   np.int64(hi), out, *new_state())
    run_blocks(play_range, out.shape[0], threads)
    return None
