"""Cold and warm start-up: time from a new process to its first games, with an empty numba cache
(a first run: everything compiles) and then with the cache it left (every later run).

    python3 -m benchmarks.startup
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

PROBE = "from simcore.simulate import play_games; play_games(8)"


def timed_run(cache_dir: str) -> float:
    env = {**os.environ, "COMMANDSIM_CACHE_DIR": cache_dir}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", PROBE], check=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        cold = timed_run(cache)
        warm = timed_run(cache)
    print(f"cold start (empty cache, compiles): {cold:6.1f} s")
    print(f"warm start (cache hit):             {warm:6.1f} s")


if __name__ == "__main__":
    main()
