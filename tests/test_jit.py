"""The game loop's jit contract (simcore/engine/jit.py): one compiled version per function,
and no allocation inside the loop."""
import numba
import numpy as np
import pytest
from numba.core.errors import NumbaError

from simcore.engine.jit import dispatcher


def hot(fn):
    # not cached: each run must compile, or there would be no compiled versions to count
    return dispatcher(fn, cache=False)


@hot
def _add(a, x):
    return a + x


@hot
def _calls_with_constants(arr):
    return _add(arr[0], 1) + _add(arr[0], 2) + _add(3, arr[1])


def _allocating(n):
    return np.zeros(n).sum()


def test_constants_and_small_ints_share_one_compiled_version():
    # numba would compile _add once per constant and once for int32: each compile re-optimises
    # everything the callee calls, which made the engine's cold start minutes long
    assert _calls_with_constants(np.array([10, 20], np.int32)) == 11 + 12 + 23
    assert len(_add.signatures) == 1
    assert [str(t) for t in _add.signatures[0]] == ["int64", "int64"]


def test_a_hot_function_cannot_allocate():
    # compiled without reference counting, an allocation does not compile: it cannot slip into the loop
    assert numba.njit(_allocating)(3) == 0.0
    with pytest.raises(NumbaError):
        hot(_allocating)(3)
