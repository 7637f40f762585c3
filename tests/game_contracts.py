"""The game contract as mypy checks it (``pyproject.toml``'s ``[tool.mypy]`` lists this file): the tiny game's
``GAME`` is a ``simcore.game.Game`` (the registered games annotate their own ``GAME: Game``). Not a test file:
pytest collects nothing here, mypy reads it."""
from simcore.game import Game
from tests.tiny_game import contract as tiny

TINY_GAME: Game = tiny.GAME
