"""Source lines for ``benchmarks.profile --lines``: perf samples of play_block's code, by line.

Once the engine is inlined into one function (``simcore.jit``), a profile by function
says only "play_block". This compiles the engine with debug line tables (optimised as usual:
no bounds checks, no lengthened variable lifetimes), disassembles ``play_block``'s object code
with its line table (objdump -dl) and maps each sample onto the line its instruction came
from. An inlined helper's line is its own, so a line stands for that line in every place it
was inlined.
"""
from __future__ import annotations

import ast
import bisect
import collections
import functools
import re
import subprocess
import tempfile


def enable_debug_lines() -> None:
    """Compile every hot function from now on with debug line tables; call before the engine
    is imported."""
    from simcore import jit

    plain = jit.dispatcher

    def with_lines(fn, cache=True, entry=False, outlined=False, **options):
        options.update(debug=True, boundscheck=False, _dbg_extend_lifetimes=False)
        return plain(fn, cache, entry, outlined, **options)

    jit.dispatcher = with_lines


def _line_tables(disp) -> dict[str, tuple[int, list[int], list[str]]]:
    """symbol -> (offset in the object, instruction offsets, their "file:line") for every
    function in ``disp``'s compiled code."""
    library = next(iter(disp.overloads.values())).library
    _, _, (obj, *_) = library.serialize_using_object_code()
    with tempfile.NamedTemporaryFile(suffix=".o") as f:
        f.write(obj)
        f.flush()
        dis = subprocess.run(["objdump", "-d", "-l", "--no-show-raw-insn", f.name],
                             capture_output=True, text=True).stdout
    tables: dict[str, tuple[int, list[int], list[str]]] = {}
    rows: tuple[int, list[int], list[str]] | None = None
    line = "?"
    for text in dis.splitlines():
        head = re.match(r"^([0-9a-f]+) <(.*)>:", text)
        if head:
            rows = tables[head.group(2)] = (int(head.group(1), 16), [], [])
            line = "?"
        elif text.startswith("/"):
            line = text.split(" ")[0]
        elif rows is not None and (insn := re.match(r"^\s+([0-9a-f]+):", text)):
            rows[1].append(int(insn.group(1), 16))
            rows[2].append(line)
    return tables


def sample_lines(disp, ips: list[int], root: str) -> collections.Counter:
    """Samples per "file:line" (relative to ``root``) among ``ips`` that fall in ``disp``'s code."""
    from numba.core.registry import cpu_target

    engine = cpu_target.target_context.codegen()._engine
    tables = _line_tables(disp)
    starts = sorted((engine.get_function_address(name), name) for name in tables
                    if name in engine._defined_symbols)
    addrs = [a for a, _ in starts]
    counts: collections.Counter = collections.Counter()
    for ip in ips:
        i = bisect.bisect_right(addrs, ip) - 1
        if i < 0:
            continue
        base, name = starts[i]
        obj_start, offsets, lines = tables[name]
        at = obj_start + ip - base
        j = bisect.bisect_right(offsets, at) - 1
        if 0 <= j and at - offsets[-1] < 64:
            counts[lines[j].replace(root.rstrip("/") + "/", "")] += 1
    return counts


def print_lines(counts: collections.Counter, total: int, root: str, top: int) -> None:
    print(f"\n== hottest source lines ({total} samples)")
    for where, n in counts.most_common(top):
        path, _, num = where.rpartition(":")
        try:
            with open(f"{root}/{path}") as f:
                src = f.readlines()[int(num) - 1].strip()
        except (OSError, ValueError, IndexError):
            src = ""
        print(f"  {100.0 * n / total:5.1f}%  {where:38s} {src[:80]}")


@functools.lru_cache(maxsize=None)
def _functions_of(path: str) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of every function defined in the file at ``path``."""
    try:
        with open(path) as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError):
        return []
    return [(n.lineno, n.end_lineno or n.lineno, n.name) for n in ast.walk(tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def print_functions(counts: collections.Counter, total: int, root: str, top: int) -> None:
    """Samples per source function, from its own lines: once everything is inlined, the way to
    see which helper costs what (a caller's share excludes the helpers it inlined)."""
    by_function: collections.Counter = collections.Counter()
    for where, n in counts.items():
        path, _, num = where.rpartition(":")
        line = int(num) if num.isdigit() else 0
        inside = [(last - first, name) for first, last, name in _functions_of(f"{root}/{path}")
                  if first <= line <= last]
        by_function[f"{path}:{min(inside)[1] if inside else '?'}"] += n
    print(f"\n== hottest functions, by their own lines ({total} samples)")
    for where, n in by_function.most_common(top):
        print(f"  {100.0 * n / total:5.1f}%  {where}")
