"""`commandsim bench`'s measuring children (start-up, sweep memory) run this checkout's code, whatever folder
they start in and whichever copy of commandsim is installed: otherwise the figures are another copy's."""
import subprocess
import sys
from pathlib import Path

from simcore import bench

REPO = Path(__file__).resolve().parents[2]


def test_bench_children_import_this_checkout_from_any_folder(tmp_path):
    code = "import cli, simcore; print(cli.__file__); print(simcore.__file__)"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=bench._checkout_env(), text=True,
                         capture_output=True, check=True).stdout.split()
    assert [Path(p).resolve() for p in out] == [REPO / "cli.py", REPO / "simcore" / "__init__.py"]
