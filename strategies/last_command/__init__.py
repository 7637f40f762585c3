"""The Last Command's decision policies: strategy files (``builtin/*.toml``) compiled to float rows, the
jitted functions that read them, and the Solo A.I.'s rules. Under ``strategies/`` beside Star Realms',
one folder per game, so that strategy files, the tuner and the library patterns are found in one place."""
