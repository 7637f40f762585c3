"""commandsim's game-agnostic core; each game lives in ``simcore/games/<game>/`` (see docs/architecture.md)."""
from . import jit_cache

__version__ = "0.1.0"
CACHE_DIR = jit_cache.configure()
