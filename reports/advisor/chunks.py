"""The advisor's games as chunks of a runner (``simcore.cluster``): one chunk is one set of edits on
one range of seeds, so a look of the screen, a step of the search or the check is one batch that a
Dask cluster plays in parallel.  The chunk compiles its edited cards itself (milliseconds), so only
the card set as read and the edits travel, and every chunk's per-seed scores depend on its seeds
alone: the result is the same on any runner, chunk order or machine."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

SEEDS_PER_CHUNK = 2000   # large enough that a chunk's overhead is small, small enough to spread a check


@dataclass(frozen=True)
class SetChunk:
    edits: tuple
    seed: int          # the stage's stream of the run's seed
    first: int         # first seed index
    seeds: int
    strategy: object   # the strategy's parameters (both seats; in Solo Mode the player)


def play_set(chunk: SetChunk, shared, threads: int | None = None) -> np.ndarray | None:
    """Per-seed scores float[components, seeds] of one chunk; None when the engine refuses the set.
    ``shared``: (card set, target)."""
    card_set, target = shared
    tables = card_set.tables(chunk.edits)
    if tables is None:
        return None
    return target.measure(tables, chunk.strategy, chunk.seed, chunk.first, chunk.seeds, threads)


def measure_sets(runner, card_set, target, edit_sets: Sequence[tuple], seed: int, first: int, seeds: int,
                 strategy, done: Callable[[int], None] | None = None) -> list[np.ndarray | None]:
    """Per set, its scores on seeds ``first .. first + seeds - 1`` (None: refused), every chunk of every
    set submitted at once; ``done(k)`` after the k-th set is in."""
    chunks = [SetChunk(tuple(s), seed, start, min(SEEDS_PER_CHUNK, first + seeds - start), strategy)
              for s in edit_sets for start in range(first, first + seeds, SEEDS_PER_CHUNK)]
    per_set = -(-seeds // SEEDS_PER_CHUNK)
    results = runner.map(play_set, chunks, (card_set, target))
    out = []
    for k in range(len(edit_sets)):
        parts = [next(results) for _ in range(per_set)]
        out.append(None if any(p is None for p in parts) else np.concatenate(parts, axis=1))
        if done is not None:
            done(k + 1)
    return out
