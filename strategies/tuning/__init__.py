"""Playing strategies against each other and searching their parameters (plain Python over the engine).

These modules hold no jitted code, so they live in a sub-package: editing them does not
change the engine's compile-cache key (``simcore.jit_cache`` hashes ``strategies/last_command/*.py``).
"""
