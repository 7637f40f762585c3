"""Peak memory of `commandsim report` on per-game files of 1, 2 and 4 million rows: it must stay flat.

Each file has the columns `sweep --per-game` writes (76 card types: 2 x 40 Market bought columns),
filled with synthetic games (the report reads numbers; it does not care who played them), written
by the same stream a sweep uses.  Each report runs in a new process, which reports its own peak
resident memory (ru_maxrss).  ``--code PATH`` runs the report from another checkout (e.g. the code
before the batched reader) for a side-by-side figure.

    python3 -m benchmarks.report_memory [--rows 1000000,2000000,4000000] [--format parquet] [--code PATH]
"""
from __future__ import annotations

import argparse
import os
import tempfile

import numpy as np
import pandas as pd

from reports.files import TableStream, write_tables
from reports.per_game import bought_columns, constant
from simcore.bench import TEMP_PREFIX, cli_peak_memory

CHUNK = 100_000
MARKET = [f"Market card {i}" for i in range(40)]


def synthetic_chunk(start: int, n: int, rng: np.random.Generator) -> pd.DataFrame:
    first_federation = (start // CHUNK) % 2 == 0     # seat orders alternate by chunk, as a sweep's do
    factions = ("federation", "sunder") if first_federation else ("sunder", "federation")
    columns = {"mode": constant("duel", n), "difficulty": constant("", n), "game": np.arange(start, start + n),
               "seed": rng.integers(0, 2**62, n), "first_faction": constant(factions[0], n),
               "second_faction": constant(factions[1], n), "first_variant": constant("standard", n),
               "second_variant": constant("standard", n), "first_strategy": constant("balanced", n),
               "second_strategy": constant("balanced", n),
               "winner": pd.Categorical.from_codes(rng.choice(3, n, p=[0.57, 0.42, 0.01]), ["first", "second", "draw"]),
               "turns": rng.normal(27, 5, n).clip(4, 200).astype(np.int64)}
    for seat in ("first", "second"):
        for name in ("hull", "purchases", "damage", "malfunctions"):
            columns[f"{seat}_{name}"] = rng.integers(0, 20, n)
    bought = (rng.random((n, 2 * len(MARKET))) < 0.15).astype(np.int32)
    for j, name in enumerate(bought_columns(MARKET)):
        columns[name] = bought[:, j]
    return pd.DataFrame(columns)


def write_file(path: str, rows: int) -> None:
    rng = np.random.default_rng(rows)
    with TableStream(path) as stream:
        for start in range(0, rows, CHUNK):
            stream.append(synthetic_chunk(start, min(CHUNK, rows - start), rng))
        write_tables({}, streams=[stream])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="1000000,2000000,4000000")
    ap.add_argument("--format", choices=("parquet", "csv"), default="parquet")
    ap.add_argument("--code", default=None, help="run the report from this checkout instead of this one")
    args = ap.parse_args()
    code = os.path.abspath(args.code) if args.code else None
    with tempfile.TemporaryDirectory(prefix=TEMP_PREFIX) as folder:
        for rows in (int(r) for r in args.rows.split(",")):
            path = os.path.join(folder, f"games_{rows}.{args.format}")
            write_file(path, rows)
            size = os.path.getsize(path) / 1e6
            peak, seconds = cli_peak_memory(["report", path, "--out", os.path.join(folder, f"report_{rows}")],
                                            "the memory-measuring report", cwd=code)
            print(f"report of {rows:>9,} per-game rows ({args.format}, {size:,.0f} MB): peak {peak:6.0f} MB, "
                  f"{seconds:5.1f} s")
            os.remove(path)


if __name__ == "__main__":
    main()
