"""``metagame``: when both sides play their best mix of strategies, who wins, and which strategies players would
settle on (``reports.metagame``)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from reports import alpharank as ar
from reports import metagame as mg
from reports import metagame_play as mp
from simcore import trial
from simcore.errors import CommandsimError
from simcore.game import Game
from simcore.games import registry

from . import checked


def plan(game: Game, strategies: str | Sequence[str] | None = None,
         opponent_strategies: str | Sequence[str] | None = None, sides: str | None = None, games: int | None = None,
         until_verdict: bool = False, max_games: int | None = None, band: float = mg.DEFAULT_BAND,
         resamples: int = mg.DEFAULT_RESAMPLES, alpha: float = ar.DEFAULT_ALPHA,
         rank_population: int = ar.DEFAULT_POPULATION, cards_path: Path | None = None, seed: int = 1,
         threads: int | None = None, max_turns: int | None = None, variants: str | None = None) -> mg.MetagamePlan:
    """Every option of ``commandsim metagame`` checked (an ``OptionError`` naming the option, before any game) and
    the cards loaded; the plan's ``play(progress, runner)`` gives the ``reports.metagame.Metagame`` whose
    ``matrix``, ``mixes`` and ``value`` are the command's three files. ``band`` in points."""
    space = checked("--game", registry.tuning, game.info.name)
    entries = entry_names(strategies) or mp.default_entries(game, space)
    opponents = entry_names(opponent_strategies)
    checked("--strategies", _check_list, entries)
    if opponents is not None:
        checked("--opponent-strategies", _check_list, opponents)
    games = games if games is not None else (mg.DEFAULT_ROUND_GAMES if until_verdict else mg.DEFAULT_GAMES)
    checked("--games", mp.check_games, games)
    if max_games is not None and not until_verdict:
        checked("--max-games", _refuse, "a games cap applies only with --until-verdict")
    if until_verdict:
        max_games = trial.cap("max_games", mg.DEFAULT_MAX_GAMES) if max_games is None else max_games
        max_games = max(max_games, games) if trial.active() else max_games
        checked("--max-games", mg.check_rounds, games, max_games)
    if not 0 <= band < 50:
        checked("--band", _refuse, f"expected a number of points from 0 to below 50, got {band}")
    checked("--resamples", _at_least, resamples, 20, "bootstrap resamples")
    checked("--rank-population", _at_least, rank_population, 2, "alpha-Rank's population size m")
    if not (math.isfinite(alpha) and alpha >= 0):
        checked("--alpha", _refuse, f"expected a finite number >= 0, got {alpha}")
    tables = space.load_tables(cards_path)
    setup = checked(f"{game.info.side.flag} / --variants", mp.setup, game, space, entries, opponents, sides,
                    variants, tables, max_turns)
    return mg.MetagamePlan(game, setup, games, seed, until_verdict, max_games, band / 100, resamples, float(alpha),
                           int(rank_population), threads)


def entry_names(text: str | Sequence[str] | None) -> list[str] | None:
    """A comma list (or a sequence) of entries as given; None: not given."""
    if text is None:
        return None
    items = text.split(",") if isinstance(text, str) else list(text)
    return [str(x).strip() for x in items]


def _check_list(names: list[str]) -> list[str]:
    from reports.tournament import check_entries
    if len(names) > mg.ENTRIES_MAX:
        raise CommandsimError(f"at most {mg.ENTRIES_MAX} entries a side (the cells grow as their square), got "
                              f"{len(names)}")
    return check_entries(names)


def _refuse(message: str):
    raise CommandsimError(message)


def _at_least(value: int, low: int, what: str) -> int:
    if int(value) != value or value < low:
        raise CommandsimError(f"{what}: expected a whole number of at least {low}, got {value}")
    return value
