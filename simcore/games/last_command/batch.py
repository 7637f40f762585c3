"""Many games on several threads: each thread plays whole games and writes only its own output rows."""
from __future__ import annotations

import numpy as np
from numba import types

from .rules import play_game
from .jit import hot, hot_entry
from .layout import CAP, LOG_COLS, N_PILES, N_SC
from .game_row import fixed_shapes, keep_bought, write_result
from simcore.block_loop import play_games
from simcore.jit_split import compile_alongside
from simcore.blocks import MIN_BLOCK, BlockPool, Pending, padded, run_blocks
from .tables import MAX_EFF_ROWS, MAX_TYPES
from .players.params import N_PARAMS


@hot   # not hot_inlined: the core's block loop calls it with *args, which numba cannot inline (LLVM does)
def play_one(cards, eff, setup, setup_n, cfg, strat, piles, cnt, sc, log, bought, seed, out_row):
    play_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seed)
    write_result(sc, seed, out_row)


@hot_entry
def play_block(cards, eff, setup, setup_n, cfg, strat, base_seed, first_game, lo, hi, out, out_bought, piles, cnt, sc,
               log, bought):
    """Play rows lo .. hi - 1 of ``out``: row g is game first_game + g of the run with ``base_seed``.
    One set of state arrays serves every game (setup clears them). Releases the GIL."""
    if not fixed_shapes(cards, eff, strat, piles, cnt, sc, log, bought):
        raise ValueError("play_block: a state array does not have the layout's shape")
    play_games(play_one, (cards, eff, setup, setup_n, cfg, strat, piles, cnt, sc, log, bought), keep_bought,
               (bought, out_bought), out_bought.shape[2] == out.shape[0], base_seed, first_game, lo, hi, out)


# a cold start compiles parts of the engine in a second process (simcore.jit_split), in the order this process would
# reach them last: the effect interpreter (7 of the 28 s; the entry reaches it after 9 s), then the phases the turn
# ends with. Their arguments are play_block's cards, eff, piles, cnt, sc, strat, log (and bought) and plain ints.
def _engine_arrays(a, *rest):
    return (a[0], a[1], a[12], a[13], a[14], a[5], a[15], *rest)


_I = types.int64
compile_alongside(play_block, "simcore.games.last_command.effects:run_segment", lambda a: _engine_arrays(a, *(_I,) * 5))
compile_alongside(play_block, "simcore.games.last_command.bonus:bonus_phase", lambda a: _engine_arrays(a, _I))
compile_alongside(play_block, "simcore.games.last_command.market:market_phase_from",
                  lambda a: _engine_arrays(a, a[16], _I, _I, _I))
compile_alongside(play_block, "simcore.games.last_command.cardplay:card_phase_from", lambda a: _engine_arrays(a, _I, _I))


def padded_strategies(strat: np.ndarray, n_types: int) -> np.ndarray:
    """Strategy rows with each block of one float per card type (``players.situation``)
    widened from ``n_types`` to MAX_TYPES, as the card tables are."""
    n_blocks = (strat.shape[1] - N_PARAMS) // n_types
    if strat.shape[1] != N_PARAMS + n_blocks * n_types:
        raise ValueError(f"strategy rows of {strat.shape[1]} columns do not hold blocks of {n_types} card types")
    out = np.zeros((strat.shape[0], N_PARAMS + n_blocks * MAX_TYPES), strat.dtype)
    out[:, :N_PARAMS] = strat[:, :N_PARAMS]
    for b in range(n_blocks):
        out[:, N_PARAMS + b * MAX_TYPES:N_PARAMS + b * MAX_TYPES + n_types] = \
            strat[:, N_PARAMS + b * n_types:N_PARAMS + (b + 1) * n_types]
    return out


def play_range(cards, eff, setup, setup_n, cfg, strat, base_seed, first_game, lo, hi, out, out_bought) -> None:
    """``play_block`` with state arrays of its own (allocated here, in Python: a jitted function
    that allocates is compiled with reference counting, and compiling one more level over the
    whole engine cost seconds of start-up)."""
    play_block(cards, eff, setup, setup_n, cfg, strat, base_seed, first_game, np.int64(lo), np.int64(hi), out,
               out_bought, np.zeros((N_PILES, CAP), np.int32), np.zeros(N_PILES, np.int32), np.zeros(N_SC, np.int64),
               np.zeros((1, LOG_COLS), np.int32), np.zeros((2, cards.shape[0]), np.int32))


