"""Peak memory of a long sweep: memory must stay flat however many games are played.

    python3 -m benchmarks.memory [--games N]     (N per cell; the default grid has 2 cells)
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time


# the child reports its own peak: RUSAGE_CHILDREN would give the largest of all runs so far
CHILD = """
import resource, sys
report = sys.argv.pop()
import cli
try:
    cli.main()
finally:
    with open(report, "w") as f:
        f.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
"""


def peak_mb(games: int, out_dir: str) -> tuple[float, float]:
    """Peak resident memory (MB) and wall time of one `commandsim sweep` of ``games`` per cell."""
    report = f"{out_dir}/peak.txt"
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", CHILD, "sweep", "--games", str(games), "--quiet",
                    "--out", f"{out_dir}/sweep.csv", report], check=True)
    elapsed = time.perf_counter() - start
    with open(report) as f:
        return int(f.read()) / 1024, elapsed


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
