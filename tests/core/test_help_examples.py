"""Every example in a command's ``--help`` runs as printed (``tests/docs_commands.py`` says how), in one folder
so that ``report``'s examples read what the others wrote. Two kinds of example are shown, not run: one naming a
remote Dask scheduler (there is none here) and ``bench --startup``, which times a cold compile of an engine in
a new process by design (minutes, whatever the trial size)."""
from __future__ import annotations

import pytest

from tests.docs_commands import folder_for, help_examples, run_printed

SHOWN_NOT_RUN = ("tcp://", "--startup")
EXAMPLES = [cmd for cmd in help_examples() if not any(a.startswith(SHOWN_NOT_RUN) for a in cmd.args)]
_FOLDERS: dict = {}


def test_every_command_shows_examples():
    shown = {cmd.page for cmd in help_examples()}
    assert len(shown) >= 15, sorted(shown)


@pytest.mark.parametrize("cmd", EXAMPLES, ids=[f"{c.page.split(' --')[0]}:{c.line}" for c in EXAMPLES])
def test_help_example_runs_as_printed(cmd, tmp_path_factory, monkeypatch):
    root = _FOLDERS.setdefault("root", tmp_path_factory.mktemp("help"))
    run_printed(cmd, folder_for("help", root, _FOLDERS), monkeypatch)
