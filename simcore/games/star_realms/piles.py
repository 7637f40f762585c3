"""Fixed-size piles with per-slot flags, and the game's random numbers (SplitMix64 in ``sc``).

The mixing function and the per-game seeds are the core's (``simcore.rng``); only the
offset of the RNG state in ``sc`` is this game's.
"""

from .jit import hot
from simcore import rng

from .layout import S_RNG



@hot
def rand_below(sc, n):
    """Uniform integer in [0, n) (n >= 1)."""
    return rng.rand_below(sc, S_RNG, n)


@hot
def push(piles, fl, cnt, k, t, flags):
    piles[k, cnt[k]] = t
    fl[k, cnt[k]] = flags
    cnt[k] += 1


@hot
def pop(piles, cnt, k):
    cnt[k] -= 1
    return piles[k, cnt[k]]


@hot
def remove_at(piles, fl, cnt, k, i):
    """Remove and return the card at index i, keeping the order (and flags) of the rest."""
    t = piles[k, i]
    for j in range(i, cnt[k] - 1):
        piles[k, j] = piles[k, j + 1]
        fl[k, j] = fl[k, j + 1]
    cnt[k] -= 1
    return t


@hot
def shuffle(piles, cnt, k, sc):
    for i in range(cnt[k] - 1, 0, -1):
        j = rand_below(sc, i + 1)
        tmp = piles[k, i]
        piles[k, i] = piles[k, j]
        piles[k, j] = tmp
