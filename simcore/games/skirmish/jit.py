"""The core's jit decorators (``simcore.jit``: their measured choices), with this game's code cached
in its own folder, keyed by its sources and the core's (``simcore.jit_cache.game_cache_dir``): an edit here
never invalidates The Last Command's cache, and an edit anywhere this game's code comes from never runs it stale."""
from numba.core.registry import CPUDispatcher

from simcore import jit_cache
from simcore import jit as core

CACHE_DIR = jit_cache.game_cache_dir("skirmish")


def _cached(disp):
    if isinstance(disp, CPUDispatcher):        # not with NUMBA_DISABLE_JIT
        with jit_cache.cache_dir(CACHE_DIR):
            disp.enable_caching()
    return disp


def hot(fn):
    return _cached(core.dispatcher(fn, cache=False))


def hot_outlined(fn):
    return _cached(core.dispatcher(fn, cache=False, outlined=True))


def hot_entry(fn):
    return _cached(core.dispatcher(fn, cache=False, entry=True))
