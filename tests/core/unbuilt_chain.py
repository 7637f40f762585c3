"""Three cached hot functions, a leaf, a middle and an entry, for ``test_jit_unbuilt.py``'s processes (not a
test file: each process imports it with its own cache folder)."""
import sys

import numpy as np

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


if __name__ == "__main__":
    a = np.arange(6)
    step = sys.argv[1]
    if step == "entry":          # compiles the chain: only the entry gets machine code
        print(entry(a), state(entry), state(middle), state(leaf))
    elif step == "middle":       # a later process calls the middle from Python: loaded from the cache, then built
        print(middle(a), state(middle), state(leaf), sum(middle.stats.cache_hits.values()))
    elif step == "load":         # and the next loads the middle's machine code
        middle.compile(middle.signatures[0] if middle.signatures else (middle.typeof_pyval(a),))
        print(state(middle), middle(a))
