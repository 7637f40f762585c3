"""The Last Command's tuning space: its strategy parameters, files and paired head-to-head (``simcore.tuning_space.TuneSpace``)."""
from __future__ import annotations



from simcore.errors import CommandsimError
from simcore.tuning_space import TuneSpace


def last_command() -> TuneSpace:
    from ..cardset import load_cards
    from . import params as P
    from .library import load_spec, resolve, write_strategy
    from .param_info import PARAMS, TUNABLE

    from .head_to_head import head_to_head

    return TuneSpace("last-command", ("balanced", "aggro", "engine", "defensive"),
                     {n: (i.index, i.low, i.high) for n, i in PARAMS.items() if n in TUNABLE}, tuple(TUNABLE), P.P_KIND,
                     P.KIND_HEURISTIC, load_spec, lambda name: resolve(name)[1],
                     lambda cards_path: load_cards(overrides=cards_path), _lc_matchup, head_to_head, write_strategy)


def _lc_matchup(factions: str | None, variants: str | None, tables, max_turns: int | None = None):
    from ..setup import Matchup
    sides = tuple(x.strip() for x in (factions or "federation,sunder").split(","))
    kinds = tuple(x.strip() for x in (variants or "standard").split(","))
    kinds = kinds * 2 if len(kinds) == 1 else kinds
    if len(sides) != 2 or len(kinds) != 2:
        raise CommandsimError("--factions and --variants take two comma-separated names")
    matchup = Matchup(sides, kinds) if max_turns is None else Matchup(sides, kinds, max_turns)
    matchup.validate()
    return matchup
