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

A cluster that stops answering must not hold a run for ever, so every step has a time limit, in
seconds, read from the environment when a run connects (a number > 0):

* connecting (``COMMANDSIM_CONNECT_TIMEOUT``, 30): reaching the scheduler, and seeing its first worker
  (``local:N``: the first of its worker processes started). A local cluster's workers start in the
  background: a worker that never starts (stopped at start-up) is left out, and the run goes on with
  the others.
* submitting (``COMMANDSIM_SUBMIT_TIMEOUT``, 30): every request the run makes of the scheduler (its
  workers, their heartbeats, removing a worker, cancelling chunks, closing) and each worker's answer to
  the engine check. A scheduler that does not answer stops the run with one line naming it; a worker
  that does not answer the engine check is removed from the scheduler and the run goes on without it.
* waiting: while a run waits for a chunk, a worker whose heartbeat has not changed for
  ``COMMANDSIM_WORKER_TIMEOUT`` (60) seconds is removed from the scheduler, which plays its chunks again
  on the other workers (Dask reschedules the chunks of a worker that dies, not of one that hangs; each
  chunk's result is still taken once); a chunk still without a result after ``COMMANDSIM_CHUNK_TIMEOUT``
  (3600) seconds, or a run left with no worker, stops with one line.

Each refusal is a ``ClusterError`` (exit 2) naming what did not answer and the variable that sets the
limit.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence

from .errors import CommandsimError
from .jit_cache import engine_hash

SCHEDULER_ENV = "COMMANDSIM_SCHEDULER"
EXTRA_HINT = 'pip install "commandsim[cluster]"'
CONNECT_TIMEOUT_ENV, SUBMIT_TIMEOUT_ENV = "COMMANDSIM_CONNECT_TIMEOUT", "COMMANDSIM_SUBMIT_TIMEOUT"
WORKER_TIMEOUT_ENV, CHUNK_TIMEOUT_ENV = "COMMANDSIM_WORKER_TIMEOUT", "COMMANDSIM_CHUNK_TIMEOUT"
CONNECT_TIMEOUT = 30.0    # seconds to reach the scheduler and to see a first worker
SUBMIT_TIMEOUT = 30.0     # seconds for the scheduler (or a worker) to answer one request
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

def connect_timeout() -> float:
    return _seconds(CONNECT_TIMEOUT_ENV, CONNECT_TIMEOUT)


def submit_timeout() -> float:
    return _seconds(SUBMIT_TIMEOUT_ENV, SUBMIT_TIMEOUT)


ChunkFn = Callable[[object, object, "int | None"], object]


class ClusterError(CommandsimError):
    pass


def _scheduler_named(client) -> str:
    try:
        return f"the Dask scheduler at {client.scheduler.address}"
    except AttributeError:
        return "the Dask scheduler"


def ask(client, what: str, request, *args, within: float | None = None, **kwargs):
    """``await request(*args, **kwargs)`` (one of the client's requests to the scheduler) within the submit
    limit (or ``within`` seconds), or ``ClusterError`` naming the scheduler and ``what`` was asked. The
    client's own blocking calls (``scheduler_info``, ``run_on_scheduler``, ``cancel``) wait for ever on a
    scheduler that accepts the connection but never answers (a frozen process): each is made through this."""
    limit = submit_timeout() if within is None else within
    try:
        return client.sync(request, *args, callback_timeout=limit, **kwargs)
    except TimeoutError:
        raise ClusterError(f"{_scheduler_named(client)} did not answer within {limit:g} s ({SUBMIT_TIMEOUT_ENV}) "
                           f"when asked {what}: the run stops") from None


def workers_of(client) -> dict:
    """The scheduler's workers (address -> info, with ``last_seen``), within the submit limit."""
    ask(client, "for its workers", client._update_scheduler_info, n_workers=-1)
    return dict(client._scheduler_identity.get("workers", {}))


def remove_worker(client, address: str) -> None:
    """Tell the scheduler to forget worker ``address`` (its chunks go back to the queue)."""
    ask(client, f"to remove worker {address}", client._run_on_scheduler, _remove_worker, address)


class _NoAnswer:
    """A worker that did not answer the engine check within the limit."""


async def _engines_of(client, workers: list[str], limit: float) -> dict:
    """Each worker's engine hash (or the exception it raised), asked of all at once, each within ``limit``."""
    import asyncio

    async def one(worker):
        try:
            answer = await asyncio.wait_for(client._run(_worker_engine, workers=[worker], on_error="return"), limit)
        except asyncio.TimeoutError:
            return _NoAnswer()
        return answer.get(worker, _NoAnswer())
    return dict(zip(workers, await asyncio.gather(*(one(w) for w in workers))))


def engines_of(client, workers: list[str], notice: Callable[[str], None] | None = None) -> dict:
    """The engine hash of each of ``workers``; a worker that does not answer within the submit limit is removed
    from the scheduler (said to ``notice``) and left out. ``ClusterError`` when none answers."""
    limit = submit_timeout()
    ask(client, "for its workers", client._update_scheduler_info, n_workers=-1)   # a frozen scheduler: named
    # each worker has the limit, all at once: the scheduler, relaying, has twice that
    engines = ask(client, "to reach its workers", _engines_of, client, workers, limit, within=2 * limit)
    silent = sorted(w for w, h in engines.items() if isinstance(h, _NoAnswer))
    if silent and len(silent) == len(engines):
        raise ClusterError(f"no Dask worker answered within {limit:g} s ({SUBMIT_TIMEOUT_ENV}): "
                           f"{', '.join(silent)}: the run stops")
    for worker in silent:
        remove_worker(client, worker)
        if notice is not None:
            notice(f"Dask worker {worker} did not answer within {limit:g} s ({SUBMIT_TIMEOUT_ENV}): removed, the "
                   f"run goes on without it.")
    return {w: h for w, h in engines.items() if w not in silent}


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

    def __init__(self, client, cluster=None, checked: set[str] = frozenset(),
                 on_notice: Callable[[str], None] | None = None):
        self.client = client
        self.cluster = cluster
        self.checked = set(checked)   # workers whose engine matches this one
        self.worker_timeout = _seconds(WORKER_TIMEOUT_ENV, WORKER_TIMEOUT)
        self.chunk_timeout = _seconds(CHUNK_TIMEOUT_ENV, CHUNK_TIMEOUT)
        self._heard: dict[str, tuple[float, float]] = {}   # worker -> (its last_seen, when it last changed here)
        self.removed: list[str] = []   # workers removed for their silence
        self.on_notice = on_notice     # told of each removal (the CLI prints it)
        self._processes_before: set | None = None   # a local cluster: the processes there before it started

    def check_new_workers(self) -> None:
        """Workers that joined since the last check (a cluster scaled up, a worker restarted) must run
        this engine too, before they are given chunks."""
        new = sorted(set(workers_of(self.client)) - self.checked)
        if new:
            check_engines(engines_of(self.client, new, self.on_notice), engine_hash())
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
            pending = [f for f in futures if not f.done()]
            try:
                if pending:
                    ask(self.client, "to cancel the chunks left", self.client._cancel, pending)
            except ClusterError:
                pass   # the scheduler stopped answering: the error that ended the run says so
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
        workers = workers_of(self.client)
        now = time.monotonic()
        silent = []
        for address, info in workers.items():
            seen = info.get("last_seen")
            before = self._heard.get(address)
            if before is None or before[0] != seen:
                self._heard[address] = (seen, now)
            elif now - before[1] > self.worker_timeout:
                silent.append(address)
        for address in silent:
            remove_worker(self.client, address)
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
        """Close the client and a local cluster, each within the submit limit (a frozen scheduler or a worker
        stopped at start-up would hold the close for ever); the worker processes a local cluster leaves are
        killed."""
        limit = submit_timeout()
        try:
            self.client.close(timeout=limit)
        except (TimeoutError, OSError):
            pass
        if self.cluster is not None:
            try:
                self.cluster.close(timeout=limit)
            except (TimeoutError, OSError, RuntimeError):
                pass
            _kill_started(self._processes_before)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def scheduler_address(option: str | None) -> str | None:
    """The scheduler to use: the option, else ``COMMANDSIM_SCHEDULER``, else None (local)."""
    address = option if option is not None else os.environ.get(SCHEDULER_ENV)
    return (address.strip() or None) if address is not None else None


def connect(address: str | None, threads: int | None = None,
            on_notice: Callable[[str], None] | None = None) -> LocalRunner | DaskRunner:
    """The runner for ``address`` (see the module text); raises ``ClusterError`` with one line. ``on_notice``
    is told of each worker removed for its silence."""
    if address is None:
        return LocalRunner(threads)
    if threads is not None:
        raise ClusterError("--threads applies to the local runner; on a cluster every worker uses its own cores "
                           "(NUMBA_NUM_THREADS on the worker)")
    address = check_address(address)   # a usage error is said before Dask is imported (seconds)
    limit = connect_timeout()
    submit_timeout()                    # a bad value is said before any cluster starts
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(f"--scheduler needs Dask distributed, the cluster extra: {EXTRA_HINT}") from None
    cluster, before = None, None
    if address.startswith("local:"):
        import multiprocessing
        n = _local_workers(address)
        # each worker gets its share of this machine's cores for its engine threads
        env = {"NUMBA_NUM_THREADS": str(max(1, (os.cpu_count() or 1) // n))}
        before = set(multiprocessing.active_children())
        try:
            # the workers start in the background: LocalCluster(n_workers=n) and Client(cluster) wait, without a
            # limit, for every one of them, and one stopped at start-up held the run for minutes
            cluster = LocalCluster(n_workers=0, threads_per_worker=1, processes=True, dashboard_address=":0",
                                   env=env, silence_logs=50)
            cluster.scale(n)
        except (OSError, RuntimeError, TimeoutError) as exc:
            raise ClusterError(f"could not start a local Dask cluster of {n} worker processes: "
                               f"{_first_line(exc)}") from None
        target = cluster.scheduler_address
    else:
        target = address
        _probe(address, limit)
    try:
        client = Client(target, timeout=limit)
    except (OSError, TimeoutError, ValueError) as exc:
        if cluster is not None:
            cluster.close(timeout=limit)
        raise ClusterError(f"cannot reach the Dask scheduler at {address} within {limit:g} s "
                           f"({CONNECT_TIMEOUT_ENV}): {_first_line(exc)}") from None
    runner = DaskRunner(client, cluster, on_notice=on_notice)
    runner._processes_before = before
    try:
        runner.checked = check_workers(client, on_notice, local=cluster is not None)
    except BaseException:
        runner.close()
        raise
    return runner
def _probe(address: str, limit: float) -> None:
    """The scheduler at ``address`` answers an identity request within ``limit`` seconds, or ``ClusterError``.
    Asked before a ``Client`` is made: a client connecting to a scheduler that accepts the connection but
    never answers (a frozen process) waits for ever, whatever its own timeout says."""
    import asyncio
    import threading

    from distributed.comm import connect as open_comm

    async def identity():
        comm = await open_comm(address, timeout=limit)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    outcome: dict = {}

    def run():   # an event loop of its own, on a thread of its own: a notebook's loop may run in this one
        try:
            outcome["answer"] = asyncio.run(asyncio.wait_for(identity(), limit))
        except BaseException as exc:   # handed to the caller
            outcome["error"] = exc
    thread = threading.Thread(target=run, name="scheduler probe", daemon=True)
    thread.start()
    thread.join(limit + 5)
    error = outcome.get("error")
    if "answer" in outcome and error is None:
        return
    why = "it does not answer" if error is None or isinstance(error, TimeoutError) else _first_line(error)
    raise ClusterError(f"cannot reach the Dask scheduler at {address} within {limit:g} s ({CONNECT_TIMEOUT_ENV}): "
                       f"{why}")


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


def check_workers(client, on_notice: Callable[[str], None] | None = None, local: bool = False) -> set[str]:
    """Every connected worker runs commandsim with this process's engine sources, or ``ClusterError``;
    returns the workers checked (those that did not answer are removed from the scheduler)."""
    limit = connect_timeout()
    ask(client, "for its workers", client._update_scheduler_info, n_workers=-1)   # a frozen scheduler: named
    try:
        client.sync(client._wait_for_workers, 1, timeout=limit, callback_timeout=limit + submit_timeout())
    except (TimeoutError, OSError):
        where = ("no worker process of the local Dask cluster started" if local
                 else "no Dask worker connected to the scheduler")
        hint = "" if local else ": start 'dask worker <scheduler address>' on the machines that should play"
        raise ClusterError(f"{where} within {limit:g} s ({CONNECT_TIMEOUT_ENV}){hint}") from None
    engines = engines_of(client, sorted(workers_of(client)), on_notice)
    check_engines(engines, engine_hash())
    return set(engines)


def _kill_started(before: set | None) -> None:
    """Kill the worker processes a local cluster started that are still there after its close (one stopped
    with SIGSTOP ignores everything else)."""
    if before is None:
        return
    import multiprocessing
    for process in set(multiprocessing.active_children()) - before:
        try:
            process.kill()
            process.join(1)
        except (OSError, ValueError, AttributeError):
            pass


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
