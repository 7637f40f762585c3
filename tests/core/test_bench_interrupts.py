"""`commandsim bench` stops when asked (issue #13, item 9): Ctrl-C is seen between engine calls of
at most ``CHUNK`` games, and a stopped bench leaves no child process and no temporary folder."""
from __future__ import annotations

import os
import signal
import time

import numpy as np
import pytest

from types import SimpleNamespace

import simcore.bench as bench
from simcore.game import Order
from tests.cli_process import alive, children, start, wait_for


def test_timed_runs_are_played_in_chunks_the_main_thread_can_interrupt():
    calls = []

    class FakeRecords:
        search = None

        def __init__(self, n):
            self.turns = np.full(n, 30, np.int64)

        @property
        def games(self):   # a frame per call would be timed as if it were the engine's
            raise AssertionError("the bench reads the turns array, not the per-game frame")

    class FakeGame:
        info = SimpleNamespace(name="fake")

        def resolve_strategy(self, name):
            return name

        def play(self, matchup, strategies, seed, first_game, n, tables, threads, keep_bought=True):
            calls.append((first_game, n))
            return FakeRecords(n)

    games = 2 * bench.CHUNK + 123
    order = Order(None, ("balanced", "balanced"), ("a", "b"), ("v", "v"))
    result = bench.measure(FakeGame(), order, "balanced", object(), games, repeats=1)
    timed = calls[1:]     # the first call is the start-up probe
    assert max(n for _, n in timed) <= bench.CHUNK
    assert sum(n for _, n in timed) == 2 * games          # one thread, then all threads
    assert [first for first, _ in timed[:3]] == [0, bench.CHUNK, 2 * bench.CHUNK]   # the same games as one call
    assert result.mean_turns == 30


def bench_with_child(tmp_path):
    """A bench measuring a long sweep's memory, once its child process runs."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = start(["bench", "--games", "100", "--repeats", "1", "--memory-games", "20000000"], cwd=tmp_path,
                 TMPDIR=str(tmp))
    wait_for(lambda: any(tmp.iterdir()) and children(proc.pid), proc)
    return proc, tmp, children(proc.pid)


def wait_gone(pids, timeout=20.0):
    """The pids still running after ``timeout``; they are killed then, so that a failing test does
    not leave a 20-million-game sweep behind."""
    deadline = time.monotonic() + timeout
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [p for p in pids if alive(p)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_stopped_bench_leaves_no_child_and_no_temporary_folder(tmp_path, signum):
    proc, tmp, kids = bench_with_child(tmp_path)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    assert wait_gone(kids) == []
    assert proc.returncode == 128 + signum, err
    assert "Traceback" not in err, err
    assert list(tmp.iterdir()) == []


def test_a_bench_killed_outright_takes_its_child_with_it(tmp_path):
    proc, tmp, kids = bench_with_child(tmp_path)
    proc.kill()
    proc.communicate(timeout=60)
    assert wait_gone(kids) == []
