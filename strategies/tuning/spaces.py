"""What the tuner needs of a game: its parameter space and its paired head-to-head (a per-game hook).

``simcore.games.registry`` names each game's hook (``Game.tuning``, "module:function" returning a
``TuneSpace``); the tuner (``tuner.py``) and ``commandsim tune`` read only this, never a game's name.
These modules hold no jitted code, so a game's engine is imported only when its hook is called.
"""
from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Callable

import numpy as np

from simcore.errors import CommandsimError


@dataclass(frozen=True)
class TuneSpace:
    game: str
    default_pool: tuple[str, ...]
    params: dict[str, tuple[int, float, float]]   # parameter -> (index in the vector, tuning low, high)
    tunable: tuple[str, ...]                      # the parameters searched by default
    kind_index: int                               # where the vector says heuristic or random ...
    kind_heuristic: float                         # ... and the value that says heuristic
    load_start: Callable                          # name or path -> object with .name, .kind, .vector
    resolve: Callable                             # name or path -> parameter vector (raises StrategyError)
    load_tables: Callable                         # --cards path or None -> the game's tables
    matchup: Callable                             # (--factions or None, --variants or None, tables) -> matchup
    head_to_head: Callable                        # (a, b, n_games, seed, matchup, tables, threads) -> arena.Match
    write_strategy: Callable                      # (path, name, vector, description, comments)
    default_start: str = "balanced"               # the strategy tuned when --strategy is not given


# ---------------------------------------------------------------- The Last Command
def last_command() -> TuneSpace:
    from simcore.games.last_command.cardset import load_cards
    from strategies.last_command import params as P
    from strategies.last_command.library import load_spec, resolve, write_strategy
    from strategies.last_command.param_info import PARAMS, TUNABLE

    from .arena import head_to_head

    return TuneSpace("last-command", ("balanced", "aggro", "engine", "defensive"),
                     {n: (i.index, i.low, i.high) for n, i in PARAMS.items() if n in TUNABLE}, tuple(TUNABLE), P.P_KIND,
                     P.KIND_HEURISTIC, load_spec, lambda name: resolve(name)[1],
                     lambda cards_path: load_cards(overrides=cards_path), _lc_matchup, head_to_head, write_strategy)


def _lc_matchup(factions: str | None, variants: str | None, tables):
    from simcore.games.last_command.matchup import Matchup
    sides = tuple(x.strip() for x in (factions or "federation,sunder").split(","))
    kinds = tuple(x.strip() for x in (variants or "standard").split(","))
    kinds = kinds * 2 if len(kinds) == 1 else kinds
    if len(sides) != 2 or len(kinds) != 2:
        raise CommandsimError("--factions and --variants take two comma-separated names")
    matchup = Matchup(sides, kinds)
    matchup.validate()
    return matchup


# ---------------------------------------------------------------- Star Realms
# the tuner's range of each Star Realms parameter (around the balanced strategy's values); the Hydra-team
# multipliers and Nandi's Onslaught threshold matter only in some modes: searched when --params names them
SR_RANGES = {
    "w_trade": (0.2, 2.0), "w_combat": (0.3, 2.5), "w_authority": (0.0, 1.2), "w_draw": (0.3, 3.0),
    "w_opp_discard": (0.0, 2.0), "w_scrap": (0.0, 2.0), "w_trade_row": (0.0, 1.0), "w_destroy_base": (0.0, 4.0),
    "w_special": (0.0, 2.0), "w_defense": (0.0, 1.0), "w_outpost": (0.0, 2.0), "ally_share": (0.0, 1.0),
    "base_turns": (0.5, 5.0), "synergy": (0.0, 1.0), "buy_min": (-1.0, 2.0), "cost_weight": (0.0, 0.6),
    "scrap_below": (0.0, 2.5), "use_scrap": (0.3, 3.0), "attack_bases": (0.0, 6.0),
    "onslaught_allies": (1.0, 4.0),
    "vs_team_base_turns": (0.2, 2.0), "vs_team_w_draw": (0.5, 2.5), "vs_team_w_combat": (0.3, 2.0),
}
SR_MODE_ONLY = ("onslaught_allies", "vs_team_base_turns", "vs_team_w_draw", "vs_team_w_combat")


def star_realms() -> TuneSpace:
    from simcore.games.star_realms.card_data import load_tables
    from strategies.star_realms import params as P
    from strategies.star_realms.library import PARAMS, resolve

    params = {n: (PARAMS[n], *SR_RANGES[n]) for n in sorted(PARAMS, key=PARAMS.get)}
    return TuneSpace("star-realms", ("balanced", "combat_first", "trade_first"), params,
                     tuple(n for n in params if n not in SR_MODE_ONLY), P.P_KIND, P.KIND_HEURISTIC, _sr_start,
                     lambda name: resolve(name)[1], lambda cards_path: load_tables(overrides=cards_path),
                     _sr_matchup, sr_head_to_head, sr_write_strategy)


