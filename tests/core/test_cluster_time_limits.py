"""A cluster that stops answering ends a run in one line naming what did not answer, within the time
limits of ``simcore.cluster`` (issue 46, item 4): connecting (``COMMANDSIM_CONNECT_TIMEOUT``), each request
to the scheduler and each worker's engine check (``COMMANDSIM_SUBMIT_TIMEOUT``), waiting
(``COMMANDSIM_WORKER_TIMEOUT``, ``COMMANDSIM_CHUNK_TIMEOUT``: ``test_cluster_hung_worker.py``).

Before: a worker stopped with SIGSTOP in its first seconds held ``sweep --scheduler local:2`` for 120 to
300 s (``LocalCluster`` waited for every worker without a limit, and the engine check for every worker's
answer), and a frozen external scheduler held a sweep for 428 s before a message naming the wrong cause."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="the cluster extra is not installed")

import api  # noqa: E402
import simcore.cluster as cl  # noqa: E402
from simcore.errors import CommandsimError  # noqa: E402
from tests.cli_process import REPO, children, start, wait_for  # noqa: E402
from tests.core.test_signals import engine_threads  # noqa: E402

RUN_LIMIT = 240   # seconds a run may take here before the test calls it stalled (before: 120 to 600 s)


def _spawned_workers(pid: int) -> list[int]:
    """The Dask worker processes (multiprocessing spawn children) of process ``pid``."""
    out = []
    for child in children(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                out.append(child)
        except OSError:
            pass
    return out


def test_a_worker_stopped_at_start_up_does_not_hold_a_local_cluster_run(tmp_path):
    """SIGSTOP to the first worker process 0.5 s after it is spawned: the run goes on with the other worker and
    writes what a local run writes."""
    local = tmp_path / "local.csv"
    assert start(["sweep", "--games", "400", "--seed", "4", "--out", local, "-q"], tmp_path).wait(RUN_LIMIT) == 0
    proc = start(["sweep", "--games", "400", "--seed", "4", "--scheduler", "local:2", "--out", tmp_path / "dask.csv",
                  "-q"], tmp_path, COMMANDSIM_SUBMIT_TIMEOUT="10", COMMANDSIM_WORKER_TIMEOUT="10")
    stopped = None
    try:
        wait_for(lambda: _spawned_workers(proc.pid), proc, timeout=120)
        time.sleep(0.5)
        stopped = _spawned_workers(proc.pid)[0]
        os.kill(stopped, signal.SIGSTOP)
        try:
            out, err = proc.communicate(timeout=RUN_LIMIT)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"a worker stopped at start-up held the run for more than {RUN_LIMIT} s") from None
    finally:
        proc.kill()
        proc.wait()
        if stopped is not None:
            try:
                os.kill(stopped, signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert (tmp_path / "dask.csv").read_bytes() == local.read_bytes()
    deadline = time.monotonic() + 10   # the stopped worker did not outlive the run (killed, then collected)
    while Path(f"/proc/{stopped}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{stopped}").exists()


def test_a_worker_that_does_not_answer_the_engine_check_is_removed(monkeypatch):
    from distributed import Client, LocalCluster

    monkeypatch.setenv(cl.SUBMIT_TIMEOUT_ENV, "3")
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0", silence_logs=50)
    client = Client(cluster)
    pids = client.run(os.getpid)
    frozen = sorted(pids)[0]
    os.kill(pids[frozen], signal.SIGSTOP)
    notices = []
    try:
        engines = cl.engines_of(client, sorted(pids), notices.append)
        assert set(engines) == set(pids) - {frozen}
        assert notices == [f"Dask worker {frozen} did not answer within 3 s (COMMANDSIM_SUBMIT_TIMEOUT): removed, the "
                           f"run goes on without it."]
        assert frozen not in cl.workers_of(client)
    finally:
        os.kill(pids[frozen], signal.SIGKILL)
        client.close()
        cluster.close(timeout=30)


class _Scheduler:
    """A Dask scheduler in a process of its own, with one worker importing this checkout."""

    def __init__(self, tmp_path: Path, worker: bool = True):
        info = tmp_path / "scheduler.json"
        self.proc = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--port", "0",
                                      "--no-dashboard", "--scheduler-file", str(info)], cwd=tmp_path,
                                     # the scheduler unpickles the task graph: it imports this checkout, as
                                     # the worker does, not whatever copy is installed
                                     env={**os.environ, "PYTHONPATH": str(REPO)},
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while not (info.exists() and info.read_text().strip()):
            assert time.monotonic() < deadline and self.proc.poll() is None, "the scheduler did not start"
            time.sleep(0.1)
        self.address = json.loads(info.read_text())["address"]
        self.worker = None
        if worker:
            self.worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", self.address,
                                            "--nthreads", "1", "--no-dashboard", "--no-nanny"], cwd=tmp_path,
                                           env={**os.environ, "PYTHONPATH": str(REPO)}, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL)

    def close(self):
        for proc in (self.worker, self.proc):
            if proc is not None:
                proc.kill()
                proc.wait()


@pytest.fixture
def scheduler(tmp_path):
    s = _Scheduler(tmp_path)
    yield s
    s.close()


def test_a_scheduler_that_freezes_mid_run_stops_it_in_one_line_naming_it(tmp_path, scheduler):
    proc = start(["sweep", "--games", "2000000", "--scheduler", scheduler.address, "--out", tmp_path / "s.csv", "-q"],
                 tmp_path, COMMANDSIM_SUBMIT_TIMEOUT="5", COMMANDSIM_CONNECT_TIMEOUT="120")
    try:
        wait_for(lambda: engine_threads(scheduler.worker.pid) > 0, proc, timeout=300)   # chunks are playing
        os.kill(scheduler.proc.pid, signal.SIGSTOP)
        try:
            out, err = proc.communicate(timeout=RUN_LIMIT)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"a frozen scheduler held the run for more than {RUN_LIMIT} s") from None
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 2, err
    assert err.splitlines()[-1].startswith(f"Error: the Dask scheduler at {scheduler.address} did not answer within "
                                           f"5 s (COMMANDSIM_SUBMIT_TIMEOUT) when asked "), err
    assert not (tmp_path / "s.csv").exists()


def test_a_frozen_scheduler_is_named_when_connecting_from_the_cli_and_the_api(tmp_path, monkeypatch):
    s = _Scheduler(tmp_path, worker=False)
    try:
        os.kill(s.proc.pid, signal.SIGSTOP)
        proc = start(["sweep", "--games", "20", "--scheduler", s.address, "--out", tmp_path / "s.csv", "-q"],
                     tmp_path, COMMANDSIM_CONNECT_TIMEOUT="3")
        out, err = proc.communicate(timeout=RUN_LIMIT)
        assert proc.returncode == 2 and err.startswith(f"Error: cannot reach the Dask scheduler at {s.address} "
                                                       f"within 3 s (COMMANDSIM_CONNECT_TIMEOUT)"), err
        assert len(err.splitlines()) == 1
        monkeypatch.setenv(cl.CONNECT_TIMEOUT_ENV, "3")
        with pytest.raises(CommandsimError, match=f"^cannot reach the Dask scheduler at {s.address} within 3 s"):
            api.sweep(games=20, scheduler=s.address)
    finally:
        s.close()


def test_a_scheduler_that_answers_but_has_no_worker_is_named(tmp_path, monkeypatch):
    s = _Scheduler(tmp_path, worker=False)
    try:
        monkeypatch.setenv(cl.CONNECT_TIMEOUT_ENV, "2")
        with pytest.raises(cl.ClusterError, match=r"^no Dask worker connected to the scheduler within 2 s "
                                                  r"\(COMMANDSIM_CONNECT_TIMEOUT\): start 'dask worker"):
            cl.connect(s.address)
    finally:
        s.close()


@pytest.mark.parametrize("env", [cl.CONNECT_TIMEOUT_ENV, cl.SUBMIT_TIMEOUT_ENV])
@pytest.mark.parametrize("text", ["0", "-1", "soon", "inf", "nan"])
def test_a_time_limit_that_is_not_a_positive_number_is_one_line(monkeypatch, env, text):
    monkeypatch.setenv(env, text)
    with pytest.raises(cl.ClusterError, match=f"^{env} must be a number of seconds > 0, got "):
        cl.connect("local:1")
