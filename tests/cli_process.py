"""Running ``cli.py`` in a real process, for tests that send it signals or read its stderr as a
terminal would show it (CliRunner runs in the test's own process)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def start(args, cwd, **env) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(REPO / "cli.py"), *map(str, args)], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **env})


def run(args, cwd, timeout=300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(REPO / "cli.py"), *map(str, args)], cwd=cwd, text=True,
                          capture_output=True, timeout=timeout)


def wait_for(condition, proc: subprocess.Popen, timeout: float = 300.0) -> None:
    """Poll ``condition()`` until it holds; fails if ``proc`` ends first or time runs out."""
    deadline = time.monotonic() + timeout
    while not condition():
        if proc.poll() is not None:
            out, err = proc.communicate()
            raise AssertionError(f"the process ended (exit {proc.returncode}) before the test could act:\n{err}")
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("timed out waiting for the process")
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    """Linux: the direct child processes of ``pid``."""
    out: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except FileNotFoundError:        # the process has gone
        return out
    for task in tasks:
        try:
            text = (task / "children").read_text().split()
        except (FileNotFoundError, ProcessLookupError):   # a thread ended between the listing and the read
            continue
        out.extend(int(x) for x in text)
    return out


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie, dead but not yet collected, counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"