def _sr_start(name: str):
    from strategies.star_realms import params as P
    from strategies.star_realms.library import load_spec
    shown, _, vec = load_spec(name)
    return SimpleNamespace(name=shown, kind="random" if vec[P.P_KIND] == P.KIND_RANDOM else "heuristic", vector=vec)


def _sr_matchup(factions: str | None, variants: str | None, tables):
    """(the two decks, max turns); each head-to-head plays both deck assignments."""
    from simcore.games.star_realms.setup import DEFAULT_MAX_TURNS, mode_of
    if variants not in (None, "standard"):
        raise CommandsimError("--variants does not apply to --game star-realms")
    decks = tuple(x.strip() for x in (factions or "standard,standard").split(","))
    decks = decks * 2 if len(decks) == 1 else decks
    if len(decks) != 2:
        raise CommandsimError("--factions takes the two seats' decks for Star Realms (e.g. alliance,standard)")
    for d in decks:
        if d not in tables.decks:
            raise CommandsimError(f"--factions: unknown Star Realms deck '{d}': expected one of "
                                  f"{', '.join(tables.decks)}")
    mode_of(decks, tables)
    return (decks, DEFAULT_MAX_TURNS)


def paired_match(play: Callable, a, b, n_games: int, seed: int, sides: tuple[str, str], first_game: int, resolve):
    """``arena.head_to_head`` of a game whose records have "winner" (first, second, draw) and "turns":
    every seed twice (seats swapped), the first half of the seeds with A on the first of ``sides``, the
    second half on the other. ``play(sides, strategies, n, first_game)`` plays seat 0 first."""
    from .arena import Match
    if n_games <= 0 or n_games % 4:
        raise ValueError(f"head_to_head: n_games must be a positive multiple of 4, got {n_games}")
    half = n_games // 4
    score = np.zeros(n_games)
    turns = np.zeros(n_games, np.int64)
    for block, (da, db) in enumerate((sides, sides[::-1])):
        start = first_game + block * half
        a_first = play((da, db), (a, b), half, start)
        b_first = play((db, da), (b, a), half, start)
        rows = slice(block * 2 * half, (block + 1) * 2 * half)
        for col, rec, mine in ((0, a_first, "first"), (1, b_first, "second")):
            winner = np.asarray(rec.games["winner"].astype(str))
            score[rows][col::2] = np.where(winner == mine, 1.0, np.where(winner == "draw", 0.5, 0.0))
            turns[rows][col::2] = rec.games["turns"].to_numpy()
    name = (lambda s: s if isinstance(s, str) else resolve(s)[0])
    return Match(name(a), name(b), score, np.zeros(0, np.int64), np.zeros(0, np.int64), turns)


def sr_head_to_head(a, b, n_games: int, seed: int, matchup, tables, threads: int | None = None, first_game: int = 0):
    """``arena.head_to_head`` for Star Realms (``paired_match``); ``matchup`` is (decks, max turns)."""
    from simcore.games.star_realms.setup import SRMatchup, mode_of
    from simcore.games.star_realms.simulate import play_games
    from strategies.star_realms.library import resolve
    decks, max_turns = matchup

    def play(sides, strategies, n, start):
        return play_games(n, seed, SRMatchup(sides, mode_of(sides, tables), max_turns), strategies, tables, threads,
                          first_game=start, keep_bought=False)
    return paired_match(play, a, b, n_games, seed, decks, first_game, resolve)


def sr_strategy_toml(name: str, vector: np.ndarray, description: str = "", comments: tuple[str, ...] = ()) -> str:
    """A Star Realms strategy file setting every parameter (``strategies.star_realms.library`` reads it)."""
    from strategies.star_realms import params as P
    from strategies.star_realms.library import PARAMS
    return strategy_toml(P, PARAMS, name, vector, description, comments)


