"""A time limit on an engine call, for the card-set fuzz and the bounds' tests: a game that does not end
becomes a failure naming what was played, instead of a run that hangs until it is killed.

The engines' jitted functions release the GIL (``simcore.jit``), so the call runs on a daemon thread while
this one waits; a call still running at the limit is left behind (it cannot be stopped from Python and dies
with the process) and the test fails. Engines are compiled on their first call, minutes on a loaded
machine: ``games_within`` gives an engine's first call in the process time to compile, so that the limit
times games, not compiles.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

PER_GAME_SECONDS = 20.0   # a fuzzed game takes milliseconds; a loaded 2-core machine may stretch that a lot
COMPILE_SECONDS = 1800.0  # a first call that compiles an engine (minutes under load)

_warmed: set[Any] = set()


class Hang(AssertionError):
    """An engine call did not end within its time limit."""


def ends_within(seconds: float, what: str, fn: Callable, *args, **kwargs):
    """``fn(*args, **kwargs)``'s result, or ``Hang`` naming ``what`` when it runs past ``seconds``."""
    out: dict[str, Any] = {}

    def run():
        try:
            out["value"] = fn(*args, **kwargs)
        except BaseException as exc:   # re-raised in the caller's thread
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True, name=f"time-limited {what}")
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise Hang(f"{what} did not end within {seconds:g} s: a game that never ends (an unbounded chain of "
                   f"effects?)")
    if "error" in out:
        raise out["error"]
    return out.get("value")


def games_within(games: int, what: str, fn: Callable, *args, key: Any = None, **kwargs):
    """``ends_within`` with ``PER_GAME_SECONDS`` for each of ``games`` games; the first call under ``key`` (an
    engine not yet compiled in this process) has ``COMPILE_SECONDS`` more."""
    limit = PER_GAME_SECONDS * max(1, games)
    if key not in _warmed:
        limit += COMPILE_SECONDS
        _warmed.add(key)
    return ends_within(limit, what, fn, *args, **kwargs)
