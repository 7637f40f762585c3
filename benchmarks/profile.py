"""Where the engine spends its time: `perf` samples of the jitted code, named by function.

    python3 -m benchmarks.profile [--games N] [--strategy balanced] [--top 40]

numba's code has no symbols perf can see, so this compiles the engine afresh (in a temporary
cache folder: code loaded from a cache has no symbol list), writes the address of every jitted
function to /tmp/perf-<pid>.map (perf's convention for JIT code), then samples one thread
playing games. LLVM inlines small functions into their callers, so a name stands for itself
plus whatever was inlined into it. Needs Linux `perf` with perf_event_paranoid <= 2.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time


def write_perf_map() -> str:
    from numba.core.registry import cpu_target

    engine = cpu_target.target_context.codegen()._engine
    addrs = []
    for name in engine._defined_symbols:
        try:
            a = engine.get_function_address(name)
        except Exception:  # a global variable, not a function
            continue
        if a:
            addrs.append((a, name))
    addrs.sort()
    path = f"/tmp/perf-{os.getpid()}.map"
    with open(path, "w") as f:
        for (a, name), nxt in zip(addrs, addrs[1:] + [(addrs[-1][0] + 4096, "")]):
            # a symbol's size is not known here: it runs to the next symbol (capped)
            f.write(f"{a:x} {min(nxt[0] - a, 1 << 20):x} {short(name)}\n")
    return path


def short(name: str) -> str:
    """numba's mangled names carry module path and signature; keep module.function."""
    if not name.startswith("_ZN"):
        return name
    parts = []
    i = 3
    while i < len(name) and name[i].isdigit():
        j = i
        while name[j].isdigit():
            j += 1
        n = int(name[i:j])
        parts.append(name[j:j + n])
        i = j + n
    parts = [p for p in parts if not p.startswith("_3clocals")]
    return ".".join(parts[-2:]) if parts else name


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--strategy", default="balanced")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    os.environ["COMMANDSIM_CACHE_DIR"] = tempfile.mkdtemp(prefix="commandsim-profile-")
    import numba
    from simcore.simulate import play_games

    strategies = (args.strategy, args.strategy)
    print("compiling afresh (about two minutes)...", file=sys.stderr)
    play_games(8, strategies=strategies)
    numba.set_num_threads(1)
    write_perf_map()
    data = tempfile.mktemp(suffix=".perf.data")
    rec = subprocess.Popen(["perf", "record", "-F", "2000", "-g", "-o", data, "-p", str(os.getpid())],
                           stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    t0 = time.perf_counter()
    play_games(args.games, seed=3, threads=1, strategies=strategies, keep_bought=False)
    dt = time.perf_counter() - t0
    rec.send_signal(2)
    rec.wait()
    print(f"{args.games / dt:,.0f} games/s on one thread while sampled", file=sys.stderr)
    out = subprocess.run(["perf", "report", "-i", data, "--no-children", "--stdio", "--sort", "symbol",
                          "-g", "none", "--percent-limit", "0.3"], capture_output=True, text=True).stdout
    lines = [ln for ln in out.splitlines() if ln.strip() and not ln.startswith("#")]
    print("\n".join(lines[:args.top]))


if __name__ == "__main__":
    main()
