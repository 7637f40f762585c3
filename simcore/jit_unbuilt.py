"""Machine code for an engine function only when Python calls it.

numba turns every function it compiles into machine code at once, and a function's code holds a copy of
everything it calls: for The Last Command's 160 engine functions that was 13 s of a 40 s cold start, while a
sweep runs only its entry's code (the entry links the same functions in again, as LLVM IR, and optimises them
as one; see ``simcore.jit``). So a hot function other than an entry is left *unbuilt*: typed, lowered and
optimised per function as before, and ready for its callers to link in, but given machine code only when
Python first calls it (a test, a replay, a scenario), or never.

An unbuilt function is cached as LLVM bitcode and loads unbuilt; the first Python call builds it and caches
it again as machine code, so the next process loads that. An entry links in the IR as lowered and optimised,
where it linked it as LLVM's code generation had rewritten it: its machine code differs a little, its games do
not (every golden replay), and games per second stayed level (docs/performance.md).

What numba needs a function's machine code for, and what stands in until then:

* the address of the function Python calls (``get_executable`` at the end of every compile): an ``Unbuilt``
  marker stands for it as the key numba types calls by, and the dispatcher keeps the compiled version out of
  its C call table until it is built (``UnbuiltDispatching``);
* the object code the cache stores: the bitcode instead.

Hooks numba internals of its code library, code generator and CPU context (``installable`` lists them; a test
fails if the installed numba lacks one); if a numba version lacks one, nothing is left unbuilt and everything
works as numba does, 13 s slower to start.
"""
from __future__ import annotations

from collections.abc import Callable

from numba.core import codegen, cpu
from numba.core.compiler_lock import global_compiler_lock


class Unbuilt:
    """What numba holds as a compiled version's callable until its machine code is built."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __call__(self, *args, **kws):   # never reached: the dispatcher builds the code before any call
        raise RuntimeError(f"{self.name} has no machine code yet")

    def __repr__(self) -> str:
        return f"<unbuilt {self.name}>"


def build(library) -> None:
    """Give ``library`` its machine code now, if it was left unbuilt."""
    if getattr(library, "_commandsim_unbuilt", False):
        with global_compiler_lock:
            if library._commandsim_unbuilt:
                library._commandsim_unbuilt = False
                # what numba's finalisation would have done: add the module to the JIT and emit its code
                del library._dynamic_globals[:]
                _FINALIZE_FINAL_MODULE(library)
                engine = library._codegen._engine
                for name, env in _ENVS.items():
                    if engine.get_global_value_address(name):
                        _SET_ENV(library._codegen, name, env)


# the environments (numba's per-function objects its code may reach from machine code) numba set while their globals
# had no machine code yet: set when a library that defines them is built, and kept alive until then
_ENVS: dict = {}
_SET_ENV: Callable = getattr(codegen.JITCPUCodegen, "set_env", None)


_FINALIZE_FINAL_MODULE: Callable = codegen.CPUCodeLibrary._finalize_final_module
# what the hooks replace or call
_LIBRARY_USES = ("_finalize_final_module", "serialize_using_object_code", "serialize_using_bitcode",
                 "get_pointer_to_function", "_get_compiled_object", "_finalize_dynamic_globals",
                 "_verify_declare_only_symbols", "enable_object_caching")


def installable() -> bool:
    return all(hasattr(codegen.JITCodeLibrary, name) for name in _LIBRARY_USES) \
        and hasattr(codegen.JITCPUCodegen, "set_env") and hasattr(cpu.CPUContext, "get_executable")


def install(leaves_unbuilt: Callable[[object], bool]) -> None:
    """Leave unbuilt every library ``leaves_unbuilt`` picks (called once a library's module is final: linked
    and optimised)."""
    lib = codegen.JITCodeLibrary
    if getattr(lib, "_commandsim_unbuilt_hooked", False) or not installable():
        return
    finalize_final = lib._finalize_final_module
    serialize = lib.serialize_using_object_code
    pointer = lib.get_pointer_to_function
    compiled_object = lib._get_compiled_object
    get_executable = cpu.CPUContext.get_executable

    def finalize_final_module(self):
        # a library loaded from object code has its machine code already: loading it costs nothing
        if getattr(self, "_compiled_object", None) is None and leaves_unbuilt(self):
            self._finalize_dynamic_globals()      # numba refuses to cache a library with dynamic globals
            self._verify_declare_only_symbols()
            if not self._object_caching_enabled:  # loaded from bitcode: cache its object code once built
                self.enable_object_caching()
            self._commandsim_unbuilt = True
            self._finalized = True
            return None
        return finalize_final(self)

    def serialize_unbuilt(self):
        if getattr(self, "_commandsim_unbuilt", False):
            return self.serialize_using_bitcode()
        return serialize(self)

    def pointer_built(self, name):
        build(self)
        return pointer(self, name)

    def compiled_object_built(self):
        build(self)
        return compiled_object(self)

    def set_env(self, env_name, env):
        if self._engine.get_global_value_address(env_name):
            _SET_ENV(self, env_name, env)
        else:   # referenced by a library loaded unbuilt
            _ENVS[env_name] = env

    def executable(self, library, fndesc, env):
        library._ensure_finalized()    # numba asks for the address first, which finalises the library
        if getattr(library, "_commandsim_unbuilt", False):
            return Unbuilt(fndesc.qualname)
        return get_executable(self, library, fndesc, env)

    lib._finalize_final_module = finalize_final_module
    lib.serialize_using_object_code = serialize_unbuilt
    lib.get_pointer_to_function = pointer_built
    lib._get_compiled_object = compiled_object_built
    cpu.CPUContext.get_executable = executable
    codegen.JITCPUCodegen.set_env = set_env
    lib._commandsim_unbuilt_hooked = True


class UnbuiltDispatching:
    """Dispatcher methods for versions left unbuilt: kept out of numba's C call table (which calls what it
    holds as C functions) until a Python call builds them, then cached again with their machine code."""

    def add_overload(self, cres):
        if isinstance(cres.entry_point, Unbuilt):
            self.overloads[tuple(cres.signature.args)] = cres
        else:
            super().add_overload(cres)

    def build_unbuilt(self) -> bool:
        """Build every unbuilt version; True if there was one."""
        built = False
        with global_compiler_lock:
            for args, cres in list(self.overloads.items()):
                if not isinstance(cres.entry_point, Unbuilt):
                    continue
                build(cres.library)
                cfunc = self.targetctx.get_executable(cres.library, cres.fndesc, cres.environment)
                self.targetctx.insert_user_function(cfunc, cres.fndesc, [cres.library])
                cres = cres._replace(entry_point=cfunc)
                super().add_overload(cres)
                self._cache.save_overload(args, cres)
                built = True
        return built

    def _compile_for_args(self, *args, **kws):
        # numba's C dispatcher calls what this returns: itself again, once there is built code to choose from
        if self.build_unbuilt():
            return self
        cfunc = super()._compile_for_args(*args, **kws)
        if isinstance(cfunc, Unbuilt):   # loaded from the cache just now
            self.build_unbuilt()
            return self
        return cfunc
