"""A cold start says so (issue #32, item 9): whenever a game's engine must compile first, every command
that plays it says so on stderr with the expected time, whatever stderr is (a log, CI, a notebook: not
only a terminal) and with --quiet too."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import cli
from simcore import jit_cache
from simcore.errors import CommandsimError
from simcore.games import registry

GAMES = registry.names()


def stop(*args, **kwargs):
    raise CommandsimError("stopped by the test before the first game")


@pytest.fixture
def cold(monkeypatch):
    monkeypatch.setattr(jit_cache, "compiled", lambda module: False)


def notice(game: str) -> str:
    title = registry.get(game).info.title
    name = title if title.startswith("The ") else f"the {title}"   # "Compiling The Last Command engine"
    return f"Compiling {name} engine on first use ({jit_cache.COLD_COMPILE}; cached afterwards)..."


@pytest.mark.parametrize("game", GAMES)
def test_a_quiet_sweep_to_a_log_says_that_the_engine_compiles(game, cold, monkeypatch):
    import reports.sweep
    monkeypatch.setattr(reports.sweep, "play_sweep", stop)
    result = CliRunner().invoke(cli.main, ["sweep", "--game", game, "--games", "20", "-q"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0] == notice(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_says_that_the_engine_compiles(game, cold, monkeypatch):
    monkeypatch.setattr(cli, "stoppable", stop)
    result = CliRunner().invoke(cli.main, ["replay", "--game", game, "--seed", "1"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0] == notice(game)


def test_a_warm_cache_says_nothing_of_compiling(monkeypatch):
    monkeypatch.setattr(jit_cache, "compiled", lambda module: True)
    monkeypatch.setattr(cli, "stoppable", stop)
    result = CliRunner().invoke(cli.main, ["replay", "--seed", "1"])
    assert "Compiling" not in result.stderr


def test_the_notice_names_the_documented_figure():
    page = " ".join((jit_cache._ROOT / "docs" / "performance.md").read_text().split())
    assert jit_cache.COLD_COMPILE in page
