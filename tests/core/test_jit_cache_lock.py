"""Two compiles saving two versions of one function to numba's cache at once: each keeps its own code.

numba numbers a new version's data file after reading the index; two writers that read the index
before either wrote it took the same number, and a later load of one key got the other's machine
code (an LLVM abort in a test worker; a wrong engine in a user's run).  ``simcore.jit_cache``
holds a lock on the folder across the read and the writes."""
import threading
import time

import pytest

import simcore  # noqa: F401  (configures numba's cache: the locked index files)
from numba.core.caching import IndexDataCacheFile

pytest.importorskip("fcntl")


def slow_index(cache_file: IndexDataCacheFile, seconds: float) -> None:
    """Each read of the index takes ``seconds`` after reading: the window another writer could enter."""
    read = cache_file._load_index

    def slow():
        overloads = read()
        time.sleep(seconds)
        return overloads
    cache_file._load_index = slow


def test_two_writers_of_one_function_each_keep_their_own_version(tmp_path):
    writers = [IndexDataCacheFile(str(tmp_path), "engine.play-10.py311", ("stamp",)) for _ in range(2)]
    for w in writers:
        slow_index(w, 0.4)
    threads = [threading.Thread(target=w.save, args=(f"signature {i}", f"code of signature {i}"))
               for i, w in enumerate(writers)]
    threads[0].start()
    time.sleep(0.1)       # the second reads the index while the first sleeps between its read and its writes
    threads[1].start()
    for t in threads:
        t.join(10)
    reader = IndexDataCacheFile(str(tmp_path), "engine.play-10.py311", ("stamp",))
    assert sorted(reader._load_index()) == ["signature 0", "signature 1"]
    for i in range(2):
        assert reader.load(f"signature {i}") == f"code of signature {i}"


def test_a_load_waits_for_a_save_in_flight(tmp_path):
    writer = IndexDataCacheFile(str(tmp_path), "engine.play-10.py311", ("stamp",))
    writer.save("signature 0", "old code")
    slow_index(writer, 0.4)
    saving = threading.Thread(target=writer.save, args=("signature 1", "new code"))
    saving.start()
    time.sleep(0.1)
    reader = IndexDataCacheFile(str(tmp_path), "engine.play-10.py311", ("stamp",))
    assert reader.load("signature 1") == "new code"    # not None: the index it reads is the saved one
    saving.join(10)
