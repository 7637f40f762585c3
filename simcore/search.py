"""The game-agnostic parts of a search player: flat Monte Carlo over one decision's options.

A game's search player (``simcore/games/<game>/search.py``) owns what is game-specific: which
decisions it searches, the options of each, how an option is forced, which piles a player cannot
see. This module holds the rest, jitted, so every game searches the same way:

* ``decision_rng``: the search's own random stream. It is derived from the game's seed and the
  number of the decision, never from the game's RNG state: searching does not move the game's
  dice, so a game with a search player replays exactly from its seed on any thread count.
* ``deal_unseen``: determinization. The cards a player cannot see (the opponent's hand and deck,
  its own deck) are pooled, put in a canonical (sorted) order and dealt back at random, each
  pile keeping its size. Because the pool is sorted first, the deal depends only on *which*
  cards are unseen, not on where they actually lie: the search cannot read hidden order.
* ``ucb_pick`` / ``best_option``: UCB1 spends rollouts on the options still in contention.

State lives in the caller's arrays (``rs[0]`` is the search RNG), so nothing here allocates and
it runs inside the engines' ``_nrt=False`` hot code.
"""
from __future__ import annotations

import math

import numpy as np

from .jit import hot
from .rng import mix64

SEARCH_PREFIX = "search:"
MAX_ROLLOUTS = 100_000
UCB_C = 1.4142135623730951   # sqrt(2): UCB1's constant for values in [0, 1]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S11 = np.uint64(11)


@hot
def decision_rng(seed, decision):
    """Start of the search RNG for decision number ``decision`` of the game seeded ``seed``."""
    return np.int64(mix64(mix64(np.uint64(seed) ^ np.uint64(0x5EA5C4)) + np.uint64(decision) * _GOLDEN))


@hot
def rs_below(rs, n):
    """Uniform integer in [0, n) from the search RNG ``rs[0]`` (n >= 1)."""
    x = np.uint64(rs[0]) + _GOLDEN
    rs[0] = np.int64(x)
    return np.int64((mix64(x) >> _S11) % np.uint64(n))


@hot
def deal_unseen(piles, cnt, ks, nk, buf, rs):
    """Pool the cards of piles ``ks[:nk]``, sort them, shuffle with ``rs`` and deal them back,
    each pile keeping its count. ``buf`` is scratch at least as long as the pool; one longer by the
    largest card index + 1 sorts a large pool by counting (the sort's share of a Star Realms rollout was 5%)."""
    n = 0
    lo, hi = 0, -1
    for a in range(nk):
        k = ks[a]
        for i in range(cnt[k]):
            v = piles[k, i]
            buf[n] = v
            n += 1
            lo = min(lo, v)
            hi = max(hi, v)
    if lo >= 0 and n + hi + 1 <= buf.shape[0] and n * n > 8 * (hi + 1):
        # counting sort, the counts in buf[n:]: the same order as any sort (the cards are integers); for a
        # large pool only (a Star Realms trade deck), where it beats the insertion sort's n * n / 4 steps
        for v in range(hi + 1):
            buf[n + v] = 0
        for i in range(n):
            buf[n + buf[i]] += 1
        m = 0
        for v in range(hi + 1):
            for _ in range(buf[n + v]):
                buf[m] = v
                m += 1
    else:
        for i in range(1, n):          # insertion sort: pools are a few dozen cards
            v = buf[i]
            j = i - 1
            while j >= 0 and buf[j] > v:
                buf[j + 1] = buf[j]
                j -= 1
            buf[j + 1] = v
    for i in range(n - 1, 0, -1):
        j = rs_below(rs, i + 1)
        v = buf[i]
        buf[i] = buf[j]
        buf[j] = v
    n = 0
    for a in range(nk):
        k = ks[a]
        for i in range(cnt[k]):
            piles[k, i] = buf[n]
            n += 1


@hot
def ucb_pick(visits, totals, n_options, c):
    """The option to roll out next: each once, then UCB1 on mean value (values in [0, 1])."""
    lg = 0.0
    for o in range(n_options):
        if visits[o] == 0:
            return o
        lg += visits[o]
    lg = math.log(lg)
    best, best_v = 0, -1.0
    for o in range(n_options):
        v = totals[o] / visits[o] + c * math.sqrt(lg / visits[o])
        if v > best_v:
            best, best_v = o, v
    return best


@hot
def best_option(visits, totals, n_options):
    """The option with the best mean value; ties go to the lower index (the heuristic's own
    choice is option 0 in every game, so a search that cannot tell options apart plays it)."""
    best, best_v = 0, -1.0
    for o in range(n_options):
        if visits[o] > 0:
            v = totals[o] / visits[o]
            if v > best_v:
                best, best_v = o, v
    return best


def parse_prefixed(name: str, prefix: str, unit: str) -> tuple[int, str | None] | None:
    """(N, base strategy or None for the game's default) of a ``<prefix>N`` or ``<prefix>N:BASE`` name;
    None for a name without the prefix. ``unit`` names N in the error (rollouts, iterations). N is read by
    the core's count parser (``simcore.counts``): ASCII digits, 1 to ``MAX_ROLLOUTS``."""
    from .counts import CountError, parse_prefixed as parse
    from .errors import StrategyError
    if name.startswith(prefix) and name.endswith(":") and name.count(":") == 2:
        raise StrategyError(f"strategy '{name}': expected a base strategy after {name}")
    try:
        parsed = parse(name, prefix, 1, MAX_ROLLOUTS,
                       f"strategy '{name}': expected {prefix}N or {prefix}N:BASE with N {unit} per decision, a "
                       f"whole number from 1 to {MAX_ROLLOUTS:,} in ASCII digits")
    except CountError as exc:
        raise StrategyError(str(exc)) from None
    if parsed is None:
        return None
    from . import trial
    return trial.rollouts(parsed[0]), parsed[1]


def parse_search(name: str) -> tuple[int, str | None] | None:
    """(rollouts per decision, base strategy or None for the game's default) of a ``search:N`` or
    ``search:N:BASE`` strategy name; None for any other name. ``BASE`` is the heuristic searched
    (a built-in name or a file): ``search:100:tuned`` plays the tuned strategy, searching."""
    return parse_prefixed(name, SEARCH_PREFIX, "rollouts")


def parse_search_name(name: str) -> int | None:
    """Rollouts per decision of a ``search:N[:BASE]`` strategy name, None for any other name."""
    parsed = parse_search(name)
    return None if parsed is None else parsed[0]
