"""Star Realms' tuning space: its strategy parameters, files and paired head-to-head (``simcore.tuning_space.TuneSpace``)."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from simcore.errors import CommandsimError
from simcore.names import unknown
from simcore.tuning_space import TuneSpace, paired_match, strategy_toml, write_atomic


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
    from ..card_data import load_tables
    from . import params as P
    from .library import PARAMS, resolve

    params = {n: (PARAMS[n], *SR_RANGES[n]) for n in sorted(PARAMS, key=PARAMS.get)}
    return TuneSpace("star-realms", ("balanced", "combat_first", "trade_first"), params,
                     tuple(n for n in params if n not in SR_MODE_ONLY), P.P_KIND, P.KIND_HEURISTIC, _sr_start,
                     lambda name: resolve(name)[1], lambda cards_path: load_tables(overrides=cards_path),
                     _sr_matchup, sr_head_to_head, sr_write_strategy)


def _sr_start(name: str):
    from . import params as P
    from .library import load_spec
    shown, _, vec = load_spec(name)
    return SimpleNamespace(name=shown, kind="random" if vec[P.P_KIND] == P.KIND_RANDOM else "heuristic", vector=vec)


def _sr_matchup(factions: str | None, variants: str | None, tables, max_turns: int | None = None):
    """(the two decks, max turns); each head-to-head plays both deck assignments."""
    from ..setup import DEFAULT_MAX_TURNS, SRMatchup, build_setup, mode_of
    if variants not in (None, "standard"):
        raise CommandsimError("--variants does not apply to --game star-realms")
    decks = tuple(x.strip() for x in (factions or "standard,standard").split(","))
    decks = decks * 2 if len(decks) == 1 else decks
    if len(decks) != 2:
        raise CommandsimError("--factions takes the two seats' decks for Star Realms (e.g. alliance,standard)")
    for d in decks:
        if d not in tables.decks:
            raise CommandsimError("--factions: " + unknown("Star Realms deck", d, list(tables.decks)))
    # every check the engine makes (two team decks cannot meet), refused here, before any game, rather than
    # in the first chunk
    build_setup(tables, SRMatchup(decks, mode_of(decks, tables), max_turns or DEFAULT_MAX_TURNS))
    return (decks, max_turns or DEFAULT_MAX_TURNS)



def sr_head_to_head(a, b, n_games: int, seed: int, matchup, tables, threads: int | None = None, first_game: int = 0):
    """``arena.head_to_head`` for Star Realms (``paired_match``); ``matchup`` is (decks, max turns)."""
    from ..setup import SRMatchup, mode_of
    from ..simulate import play_games
    from .library import resolve
    decks, max_turns = matchup

    def play(sides, strategies, n, start):
        return play_games(n, seed, SRMatchup(sides, mode_of(sides, tables), max_turns), strategies, tables, threads,
                          first_game=start, keep_bought=False)
    return paired_match(play, a, b, n_games, seed, decks, first_game, resolve)


def sr_strategy_toml(name: str, vector: np.ndarray, description: str = "", comments: tuple[str, ...] = ()) -> str:
    """A Star Realms strategy file setting every parameter (``simcore.games.star_realms.players.library`` reads it)."""
    from . import params as P
    from .library import PARAMS
    return strategy_toml(P, PARAMS, name, vector, description, comments)




def sr_write_strategy(path, name: str, vector: np.ndarray, description: str = "",
                      comments: tuple[str, ...] = ()) -> None:
    write_atomic(path, sr_strategy_toml(name, vector, description, comments))
