"""The Last Command's players: strategy files (``builtin/*.toml``) compiled to float rows (``library``), the
jitted policies that read them (``policy``, ``heuristic``, ``situation``), the Solo A.I.'s rules (``solo_ai``),
tournament entries, the paired head-to-head and the tuning space. In the game's folder, so that the game is
found in one place; the game-agnostic part of players (the strategy-file reader, the tuner) is the core's
``simcore/strategy_files.py`` and ``strategies/``."""
