"""Cold and warm start-up: time from a new process to its first games, with an empty numba cache
(a first run: everything compiles) and then with the cache it left (every later run).

    python3 -m benchmarks.startup
"""
from __future__ import annotations

from simcore.games.last_command.bench import startup_times


def main() -> None:
    cold, warm = startup_times()
    print(f"cold start (empty cache, compiles): {cold:6.1f} s")
    print(f"warm start (cache hit):             {warm:6.1f} s")


if __name__ == "__main__":
    main()
