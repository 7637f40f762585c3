"""Signals as exceptions: a run stopped by SIGTERM or SIGHUP (``kill``, ``timeout``, a closed
terminal) unwinds like one stopped by Ctrl-C, so every ``finally`` and ``with`` block runs:
temporary files are removed, child processes are stopped, and the exit code is 128 + the signal
number, as a shell reports a process killed by that signal.

SIGKILL cannot be caught; what a killed run leaves (temporary files of our own naming) the next run
removes (``reports.files``), and child processes die with their parent (``kill_with_parent``).
"""
from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator

HANDLED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_received: list[int] = []   # signals caught inside ``signals_as_interrupts``, oldest first


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
        raise Interrupted(signum)

    def unraisable(info):
        # a signal landing in code that cannot raise (an at-fork hook of `subprocess`, a
        # finaliser) is recorded in _received and raised again by raise_if_interrupted: no traceback
        if not isinstance(info.exc_value, Interrupted):
            previous_hook(info)

    _received.clear()
    previous = {s: signal.signal(s, handler) for s in signals}
    previous_hook, sys.unraisablehook = sys.unraisablehook, unraisable
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
        sys.unraisablehook = previous_hook
        _received.clear()


def kill_with_parent() -> None:
    """For ``subprocess``'s ``preexec_fn``: the child gets SIGTERM when its parent dies, even by
    SIGKILL (Linux ``prctl(PR_SET_PDEATHSIG)``; elsewhere nothing)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)   # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
