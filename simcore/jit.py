"""The decorator of every function the game loop runs.

Each choice here was measured (``python3 -m benchmarks.profile`` for time, the compile count for
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
copies the seven array structs of a typical engine signature, so inlining the thin policy
dispatchers and phase wrappers pays. Since ``hot_entry`` lets LLVM inline across the engine,
numba-inlining single-call helpers as well was measured slower (36.3k against 37.8k games/s)
and 6 s longer to compile; inlining ones reached from many places (``draw_card``,
``apply_simple``) multiplied the cold compile by seven. Measure before changing either.

``hot_entry`` marks the function Python calls to run games (``batch.play_block``). numba
links into each function's machine code a copy of everything it calls and optimises the whole;
those copies stay exported, so LLVM must keep every argument of every call. For an entry
function alone, the copies are made private first: LLVM may then drop unused arguments and
inline freely, as in one C program (+27% games/s, measured). Doing so for every function
would make every compile slower; only the entry's code runs games.

Inside the entry's code every private copy is also marked ``alwaysinline``, except the
functions decorated ``hot_outlined``. LLVM's own cost model left about 35 engine functions as
calls, each passing two or three words per array argument; inlining all but a few made games
23% faster (37.5k to 46k games/s on one thread, measured side by side) for 6 s more of cold
compile. The outlined ones are those whose inlining cost more than it gained, measured: the
effect interpreter's steps (``effects.run_row``, ``policy.choose_option``; inlining them at
the five places a segment is run took the compile to 260 s and ran slower), the rarely run
targeted opcodes, ``draw_card`` (reached from many places), and the Solo A.I.'s code with the
test that guards it (``policy.is_solo_ai``): duels never run it, yet inlined into the game
loop it slowed them by 6 to 8%. An outlined function is marked ``noinline``, so that it stays
a call whatever LLVM's cost model says of it. An outlined function should have no loop around
its big branches: LLVM prepares a loop's invariants once before it, which for a one-row effect
segment cost more than the row (``run_segment`` is inlined, its rows are the calls: +4%).

Only the entry's library gets numba's whole-module optimisation (a cheap then a full O3 run).
numba finalises a library for every function, each holding a copy of all it calls, and
optimised each one whole: for 138 engine functions that was 13 s of a 60 s cold start, for
code that batch games never run (the entry optimises its own copy of everything). The other
libraries keep numba's per-function passes: enough for the single games, tests and
situations Python runs through them (a replay, a scenario), and a non-hot jitted function that
calls the engine (``invariants.check_games``) optimises its own copy as usual. Cold start went
from 59 s to 44-50 s, and games per second did not fall.

Nor do the other hot functions' libraries get machine code until Python calls them
(``simcore.jit_unbuilt``): numba made machine code for each, again with a copy of all it calls, 13 s of
The Last Command's 40 s cold start. The entry links in their IR as before, now as lowered and optimised rather
than as LLVM's code generation had left it (which rewrites the IR it compiles): the entry's machine code differs
a little, its games do not (every golden replay), and games per second stayed level (0.98 to 1.04, measured).
"""
import llvmlite.binding as llvm
from numba import types
from numba.core import codegen, config
from numba.core.registry import CPUDispatcher

from simcore import jit_split, jit_unbuilt


def _widen(t):
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


class HotDispatcher(jit_unbuilt.UnbuiltDispatching, CPUDispatcher):
    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_widen(a) for a in args),
                                         {k: _widen(v) for k, v in kws.items()})

    def compile(self, sig):
        with jit_split.compiling(self, sig):
            return super().compile(sig)

    def _compile_for_args(self, *args, **kws):
        helper = jit_split.start_helper(self, args)
        try:
            return super()._compile_for_args(*args, **kws)
        finally:
            jit_split.stop(helper)


def _mangled_prefix(fn) -> str:
    """The start of the symbol numba gives every compiled version of ``fn``."""
    return "_ZN" + "".join(f"{len(part)}{part}" for part in (*fn.__module__.split("."), *fn.__qualname__.split(".")))


