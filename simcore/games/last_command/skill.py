"""The Last Command's sides for the designer's findings (``commandsim ladder --finding``): a side is a
faction with its starting-card variant, written ``FACTION[:VARIANT]`` (``federation:asymmetrical``)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from simcore.errors import CommandsimError
from simcore.names import unknown


def _parse(text: str) -> tuple[str, str]:
    from .tables import FACTIONS, START_SETS
    faction, _, variant = text.strip().lower().partition(":")
    variant = variant or "standard"
    if faction not in FACTIONS:
        raise CommandsimError(unknown("faction", faction, list(FACTIONS), inside=f"in side '{text}'",
                                      tail="(optionally with :VARIANT, e.g. federation:asymmetrical)"))
    if variant not in START_SETS:
        raise CommandsimError(unknown("variant", variant, list(START_SETS), inside=f"in side '{text}'"))
    return faction, variant


def _meet(a: tuple[str, str], b: tuple[str, str]) -> None:
    """One Ship Mat per faction: sides A and B must be two different factions."""
    from .setup import mirror_problem
    problem = mirror_problem((a[0], b[0]))
    if problem:
        raise CommandsimError(problem)


@lru_cache(maxsize=1)
def _tables():
    from .cardset import load_cards
    return load_cards()


def _play(first, second, strategies, n, seed, first_game, threads) -> np.ndarray:
    from .setup import Matchup
    from .simulate import play_games
    m = Matchup((first[0], second[0]), (first[1], second[1]))
    rec = play_games(n, seed, m, tuple(strategies), _tables(), threads, first_game=first_game, keep_bought=False)
    return np.asarray(rec.games["winner"].astype(str))


def sides():
    from simcore.findings_sides import Sides
    return Sides("last-command", "FACTION[:VARIANT]",
                 {"first-player": ("federation", "sunder"),
                  "matchup": ("federation:asymmetrical", "sunder:standard")},
                 _parse, lambda s: f"{s[0]} {s[1]}", _play, _meet)
