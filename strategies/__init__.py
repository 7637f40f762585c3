"""What is game-agnostic about players: the tuner, its arena and intervals (``tuning/``). A game's own
players (policies, built-in strategies, tuning space) live in its folder, ``simcore/games/<game>/players/``."""
