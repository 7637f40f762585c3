"""A hung Dask worker does not stall a run for ever (issue #31, item 3): a worker whose heartbeat stops
(SIGSTOP) is removed after ``WORKER_TIMEOUT`` seconds and its chunks are played on the others, each
result still taken once and in task order; a chunk without a result after ``CHUNK_TIMEOUT`` seconds, or
a run left with no worker, stops with one line (``ClusterError``, exit 2)."""
from __future__ import annotations

import os
import signal
import time

import pytest

pytest.importorskip("distributed", reason="the cluster extra is not installed")

import simcore.cluster as cl  # noqa: E402


class FakeFuture:
    """A chunk whose result never comes."""

    def result(self, timeout=None):
        time.sleep(min(timeout or 0.01, 0.01))
        raise TimeoutError

    def done(self):
        return False

    def release(self):
        pass


class FakeClient:
    def __init__(self, beating=True):
        self.beats, self.beating, self.ran = 0.0, beating, []

    def scheduler_info(self):
        if self.beating:
            self.beats += 1
        return {"workers": {"tcp://w1:1": {"last_seen": self.beats}}}

    def submit(self, *a, **k):
        return FakeFuture()

    def map(self, fn, tasks, *a, **k):
        return [FakeFuture() for _ in tasks]

    def cancel(self, futures):
        pass

    def run_on_scheduler(self, fn, *args):
        self.ran.append(args)

    # the requests the runner makes within its time limit (``simcore.cluster.ask``)
    def sync(self, request, *args, callback_timeout=None, **kwargs):
        return request(*args, **kwargs)

    def _update_scheduler_info(self, n_workers=0):
        self._scheduler_identity = self.scheduler_info()

    def _run_on_scheduler(self, fn, *args):
        self.run_on_scheduler(fn, *args)

    def _cancel(self, futures):
        pass

    def close(self, timeout=None):
        pass


def fake_runner(client, monkeypatch, **env):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr(cl, "WATCH_SECONDS", 0.01)
    runner = cl.DaskRunner(client, checked={"tcp://w1:1"})
    return runner


def test_a_chunk_that_never_finishes_stops_the_run_in_one_line_after_the_chunk_timeout(monkeypatch):
    runner = fake_runner(FakeClient(), monkeypatch, COMMANDSIM_CHUNK_TIMEOUT="0.3")
    with pytest.raises(cl.ClusterError, match=r"^chunk 1 of 3 had no result after 0.3 s \(COMMANDSIM_CHUNK_TIMEOUT\): "
                                              r"the cluster's workers make no progress$"):
        list(runner.map(lambda t, s, n: t, [1, 2, 3]))


def test_a_run_whose_only_worker_falls_silent_stops_in_one_line(monkeypatch):
    client = FakeClient(beating=False)
    runner = fake_runner(client, monkeypatch, COMMANDSIM_WORKER_TIMEOUT="0.2")
    with pytest.raises(cl.ClusterError, match=r"^every Dask worker stopped answering \(tcp://w1:1: no heartbeat for "
                                              r"0.2 s\): the run stops$"):
        list(runner.map(lambda t, s, n: t, [1, 2]))
    assert client.ran == [("tcp://w1:1",)]     # removed from the scheduler first


@pytest.mark.parametrize("text", ["0", "-1", "soon", "inf", "nan"])
def test_a_timeout_that_is_not_a_positive_number_is_one_line(monkeypatch, text):
    monkeypatch.setenv(cl.WORKER_TIMEOUT_ENV, text)
    with pytest.raises(cl.ClusterError, match="^COMMANDSIM_WORKER_TIMEOUT must be a number of seconds > 0, got "):
        cl.DaskRunner(FakeClient())


def _slow_chunk(task, shared, threads):
    time.sleep(1.0)
    return task * 10


def test_a_stopped_worker_is_removed_and_its_chunks_are_played_on_the_other(monkeypatch):
    monkeypatch.setenv(cl.WORKER_TIMEOUT_ENV, "10")   # a loaded machine delays heartbeats by seconds
    runner = cl.connect("local:2")
    notices = []
    runner.on_notice = notices.append
    pids = runner.client.run(os.getpid)
    stopped = None
    try:
        results = runner.map(_slow_chunk, list(range(8)))
        assert next(results) == 0            # both workers are playing chunks now
        stopped = sorted(pids)[0]
        os.kill(pids[stopped], signal.SIGSTOP)
        assert list(results) == [10 * t for t in range(1, 8)]   # every chunk once, in task order
        assert runner.removed == [stopped]
        assert notices == [f"Dask worker {stopped} sent no heartbeat for 10 s (COMMANDSIM_WORKER_TIMEOUT): removed, "
                           f"its chunks are played again on the other workers."]
    finally:
        if stopped is not None:
            os.kill(pids[stopped], signal.SIGKILL)
        runner.close()
