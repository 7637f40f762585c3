"""Playing strategies against each other and searching their parameters (plain Python over the engine).

These modules hold no jitted code and name no game: editing them does not change any engine's compile-cache
key (``simcore.jit_cache`` hashes each game's folder and its ``players/``).
"""