def strategy_toml(P, PARAMS, name: str, vector: np.ndarray, description: str = "",
                  comments: tuple[str, ...] = ()) -> str:
    """A strategy file of a game whose library reads name, description, kind and [params] (Star Realms,
    skirmish), setting every parameter: ``P`` the game's params module, ``PARAMS`` name -> index."""
    vec = np.asarray(vector, float)
    if vec.shape != (P.N_PARAMS,) or not np.all(np.isfinite(vec)):
        raise CommandsimError(f"a strategy vector must hold {P.N_PARAMS} finite numbers")
    esc = (lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"')
    lines = [f"# {c}" for c in comments]
    lines += [f"name = {esc(name)}", f"description = {esc(description)}",
              f'kind = "{"random" if vec[P.P_KIND] == P.KIND_RANDOM else "heuristic"}"']
    if vec[P.P_KIND] != P.KIND_RANDOM:
        lines += ["", "[params]"]
        for pname, index in sorted(PARAMS.items(), key=lambda kv: kv[1]):
            val = round(float(vec[index]), 6)
            lines.append(f"{pname} = {repr(val) if math.isfinite(val) else 0.0}")
    return "\n".join(lines) + "\n"


def sr_write_strategy(path, name: str, vector: np.ndarray, description: str = "",
                      comments: tuple[str, ...] = ()) -> None:
    _write_atomic(path, sr_strategy_toml(name, vector, description, comments))


def _write_atomic(path, text: str) -> None:
    """Write a file atomically (a temporary file renamed into place)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.resolve().parent)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# ---------------------------------------------------------------- skirmish
# the tuner's range of each skirmish parameter (around the reserve strategy's values)
SK_RANGES = {
    "w_damage": (0.5, 4.0), "w_charge": (0.4, 3.5), "w_objective": (0.0, 1.0), "w_advance": (0.0, 2.0),
    "w_rally": (0.0, 2.0), "w_hold": (0.0, 2.5), "w_defend": (0.0, 4.0), "w_suppress": (0.0, 2.0),
    "w_intervene": (0.0, 2.0), "min_value": (-0.5, 1.5), "respond_min": (-0.5, 1.5), "reserve": (0.0, 3.0),
    "spend_anyway": (0.5, 5.0), "cp_value": (0.0, 1.5),
}


def skirmish() -> TuneSpace:
    from simcore.games.skirmish.data import load_tables
    from strategies.skirmish import params as P
    from strategies.skirmish.library import PARAMS, resolve

    params = {n: (PARAMS[n], *SK_RANGES[n]) for n in sorted(PARAMS, key=PARAMS.get)}
    return TuneSpace("skirmish", ("reserve", "spender"), params, tuple(params), P.P_KIND, P.KIND_HEURISTIC,
                     _sk_start, lambda name: resolve(name)[1], lambda cards_path: load_tables(overrides=cards_path),
                     _sk_matchup, sk_head_to_head, sk_write_strategy, default_start="reserve")


def _sk_start(name: str):
    from strategies.skirmish import params as P
    from strategies.skirmish.library import load_spec
    shown, _, vec = load_spec(name)
    return SimpleNamespace(name=shown, kind="random" if vec[P.P_KIND] == P.KIND_RANDOM else "heuristic", vector=vec)


def _sk_matchup(factions: str | None, variants: str | None, tables):
    """(the two forces, max turns), on the full command set; each head-to-head plays both force assignments."""
    from simcore.games.skirmish.setup import DEFAULT_MAX_TURNS
    if variants not in (None, "full"):
        raise CommandsimError("--variants: tune --game skirmish plays the full command set only")
    forces = tuple(x.strip() for x in (factions or "line,line").split(","))
    forces = forces * 2 if len(forces) == 1 else forces
    if len(forces) != 2:
        raise CommandsimError("--factions takes the two forces for skirmish (e.g. line,raiders)")
    for f in forces:
        if f not in tables.data.forces:
            raise CommandsimError(f"--factions: unknown skirmish force '{f}': expected one of "
                                  f"{', '.join(tables.data.forces)}")
    return (forces, DEFAULT_MAX_TURNS)


def sk_head_to_head(a, b, n_games: int, seed: int, matchup, tables, threads: int | None = None, first_game: int = 0):
    """``arena.head_to_head`` for skirmish (``paired_match``); ``matchup`` is (forces, max turns)."""
    from simcore.games.skirmish.setup import Matchup
    from simcore.games.skirmish.simulate import play_games
    from strategies.skirmish.library import resolve
    forces, max_turns = matchup

    def play(sides, strategies, n, start):
        return play_games(n, seed, Matchup(sides, max_turns=max_turns), strategies, tables, threads, first_game=start)
    return paired_match(play, a, b, n_games, seed, forces, first_game, resolve)


def sk_write_strategy(path, name: str, vector: np.ndarray, description: str = "",
                      comments: tuple[str, ...] = ()) -> None:
    from strategies.skirmish import params as P
    from strategies.skirmish.library import PARAMS
    _write_atomic(path, strategy_toml(P, PARAMS, name, vector, description, comments))
