"""commandsim core: card tables, the numba engine, and the Python API over them."""
from . import jit_cache

__version__ = "0.1.0"
CACHE_DIR = jit_cache.configure()
