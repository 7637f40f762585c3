"""Every ``commandsim`` line of the docs' other pages (docs/*.md) runs as printed (``tests/docs_commands.py`` says how)."""
from __future__ import annotations

import pytest

from tests.docs_commands import every_printed, folder_for, run_printed

COMMANDS = every_printed("docs/*.md")
_FOLDERS: dict = {}


@pytest.mark.parametrize("cmd", COMMANDS, ids=[c.id for c in COMMANDS])
def test_docs_command_runs_as_printed(cmd, tmp_path_factory, monkeypatch):
    root = _FOLDERS.setdefault("root", tmp_path_factory.mktemp("docs"))
    run_printed(cmd, folder_for(cmd.page, root, _FOLDERS), monkeypatch)


def test_every_page_of_the_docs_has_its_commands_run():
    from tests.docs_commands import pages
    covered = set(pages("README.md", "docs/*.md", "docs/commands/*.md", "docs/games/*.md"))
    assert set(pages("docs/**/*.md")) <= covered, "a docs folder whose commands no test runs"