def dispatcher(fn, cache=True, entry=False, outlined=False, **options):
    """``fn`` compiled the ``hot`` way, with numba's jit ``options`` besides; ``entry``: the
    ``hot_entry`` way; ``outlined``: the ``hot_outlined`` way."""
    if config.DISABLE_JIT:
        return fn
    _HOT_PREFIXES.add(_mangled_prefix(fn))
    if outlined:
        _OUTLINED_PREFIXES.add(_mangled_prefix(fn))
    if entry:
        _ENTRY_PREFIXES.add(_mangled_prefix(fn))
    # every function releases the GIL when Python calls it: an entry so that threads play blocks in
    # parallel, and a game Python plays by itself (a replay) so that the main thread stays free to
    # obey a signal while an engine thread plays it (``simcore.interrupts.stoppable``)
    options.setdefault("nogil", True)
    disp = HotDispatcher(py_func=fn, locals={}, targetoptions={"nopython": True, "_nrt": False, **options})
    if cache:
        disp.enable_caching()
    return disp


def hot(fn):
    return dispatcher(fn)


def hot_entry(fn):
    """``hot`` for the function Python calls to run games: it releases the GIL (Python threads
    call it) and its engine is optimised as one unit (see the module's notes)."""
    return dispatcher(fn, entry=True)


def hot_outlined(fn):
    """``hot``, but left a call inside an entry function's code, where other callees are inlined
    (see the module's notes): for big functions reached from several places, and code that
    the common game never runs."""
    return dispatcher(fn, outlined=True)


# mangled-name prefixes of the hot_entry, hot_outlined and all hot functions
_ENTRY_PREFIXES: set[str] = set()
_OUTLINED_PREFIXES: set[str] = set()
_HOT_PREFIXES: set[str] = set()


def _install_entry_linking() -> None:
    """Make the functions linked into an entry function's library private, the outlined ones
    never inlined and all others always, before numba optimises it; skip the whole-module
    optimisation of the other hot functions' libraries. Hooks two methods of numba's code
    library; if a numba version lacks them, nothing changes but speed."""
    lib = getattr(codegen, "CPUCodeLibrary", None)
    if lib is None or getattr(lib, "_commandsim_hooked", False) \
            or not all(hasattr(lib, m) for m in ("finalize", "_optimize_final_module")):
        return
    finalize, optimize = lib.finalize, lib._optimize_final_module

    def finalize_noting_own(self):
        # before finalize links the callees in, the module holds only the library's own functions
        self._commandsim_own = {f.name for f in self._final_module.functions if not f.is_declaration}
        return finalize(self)

    def optimize_entry_as_one(self):
        own = getattr(self, "_commandsim_own", ())
        if any(name.startswith(prefix) for name in own for prefix in _ENTRY_PREFIXES):
            for f in self._final_module.functions:
                if not f.is_declaration and f.name not in own and f.linkage == llvm.Linkage.linkonce_odr:
                    f.linkage = "internal"
                    outlined = any(f.name.startswith(prefix) for prefix in _OUTLINED_PREFIXES)
                    f.add_function_attribute("noinline" if outlined else "alwaysinline")
                    # a name of its own: numba records every defined name as an exported symbol
                    f.name = f"commandsim.entry.{id(self)}.{f.name}"
        elif any(name.startswith(prefix) for name in own for prefix in _HOT_PREFIXES):
            # another hot function's library: the entry optimises this code again, as one with the
            # rest of the engine; run on its own, from Python, it needs no more than numba's
            # per-function passes
            return
        return optimize(self)

    lib.finalize = finalize_noting_own
    lib._optimize_final_module = optimize_entry_as_one
    lib._commandsim_hooked = True


_install_entry_linking()


def _own_functions(library) -> set[str]:
    """The functions ``library`` compiled itself: noted before linking, or, for one loaded from the cache, those it
    exports (what it linked in from its callees is ``linkonce_odr``)."""
    own = getattr(library, "_commandsim_own", None)
    if own is None:
        own = {f.name for f in library._final_module.functions
               if not f.is_declaration and f.linkage == llvm.Linkage.external}
    return own


def _leaves_unbuilt(library) -> bool:
    """A hot function's library other than an entry's: only the entry's machine code plays games
    (``simcore.jit_unbuilt``)."""
    own = _own_functions(library)
    return any(n.startswith(p) for n in own for p in _HOT_PREFIXES) \
        and not any(n.startswith(p) for n in own for p in _ENTRY_PREFIXES)


jit_unbuilt.install(_leaves_unbuilt)


def hot_inlined(fn):
    """``hot``, and inlined into its jitted callers by numba: for thin wrappers and helpers
    called from one place. Called from Python (tests, replays) it compiles as usual."""
    return dispatcher(fn, inline="always")
