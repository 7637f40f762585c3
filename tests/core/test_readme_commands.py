"""Every ``commandsim`` line of README.md runs as printed (``tests/docs_commands.py`` says how)."""
from __future__ import annotations

import pytest

from tests.docs_commands import every_printed, folder_for, run_printed

COMMANDS = every_printed("README.md")
_FOLDERS: dict = {}


def test_the_readme_prints_its_set_up_and_recipes():
    # the guide's two set-up commands and at least one recipe: an empty parse would make the test below vacuous
    assert len(COMMANDS) >= 5 and COMMANDS[0].args[:1] == ("sweep",)


@pytest.mark.parametrize("cmd", COMMANDS, ids=[c.id for c in COMMANDS])
def test_readme_command_runs_as_printed(cmd, tmp_path_factory, monkeypatch):
    root = _FOLDERS.setdefault("root", tmp_path_factory.mktemp("readme"))
    run_printed(cmd, folder_for(cmd.page, root, _FOLDERS), monkeypatch)
