"""Many games in parallel: each thread plays whole games and writes only its own output rows."""
import numpy as np
from numba import njit, prange

from .game import play_game
from .layout import (CAP, N_PILES, N_SC, S_BOUGHT, S_DAMAGE_DEALT, S_HULL, S_MALF_DRAWN, S_TURN, S_WINNER)
from .rng import game_seed

# columns of the per-game integer output
R_SEED = 0
R_WINNER = 1      # 0 first player, 1 second player, 2 draw at the turn cap
R_TURNS = 2
R_HULL = 3        # + p
R_BOUGHT = 5      # + p: number of purchases
R_DAMAGE = 7      # + p: Damage dealt
R_MALF = 9        # + p: Malfunctions drawn
N_RESULT_COLS = 11
CHUNK = 64


@njit(cache=True)
def play_one(cards, eff, setup, setup_n, cfg, strat, seed, piles, cnt, sc, log, bought, out_row):
    play_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seed)
    out_row[R_SEED] = seed
    out_row[R_WINNER] = sc[S_WINNER]
    out_row[R_TURNS] = sc[S_TURN]
    for p in range(2):
        out_row[R_HULL + p] = sc[S_HULL + p]
        out_row[R_BOUGHT + p] = sc[S_BOUGHT + p]
        out_row[R_DAMAGE + p] = sc[S_DAMAGE_DEALT + p]
        out_row[R_MALF + p] = sc[S_MALF_DRAWN + p]


@njit(parallel=True, cache=True)
def play_batch(cards, eff, setup, setup_n, cfg, strat, base_seed, first_game, out, out_bought):
    """Play games first_game .. first_game + len(out) - 1 of a run with ``base_seed``.

    Game g's seed depends only on (base_seed, g), so results do not depend on threads or chunks.
    out: int64[n, N_RESULT_COLS]; out_bought: int32[n, 2, n_types] (may have n == 0 to skip)."""
    n = out.shape[0]
    n_types = cards.shape[0]
    n_chunks = (n + CHUNK - 1) // CHUNK
    keep_bought = out_bought.shape[0] == n
    for c in prange(n_chunks):
        piles = np.zeros((N_PILES, CAP), np.int32)
        cnt = np.zeros(N_PILES, np.int32)
        sc = np.zeros(N_SC, np.int64)
        log = np.zeros((1, 16), np.int32)
        bought = np.zeros((2, n_types), np.int32)
        for g in range(c * CHUNK, min(n, (c + 1) * CHUNK)):
            seed = game_seed(base_seed, first_game + g)
            play_one(cards, eff, setup, setup_n, cfg, strat, seed, piles, cnt, sc, log, bought, out[g])
            if keep_bought:
                out_bought[g] = bought
