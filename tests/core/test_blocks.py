"""The block thread pool's blocks (``simcore.blocks.block_bounds``): every game once, in order, and
small blocks at the end so that no thread idles long while another finishes."""
from __future__ import annotations

import pytest

from simcore.blocks import MAX_BLOCK, MIN_BLOCK, block_bounds


@pytest.mark.parametrize("n, threads", [(1, 2), (65, 2), (20_000, 2), (20_000, 1), (1_000_000, 8), (4097, 3)])
def test_blocks_cover_every_game_once_in_order(n, threads):
    bounds = block_bounds(n, threads)
    assert bounds[0][0] == 0 and bounds[-1][1] == n
    assert all(hi == lo for (_, hi), (lo, _) in zip(bounds, bounds[1:]))
    assert all(MIN_BLOCK >= hi - lo > 0 or MIN_BLOCK <= hi - lo <= MAX_BLOCK for lo, hi in bounds)


def test_blocks_shrink_so_the_last_ones_are_the_smallest():
    sizes = [hi - lo for lo, hi in block_bounds(20_000, 2)]
    assert sizes == sorted(sizes, reverse=True)
    # the tail a thread can be left alone with is one small block, not an eighth of a thread's share
    assert max(sizes[-2:]) <= MIN_BLOCK and sizes[0] > 8 * MIN_BLOCK
