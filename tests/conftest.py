"""Fixtures every test file shares: one way to run the CLI in the test's process, and the tiny fourth game
registered through the public contract (``tests/tiny_game``)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

TINY_GAME = ("tiny-race", "tests.tiny_game.contract")


def every_game_name() -> list[str]:
    """Every registered game's name and the tiny race's: what a test over "every game" is parametrized by."""
    from simcore.games import registry
    return [*registry.names(), TINY_GAME[0]]


def invoke(*args, **kw):
    """``commandsim ARGS`` in this process (click's runner); stdout and stderr apart."""
    import cli
    return CliRunner().invoke(cli.main, [str(a) for a in args], **kw)


@pytest.fixture
def run_cli():
    return invoke


@pytest.fixture
def tiny_game():
    """The tiny race registered for the test (one line, as any game registers), unregistered after it."""
    from simcore.games import registry
    registry.register(*TINY_GAME)
    try:
        yield registry.get(TINY_GAME[0])
    finally:
        registry.GAMES.pop(TINY_GAME[0], None)


def registered_game(request):
    """A fixture body: the game named by ``request.param``, the tiny race registered (and unregistered)
    around the test. A test file over every game binds it as
    ``game = pytest.fixture(params=every_game_name())(registered_game)``."""
    from simcore.games import registry
    if request.param == TINY_GAME[0]:
        registry.register(*TINY_GAME)
        request.addfinalizer(lambda: registry.GAMES.pop(TINY_GAME[0], None))
    return registry.get(request.param)


@pytest.fixture(autouse=True)
def warm_cache_notice(monkeypatch):
    """Every test's commands print what they print on a warm cache: the one-line notice that an engine
    compiles first depends on this machine's numba cache (cold on a fresh clone), not on the command.
    ``tests/core/test_compile_notice.py`` checks the notice itself (its fixtures override this one)."""
    import contextlib

    from simcore import jit_cache
    monkeypatch.setattr(jit_cache, "compiled", lambda module: True)
    monkeypatch.setattr(jit_cache, "announcing", lambda say: contextlib.nullcontext())


def impact_cards(game, k: int = 2) -> list[str]:
    """The first ``k`` bannable cards of ``game`` that the sides ``impact`` measures by default can take (it refuses
    the others by name: a Star Realms gambit for a standard start)."""
    from simcore.game import hooks
    tables = game.load_tables()
    taken = {c for subject, _ in hooks(game).impact_sides()
             for c in hooks(game).can_take(tables, subject, game.info.variants[0])}
    return [c for c in game.bannable(tables) if c in taken][:k]
