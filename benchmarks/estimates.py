"""Estimate against actual time: every command that can run past a minute, in every game, at two sizes.

Each command runs as a process of its own, as a user runs it (``python3 cli.py ...``, its files in a
temporary folder).  The benchmark reads the process's stderr as it comes: when the compile notice (if any)
and the "Estimated time" line arrive, and when the process ends.  The estimate's exact seconds (the line rounds
them) come from the process itself: it runs the CLI through ``child`` below, which records the estimate the
line words.  Printed per run: seconds from the start to the estimate, the estimate (expected and at most),
the actual time from the estimate to the end (what the estimate is of), and estimate/actual.

    python3 -m benchmarks.estimates [--games G,..] [--commands tune,advise,..] [--sizes 1,2]

Acceptance (issue #44): estimate/actual between 0.5 and 2 for every command in every game.  Take figures on a
quiet machine; on a loaded one the speed a probe measures is that moment's, and say so beside them.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def runs(game: str) -> list[tuple[str, int, list[str]]]:
    """(command, size, arguments after ``commandsim``) of the runs for ``game``: two sizes each."""
    from simcore.game import hooks
    from simcore.games import registry

    g = registry.get(game)
    target = hooks(g).target_example
    rungs = [r for r in g.info.rungs if not r.startswith("search:1000")]   # search:1000 pairs: hours at any size
    # four entries, six pairs: the game's tuning pool, then its tuned strategy and random play
    entries = [*dict.fromkeys([*registry.tuning(game).default_pool, "tuned", "random"])][:4]
    flag = ["--game", game]
    return [
        ("sweep --target-ci", 1, ["sweep", *flag, "--target-ci", "0.005", "--out", "sweep.csv"]),
        ("sweep --target-ci", 2, ["sweep", *flag, "--target-ci", "0.0025", "--out", "sweep.csv"]),
        ("compare --until-verdict", 1, ["compare", *flag, "--until-verdict", "--band", "1", "--games", "20000",
                                        "--out", "compare.csv"]),
        ("compare --until-verdict", 2, ["compare", *flag, "--until-verdict", "--band", "1", "--games", "100000",
                                        "--max-games", "1000000", "--out", "compare.csv"]),
        ("tournament", 1, ["tournament", *flag, "--strategies", ",".join(entries), "--games", "40000", "--out",
                           "tournament.csv"]),
        ("tournament", 2, ["tournament", *flag, "--strategies", ",".join(entries), "--games", "160000", "--out",
                           "tournament.csv"]),
        ("ladder", 1, ["ladder", *flag, "--rungs", ",".join(rungs), "--games", "200", "--out", "ladder.csv"]),
        ("ladder", 2, ["ladder", *flag, "--rungs", ",".join(rungs), "--games", "800", "--out", "ladder.csv"]),
        ("tune", 1, ["tune", *flag, "--generations", "5", "--population", "8", "--games", "200", "--out",
                     "tuned.toml"]),
        ("tune", 2, ["tune", *flag, "--out", "tuned.toml"]),
        ("advise", 1, ["advise", *flag, "--target", target, "--allow-stated", "--screen-games", "400",
                       "--check-games", "8000", "--out", "advice.csv"]),
        ("advise", 2, ["advise", *flag, "--target", target, "--allow-stated", "--out", "advice.csv"]),
        ("impact", 1, ["impact", *flag, "--out", "impact.csv"]),
        ("impact", 2, ["impact", *flag, "--games", "16000", "--out", "impact.csv"]),
    ]


def child(record: str, argv: list[str]) -> None:
    """Run the CLI on ``argv``, writing every estimate it words to the file ``record`` (JSON lines)."""
    sys.path.insert(0, str(REPO))
    from reports import estimate

    worded = estimate.Estimate.text

    def text(self, shorten=""):
        with open(record, "a") as f:
            f.write(json.dumps({"seconds": self.seconds, "most": self.most}) + "\n")
        return worded(self, shorten)
    estimate.Estimate.text = text
    import cli
    cli.main(argv, prog_name="commandsim")


def run(args: list[str], timeout: float) -> dict:
    """One run: seconds to the compile notice and to the estimate, the estimate, and the actual time."""
    with tempfile.TemporaryDirectory() as folder:
        record = os.path.join(folder, "estimate.jsonl")
        code = f"import sys; sys.path.insert(0, {str(REPO)!r}); from benchmarks.estimates import child; " \
               f"child({record!r}, sys.argv[1:])"
        began = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", code, *args], cwd=folder, text=True, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        seen: dict = {}

        def read():
            for line in proc.stderr:
                now = time.perf_counter() - began
                if line.startswith("Compiling ") and "compile" not in seen:
                    seen["compile"] = now
                if "Estimated time:" in line and "estimate" not in seen:
                    seen["estimate"], seen["line"] = now, line.strip()
        reader = threading.Thread(target=read)
        reader.start()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            seen["timeout"] = True
        reader.join()
        seen["end"] = time.perf_counter() - began
        seen["exit"] = proc.returncode
        if os.path.exists(record):
            with open(record) as f:
                first = json.loads(f.readline())
            seen["seconds"], seen["most"] = first["seconds"], first["most"]
    return seen


def main() -> None:
    from simcore.games import registry

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(registry.names()), help="comma list of games [default: all]")
    ap.add_argument("--commands", default=None, help="comma list of commands (e.g. tune,advise) [default: all]")
    ap.add_argument("--sizes", default="1,2", help="which of the two sizes [default: both]")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds before a run is stopped [default: 3600]")
    args = ap.parse_args()
    commands = None if args.commands is None else {c.strip() for c in args.commands.split(",")}
    sizes = {int(s) for s in args.sizes.split(",")}
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    header = f"{'GAME':<13} {'COMMAND':<24} {'SIZE':>4} {'TO ESTIMATE':>11} {'ESTIMATE':>9} {'AT MOST':>9} " \
             f"{'ACTUAL':>9} {'EST/ACTUAL':>10}"
    rows = []
    for game in args.games.split(","):
        for command, size, argv in runs(game.strip()):
            if size not in sizes or (commands is not None and command.split()[0] not in commands):
                continue
            print("commandsim " + " ".join(a if " " not in a else f'"{a}"' for a in argv), flush=True)
            r = run(argv, args.timeout)
            if "estimate" not in r or "seconds" not in r:
                line = f"{game:<13} {command:<24} {size:>4}   no estimate (exit {r['exit']})"
            else:
                actual = r["end"] - r["estimate"]
                line = (f"{game:<13} {command:<24} {size:>4} {r['estimate']:>10.1f}s {r['seconds']:>8.1f}s "
                        f"{r['most']:>8.1f}s {actual:>8.1f}s {r['seconds'] / max(actual, 1e-9):>10.2f}"
                        + (f"  (compiled: notice at {r['compile']:.1f}s)" if "compile" in r else "")
                        + ("  TIMEOUT" if r.get("timeout") else ""))
            rows.append(line)
            print("  " + line, flush=True)
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")
    print(header)
    for line in rows:
        print(line)


if __name__ == "__main__":
    main()
