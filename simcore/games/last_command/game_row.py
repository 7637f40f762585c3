"""One game of a batch, as every player writes it (heuristic, search and tree games alike): its output row
(``R_*`` columns, ``write_result``), its purchases (``keep_bought``) and the shapes its arrays have
(``fixed_shapes``). Apart from ``batch`` so that the search players, which ``batch`` starts, import them
without importing ``batch``."""
from __future__ import annotations

from simcore.play_counts import write_counts
from simcore.shape import N_SHAPE_COLUMNS, write_shape

from .jit import hot, hot_inlined
from .layout import (CAP, LOG_COLS, N_PILES, N_SC, S_BOUGHT, S_BOUND, S_CARD_COUNTS, S_DAMAGE_DEALT, S_HULL,
                     S_MALF_DRAWN, S_SHAPE, S_TURN, S_WINNER)
from .rules import record_standing
from .players.params import N_PARAMS
from .players.situation import N_BLOCKS
from .tables import MAX_EFF_ROWS, MAX_TYPES, N_COLS

# columns of the per-game integer output
R_SEED = 0
R_WINNER = 1      # 0 first player, 1 second player, 2 draw at the turn cap
R_TURNS = 2
R_HULL = 3        # + p
R_BOUGHT = 5      # + p: number of purchases
R_DAMAGE = 7      # + p: Damage dealt
R_MALF = 9        # + p: Malfunctions drawn
R_BOUND = 11      # the bound that ended the game (simcore.bounds code; 0: none)
N_RESULT_COLS = 12
# a batch's rows go on (an output of N_RESULT_COLS columns stops here): the game's shape (simcore.shape), then
# per card type its copies drawn and played (simcore.play_counts), one column per type of the card tables
R_SHAPE = N_RESULT_COLS
R_CARD_COUNTS = R_SHAPE + N_SHAPE_COLUMNS


@hot_inlined
def write_result(sc, seed, out_row):
    """A finished game's output row (R_*): the one writer for heuristic, search and tree games. The standing
    at the end is the shape's last round (a round the end cut short); a row wide enough gets the shape and
    the card counts."""
    record_standing(sc)
    if out_row.shape[0] >= R_CARD_COUNTS:
        write_shape(sc, S_SHAPE, out_row, R_SHAPE)
        write_counts(sc, S_CARD_COUNTS, out_row, R_CARD_COUNTS)
    out_row[R_SEED] = seed
    out_row[R_WINNER] = sc[S_WINNER]
    out_row[R_TURNS] = sc[S_TURN]
    out_row[R_BOUND] = sc[S_BOUND]
    for p in range(2):
        out_row[R_HULL + p] = sc[S_HULL + p]
        out_row[R_BOUGHT + p] = sc[S_BOUGHT + p]
        out_row[R_DAMAGE + p] = sc[S_DAMAGE_DEALT + p]
        out_row[R_MALF + p] = sc[S_MALF_DRAWN + p]


@hot   # not hot_inlined: the core's block loop calls it with *args, which numba cannot inline (LLVM does)
def keep_bought(bought, out_bought, g):
    """Game g's purchases per side and card type into column g of ``out_bought``."""
    for p in range(2):
        for t in range(out_bought.shape[1]):
            out_bought[p, t, g] = bought[p, t]


@hot_inlined
def fixed_shapes(cards, eff, strat, piles, cnt, sc, log, bought):
    """True when every array has the shape the layout gives it: the card tables and the
    strategy rows' per-type blocks padded to MAX_TYPES (``padded``, ``padded_strategies``), and
    an event log of one row (batch games keep no log).

    Tested once where games begin, it lets the compiler use these numbers as constants in all
    the code below: the row length of ``cards`` or ``piles`` is then part of an instruction, not
    one more value to keep in a register (or, with too many, on the stack) through the whole
    game; a table's row count (numba adds it to a negative index) likewise, and every
    ``log_event`` folds away. Measured side by side over three processes each: +5% games/s
    for the row lengths, +5 to 8% for the row counts and the log, +8% for the strategy rows."""
    return (cards.shape[0] == MAX_TYPES and cards.shape[1] == N_COLS
            and eff.shape[0] == MAX_EFF_ROWS and eff.shape[1] == 4
            and strat.shape[0] == 2 and strat.shape[1] == N_PARAMS + N_BLOCKS * MAX_TYPES
            and piles.shape[0] == N_PILES and piles.shape[1] == CAP and cnt.shape[0] == N_PILES
            and sc.shape[0] == N_SC and sc.strides[0] == 8 and sc.itemsize == 8
            and log.shape[0] == 1 and log.shape[1] == LOG_COLS
            and bought.shape[0] == 2 and bought.shape[1] == MAX_TYPES)
