"""``simcore.bits``: the lowest and highest set bit of a mask, the same jitted (one instruction) and in Python."""
import numba
import numpy as np

from simcore.bits import highest_bit, lowest_bit


@numba.njit
def _both(x):
    return lowest_bit(x), highest_bit(x)


def test_lowest_and_highest_bit_jitted_and_in_python():
    rng = np.random.default_rng(52)
    values = [1, 2, 3, 1 << 62, (1 << 62) | 1, (1 << 40) | (1 << 7)] + [int(x) for x in rng.integers(1, 2**62, 200)]
    for x in values:
        expected = ((x & -x).bit_length() - 1, x.bit_length() - 1)
        assert _both(np.int64(x)) == expected == (lowest_bit(x), highest_bit(x)), x
    assert _both(np.int32(96)) == (5, 6)
