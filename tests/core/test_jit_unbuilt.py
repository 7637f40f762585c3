"""Machine code only for what Python calls (``simcore.jit_unbuilt``): a sweep's cold start compiled machine code
for every engine function, each with a copy of all it calls (13 s of The Last Command's 40 s), though only the
entry's code plays games. A function Python calls later (a test, a replay, a scenario) is built then, and cached
with its machine code."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from simcore import jit_unbuilt
from simcore.jit import dispatcher

ROOT = Path(__file__).resolve().parents[2]


def hot(fn):
    return dispatcher(fn, cache=False)


def hot_entry(fn):
    return dispatcher(fn, cache=False, entry=True)


@hot
def _leaf(a, k):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k
    return s


@hot
def _middle(a):
    return _leaf(a, 2) + _leaf(a, 3) + 1


@hot_entry
def _entry(a):
    return _middle(a) * 10


def _state(disp) -> str:
    cres = next(iter(disp.overloads.values()))
    return "unbuilt" if isinstance(cres.entry_point, jit_unbuilt.Unbuilt) else "built"


def test_the_installed_numba_takes_the_hooks():
    # without them everything still works, but the cold start is 13 s longer: fail rather than slow down unseen
    assert jit_unbuilt.installable()


def test_an_entry_builds_only_its_own_machine_code_and_a_python_call_builds_a_callee():
    a = np.arange(6)
    want = (15 * 2 + 15 * 3 + 1) * 10
    assert _entry(a) == want
    assert _state(_entry) == "built"
    assert _state(_middle) == _state(_leaf) == "unbuilt"
    assert _middle(a) == want // 10          # built on its first Python call...
    assert _state(_middle) == "built"
    assert _state(_leaf) == "unbuilt"        # ...with its own copy of the leaf: the leaf is still not needed
    assert _leaf(a, 4) == 60 and _state(_leaf) == "built"
    assert _entry(a) == want


def _run(step: str, cache: Path) -> list[str]:
    env = {**os.environ, "COMMANDSIM_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-X", "faulthandler", str(Path(__file__).with_name("unbuilt_chain.py")),
                          step], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout.split()


def test_an_unbuilt_function_cached_as_bitcode_loads_builds_and_is_cached_again_with_machine_code(tmp_path):
    # the second process crashed (a null environment address) before numba's environments of code without machine
    # code were set once it is built
    assert _run("entry", tmp_path) == ["760", "built", "unbuilt", "unbuilt"]
    assert _run("middle", tmp_path) == ["76", "built", "none", "1"]     # loaded, not compiled: the leaf never typed
    assert _run("load", tmp_path) == ["built", "76"]                     # machine code from the cache
