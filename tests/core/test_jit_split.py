"""A cold start on two cores (``simcore.jit_split``): a process that needs a function another is compiling waits
for it and loads it from the cache, and a game's entry has parts of its engine compiled by a second process."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fcntl")

ROOT = Path(__file__).resolve().parents[2]


def _start(step: str, cache: Path, **env) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", f"import tests.core.unbuilt_chain as c; c.main({step!r})"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "COMMANDSIM_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT), **env})


def _out(proc: subprocess.Popen) -> list[str]:
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err[-3000:]
    return out.split()


def test_a_function_another_process_is_compiling_is_waited_for_and_loaded(tmp_path):
    # two test workers, or a sweep and its helper, compiled the same engine function each, twice the work
    holder = _start("hold", tmp_path)
    assert holder.stdout.readline().strip() == "held"
    caller = _start("call", tmp_path)
    time.sleep(1.0)
    assert caller.poll() is None              # waiting for the holder's compile
    assert _out(holder) == ["compiled", "0/1"]
    assert _out(caller) == ["76", "1/0"]      # loaded from the cache: no compile of its own


def test_a_cold_entry_has_its_named_part_compiled_by_a_second_process(tmp_path):
    lines = _out(_start("alongside", tmp_path))
    # one helper; it left the middle in the cache; the entry loaded it instead of compiling it; no second helper
    # in the process, nor in a new one, the entry cached
    assert lines == ["1", "1", "760", "1/0", "0", "0"]


def test_the_helper_can_be_turned_off(tmp_path):
    lines = _out(_start("alongside", tmp_path, COMMANDSIM_COMPILE_HELPER="0"))
    assert lines == ["0", "0", "760", "0/1", "0", "0"]
