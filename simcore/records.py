"""What a batch of games returns, whatever the game: one row per game (``games``) and the copies of each
card each seat bought (``bought``), read by ``reports/`` the same way for every game."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore.errors import CommandsimError


@dataclass
class Records:
    """Per-game results of one matchup: ``games`` (one row per game) and ``bought``
    (int32[n_games, 2, n_types]: copies of each card type each seat bought)."""
    games: pd.DataFrame
    bought: np.ndarray
    card_names: list[str]

    def bought_frame(self) -> pd.DataFrame:
        """Long table: game, seat, card, copies bought (only non-zero entries)."""
        g, seat, t = np.nonzero(self.bought)
        return pd.DataFrame({"game": self.games["game"].to_numpy()[g], "seat": np.where(seat == 0, "first", "second"),
                             "card": np.asarray(self.card_names, dtype=object)[t], "copies": self.bought[g, seat, t]})


def check_threads(threads: int | None) -> None:
    if threads is not None and threads < 1:
        raise CommandsimError(f"--threads must be at least 1, got {threads}")
