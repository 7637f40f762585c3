"""This game's jit decorators: the core's, cached in this game's own folder (``simcore.game_jit``)."""
from simcore.game_jit import game_decorators

_DECORATORS = game_decorators("star_realms")
CACHE_DIR = _DECORATORS.cache_dir
hot, hot_inlined, hot_outlined, hot_entry = (_DECORATORS.hot, _DECORATORS.hot_inlined, _DECORATORS.hot_outlined,
                                             _DECORATORS.hot_entry)
