"""Star Realms' players: strategy files (``builtin/*.toml``) compiled to float rows (``library``, ``values``),
the jitted policies that read them (``policy``) and the tuning space. In the game's folder, so that the game is
found in one place."""
