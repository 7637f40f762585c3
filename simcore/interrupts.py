"""Signals as exceptions: a run stopped by SIGTERM or SIGHUP (``kill``, ``timeout``, a closed
terminal) unwinds like one stopped by Ctrl-C, so every ``finally`` and ``with`` block runs:
temporary files are removed, child processes are stopped, and the exit code is 128 + the signal
number, as a shell reports a process killed by that signal.

SIGKILL cannot be caught; what a killed run leaves (temporary files of our own naming) the next run
removes (``reports.files``), and child processes die with their parent (``kill_with_parent``).

An engine call (a numba function that releases the GIL) cannot be stopped from Python, and while the
main thread runs one no signal handler runs: a search game of ``search:100000`` or a first-time compile
took minutes to notice Ctrl-C. So inside ``signals_as_interrupts`` engine calls run on daemon threads
(``stoppable``, ``simcore.blocks.EngineThreads``) while the main thread waits in short slices: a signal
unwinds the main thread at once (cleanup, "nothing written", 128 + the signal), and an engine thread
that cannot be stopped is left behind (``strand``); the command line then ends the process with
``os._exit`` (``exit_now_if_stranded``) instead of waiting for it. The engine thread plays exactly the
game the main thread would have played: only the thread differs.
"""
from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator

HANDLED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_received: list[int] = []   # signals caught inside ``signals_as_interrupts``, oldest first
_signalled: list[int] = []  # signals caught in the latest block (kept after it ends, for exit_now_if_stranded)
_stranded: list[threading.Thread] = []   # engine threads a signal left running in the latest block
_watching = False           # inside ``signals_as_interrupts`` in the main thread
POLL_SECONDS = 0.05         # how often the main thread waiting for an engine call looks up


class Interrupted(KeyboardInterrupt):
    """Raised in the main thread by Ctrl-C or a terminating signal. A ``KeyboardInterrupt``, so
    code that cleans up after Ctrl-C cleans up after every one of them."""

    def __init__(self, signum: int = signal.SIGINT):
        self.signum = int(signum)
        super().__init__(signal.Signals(self.signum).name)


def exit_code(exc: BaseException) -> int:
    """128 + the signal that stopped the run (Ctrl-C: 130, SIGTERM: 143, SIGHUP: 129)."""
    return 128 + getattr(exc, "signum", signal.SIGINT)


def stopped_text(exc: BaseException) -> str:
    """How the run was stopped, to begin a message: "Interrupted" (Ctrl-C) or "Stopped by SIGTERM"."""
    signum = getattr(exc, "signum", signal.SIGINT)
    return "Interrupted" if signum == signal.SIGINT else f"Stopped by {signal.Signals(signum).name}"


def raise_if_interrupted() -> None:
    """Raise again a signal's ``Interrupted`` that was lost: Python drops an exception raised while
    a C callback runs (numba loading the engine from its cache is one), so a long run calls this
    between steps."""
    if _received:
        raise Interrupted(_received[0])


@contextlib.contextmanager
def signals_as_interrupts(signals=HANDLED) -> Iterator[None]:
    """Inside the block, each of ``signals`` raises ``Interrupted`` in the main thread; previous
    handlers come back afterwards. Outside the main thread (where Python cannot set handlers) it
    does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        _received.append(signum)
        _signalled.append(signum)
        raise Interrupted(signum)

    def unraisable(info):
        # a signal landing in code that cannot raise (an at-fork hook of `subprocess`, a
        # finaliser) is recorded in _received and raised again by raise_if_interrupted: no traceback
        if not isinstance(info.exc_value, Interrupted):
            previous_hook(info)

    global _watching
    _received.clear()
    _signalled.clear()
    _stranded.clear()
    previous = {s: signal.signal(s, handler) for s in signals}
    previous_hook, sys.unraisablehook = sys.unraisablehook, unraisable
    watching, _watching = _watching, True
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
        sys.unraisablehook = previous_hook
        _received.clear()
        _watching = watching


def watching() -> bool:
    """True in the main thread inside ``signals_as_interrupts``: engine calls then run where a signal
    can leave them (``stoppable``)."""
    return _watching and threading.current_thread() is threading.main_thread()


def signal_received() -> bool:
    """True once a signal has been caught inside the current ``signals_as_interrupts`` block."""
    return bool(_received)


def stopping(kind) -> bool:
    """Whether a block left with an exception of type ``kind`` is being stopped by a signal (its engine
    threads are then not waited for): a ``KeyboardInterrupt``, or a generator closed while a signal
    unwinds its caller."""
    return kind is not None and (issubclass(kind, KeyboardInterrupt)
                                 or (issubclass(kind, GeneratorExit) and signal_received()))


def strand(threads) -> None:
    """Note engine ``threads`` a signal leaves running (``exit_now_if_stranded``)."""
    _stranded.extend(t for t in threads if t.is_alive())


def stranded() -> list[threading.Thread]:
    """The engine threads a signal left that still run."""
    return [t for t in _stranded if t.is_alive()]


ENGINE_THREAD = "commandsim-eng"   # the OS name of an engine thread (``top -H``, /proc/PID/task/*/comm)
_prctl = None


def name_engine_thread() -> None:
    """Give the calling thread the OS name ``ENGINE_THREAD`` (Linux; elsewhere nothing), so that a
    process's engine threads can be told apart from numpy's and numba's."""
    global _prctl
    try:
        if _prctl is None:
            import ctypes
            _prctl = ctypes.CDLL(None, use_errno=True).prctl
        _prctl(15, ENGINE_THREAD.encode(), 0, 0, 0)   # 15 = PR_SET_NAME
    except (OSError, AttributeError):
        _prctl = False
    except TypeError:   # _prctl is False: not available here
        pass


def stoppable(fn: Callable, *args):
    """``fn(*args)``; inside ``signals_as_interrupts`` (main thread) it runs on a daemon thread while the
    main thread waits in slices of ``POLL_SECONDS``, so that a signal stops the wait at once: ``fn`` must
    release the GIL for its long part (an engine entry, a numba compile). Elsewhere a plain call."""
    if not watching():
        return fn(*args)
    box: dict = {}
    done = threading.Event()

    def run():
        name_engine_thread()
        try:
            box["value"] = fn(*args)
        except BaseException as exc:   # handed to the main thread
            box["error"] = exc
        finally:
            done.set()

    # waited for on an Event: a signal landing in Thread.join marks a running thread as stopped
    thread = _Call(target=run, name="engine call", daemon=True)
    thread.done = done
    thread.start()
    try:
        while not done.wait(POLL_SECONDS):
            raise_if_interrupted()
        raise_if_interrupted()
    except BaseException:
        strand([thread])
        raise
    if "error" in box:
        error = box.pop("error")
        raise error
    return box.pop("value")


class _Call(threading.Thread):
    """The thread of one ``stoppable`` call: alive until its call returns."""
    done: threading.Event

    def is_alive(self) -> bool:
        return not self.done.is_set()


def exit_now_if_stranded(code: int) -> None:
    """After a signal, once the main thread has cleaned up: if an engine thread still runs (a search
    game, a compile), end the process now with ``code`` (``os._exit``: waiting for the thread could
    take minutes, and interpreter shutdown under a running compile is not safe). Only after a real
    signal, so that a test's ``KeyboardInterrupt`` never ends the test session."""
    if not _signalled or not stranded():
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def kill_with_parent() -> None:
    """For ``subprocess``'s ``preexec_fn``: the child gets SIGTERM when its parent dies, even by
    SIGKILL (Linux ``prctl(PR_SET_PDEATHSIG)``; elsewhere nothing)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)   # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
