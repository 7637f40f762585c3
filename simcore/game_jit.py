"""The core's jit decorators (``simcore.jit``: their measured choices) for one game, with that game's code
cached in its own folder, keyed by its sources and the core's
(``simcore.jit_cache.game_cache_dir``): an edit to one game never invalidates another's cache, and an
edit anywhere a game's code comes from never runs it stale."""
from __future__ import annotations

from types import SimpleNamespace

from numba.core.registry import CPUDispatcher

from simcore import jit as core
from simcore import jit_cache


def game_decorators(game: str) -> SimpleNamespace:
    """``hot``, ``hot_inlined``, ``hot_outlined`` and ``hot_entry`` of game ``game`` (its folder name under
    simcore/games/)."""
    cache = jit_cache.game_cache_dir(game)

    def cached(disp):
        if isinstance(disp, CPUDispatcher):        # not with NUMBA_DISABLE_JIT
            with jit_cache.cache_dir(cache):
                disp.enable_caching()
        return disp

    return SimpleNamespace(
        cache_dir=cache,
        hot=lambda fn: cached(core.dispatcher(fn, cache=False)),
        hot_inlined=lambda fn: cached(core.dispatcher(fn, cache=False, inline="always")),
        hot_outlined=lambda fn: cached(core.dispatcher(fn, cache=False, outlined=True)),
        hot_entry=lambda fn: cached(core.dispatcher(fn, cache=False, entry=True)))
