"""The README's set-up commands are the ones CI runs, and the cluster extra stays optional."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ci_runs_the_readme_test_command_with_the_cluster_extra():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    command = re.search(r'pip install "(\.\[[^"]+\])" && (python3 -m pytest -q[^\n]*)\n', readme)
    assert command, "README: no test command of the form pip install \".[...]\" && python3 -m pytest -q"
    extras, pytest_line = command.groups()
    assert extras == ".[test,cluster]"
    assert f'pip install --quiet "{extras}"' in ci and ci.rstrip().splitlines()[-1] == pytest_line


def test_dask_is_an_optional_extra_not_a_dependency():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["optional-dependencies"]["cluster"] == ["dask[distributed]"]
    assert not any(d.split("[")[0].strip() in ("dask", "distributed") for d in project["dependencies"])


def test_a_crashed_test_worker_fails_the_run_at_once_naming_its_test(tmp_path):
    """The README's test command, with the project's pytest settings, over files one of whose tests kills its
    worker: the run ends at once and says which test was running. Without ``--max-worker-restart=0`` xdist
    replaces the worker and runs the crashing test again in each replacement (a failure per crash), and may
    hang ``--dist loadfile`` with idle workers."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    (tmp_path / "pytest.ini").write_text(f"[pytest]\naddopts = {settings['addopts']}\n")
    for i in range(4):
        body = "    import os\n    os.abort()\n" if i == 1 else "    pass\n"
        (tmp_path / f"test_{i}.py").write_text(f"def test_a():\n    pass\n\n\ndef test_b():\n{body}\n\ndef test_c():\n"
                                              "    pass\n")
    args = re.search(r"python3 -m pytest (-q[^\n]*)\n", (ROOT / "README.md").read_text()).group(1).split()
    done = subprocess.run([sys.executable, "-m", "pytest", *args, "-p", "no:cacheprovider"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stdout[-2000:]
    assert "crashed while running 'test_1.py::test_b'" in done.stdout
    assert re.search(r"\b1 failed\b", done.stdout), done.stdout[-2000:]
