"""Every ``commandsim`` line of the docs' command pages (docs/commands/) runs as printed (``tests/docs_commands.py`` says how)."""
from __future__ import annotations

import pytest

from tests.docs_commands import every_printed, folder_for, run_printed

COMMANDS = every_printed("docs/commands/*.md")
_FOLDERS: dict = {}


@pytest.mark.parametrize("cmd", COMMANDS, ids=[c.id for c in COMMANDS])
def test_docs_command_runs_as_printed(cmd, tmp_path_factory, monkeypatch):
    root = _FOLDERS.setdefault("root", tmp_path_factory.mktemp("docs"))
    run_printed(cmd, folder_for(cmd.page, root, _FOLDERS), monkeypatch)
