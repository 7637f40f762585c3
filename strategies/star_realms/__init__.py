"""Star Realms decision policies: strategy files (``builtin/*.toml``) compiled to float rows, and the
jitted functions that read them. They live under ``strategies/`` beside The Last Command's, one
folder per game, so that strategy files, the tuner and the library patterns are found in one place."""
