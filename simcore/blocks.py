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


def block_bounds(n: int, threads: int, min_block: int = MIN_BLOCK) -> list[tuple[int, int]]:
    """Blocks covering games 0 .. n - 1 for ``threads`` threads, shrinking toward the end (guided
    scheduling): each takes a share of what is left, so the last blocks are ``MIN_BLOCK`` games and
    no thread idles long while another finishes a large one.  Equal blocks of n / (8 threads)
    left one thread idle for half a block on average at the end of every engine call, about 1.5%
    of a sweep's time on 2 threads."""
    bounds, lo = [], 0
    while lo < n:
        size = min(MAX_BLOCK, max(min_block, (n - lo) // (threads * 4)))
        bounds.append((lo, min(n, lo + size)))
        lo += size
    return bounds


def run_blocks(play_range: Callable[[int, int], None], n: int, threads: int | None = None,
               min_block: int = MIN_BLOCK) -> None:
    """Call ``play_range(lo, hi)`` over blocks covering games 0 .. n - 1 on ``threads`` threads
    (default: numba's thread count, the machine's cores unless NUMBA_NUM_THREADS says). Games that
    take seconds each (a search player's) pass a ``min_block`` of 1: a few of them fill every thread."""
    threads = max(1, threads or numba.config.NUMBA_NUM_THREADS)
    if threads == 1 or n <= min_block:
        play_range(0, n)
        return
    with ThreadPoolExecutor(threads) as pool:
        tasks = [pool.submit(play_range, lo, hi) for lo, hi in block_bounds(n, threads, min_block)]
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
