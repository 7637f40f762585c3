"""The core's jit decorators (``simcore.jit``: their measured choices) for one game, with that game's code
cached in its own folder, keyed by its sources and the core's
(``simcore.jit_cache.game_cache_dir``): an edit to one game never invalidates another's cache, and an
edit anywhere a game's code comes from never runs it stale."""
from __future__ import annotations

from types import SimpleNamespace

from numba.core.registry import CPUDispatcher

from simcore import jit as core
from simcore import jit_cache


# every function made here: a speed probe tells a timing that held a compile or a cache load from one that
# did not (``versions``).  Kept here, not in ``simcore.jit``, whose text keys every game's cache folder.  The
# entries among them (``hot_entry``: what Python calls to play games) go to ``simcore.jit_cache.ENTRIES``,
# whose compile notice reads numba's cache index of them.
DISPATCHERS: list = []


def versions() -> int:
    """How many compiled versions the games' functions hold in this process: it grows whenever a call
    compiles one or loads one from numba's cache, so a timing across which it grew measured that too."""
    return sum(len(d.overloads) for d in DISPATCHERS if isinstance(d, CPUDispatcher))


def game_decorators(game: str, folder: str | None = None) -> SimpleNamespace:
    """``hot``, ``hot_inlined``, ``hot_outlined`` and ``hot_entry`` of game ``game`` (its folder name under
    simcore/games/, or ``folder``: the game's folder relative to the repository when it lives elsewhere)."""
    cache = jit_cache.game_cache_dir(game, folder)

    def cached(disp, entry=False):
        if isinstance(disp, CPUDispatcher):        # not with NUMBA_DISABLE_JIT
            with jit_cache.cache_dir(cache):
                disp.enable_caching()
            DISPATCHERS.append(disp)
            if entry:
                jit_cache.ENTRIES.append(disp)
        return disp

    return SimpleNamespace(
        cache_dir=cache,
        hot=lambda fn: cached(core.dispatcher(fn, cache=False)),
        hot_inlined=lambda fn: cached(core.dispatcher(fn, cache=False, inline="always")),
        hot_outlined=lambda fn: cached(core.dispatcher(fn, cache=False, outlined=True)),
        hot_entry=lambda fn: cached(core.dispatcher(fn, cache=False, entry=True), entry=True))
