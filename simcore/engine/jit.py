"""The decorator of every function the game loop runs.

Two choices, both measured (``python3 -m benchmarks.profile`` for time, the compile count for
start-up):

* ``_nrt=False`` compiles a function without numba's reference counting. With it on, each
  call increments and decrements the shared count of every array it receives, atomically:
  with seven or more arrays per call that was over 40% of the run time, and the count calls
  kept LLVM from inlining the small rule queries. The game loop never allocates (scratch
  space lives in ``sc``, see ``layout``), so it needs no counts; a function that does
  allocate fails to compile under this decorator, which keeps allocation out of the loop.
  The arrays belong to the caller (``batch.play_range``, or Python in tests and replays),
  which keeps them alive for the whole game.
* One compiled version per function. numba compiles a callee afresh for every distinct
  argument type at a call site, and a constant argument (an event code, a pile kind, a flag)
  is a type of its own: ``log_event`` alone was compiled 31 times, and the engine 317 times
  in all. Each compile re-optimises everything the function calls, so calls from jitted
  code here widen constants to their plain type and small integers to int64.

``hot_inlined`` also inlines a function into its jitted callers (numba IR inlining). A call
copies the seven array structs of a typical engine signature, so inlining a helper called
from one place pays; inlining one reached from many places (``draw_card``, ``apply_simple``)
was measured faster still but multiplied the cold compile by seven, and inlining the
heuristic's big decision functions gained nothing. Measure before changing either.
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


def dispatcher(fn, cache=True, **options):
    """``fn`` compiled the ``hot`` way, with numba's jit ``options`` besides."""
    if config.DISABLE_JIT:
        return fn
    disp = HotDispatcher(py_func=fn, locals={}, targetoptions={"nopython": True, "_nrt": False, **options})
    if cache:
        disp.enable_caching()
    return disp


def hot(fn):
    return dispatcher(fn)


def nogil_hot(fn):
    """``hot``, releasing the GIL: for the entry point that Python threads call."""
    return dispatcher(fn, nogil=True)


def hot_inlined(fn):
    """``hot``, and inlined into its jitted callers by numba: for thin wrappers and helpers
    called from one place. Called from Python (tests, replays) it compiles as usual."""
    return dispatcher(fn, inline="always")
