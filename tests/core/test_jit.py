"""The game loop's jit contract (simcore/jit.py): one compiled version per function,
no allocation inside the loop, and an entry function optimised as one unit, its callees
inlined but for the outlined ones."""
import numba
import numpy as np
import pytest
from numba.core import config as numba_config
from numba.core.errors import NumbaError

from simcore.jit import dispatcher


# not cached: each run must compile, or there would be no compiled code to look at
def hot(fn):
    return dispatcher(fn, cache=False)


def hot_entry(fn):
    return dispatcher(fn, cache=False, entry=True)


def hot_outlined(fn):
    return dispatcher(fn, cache=False, outlined=True)


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


@hot
def _work(a, b, k):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k + b[i % b.shape[0]]
    return s


@hot
def _plain_caller(a, b):
    return _work(a, b, 1) + _work(b, a, 2)


@hot_entry
def _entry_caller(a, b):
    return _work(a, b, 1) + _work(b, a, 2)


@hot_outlined
def _kept_call(a, b, k):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k - b[i % b.shape[0]]
    return s


@hot_entry
def _entry_with_outlined(a, b):
    return _work(a, b, 1) + _kept_call(a, b, 3) + _kept_call(b, a, 4)


def _callee_definitions(disp, name):
    ir = next(iter(disp.inspect_llvm().values()))
    return [line for line in ir.splitlines() if line.startswith("define") and name in line]


def test_an_entry_function_owns_private_copies_of_its_callees():
    # private copies let LLVM drop unused arguments and inline across the engine; an ordinary
    # function keeps them exported (linkonce_odr), so every argument of every call is passed
    a, b = np.arange(5), np.arange(3)
    want = _kept_call.py_func(a, b, 3) + _kept_call.py_func(b, a, 4)
    assert _entry_with_outlined(a, b) == _work.py_func(a, b, 1) + want
    assert _plain_caller(a, b) == _work.py_func(a, b, 1) + _work.py_func(b, a, 2)
    assert any("linkonce_odr" in d for d in _callee_definitions(_plain_caller, "_work"))
    kept = _callee_definitions(_entry_with_outlined, "_kept_call")
    assert kept and all(" internal " in d for d in kept)


def test_an_entry_function_inlines_every_callee_but_the_outlined():
    # LLVM's own cost model left dozens of engine calls in the game loop; each copies two or three
    # words per array argument
    a, b = np.arange(5), np.arange(3)
    assert _entry_caller(a, b) == _plain_caller(a, b) == _work.py_func(a, b, 1) + _work.py_func(b, a, 2)
    assert _callee_definitions(_plain_caller, "_work")
    assert not _callee_definitions(_entry_caller, "_work")
    assert not _callee_definitions(_entry_with_outlined, "_work")
    assert _callee_definitions(_entry_with_outlined, "_kept_call")


@pytest.mark.skipif(bool(numba_config.BOUNDSCHECK), reason="bounds checks (NUMBA_BOUNDSCHECK=1) keep the loop "
                    "from being vectorised; the bounds run checks array accesses, not speed")
def test_only_an_entry_functions_code_gets_the_whole_module_optimisation():
    # optimising every hot function's library whole took 13 s of the cold start for code that
    # batch games never run: the entry optimises its own copy of all it calls
    a, b = np.arange(5), np.arange(3)
    assert _plain_caller(a, b) == _entry_caller(a, b)
    plain = next(iter(_plain_caller.inspect_llvm().values()))
    entry = next(iter(_entry_caller.inspect_llvm().values()))
    assert "x i64>" in entry        # _work's loop, inlined and vectorised
    assert "x i64>" not in plain    # left as numba's per-function passes made it
