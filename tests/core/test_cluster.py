"""Sweeps, comparisons and tuning on a Dask cluster give what a local run gives, byte for byte, and
bad cluster input ends with one line and exit 2 (``simcore.cluster``, ``--scheduler``).

The cluster is a ``LocalCluster`` of 2 worker processes; they inherit COMMANDSIM_CACHE_DIR, so
they load the engine this process compiled instead of compiling it again."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from click.testing import CliRunner

pytest.importorskip("distributed", reason="the cluster extra is not installed")

import cli  # noqa: E402
import simcore.cluster as cl  # noqa: E402
from reports import compare as cmp  # noqa: E402
from reports import sweep as sw  # noqa: E402
from reports.files import write_table  # noqa: E402
from simcore.game import SweepSpec  # noqa: E402
from simcore.games import registry  # noqa: E402
from strategies.tuning.tuner import TuneOptions, tune  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LC = registry.get("last-command")
TABLES = LC.load_tables()
CELLS = LC.sweep_cells(SweepSpec(), TABLES)


@pytest.fixture(scope="module")
def cluster():
    sw.play_sweep(LC, CELLS[:1], games=2, seed=1)   # compiled (or loaded) here first: workers then load it
    runner = cl.connect("local:2")
    yield runner
    runner.close()


def _csv_bytes(frame: pd.DataFrame, path: Path) -> bytes:
    write_table(frame, path)
    return path.read_bytes()


# ---- identical results

def test_the_runner_returns_chunks_in_task_order_whatever_order_they_finish_in(cluster):
    delays = [0.6, 0.3, 0.0, 0.1]      # the first chunk finishes last
    done = list(cluster.map(lambda d, shared, threads: (time.sleep(d), (d, shared))[1], delays, "tables"))
    assert done == [(d, "tables") for d in delays]


def test_sweep_on_a_local_cluster_is_byte_identical_to_the_local_run(cluster, tmp_path):
    frames = []
    local = sw.play_sweep(LC, CELLS, games=60, seed=4, per_game=frames.append)
    remote_frames = []
    remote = sw.play_sweep(LC, CELLS, games=60, seed=4, chunk_size=7, per_game=remote_frames.append, runner=cluster)
    assert _csv_bytes(local.aggregate, tmp_path / "a.csv") == _csv_bytes(remote.aggregate, tmp_path / "b.csv")
    assert _csv_bytes(local.cards, tmp_path / "ac.csv") == _csv_bytes(remote.cards, tmp_path / "bc.csv")
    assert (_csv_bytes(pa.Table.from_batches(frames).to_pandas(), tmp_path / "ag.csv")
            == _csv_bytes(pa.Table.from_batches(remote_frames).to_pandas(), tmp_path / "bg.csv"))
    assert local.aggregate["games"].sum() == 4 * 2 * 60   # every cell, both perspectives, seat both


def test_target_ci_and_progress_on_a_local_cluster_follow_the_local_run(cluster):
    calls = {"local": [], "remote": []}
    local = sw.play_sweep(LC, CELLS[:2], games=20, seed=5, target_ci=0.12, max_games=200, chunk_size=3,
                          progress=lambda done, total: calls["local"].append((done, total)))
    remote = sw.play_sweep(LC, CELLS[:2], games=20, seed=5, target_ci=0.12, max_games=200, chunk_size=3,
                           progress=lambda done, total: calls["remote"].append((done, total)), runner=cluster)
    pd.testing.assert_frame_equal(local.cells, remote.cells)
    pd.testing.assert_frame_equal(local.aggregate, remote.aggregate)
    # chunks are counted in seed order, and the total shrinks when a cell stops, as locally
    assert calls["remote"] == calls["local"]
    played = int(local.cells["games"].sum())      # every row within +-12 points: both cells stopped early
    assert calls["local"][0][1] == 400 and calls["local"][-1] == (played, played) and played < 400


def test_compare_on_a_local_cluster_is_byte_identical_to_the_local_run(cluster, tmp_path):
    q = cmp.question_of(LC, variant_a="asymmetrical", variant_b="standard")
    local = cmp.run_compare(LC, q, games=80, seed=3)
    remote = cmp.run_compare(LC, q, games=80, seed=3, chunk_size=6, runner=cluster)
    assert _csv_bytes(local.table, tmp_path / "a.csv") == _csv_bytes(remote.table, tmp_path / "b.csv")
    pd.testing.assert_frame_equal(local.pairs, remote.pairs)


def test_tune_on_a_local_cluster_finds_what_the_local_run_finds(cluster):
    opts = dict(start="engine", pool=("engine", "balanced"), generations=2, population=4, games=32,
                final_games=40, seed=7)
    local = tune(TuneOptions(**opts), TABLES)
    remote = tune(TuneOptions(**opts), TABLES, runner=cluster)
    assert np.array_equal(local.vector, remote.vector)
    assert [g.mean_score for g in local.generations] == [g.mean_score for g in remote.generations]
    assert {k: m.wins for k, m in local.final.items()} == {k: m.wins for k, m in remote.final.items()}


def test_a_worker_killed_mid_sweep_loses_no_games_and_counts_none_twice(cluster):
    before = cluster.client.run(os.getpid)
    victim = sorted(before)[0]
    killed = []

    def kill_once(done, total):
        if not killed:   # the first chunk is in: the others are queued or running on both workers
            os.kill(before[victim], signal.SIGKILL)
            killed.append(victim)

    local = sw.play_sweep(LC, CELLS, games=200, seed=9)
    remote = sw.play_sweep(LC, CELLS, games=200, seed=9, chunk_size=5, progress=kill_once, runner=cluster)
    assert killed
    pd.testing.assert_frame_equal(local.aggregate, remote.aggregate)
    pd.testing.assert_frame_equal(local.cards, remote.cards)
    cluster.client.wait_for_workers(2, timeout=60)   # the nanny restarted it
    assert before[victim] not in cluster.client.run(os.getpid).values()


def test_cli_sweep_with_scheduler_local_writes_the_same_bytes(tmp_path):
    args = ["sweep", "--games", "20", "--variants", "standard", "-q"]
    local = CliRunner().invoke(cli.main, [*args, "--out", str(tmp_path / "local.csv")])
    remote = CliRunner().invoke(cli.main, [*args, "--out", str(tmp_path / "remote.csv"), "--scheduler", "local:2"])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert (tmp_path / "local.csv").read_bytes() == (tmp_path / "remote.csv").read_bytes()
    assert (tmp_path / "local_cards.csv").read_bytes() == (tmp_path / "remote_cards.csv").read_bytes()


# ---- bad cluster input: one line, exit 2, nothing written

def _fails(args, tmp_path, env=None, out_name="out.csv"):
    out = tmp_path / out_name
    result = CliRunner().invoke(cli.main, [*args, "--out", str(out)], env=env)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not out.exists()
    return result.output


def test_unreachable_scheduler_is_one_line_exit_2(tmp_path, monkeypatch):
    monkeypatch.setattr(cl, "CONNECT_TIMEOUT", 1.0)
    out = _fails(["sweep", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"], tmp_path)
    assert out.startswith("Error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")


def test_commandsim_scheduler_from_the_environment_is_used(tmp_path, monkeypatch):
    monkeypatch.setattr(cl, "CONNECT_TIMEOUT", 1.0)
    out = _fails(["compare", "--games", "2"], tmp_path, env={"COMMANDSIM_SCHEDULER": "tcp://127.0.0.1:9"})
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in out


def test_cluster_extra_not_installed_is_one_line_exit_2(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)    # import distributed now fails
    out = _fails(["sweep", "--games", "2", "--scheduler", "local:2"], tmp_path)
    assert 'the cluster extra: pip install "commandsim[cluster]"' in out


@pytest.mark.parametrize("args,message", [
    (["--scheduler", "local:0"], "local:N takes a number of worker processes N from 1 to 256, got 'local:0'"),
    (["--scheduler", "local:2", "--threads", "2"], "--threads applies to the local runner"),
])
def test_bad_scheduler_options_are_one_line_exit_2(tmp_path, args, message):
    assert message in _fails(["sweep", "--games", "2", *args], tmp_path)


def _worker(address: str, tmp_path: Path, pythonpath: Path) -> subprocess.Popen:
    """A `dask worker` process importing from ``pythonpath`` first."""
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    return subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                             "--no-dashboard"], cwd=tmp_path, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def _scheduler_with_worker(tmp_path: Path, pythonpath: Path):
    """A scheduler here and one worker process importing from ``pythonpath`` first."""
    from distributed import LocalCluster

    scheduler = LocalCluster(n_workers=0, dashboard_address=":0", silence_logs=50)
    return scheduler, _worker(scheduler.scheduler_address, tmp_path, pythonpath)


def _other_engine(tmp_path: Path) -> Path:
    """A copy of this checkout with one engine file edited: another engine version."""
    tree = tmp_path / "other"
    for part in ("simcore", "strategies", "reports"):
        shutil.copytree(ROOT / part, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
    with open(tree / "simcore" / "rng.py", "a") as f:
        f.write("\n# edited\n")
    return tree


@pytest.mark.parametrize("case", ["another engine", "no commandsim"])
def test_workers_with_another_engine_or_without_commandsim_are_refused(tmp_path, case):
    if case == "another engine":
        tree = _other_engine(tmp_path)
        expected = "run another version of the engine"
    else:                          # a worker where `import simcore` fails
        tree = tmp_path / "empty"
        (tree / "simcore").mkdir(parents=True)
        (tree / "simcore" / "__init__.py").write_text("raise ImportError('no commandsim on this worker')\n")
        expected = "cannot run commandsim"
    scheduler, worker = _scheduler_with_worker(tmp_path, tree)
    try:
        out = _fails(["sweep", "--games", "2", "--scheduler", scheduler.scheduler_address], tmp_path)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        scheduler.close()
    assert expected in out and "install the same commandsim on every worker" in out


def test_a_scheduler_without_workers_is_one_line_exit_2(tmp_path, monkeypatch):
    from distributed import LocalCluster

    monkeypatch.setattr(cl, "CONNECT_TIMEOUT", 1.0)
    scheduler = LocalCluster(n_workers=0, dashboard_address=":0", silence_logs=50)
    try:
        out = _fails(["tune", "--generations", "1", "--scheduler", scheduler.scheduler_address], tmp_path,
                     out_name="tuned.toml")
    finally:
        scheduler.close()
    assert "no Dask worker connected to the scheduler within 1 s" in out


def test_a_worker_with_another_engine_joining_later_gets_no_chunk(tmp_path):
    from distributed import LocalCluster

    scheduler = LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=":0", silence_logs=50)
    worker = None
    try:
        runner = cl.connect(scheduler.scheduler_address)
        assert list(runner.map(lambda x, shared, threads: x + shared, [1, 2], 10)) == [11, 12]
        worker = _worker(scheduler.scheduler_address, tmp_path, _other_engine(tmp_path))
        runner.client.wait_for_workers(2, timeout=60)
        with pytest.raises(cl.ClusterError, match="1 Dask worker.s. run another version of the engine"):
            list(runner.map(lambda x, shared, threads: x + shared, [1, 2], 10))
        runner.client.close()
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=30)
        scheduler.close()
