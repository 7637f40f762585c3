"""The block thread pool every game's batch uses: split games into blocks and play them on Python threads.

A game's entry function releases the GIL, so plain threads run blocks in parallel; each block writes only
its own output rows, and game g's seed depends only on (base seed, g), so results never depend on the
thread count or the block size. (The Last Command's ``simcore.games.last_command.batch`` still has the same loop
inline; it can call this one.)
"""
from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

# games per task handed to a thread: small enough to balance the threads' loads, large enough
# that a task's start-up (argument checks, the state arrays) is negligible
MIN_BLOCK = 64
MAX_BLOCK = 4096


def run_blocks(play_range: Callable[[int, int], None], n: int, threads: int | None = None) -> None:
    """Call ``play_range(lo, hi)`` over blocks covering games 0 .. n - 1 on ``threads`` threads
    (default: numba's thread count, the machine's cores unless NUMBA_NUM_THREADS says)."""
    threads = max(1, threads or numba.config.NUMBA_NUM_THREADS)
    if threads == 1 or n <= MIN_BLOCK:
        play_range(0, n)
        return
    block = min(MAX_BLOCK, max(MIN_BLOCK, n // (threads * 8)))
    with ThreadPoolExecutor(threads) as pool:
        tasks = [pool.submit(play_range, lo, min(n, lo + block)) for lo in range(0, n, block)]
        try:
            for t in tasks:
                t.result()
        except BaseException:
            # Ctrl-C or an error: drop the blocks not yet begun rather than play them all
            for t in tasks:
                t.cancel()
            raise


def padded(table: np.ndarray, rows: int) -> np.ndarray:
    """``table`` with zero rows appended up to ``rows`` (the games never reach them)."""
    if table.shape[0] == rows:
        return table
    out = np.zeros((rows, table.shape[1]), table.dtype)
    out[:table.shape[0]] = table
    return out
