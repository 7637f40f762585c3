"""Peak memory of a long sweep: memory must stay flat however many games are played.

    python3 -m benchmarks.memory [--games N]     (N per cell; the default grid has 2 cells)
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time


def peak_mb(games: int, out_dir: str) -> tuple[float, float]:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import cli; cli.main()", "sweep", "--games", str(games), "--quiet",
                    "--out", f"{out_dir}/sweep.csv"], check=True)
    elapsed = time.perf_counter() - start
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1_000_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as out:
        small, _ = peak_mb(2_000, out)
        big, seconds = peak_mb(args.games, out)
    print(f"peak memory, sweep of 2 x 2,000 games:        {small:8.0f} MB")
    print(f"peak memory, sweep of 2 x {args.games:,} games: {big:8.0f} MB ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
