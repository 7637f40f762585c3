"""Three cached hot functions, a leaf, a middle and an entry, for the processes of ``test_jit_unbuilt.py`` and
``test_jit_split.py`` (not a test file: each process imports it with its own cache folder and runs one step)."""
import sys
import time

import numpy as np

from simcore import jit_cache, jit_split
from simcore.jit import hot, hot_entry
from simcore.jit_unbuilt import Unbuilt


@hot
def leaf(a, k):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k
    return s


@hot
def middle(a):
    return leaf(a, 2) + leaf(a, 3) + 1


@hot_entry
def entry(a):
    return middle(a) * 10


def state(disp) -> str:
    """"unbuilt" or "built" for ``disp``'s one compiled version, "none" without one."""
    if not disp.overloads:
        return "none"
    return "unbuilt" if isinstance(next(iter(disp.overloads.values())).entry_point, Unbuilt) else "built"


def loads(disp) -> str:
    return f"{sum(disp.stats.cache_hits.values())}/{sum(disp.stats.cache_misses.values())}"


def main(step: str) -> None:
    a = np.arange(6)
    if step == "entry":          # compiles the chain: only the entry gets machine code
        print(entry(a), state(entry), state(middle), state(leaf))
    elif step == "middle":       # a later process calls the middle from Python: loaded from the cache, then built
        print(middle(a), state(middle), state(leaf), sum(middle.stats.cache_hits.values()))
    elif step == "load":         # and the next loads the middle's machine code
        middle.compile((middle.typeof_pyval(a),))
        print(state(middle), middle(a))
    elif step == "hold":         # compiles the middle slowly, holding its lock as any compile does
        with jit_split.compiling(middle, (middle.typeof_pyval(a),)):
            print("held", flush=True)
            time.sleep(3)
            middle.compile((middle.typeof_pyval(a),))
        print("compiled", loads(middle))
    elif step == "call":         # calls it meanwhile: waits, then loads what the other compiled
        print(middle(a), loads(middle))
    elif step == "alongside":    # a cold entry with a part compiled by a second process
        jit_split.compile_alongside(entry, "tests.core.unbuilt_chain:middle", lambda types: (types[0],))
        helper = jit_split.start_helper(entry, (a,))
        if helper is not None:
            helper.wait(120)
        print(int(helper is not None), jit_cache.cached_versions(middle), entry(a), loads(middle))
        again = jit_split.start_helper(entry, (a,)) is not None     # the same process: never a second helper
        jit_split._STARTED.clear()                                   # as a new process would: the entry is cached now
        print(int(again), int(jit_split.start_helper(entry, (a,)) is not None))


if __name__ == "__main__":
    main(sys.argv[1])
