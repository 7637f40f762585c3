"""This game's jit decorators: the core's, cached in this game's own folder (``simcore.game_jit``), keyed by this
folder's sources (it lives under tests/, not simcore/games/)."""
from simcore.game_jit import game_decorators

_DECORATORS = game_decorators("tiny_game", folder="tests/tiny_game")
CACHE_DIR = _DECORATORS.cache_dir
hot, hot_entry = _DECORATORS.hot, _DECORATORS.hot_entry
