"""Where the chunks of a run are played: this process's engine threads, or a Dask cluster.

A sweep, a comparison or a tuning run is cut into chunks (a cell and a range of seeds); a chunk
function ``fn(task, shared, threads)`` plays one and returns its small aggregate (counts and
sums).  Both runners execute the very same chunk function and hand the results back in task
order, whatever order the chunks finish in, so the caller folds them in seed order and the
output is byte for byte the same on one machine or many.

* ``LocalRunner`` plays the chunks one after another, each on ``threads`` engine threads (a
  chunk function offering ``fn.start`` has the next chunk's games queued while one is reduced).
* ``DaskRunner`` submits them all to a Dask ``distributed`` scheduler.  Dask reschedules the
  chunks of a worker that dies; each chunk's result is taken once, so no game is lost or counted
  twice.  ``shared`` (the card tables) travels once, as a task of its own that Dask can compute
  again if the worker holding it dies.

``connect(address, threads)`` gives the runner for a ``--scheduler`` value: none (or an empty
``COMMANDSIM_SCHEDULER``) is the local runner, ``local:N`` starts a ``LocalCluster`` of N worker
processes here, anything else is a scheduler address (``tcp://host:8786``).  On connecting, every
worker must import commandsim with the same engine sources (``jit_cache.engine_hash``) as this
process, or the run stops before any game with one line naming the workers; workers that join
later are checked before the next batch of chunks is sent.

A worker that stops answering (hung, stopped with SIGSTOP, its machine frozen) would stall a run for
ever: Dask reschedules the chunks of a worker that dies, not of one that hangs. While a run waits
for a chunk, a worker whose heartbeat has not changed for ``WORKER_TIMEOUT`` seconds is removed from
the scheduler, which plays its chunks again on the other workers (each chunk's result is still
taken once); a chunk that still has no result after ``CHUNK_TIMEOUT`` seconds of waiting for it, or
a run left with no worker, stops with one line (``ClusterError``: exit 2). Both are read from the
environment (``COMMANDSIM_WORKER_TIMEOUT``, ``COMMANDSIM_CHUNK_TIMEOUT``, seconds).
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence

from .errors import CommandsimError
from .jit_cache import engine_hash

SCHEDULER_ENV = "COMMANDSIM_SCHEDULER"
CONNECT_TIMEOUT = 10.0   # seconds to reach the scheduler and to see a first worker
EXTRA_HINT = 'pip install "commandsim[cluster]"'
WORKER_TIMEOUT_ENV, CHUNK_TIMEOUT_ENV = "COMMANDSIM_WORKER_TIMEOUT", "COMMANDSIM_CHUNK_TIMEOUT"
WORKER_TIMEOUT = 60.0     # seconds without a heartbeat: the worker is removed, its chunks played elsewhere
CHUNK_TIMEOUT = 3600.0    # seconds waiting for one chunk's result: the run stops
WATCH_SECONDS = 1.0       # how often a waiting run looks at the workers' heartbeats


def _seconds(env: str, default: float) -> float:
    text = os.environ.get(env, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not (value > 0 and value < float("inf")):
        raise ClusterError(f"{env} must be a number of seconds > 0, got '{text}'")
    return value

ChunkFn = Callable[[object, object, "int | None"], object]


class ClusterError(CommandsimError):
    pass


class LocalRunner:
    """Chunks one after another in this process, each on ``threads`` engine threads."""

    def __init__(self, threads: int | None = None):
        self.threads = threads

    def map(self, fn: ChunkFn, tasks: Sequence, shared=None) -> Iterator:
        start = getattr(fn, "start", None)
        if start is None:
            for task in tasks:
                yield fn(task, shared, self.threads)
            return
        # A chunk function with ``fn.start(task, shared, pool, last)`` (queue the chunk's games on
        # the pool's engine threads, return a function that waits and reduces) is played one chunk
        # ahead: the next chunk's games are queued before this one is reduced and handed back, so
        # the engine threads play on while Python prepares, reduces and writes (on 2 threads
        # they idled about 3% of a sweep between chunks).  Results come back in task order.
        from .blocks import BlockPool   # numba: not imported for a runner that is only set up
        tasks = list(tasks)
        with BlockPool(self.threads) as pool:
            waiting = None
            for i, task in enumerate(tasks):
                queued = start(task, shared, pool, i == len(tasks) - 1)
                if waiting is not None:
                    yield waiting()
                waiting = queued
            if waiting is not None:
                yield waiting()

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _same(value):
    return value


async def _remove_worker(address: str, dask_scheduler=None):
    """Runs on the scheduler: forget worker ``address`` (its chunks go back to the queue)."""
    return await dask_scheduler.remove_worker(address=address, stimulus_id="commandsim-silent-worker")


class DaskRunner:
    """Chunks on the workers of a Dask cluster; results come back in task order.

    Each worker plays a chunk on its own cores (``threads`` is None: every core, or the worker's
    ``NUMBA_NUM_THREADS``): run ``dask worker --nthreads 1`` so that one chunk at a time uses them."""

    def __init__(self, client, cluster=None, checked: set[str] = frozenset()):
        self.client = client
        self.cluster = cluster
        self.checked = set(checked)   # workers whose engine matches this one
        self.worker_timeout = _seconds(WORKER_TIMEOUT_ENV, WORKER_TIMEOUT)
        self.chunk_timeout = _seconds(CHUNK_TIMEOUT_ENV, CHUNK_TIMEOUT)
        self._heard: dict[str, tuple[float, float]] = {}   # worker -> (its last_seen, when it last changed here)
        self.removed: list[str] = []   # workers removed for their silence
        self.on_notice: Callable[[str], None] | None = None   # told of each removal (the CLI prints it)

    def check_new_workers(self) -> None:
        """Workers that joined since the last check (a cluster scaled up, a worker restarted) must run
        this engine too, before they are given chunks."""
        new = sorted(set(self.client.scheduler_info()["workers"]) - self.checked)
        if new:
            check_engines(self.client.run(_worker_engine, workers=new, on_error="return"), engine_hash())
            self.checked.update(new)

    def map(self, fn: ChunkFn, tasks: Sequence, shared=None) -> Iterator:
        if not tasks:
            return
        self.check_new_workers()
        shared_f = self.client.submit(_same, shared, pure=False)
        futures = self.client.map(fn, tasks, [shared_f] * len(tasks), [None] * len(tasks), pure=False)
        try:
            for i, future in enumerate(futures):   # in task order: later chunks keep running meanwhile
                yield self._result(future, i, len(futures))
                future.release()
        finally:   # stopped early (an error, Ctrl-C, a time limit): drop what is still queued
            self.client.cancel([f for f in futures if not f.done()])
            shared_f.release()

    def _result(self, future, index: int, count: int):
        """``future``'s result; meanwhile silent workers are removed (``drop_silent_workers``), and a
        chunk still without a result after ``chunk_timeout`` seconds stops the run."""
        began = time.monotonic()
        while True:
            try:
                return future.result(timeout=WATCH_SECONDS)
            except TimeoutError:
                pass
            self.drop_silent_workers()
            if time.monotonic() - began > self.chunk_timeout:
                raise ClusterError(f"chunk {index + 1} of {count} had no result after {self.chunk_timeout:g} s "
                                   f"({CHUNK_TIMEOUT_ENV}): the cluster's workers make no progress")

    def drop_silent_workers(self) -> list[str]:
        """Remove from the scheduler the workers whose heartbeat has not changed for ``worker_timeout``
        seconds (of this machine's clock: the scheduler's may differ); the scheduler plays their
        chunks again on the other workers. Raises ``ClusterError`` when no worker is left."""
        now = time.monotonic()
        workers = self.client.scheduler_info()["workers"]
        silent = []
        for address, info in workers.items():
            seen = info.get("last_seen")
            before = self._heard.get(address)
            if before is None or before[0] != seen:
                self._heard[address] = (seen, now)
            elif now - before[1] > self.worker_timeout:
                silent.append(address)
        for address in silent:
            self.client.run_on_scheduler(_remove_worker, address)
            self._heard.pop(address, None)
            self.removed.append(address)
            if self.on_notice is not None:
                self.on_notice(f"Dask worker {address} sent no heartbeat for {self.worker_timeout:g} s "
                               f"({WORKER_TIMEOUT_ENV}): removed, its chunks are played again on the other workers.")
        if silent and len(workers) <= len(silent):
            raise ClusterError(f"every Dask worker stopped answering ({', '.join(silent)}: no heartbeat for "
                               f"{self.worker_timeout:g} s): the run stops")
        return silent

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def scheduler_address(option: str | None) -> str | None:
    """The scheduler to use: the option, else ``COMMANDSIM_SCHEDULER``, else None (local)."""
    address = option if option is not None else os.environ.get(SCHEDULER_ENV)
    return (address.strip() or None) if address is not None else None


def connect(address: str | None, threads: int | None = None) -> LocalRunner | DaskRunner:
    """The runner for ``address`` (see the module text); raises ``ClusterError`` with one line."""
    if address is None:
        return LocalRunner(threads)
    if threads is not None:
        raise ClusterError("--threads applies to the local runner; on a cluster every worker uses its own cores "
                           "(NUMBA_NUM_THREADS on the worker)")
    address = check_address(address)   # a usage error is said before Dask is imported (seconds)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(f"--scheduler needs Dask distributed, the cluster extra: {EXTRA_HINT}") from None
    cluster = None
    if address.startswith("local:"):
        n = _local_workers(address)
        # each worker gets its share of this machine's cores for its engine threads
        env = {"NUMBA_NUM_THREADS": str(max(1, (os.cpu_count() or 1) // n))}
        try:
            cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0",
                                   env=env, silence_logs=50)
        except (OSError, RuntimeError, TimeoutError) as exc:
            raise ClusterError(f"could not start a local Dask cluster of {n} worker processes: "
                               f"{_first_line(exc)}") from None
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {_first_line(exc)}") from None
    try:
        checked = check_workers(client)
    except BaseException:
        client.close()
        if cluster is not None:
            cluster.close()
        raise
    return DaskRunner(client, cluster, checked)


def check_address(address: str) -> str:
    """``--scheduler``'s value checked as text, before Dask is imported: an address, or local:N with N from 1 to
    ``limits.WORKERS_MAX``; ``ClusterError`` otherwise (an empty value too: it does not mean "run here")."""
    text = str(address).strip()
    if not text:
        raise ClusterError(f"expected a scheduler address (tcp://host:8786) or local:N, got {address!r}")
    if text.startswith("local:"):
        _local_workers(text)
    return text


def _local_workers(address: str) -> int:
    from .limits import WORKERS_MAX
    from .counts import CountError, parse_prefixed
    try:
        return parse_prefixed(address, "local:", 1, WORKERS_MAX,
                              f"--scheduler local:N takes a number of worker processes N from 1 to {WORKERS_MAX}, "
                              f"got '{address}'")[0]
    except CountError as exc:
        raise ClusterError(str(exc)) from None


def _worker_engine() -> str:
    """Runs on a worker: the hash of its engine sources (fails there if commandsim is missing)."""
    from simcore.jit_cache import engine_hash as worker_hash
    return worker_hash()


def check_workers(client) -> set[str]:
    """Every connected worker runs commandsim with this process's engine sources, or ``ClusterError``;
    returns the workers checked."""
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except (TimeoutError, OSError):
        raise ClusterError(f"no Dask worker connected to the scheduler within {CONNECT_TIMEOUT:g} s: start "
                           f"'dask worker <scheduler address>' on the machines that should play") from None
    engines = client.run(_worker_engine, on_error="return")
    check_engines(engines, engine_hash())
    return set(engines)


def check_engines(engines: dict, expected: str) -> None:
    """``engines``: worker address -> its engine hash, or the exception it raised computing it."""
    missing = sorted(w for w, h in engines.items() if isinstance(h, BaseException))
    if missing:
        why = _first_line(engines[missing[0]])
        raise ClusterError(f"{len(missing)} Dask worker(s) cannot run commandsim ({', '.join(missing)}: {why}): "
                           f"install the same commandsim on every worker")
    other = sorted(w for w, h in engines.items() if h != expected)
    if other:
        raise ClusterError(f"{len(other)} Dask worker(s) run another version of the engine ({', '.join(other)}: "
                           f"source hash {engines[other[0]]}, here {expected}): install the same commandsim on "
                           f"every worker")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
