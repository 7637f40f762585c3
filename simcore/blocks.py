"""The block thread pool every game's batch uses: split games into blocks and play them on Python threads.

A game's entry function releases the GIL, so plain threads run blocks in parallel; each block writes only
its own output rows, and game g's seed depends only on (base seed, g), so results never depend on the
thread count or the block size. Inside a block, the games are played by the block loop every game's entry
runs (``simcore.block_loop``).
"""
from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any
from concurrent.futures import Future

import numba
import numpy as np

from .interrupts import name_engine_thread, stoppable, stopping, strand

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


class EngineThreads:
    """A thread pool for engine calls (``concurrent.futures.ThreadPoolExecutor``'s ``submit`` and
    ``shutdown``) on daemon threads: a signal stops the main thread's wait at once, and
    ``shutdown(wait=False)`` leaves a block that is being played to finish on its own, or to end
    with the process (``simcore.interrupts``), instead of holding up the exit for as long as a
    search game lasts (an executor's threads are joined when Python exits)."""

    def __init__(self, threads: int, name: str = "engine"):
        self._size, self._name = max(1, threads), name
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def submit(self, fn: Callable, *args) -> Future:
        future: Future = Future()
        self._queue.put((future, fn, args))
        with self._lock:
            if len(self._threads) < self._size:
                t = threading.Thread(target=self._work, name=f"{self._name}_{len(self._threads)}", daemon=True)
                # known before it starts: a signal raised in start() (which waits for the thread) must not leave
                # a thread that shutdown() never tells to stop, waiting for work for ever
                self._threads.append(t)
                t.start()
        return future

    def _work(self) -> None:
        name_engine_thread()
        while True:
            item = self._queue.get()
            if item is None:
                return
            future, fn, args = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as exc:
                future.set_exception(exc)
            del item, future, fn, args

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        """Stop taking work; ``cancel_futures``: drop the blocks not yet begun; ``wait``: wait for the
        blocks begun, else leave them running (noted by ``simcore.interrupts.strand``)."""
        if cancel_futures:
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is not None:
                    item[0].cancel()
        for _ in self._threads:
            self._queue.put(None)
        if wait:
            for t in self._threads:
                if t.ident is not None:   # started
                    t.join()
        else:
            strand(self._threads)

    def __enter__(self) -> "EngineThreads":
        return self

    def __exit__(self, kind, *exc) -> None:
        self.shutdown(wait=not stopping(kind), cancel_futures=kind is not None)


def run_blocks(play_range: Callable[[int, int], Any], n: int, threads: int | None = None,
               min_block: int = MIN_BLOCK) -> list:
    """Call ``play_range(lo, hi)`` over blocks covering games 0 .. n - 1 on ``threads`` threads
    (default: numba's thread count, the machine's cores unless NUMBA_NUM_THREADS says); returns what
    each block returned, in block order (a search player's counters). Games that take seconds each
    (a search player's) pass a ``min_block`` of 1: a few of them fill every thread."""
    threads = max(1, threads or numba.config.NUMBA_NUM_THREADS)
    if threads == 1 or n <= min_block:
        return [stoppable(play_range, 0, n)]   # on a thread a signal can leave (simcore.interrupts)
    with EngineThreads(threads) as pool:
        tasks = [pool.submit(play_range, lo, hi) for lo, hi in block_bounds(n, threads, min_block)]
        try:
            return [t.result() for t in tasks]
        except BaseException:
            # Ctrl-C or an error: drop the blocks not yet begun rather than play them all
            for t in tasks:
                t.cancel()
            raise


class Pending:
    """The blocks of one engine call submitted to a ``BlockPool``; ``wait()`` returns when all are played."""

    def __init__(self, tasks: list):
        self._tasks = tasks

    def wait(self) -> None:
        try:
            for t in self._tasks:
                t.result()
        except BaseException:
            self.cancel()
            raise

    def then(self, result: Callable[[], Any]) -> Callable[[], Any]:
        """A function that waits for the blocks, then returns ``result()`` (a game's records of them)."""
        def done():
            self.wait()
            return result()
        return done

    def cancel(self) -> None:
        for t in self._tasks:
            t.cancel()


class BlockPool:
    """Engine threads kept over several engine calls.

    ``run_blocks`` starts threads for one call and waits for its last block, so between two calls
    the threads idle while one finishes the last block, while Python prepares the next call (the
    strategy rows, the set-up, the state arrays) and while the caller reduces the results.  Calls
    submitted here queue their blocks behind the blocks already submitted: a caller that submits
    the next call before reducing the current one keeps every thread playing to the end of the
    run.  Results are the same: each block still writes only its own rows."""

    def __init__(self, threads: int | None = None):
        self.threads = max(1, threads or numba.config.NUMBA_NUM_THREADS)
        self._pool = EngineThreads(self.threads)

    def submit(self, play_range: Callable[[int, int], None], n: int, last: bool = True,
               min_block: int = MIN_BLOCK) -> Pending:
        """Queue ``play_range(lo, hi)`` over blocks covering games 0 .. n - 1; does not wait.

        ``last``: nothing will be queued behind these games, so their blocks shrink toward the end
        (``block_bounds``); otherwise the next call's blocks fill the threads at the end and equal
        blocks of up to ``MAX_BLOCK`` games are enough.  Between two blocks a thread takes the GIL
        (to return, to start the next block), and waits for it while the caller runs Python: a
        20,000-game call is 5 blocks instead of 18.  ``min_block``: see ``run_blocks``; games that
        take seconds each always get shrinking blocks, which a GIL wait between them cannot hurt."""
        if self.threads == 1 or n <= min_block:
            bounds = [(0, n)]
        elif last or min_block < MIN_BLOCK:
            bounds = block_bounds(n, self.threads, min_block)
        else:
            k = -(-n // MAX_BLOCK)
            edges = [n * i // k for i in range(k + 1)]
            bounds = list(zip(edges[:-1], edges[1:]))
        return Pending([self._pool.submit(play_range, lo, hi) for lo, hi in bounds])

    def close(self, cancel: bool = False, wait: bool = True) -> None:
        """Wait for the blocks begun (not with ``wait`` False: a signal); with ``cancel`` drop those not
        yet begun (an error, Ctrl-C)."""
        self._pool.shutdown(wait=wait, cancel_futures=cancel)

    def __enter__(self) -> BlockPool:
        return self

    def __exit__(self, kind, *exc) -> None:
        self.close(cancel=kind is not None, wait=not stopping(kind))


def padded(table: np.ndarray, rows: int) -> np.ndarray:
    """``table`` with zero rows appended up to ``rows`` (the games never reach them)."""
    if table.shape[0] == rows:
        return table
    out = np.zeros((rows, table.shape[1]), table.dtype)
    out[:table.shape[0]] = table
    return out
