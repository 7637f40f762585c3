"""The skirmish's tuning space: its strategy parameters, files and paired head-to-head (``simcore.tuning_space.TuneSpace``)."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from simcore.errors import CommandsimError
from simcore.names import unknown
from simcore.tuning_space import TuneSpace, paired_match, strategy_toml, write_atomic


# the tuner's range of each skirmish parameter (around the reserve strategy's values)
SK_RANGES = {
    "w_damage": (0.5, 4.0), "w_charge": (0.4, 3.5), "w_objective": (0.0, 1.0), "w_advance": (0.0, 2.0),
    "w_rally": (0.0, 2.0), "w_hold": (0.0, 2.5), "w_defend": (0.0, 4.0), "w_suppress": (0.0, 2.0),
    "w_intervene": (0.0, 2.0), "min_value": (-0.5, 1.5), "respond_min": (-0.5, 1.5), "reserve": (0.0, 3.0),
    "spend_anyway": (0.5, 5.0), "cp_value": (0.0, 1.5),
}


def skirmish() -> TuneSpace:
    from ..card_data import load_tables
    from . import params as P
    from .library import PARAMS, resolve

    params = {n: (PARAMS[n], *SK_RANGES[n]) for n in sorted(PARAMS, key=PARAMS.get)}
    return TuneSpace("skirmish", ("reserve", "spender"), params, tuple(params), P.P_KIND, P.KIND_HEURISTIC,
                     _sk_start, lambda name: resolve(name)[1], lambda cards_path: load_tables(overrides=cards_path),
                     _sk_matchup, sk_head_to_head, sk_write_strategy, default_start="reserve")


def _sk_start(name: str):
    from . import params as P
    from .library import load_spec
    shown, _, vec = load_spec(name)
    return SimpleNamespace(name=shown, kind="random" if vec[P.P_KIND] == P.KIND_RANDOM else "heuristic", vector=vec)


def _sk_matchup(factions: str | None, variants: str | None, tables, max_turns: int | None = None):
    """(((force, (command set, Command Points or None)) of each side), max turns); each head-to-head plays both
    assignments of the sides. ``variants``: each side's command set, optionally ``SET:CP`` (one: both)."""
    from ..setup import DEFAULT_MAX_TURNS, parse_setting
    forces = tuple(x.strip() for x in (factions or "line,line").split(","))
    forces = forces * 2 if len(forces) == 1 else forces
    if len(forces) != 2 or not all(forces):
        raise CommandsimError("--forces takes the two forces for skirmish (e.g. line,raiders)")
    for f in forces:
        if f not in tables.data.forces:
            raise CommandsimError("--forces: " + unknown("skirmish force", f, list(tables.data.forces)))
    texts = tuple(x.strip() for x in (variants or "full").split(","))
    texts = texts * 2 if len(texts) == 1 else texts
    if len(texts) != 2 or not all(texts):
        raise CommandsimError("--command-sets takes one command set, or one for each side (e.g. full,no-responses)")
    settings = tuple(parse_setting(t, tables.data) for t in texts)
    return (tuple(zip(forces, settings)), max_turns or DEFAULT_MAX_TURNS)


def _side(side) -> tuple[str, tuple[str, int | None]]:
    """A side of a matchup: (force, (command set, CP)); a bare force name (an advisor's target) plays the full
    set with its own Command Points."""
    return (side, ("full", None)) if isinstance(side, str) else side


def sk_head_to_head(a, b, n_games: int, seed: int, matchup, tables, threads: int | None = None, first_game: int = 0):
    """``arena.head_to_head`` for skirmish (``paired_match``); ``matchup`` is (the two sides, max turns), each side
    a force with its command set (``_sk_matchup``)."""
    from ..card_data import compile_sets
    from ..setup import Matchup
    from ..simulate import play_games
    from .library import resolve
    sides, max_turns = matchup
    sides = tuple(_side(s) for s in sides)
    compiled = {}

    def play(pair, strategies, n, start):
        forces = tuple(f for f, _ in pair)
        sets = tuple(setting[0] for _, setting in pair)
        budgets = tuple(setting[1] for _, setting in pair)
        if sets not in compiled:
            compiled[sets] = tables if tuple(tables.command_sets) == sets else compile_sets(tables.data, sets)
        return play_games(n, seed, Matchup(forces, sets, budgets, max_turns), strategies, compiled[sets], threads,
                          first_game=start)
    return paired_match(play, a, b, n_games, seed, sides, first_game, resolve)


def sk_write_strategy(path, name: str, vector: np.ndarray, description: str = "",
                      comments: tuple[str, ...] = ()) -> None:
    from . import params as P
    from .library import PARAMS
    write_atomic(path, strategy_toml(P, PARAMS, name, vector, description, comments))
