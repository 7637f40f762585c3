"""Star Realms' sides for the designer's findings (``commandsim ladder --finding``): a side is a starting
deck (``standard``, ``alliance``, ``hydra``); the two decks decide the mode (``setup.mode_of``)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from simcore.errors import CommandsimError
from simcore.names import unknown


@lru_cache(maxsize=1)
def _tables():
    from .card_data import load_tables
    return load_tables()


def _parse(text: str) -> str:
    deck = text.strip().lower()
    if deck not in _tables().decks:
        raise CommandsimError(unknown("Star Realms deck", deck, list(_tables().decks)))
    return deck


def _play(first, second, strategies, n, seed, first_game, threads) -> np.ndarray:
    from .setup import DEFAULT_MAX_TURNS, SRMatchup, mode_of
    from .simulate import play_games
    decks = (first, second)
    m = SRMatchup(decks, mode_of(decks, _tables()), DEFAULT_MAX_TURNS)
    rec = play_games(n, seed, m, tuple(strategies), _tables(), threads, first_game=first_game, keep_bought=False)
    return np.asarray(rec.games["winner"].astype(str))


def sides():
    from simcore.findings_sides import Sides
    return Sides("star-realms", "DECK", {"first-player": ("standard", "standard"),
                                         "matchup": ("alliance", "standard")},
                 _parse, str, _play)
