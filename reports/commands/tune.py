"""``tune``: a strategy's parameters searched for the strongest play against a pool of opponents
(``strategies.tuning.tuner``: cross-entropy search, then a final check on fresh seeds)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.game import Game, OptionError
from simcore.games import registry
from strategies.tuning import tuner

from . import checked


@dataclass
class TunePlan:
    game: Game
    opts: tuner.TuneOptions
    tables: Any
    space: Any           # the game's ``strategies.tuning.spaces.TuneSpace``
    start: str           # the start as given (a name or a file)
    start_name: str      # its display name
    name: str | None     # the name the tuned strategy gets (None: <start>-tuned)

    def estimate(self):
        """The run's expected time, measured on a few games of seeds the run does not play."""
        return tuner.estimate_tune(self.opts, self.tables)

    def play(self, progress: Callable[[tuner.Generation], None] | None = None, runner=None) -> tuner.Result:
        """The tuned strategy (``vector``, ``changed``) with its final check (``final``, ``baseline``);
        ``progress(generation)`` after each generation."""
        result = tuner.tune(self.opts, self.tables, progress, runner)
        result.name = self.name or result.name
        return result

    def comments(self, result: tuner.Result) -> tuple[str, str]:
        """How the strategy file says it was made: the command that reproduces it, and its final check."""
        gname, o = self.game.info.name, self.opts
        head = result.final[result.start_key]
        lo, hi = head.interval()
        game_flag = "" if gname == registry.DEFAULT_GAME else f"--game {gname} "
        return (f"tuned by: commandsim tune {game_flag}--strategy {self.start} --opponents {','.join(o.pool)} "
                f"--generations {len(result.generations)} --population {o.population} --games {o.games} "
                f"--seed {o.seed}",
                f"final check: {result.name} vs {result.start_name} {head.win_rate:.1%} (95% CI {lo:.1%} - {hi:.1%}) "
                f"on {head.games} fresh games")

    def write(self, result: tuner.Result, path: Path) -> None:
        """The tuned strategy as a strategy .toml file (written whole or not at all)."""
        self.space.write_strategy(path, result.name, result.vector,
                                  f"Tuned from {result.start_name} against {', '.join(self.opts.pool)}.",
                                  self.comments(result))


def plan(game: Game, start: str | None, opponents: str | None, generations: int, population: int, games: int,
         final_games: int, seed: int, time_limit: float | None, param_list: str | None, sigma: float,
         name: str | None, sides: str | None, cards_path: Path | None, threads: int | None,
         variants: str | None = None) -> TunePlan:
    gname = game.info.name
    space = checked("--game", registry.tuning, gname)
    tables = space.load_tables(cards_path)
    matchup = space.matchup(sides, variants, tables)
    params = tuple(x.strip() for x in param_list.split(",")) if param_list is not None else ()
    if param_list is not None and not all(params):
        raise OptionError("--params", f"expected a comma list of parameter names, got {param_list!r}")
    opponents = opponents if opponents is not None else ",".join(space.default_pool)
    start = start or space.default_start
    opts = tuner.TuneOptions(start=start, pool=tuner.pool_names(opponents, gname), generations=generations,
                             population=population, games=games, seed=seed, time_limit=time_limit,
                             final_games=final_games, sigma=sigma, params=params, matchup=matchup, threads=threads,
                             game=gname)
    opts.check()
    return TunePlan(game, opts, tables, space, start, space.load_start(start).name, name)
