"""What numba compiles for one command, and what each compile costs: run any `commandsim` command line with an
empty numba cache and print, per jitted function, its compiles (one per signature), the time numba held its
compiler for it (callees typed inside it included) and the part of that spent in LLVM. The first question of a
slow cold start: which entries and functions a command compiles, whether any compiles twice, and whether
numba's typing or LLVM's optimiser dominates.

    python3 -m benchmarks.compile_profile sweep --games 200 -q
    python3 -m benchmarks.compile_profile --game star-realms sweep --game star-realms --games 200 -q

(`--game` before the command is only a label here, dropped; give the command its own `--game`.) Outputs go to a
temporary folder; the cache is a fresh temporary folder, so everything the command plays compiles.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections import Counter


def main(argv: list[str]) -> None:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return
    if argv[0] == "--game":   # a label, as the docstring says: the command takes its own --game
        argv = argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COMMANDSIM_CACHE_DIR"] = os.path.join(tmp, "cache")   # read when simcore is imported
        if "--out" not in argv and argv[0] in ("sweep", "compare", "tournament", "metagame", "impact"):
            argv = argv + ["--out", os.path.join(tmp, "out.csv")]
        import cli
        from simcore import game_jit

        start = time.perf_counter()
        cpu = time.process_time()
        try:
            cli.main(argv, prog_name="commandsim", standalone_mode=False)
        except SystemExit:
            pass
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        rows = []
        for d in game_jit.DISPATCHERS:
            for cres in getattr(d, "overloads", {}).values():
                timers = (cres.metadata or {}).get("timers", {})
                rows.append((timers.get("compiler_lock", 0.0), timers.get("llvm_lock", 0.0),
                             f"{d.py_func.__module__}.{d.py_func.__qualname__}"))
    count = Counter(name for _, _, name in rows)
    rows.sort(reverse=True)
    print(f"\n{' '.join(argv)}: {wall:.1f} s wall, {cpu:.1f} s CPU, {len(rows)} compiled versions of "
          f"{len(count)} functions ({sum(1 for c in count.values() if c > 1)} compiled more than once)")
    print(f"{'compiler s':>10} {'LLVM s':>8} {'versions':>8}  function (times include the callees typed inside it)")
    for held, llvm, name in rows[:25]:
        print(f"{held:10.1f} {llvm:8.1f} {count[name]:8d}  {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
