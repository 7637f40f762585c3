"""The decorator of every function the game loop runs.

Two choices, both measured (``python3 -m benchmarks.profile`` for time, the compile count for
start-up):

* ``_nrt=False`` compiles a function without numba's reference counting. With it on, each
  call increments and decrements the shared count of every array it receives, atomically:
  with seven or more arrays per call that was over 40% of the run time, and the count calls
  kept LLVM from inlining the small rule queries. The game loop never allocates (scratch
  space lives in ``sc``, see ``layout``), so it needs no counts; a function that does
  allocate fails to compile under this decorator, which keeps allocation out of the loop.
  The arrays belong to the caller (``batch.play_batch``, or Python in tests and replays),
  which keeps them alive for the whole game.
* One compiled version per function. numba compiles a callee afresh for every distinct
  argument type at a call site, and a constant argument (an event code, a pile kind, a flag)
  is a type of its own: ``log_event`` alone was compiled 31 times, and the engine 317 times
  in all. Each compile re-optimises everything the function calls, so calls from jitted
  code here widen constants to their plain type and small integers to int64.
"""
from numba import types
from numba.core import config
from numba.core.registry import CPUDispatcher


def _widen(t):
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


class HotDispatcher(CPUDispatcher):
    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_widen(a) for a in args),
                                         {k: _widen(v) for k, v in kws.items()})


def _dispatcher(fn, **options):
    if config.DISABLE_JIT:
        return fn
    disp = HotDispatcher(py_func=fn, locals={}, targetoptions={"nopython": True, "_nrt": False, **options})
    disp.enable_caching()
    return disp


def hot(fn):
    return _dispatcher(fn)


def hot_inlined(fn):
    """``hot``, and inlined into its jitted callers by numba: for thin wrappers on the path from
    the batch loop to the rules, each of which would otherwise compile and optimise the whole
    engine below it once more."""
    return _dispatcher(fn, inline="always")
