"""The thread pool over blocks of games (simcore/engine/batch.play_batch)."""
import threading
import time

import numpy as np
import pytest

from simcore.engine import batch


def test_a_failing_block_stops_the_batch_and_reaches_the_caller(monkeypatch):
    played = []
    lock = threading.Lock()

    def fake_range(*args):
        lo = args[8]
        with lock:
            played.append(lo)
        if lo == 0:
            raise RuntimeError("block 0 failed")
        time.sleep(0.05)   # a block takes a while: the error arrives before most have begun

    monkeypatch.setattr(batch, "play_range", fake_range)
    n = 16 * 800   # 16 blocks of 800 on two threads
    out = np.zeros((n, batch.N_RESULT_COLS), np.int64)
    with pytest.raises(RuntimeError, match="block 0 failed"):
        batch.play_batch(None, None, None, None, None, None, 1, 0, out, np.zeros((0, 2, 1), np.int32), threads=2)
    # the blocks not yet begun when the error arrived were dropped, not played
    assert 1 <= len(played) < 16


def test_blocks_cover_every_game_once(monkeypatch):
    rows = []
    monkeypatch.setattr(batch, "play_range", lambda *args: rows.extend(range(args[8], args[9])))
    out = np.zeros((1000, batch.N_RESULT_COLS), np.int64)
    batch.play_batch(None, None, None, None, None, None, 1, 0, out, np.zeros((0, 2, 1), np.int32), threads=3)
    assert sorted(rows) == list(range(1000))