def play_range_search(cards, eff, setup, setup_n, cfg, strat, base_seed, first_game, lo, hi, out, out_bought,
                      budgets) -> np.ndarray:
    """``play_range`` for a batch with a search player, flat or tree (``search.play_block_search``: the flat
    search's scratch arrays and a tree sized by the largest tree budget); returns int64[3]: searched
    decisions, rollouts (a tree's iterations), the player-turns they played."""
    from .search import IW_DECISIONS, IW_ROLLOUT_TURNS, IW_ROLLOUTS, play_block_search, workspace
    from .tree_search import tree_workspace
    ws = workspace(strat, cards.shape[0])
    play_block_search(cards, eff, setup, setup_n, cfg, strat, budgets, base_seed, first_game, np.int64(lo),
                      np.int64(hi), out, out_bought, np.zeros((N_PILES, CAP), np.int32), np.zeros(N_PILES, np.int32),
                      np.zeros(N_SC, np.int64), np.zeros((1, LOG_COLS), np.int32),
                      np.zeros((2, cards.shape[0]), np.int32), ws, tree_workspace(budgets))
    return ws[-1][[IW_DECISIONS, IW_ROLLOUTS, IW_ROLLOUT_TURNS]]


def seat_budgets(budgets) -> np.ndarray:
    """int64[4] as ``players.library.engine_budgets`` gives it, from that or from int64[2] (each
    seat's rollouts, no tree search seat): what the search game loop reads."""
    out = np.zeros(4, np.int64)
    budgets = np.asarray(budgets, np.int64)
    out[:budgets.shape[0]] = budgets
    return out


def _batch_args(cards, eff, setup, setup_n, cfg, strat, base_seed: int, first_game: int) -> tuple:
    strat = padded_strategies(strat, cards.shape[0])
    cards, eff = padded(cards, MAX_TYPES), padded(eff, MAX_EFF_ROWS)
    return (cards, eff, setup, setup_n, cfg, strat, np.int64(base_seed), np.int64(first_game))


def start_batch(cards, eff, setup, setup_n, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
                out_bought: np.ndarray, pool: BlockPool, last: bool = True,
                budgets: np.ndarray | None = None) -> Pending:
    """``play_batch`` on the threads of ``pool``, behind the blocks already queued there: returns
    at once; the rows are written when the ``Pending``'s ``wait()`` returns.  ``last``: see
    ``BlockPool.submit``; ``budgets``: see ``play_batch``."""
    args = _batch_args(cards, eff, setup, setup_n, cfg, strat, base_seed, first_game)
    run = _runner(budgets)
    return pool.submit(lambda lo, hi: run(*args, lo, hi, out, out_bought), out.shape[0], last, _min_block(budgets))


def _min_block(budgets) -> int:
    """A search player's games take a tenth of a second or more: a few of them fill a thread."""
    return MIN_BLOCK if budgets is None or not np.any(budgets) else 1


def _runner(budgets):
    """``play_range``, or ``play_range_search`` when a seat has a search budget (flat or tree)."""
    if budgets is None or not np.any(budgets):
        return play_range
    budgets = seat_budgets(budgets)
    return lambda *a: play_range_search(*a, budgets)


def play_batch(cards, eff, setup, setup_n, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
               out_bought: np.ndarray, threads: int | None = None, budgets: np.ndarray | None = None,
               search_stats: np.ndarray | None = None) -> None:
    """Play games first_game .. first_game + len(out) - 1 of a run with ``base_seed`` on ``threads``
    threads (default: numba's thread count, the machine's cores unless NUMBA_NUM_THREADS says).

    Game g's seed depends only on (base_seed, g), so results do not depend on threads or blocks.
    out: int64[n, N_RESULT_COLS]; out_bought: int32[2, n_types, n] (may have n == 0 to skip): one
    row over the games per seat and card type, the columns of a per-game file as they are written.
    budgets: int64[2], rollouts per searched decision of each seat (None or zeros: no search
    player, and the batch runs ``play_block`` exactly as without them), or int64[4] with each seat's
    tree flag after them (``players.library.engine_budgets``); ``search_stats``
    (int64[3]), if given, gains the searched decisions, rollouts and the player-turns those played.
    play_block releases the GIL, so plain Python threads run it in parallel."""
    args = _batch_args(cards, eff, setup, setup_n, cfg, strat, base_seed, first_game)
    run = _runner(budgets)
    stats = run_blocks(lambda lo, hi: run(*args, lo, hi, out, out_bought), out.shape[0], threads, _min_block(budgets))
    if budgets is not None and np.any(budgets) and search_stats is not None:
        search_stats += sum(stats)
