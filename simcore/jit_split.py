"""A cold start compiled on both cores: while this process compiles a game's entry, a second one compiles a part
of the engine the entry reaches late, and this one loads it from the cache when it gets there.

numba compiles one function at a time, depth first from the entry, on one core; a sweep's games then run on every
core. The Last Command's effect interpreter (``effects.run_segment`` and what it calls) is 7 of its 28 s of
compiling, and the entry reaches it after 9 s: a process started beside it compiles it in the meantime.

Two things make that safe and useful:

* every compile of a cached function holds a lock on that function and signature in its cache folder
  (``compiling``): a process that needs a function another is compiling waits for it and loads it from the
  cache instead of compiling it again (test workers too). A process holds the locks of the functions it is
  compiling, nested; a function waits only for what it calls, and the engine's calls form no cycle, so no two
  processes wait for each other.
* a game names the part and its argument types, from the entry's (``compile_alongside``); if they are not what
  the entry calls it with, the second process compiled something the entry does not use: it cost the second core,
  never a result. It is stopped once the entry is compiled. ``COMMANDSIM_COMPILE_HELPER=0`` turns it off.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from numba.core import sigutils
from numba.core.compiler_lock import global_compiler_lock

from simcore import jit_cache

# the locks this process holds (a function compiled inside another's compile must not wait for itself)
_HELD: set[str] = set()
# entry dispatcher -> [("module:function", its argument types from the entry's)]
_ALONGSIDE: dict = {}
_STARTED: set = set()


def _lock_path(disp, sig) -> str | None:
    cache = getattr(disp, "_cache", None)
    cache_file = getattr(cache, "_cache_file", None)
    if jit_cache.fcntl is None or cache_file is None:     # not cached, or no file locks: nothing to share
        return None
    args, _ = sigutils.normalize_signature(sig)
    if tuple(args) in disp.overloads:
        return None
    cache._impl.locator.ensure_cache_path()
    digest = hashlib.sha256(repr(tuple(args)).encode()).hexdigest()[:16]
    return os.path.join(cache_file._cache_path, f"{cache_file._index_name}.{digest}.compiling")


@contextlib.contextmanager
def compiling(disp, sig):
    """Held while ``disp`` compiles (or loads) its version for ``sig``: another process's compile of it waits."""
    with global_compiler_lock:      # one thread of a process compiles at a time: its locks are that thread's
        path = _lock_path(disp, sig)
        if path is None or path in _HELD:
            yield
            return
        with jit_cache.file_lock(path):
            _HELD.add(path)
            try:
                yield
            finally:
                _HELD.discard(path)


def compile_alongside(entry, function: str, argument_types: Callable[[tuple], tuple]) -> None:
    """On a cold start of ``entry``, compile ``function`` ("module:name") in a second process, with the argument
    types ``argument_types`` makes of the entry's."""
    _ALONGSIDE.setdefault(entry, []).append((function, argument_types))


def start_helper(entry, args: tuple) -> subprocess.Popen | None:
    """The second process for ``entry`` called from Python with ``args`` (none when its machine code is cached)."""
    parts = _ALONGSIDE.get(entry)
    # without file locks both processes would compile the same functions: no helper
    if not parts or jit_cache.fcntl is None or entry in _STARTED \
            or os.environ.get("COMMANDSIM_COMPILE_HELPER") == "0" or jit_cache.cached_versions(entry):
        return None
    _STARTED.add(entry)     # once per process: the threads of a run all call the entry at once
    entry_types = tuple(entry.typeof_pyval(a) for a in args)
    jobs = [(function, argument_types(entry_types)) for function, argument_types in parts]
    # the project importable however this process found it (installed, or cli.py run from its checkout)
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)}
    helper = subprocess.Popen([sys.executable, "-m", "simcore.jit_split"], stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        assert helper.stdin is not None
        helper.stdin.write(pickle.dumps(jobs))
        helper.stdin.close()
    except OSError:     # it could not start: this process compiles everything, as it would have
        helper.kill()
        return None
    return helper


def stop(helper: subprocess.Popen | None) -> None:
    """Stop the helper once the entry is compiled: what it still compiles, the entry did not need."""
    if helper is not None:
        if helper.poll() is None:
            helper.kill()
        helper.wait()


def _compile_jobs() -> None:
    import importlib

    import simcore  # noqa: F401  (numba's cache folders, as in the process that started this one)

    for function, types in pickle.loads(sys.stdin.buffer.read()):
        module, name = function.split(":")
        getattr(importlib.import_module(module), name).compile(types)


if __name__ == "__main__":
    _compile_jobs()
