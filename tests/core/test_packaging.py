"""The README's set-up commands are the ones CI runs, and the cluster extra stays optional."""
from __future__ import annotations

import re
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
