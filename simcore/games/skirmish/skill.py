"""The skirmish's sides for the designer's findings (``commandsim ladder --finding``): a side is a force
with its command set and Command Point budget, written ``FORCE[:SET[:CP]]`` (``elite:full:3``; default:
the full set, the force's own CP)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from simcore.errors import CommandsimError
from simcore.names import unknown


@lru_cache(maxsize=1)
def _data():
    from .card_data import load_data
    return load_data()


@lru_cache(maxsize=8)
def _tables(sets: tuple[str, str]):
    from .card_data import compile_sets
    return compile_sets(_data(), sets)


def _parse(text: str) -> tuple[str, str, int | None]:
    from .setup import parse_setting
    force, _, setting = text.strip().lower().partition(":")
    if force not in _data().forces:
        raise CommandsimError(unknown("force", force, list(_data().forces), inside=f"in side '{text}'",
                                      tail="(optionally with :SET[:CP], e.g. elite:full:3)"))
    name, cp = parse_setting(setting or "full", _data())
    return force, name, cp


def _label(side) -> str:
    from .setup import label
    return f"{side[0]} {label(side[0], side[1:], _data())}"


def _play(first, second, strategies, n, seed, first_game, threads) -> np.ndarray:
    from .setup import DEFAULT_MAX_TURNS, Matchup
    from .simulate import play_games
    sets = (first[1], second[1])
    m = Matchup((first[0], second[0]), sets, (first[2], second[2]), DEFAULT_MAX_TURNS)
    rec = play_games(n, seed, m, tuple(strategies), _tables(sets), threads, first_game=first_game)
    return np.asarray(rec.games["winner"].astype(str))


def sides():
    from simcore.findings_sides import Sides
    return Sides("skirmish", "FORCE[:SET[:CP]]", {"first-player": ("line", "line"),
                                                  "matchup": ("elite", "line")},
                 _parse, _label, _play)
