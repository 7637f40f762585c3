"""Per-game seeds as the user handles them: checked to fit the engine's 64-bit integers, and the seed of
game ``g`` of a run (``simcore.rng.game_seed``), the same in every game."""
from __future__ import annotations

from .errors import CommandsimError
from .rng import SEED_MAX, game_seed


def check_seed(seed: int, what: str = "seed") -> None:
    if not 0 <= seed <= SEED_MAX:
        raise CommandsimError(f"{what} must be between 0 and {SEED_MAX} (2**63 - 1), got {seed}")


def seed_of_game(base_seed: int, game_index: int) -> int:
    """The per-game seed of game ``game_index`` in a run with ``base_seed``."""
    check_seed(base_seed)
    check_seed(game_index, "the game index")
    return int(game_seed(base_seed, game_index))
