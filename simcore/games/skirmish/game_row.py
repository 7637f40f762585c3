"""One battle of a batch, as every player writes it (the heuristic's blocks and the search players' alike): its
arrays (``new_state``), its output row (``R_*`` columns, ``record``) and the shapes its arrays have
(``fixed_shapes``). Apart from ``batch`` so that the search players, which ``batch`` starts, import them
without importing ``batch``."""
from __future__ import annotations

import numpy as np

from simcore.play_counts import write_counts
from simcore.shape import N_SHAPE_COLUMNS, write_shape

from .jit import hot
from .layout import (LOG_COLS, MAX_CMDS, MAX_EFF_ROWS, MAX_PROFILES, MAX_UNITS, N_SC, N_U, S_BOUND, S_CARD_COUNTS,
                     S_CP_SPENT, S_KILLS, S_ORDERS, S_RESPONSES, S_SHAPE, S_TURN, S_VP, S_WINNER)
from .opcodes import N_CC, N_PC
from .players.params import ROW_LEN

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
    these numbers as constants: ``simcore.games.last_command.game_row.fixed_shapes``'s measured trick)."""
    return (cmds.shape[0] == MAX_CMDS and cmds.shape[1] == N_CC and eff.shape[0] == MAX_EFF_ROWS
            and eff.shape[1] == 2 and profiles.shape[0] == MAX_PROFILES and profiles.shape[1] == N_PC
            and strat.shape[0] == 2 and strat.shape[1] == ROW_LEN and u.shape[0] == MAX_UNITS
            and u.shape[1] == N_U and sc.shape[0] == N_SC and log.shape[0] == 1 and log.shape[1] == LOG_COLS)


def new_state(log_rows: int = 1):
    """u, sc, log of one battle (allocated in Python: the jitted code never allocates)."""
    return np.zeros((MAX_UNITS, N_U), np.int32), np.zeros(N_SC, np.int64), np.zeros((log_rows, LOG_COLS), np.int32)
