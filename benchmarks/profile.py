"""Where the engine spends its time: `perf` samples of the jitted code, named by function.

    python3 -m benchmarks.profile [--game G] [--sides A,B] [--games N] [--strategy S] [--top 40] [--annotate N] [--lines N]

Any registered game (``--game``, by default The Last Command) plays the seat order ``commandsim bench``
plays (``--sides`` as its ``--factions``), both seats on ``--strategy`` (by default the game's own).

numba's code has no symbols perf can see, so this compiles the engine afresh (in a temporary
cache folder: code loaded from a cache has no symbol list), writes the address of every jitted
function to /tmp/perf-<pid>.map (perf's convention for JIT code), then samples one thread
playing games. LLVM inlines small functions into their callers, so a name stands for itself
plus whatever was inlined into it. ``--annotate N`` disassembles the N hottest functions
(objdump) and prints their hottest instructions with the calls around them named.
``--lines N`` compiles with debug line tables and prints the N hottest source functions (by
their own lines) and source lines instead (``benchmarks.profile_lines``): the way to see inside
``play_block``, into which the engine is inlined. Needs Linux `perf` (perf_event_paranoid <= 2) and binutils.
"""
from __future__ import annotations

import argparse
import collections
import ctypes
import os
import subprocess
import sys
import tempfile
import time

from benchmarks import profile_lines


def jitted_functions() -> list[tuple[int, int, str]]:
    """(address, size, name) of every function numba compiled in this process; a size runs to
    the next function (numba does not keep symbol sizes)."""
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
    ends = [a for a, _ in addrs[1:]] + [addrs[-1][0] + 4096]
    return [(a, min(end - a, 1 << 20), short(name)) for (a, name), end in zip(addrs, ends)]


def entry_dispatchers() -> list:
    """The ``hot_entry`` functions compiled in this process (``simcore.jit``), whichever game's."""
    from simcore import jit

    found = {}
    for module in list(sys.modules.values()):
        for value in list(getattr(module, "__dict__", {}).values()):
            if isinstance(value, jit.HotDispatcher) and value.overloads \
                    and jit._mangled_prefix(value.py_func) in jit._ENTRY_PREFIXES:
                found[id(value)] = value
    return list(found.values())


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
    return ".".join(parts[-2:]) if parts else name


def annotate(fn: tuple[int, int, str], hits: collections.Counter, names: dict[int, str], lines: int) -> None:
    """Print the hottest instructions of one function, each with its share of the samples."""
    addr, size, name = fn
    code = ctypes.string_at(addr, size)
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(code)
        f.flush()
        asm = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f"--adjust-vma={addr:#x}",
                              f.name], capture_output=True, text=True).stdout
    rows = []
    for ln in asm.splitlines():
        head, _, rest = ln.partition(":\t")
        try:
            a = int(head.strip(), 16)
        except ValueError:
            continue
        text = rest.split("\t")[-1]
        for target, tname in names.items():
            if f"{target:#x}" in text:
                text += f"   <{tname}>"
        rows.append((a, text))
    total = sum(hits[a] for a, _ in rows) or 1
    print(f"\n== {name}: {total} samples")
    hot = sorted(range(len(rows)), key=lambda i: -hits[rows[i][0]])[:lines]
    shown = set()
    for i in sorted(hot):
        for k in range(max(0, i - 3), min(len(rows), i + 2)):
            if k in shown:
                continue
            shown.add(k)
            a, text = rows[k]
            n = hits[a]
            print(f"  {100.0 * n / total:5.1f}%  {a:x}  {text}")
        print("  ...")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="last-command", help="a registered game [default: last-command]")
    ap.add_argument("--sides", default=None, help="the two sides in seat order, as bench's --factions [default: bench's]")
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--strategy", default=None, help="both seats' strategy [default: the game's own]")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--annotate", type=int, default=0, help="disassemble the N hottest functions")
    ap.add_argument("--lines", type=int, default=0, help="print the N hottest functions and source lines of play_block")
    args = ap.parse_args()
    os.environ["COMMANDSIM_CACHE_DIR"] = tempfile.mkdtemp(prefix="commandsim-profile-")
    if args.lines:
        profile_lines.enable_debug_lines()
    from simcore.bench import bench_order
    from simcore.game import seat_pair
    from simcore.games import registry

    game = registry.get(args.game)
    strategy = args.strategy or game.info.default_strategy
    tables = game.load_tables([])
    sides = seat_pair(args.sides, game.info.sides, game.info.side.one, "--sides") if args.sides else None
    order = bench_order(game, sides, strategy, tables)
    strategies = tuple(game.resolve_strategy(strategy) for _ in range(2))

    def play_games(n, seed=1):
        return game.play(order.matchup, strategies, seed, 0, n, tables, 1, keep_bought=False)

    print(f"{game.info.name}: {strategy} in both seats, {' vs '.join(order.sides)}; compiling afresh "
          "(about a minute)...", file=sys.stderr)
    play_games(8)
    funcs = jitted_functions()
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for a, size, name in funcs:
            f.write(f"{a:x} {size:x} {name}\n")
    data = tempfile.mktemp(suffix=".perf.data")
    rec = subprocess.Popen(["perf", "record", "-F", "4000", "-o", data, "-p", str(os.getpid())],
                           stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    t0 = time.perf_counter()
    play_games(args.games, seed=3)
    dt = time.perf_counter() - t0
    rec.send_signal(2)
    rec.wait()
    print(f"{args.games / dt:,.0f} games/s on one thread while sampled", file=sys.stderr)
    out = subprocess.run(["perf", "report", "-i", data, "--no-children", "--stdio", "--sort", "symbol",
                          "--percent-limit", "0.3"], capture_output=True, text=True).stdout
    lines = [ln for ln in out.splitlines() if ln.strip() and not ln.startswith("#")]
    print("\n".join(lines[:args.top]))
    if not (args.lines or args.annotate):
        return
    ips = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True, text=True).stdout
    hits = collections.Counter(int(x, 16) for x in ips.split())
    if args.lines:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        counts = collections.Counter()
        for entry in entry_dispatchers():     # the game's block entry (the engine is inlined into it)
                counts += profile_lines.sample_lines(entry, list(hits.elements()), root)
        profile_lines.print_functions(counts, sum(hits.values()), root, args.lines)
        profile_lines.print_lines(counts, sum(hits.values()), root, args.lines)
    if args.annotate:
        names = {a: name for a, _, name in funcs}
        by_fn = sorted(funcs, key=lambda f: -sum(n for ip, n in hits.items() if f[0] <= ip < f[0] + f[1]))
        for fn in by_fn[:args.annotate]:
            annotate(fn, hits, names, 12)


if __name__ == "__main__":
    main()
