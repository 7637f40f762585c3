"""Fixed-size piles: push/pop on top (the last slot), insert at the bottom, shuffle; and The Last Command's
random numbers (the core's generator, ``simcore.rng``, in its state slot ``S_RNG``)."""
from simcore import rng
from .jit import hot

from .layout import S_RNG


@hot
def rand_below(sc, n):
    """Uniform integer in [0, n) (n >= 1)."""
    return rng.rand_below(sc, S_RNG, n)


@hot
def push(piles, cnt, k, t):
    piles[k, cnt[k]] = t
    cnt[k] += 1


@hot
def pop(piles, cnt, k):
    cnt[k] -= 1
    return piles[k, cnt[k]]


@hot
def top(piles, cnt, k):
    if cnt[k] == 0:
        return -1
    return piles[k, cnt[k] - 1]


@hot
def remove_at(piles, cnt, k, i):
    """Remove and return the card at index i, keeping the order of the rest."""
    t = piles[k, i]
    for j in range(i, cnt[k] - 1):
        piles[k, j] = piles[k, j + 1]
    cnt[k] -= 1
    return t


@hot
def insert_bottom(piles, cnt, k, t):
    for j in range(cnt[k], 0, -1):
        piles[k, j] = piles[k, j - 1]
    piles[k, 0] = t
    cnt[k] += 1


@hot
def move_all(piles, cnt, src, dst):
    for i in range(cnt[src]):
        piles[dst, cnt[dst]] = piles[src, i]
        cnt[dst] += 1
    cnt[src] = 0


@hot
def shuffle(piles, cnt, k, sc):
    n = cnt[k]
    for i in range(n - 1, 0, -1):
        j = rand_below(sc, i + 1)
        tmp = piles[k, i]
        piles[k, i] = piles[k, j]
        piles[k, j] = tmp


@hot
def find(piles, cnt, k, t):
    for i in range(cnt[k] - 1, -1, -1):
        if piles[k, i] == t:
            return i
    return -1
