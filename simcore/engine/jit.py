"""The decorator of every function the game loop runs.

``_nrt=False`` compiles a function without numba's reference counting. With it on, each call
of a jitted function increments and decrements the shared count of every array it receives,
atomically: with seven or more arrays per call that was over 40% of the run time (measured
with ``python3 -m benchmarks.profile``), and the count calls kept LLVM from inlining the small
rule queries. The game loop never allocates (scratch space lives in ``sc``, see ``layout``), so
it needs no counts; a function that does allocate fails to compile under this decorator,
which keeps allocation out of the loop. The arrays belong to the caller (``batch.play_batch``,
or Python in tests and replays), which keeps them alive for the whole game.
"""
from numba import njit


def hot(fn):
    return njit(cache=True, _nrt=False)(fn)
