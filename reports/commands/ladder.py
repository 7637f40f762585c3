"""``ladder``: a skill ladder, each rung against the rung below (``reports.ladder``); with a finding, the
finding re-measured with both sides at each rung (``reports.skill_finding``; a card's impact:
``reports.impact.impact_at_rungs``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from reports import impact as imp
from reports import ladder as lad
from reports import skill_finding as sf
from reports.report_games import with_game
from simcore.game import Game, OptionError
from simcore.games import registry

from . import Progress, checked


@dataclass
class LadderPlan:
    game: Game
    finding: str | None     # None: the ladder; else first-player, matchup or impact
    rungs: list[str]
    games: int
    seed: int
    threads: int | None
    sides: str | None = None
    variants: str | None = None
    side_a: str | None = None
    side_b: str | None = None
    card: str | None = None   # with the impact finding: the card's name as the game spells it
    left_out: list = field(default_factory=list)   # (rung, why): default rungs the game cannot play yet

    @property
    def total(self) -> int:
        return self.games * (len(self.rungs) if self.finding is not None else len(self.rungs) - 1)

    def estimate(self) -> lad.Estimate:
        """The run's expected time from each rung's measured speed, on seeds the run does not play."""
        name = self.game.info.name
        if self.finding is None:
            return lad.estimate_ladder(name, self.rungs, self.games, self.seed, self.threads, self.sides,
                                       self.variants)
        if self.finding == "impact":
            return imp.estimate_impact_at_rungs(self.game, self.card, self.rungs, self.games, self.seed, self.threads)
        return sf.estimate_finding(registry.sides(name), self.finding, self.rungs, self.side_a, self.side_b,
                                   self.games, self.seed, self.threads)

    def play(self, progress: Progress | None = None) -> pd.DataFrame:
        """The ladder's table, as the command writes it."""
        name = self.game.info.name
        if self.finding is None:
            return lad.run_ladder(name, self.rungs, self.games, self.seed, self.threads, self.sides, self.variants,
                                  progress)
        if self.finding == "impact":
            return with_game(imp.impact_at_rungs(self.game, self.card, self.rungs, self.games, self.seed,
                                                 self.threads, progress=progress), name)
        return sf.run_finding(registry.sides(name), self.finding, self.rungs, self.side_a, self.side_b, self.games,
                              self.seed, self.threads, progress)


def default_out(finding: str | None) -> Path:
    """Where the command writes the table when --out is not given."""
    return Path("out/ladder.csv" if finding is None else f"out/ladder_{finding.lower()}.csv")


def plan(game: Game, rungs: str | None, games: int, seed: int, threads: int | None, sides: str | None,
         finding: str | None, side_a: str | None, side_b: str | None, variants: str | None = None,
         card: str | None = None) -> LadderPlan:
    name = game.info.name
    finding = finding.lower() if finding is not None else None
    if (finding == "impact") != (card is not None):
        raise OptionError("--card", "--finding impact and --card go together")
    if finding == "impact":
        return _impact_plan(game, card, rungs, games, seed, threads)
    checked("--game", registry.sides, name)
    if finding is None:
        for option, value in (("--a", side_a), ("--b", side_b)):
            if value is not None:
                raise OptionError(option, "a side applies only with --finding")
        checked("--games", lad.check_games, games)
    else:
        for option, value in ((game.info.side.flag, sides), ("--variants", variants)):
            if value is not None:
                raise OptionError(option, "with --finding the sides are --a and --b")
        checked("--games", sf.check_games, games)
    if rungs is not None:
        names, left_out = checked("--rungs", lad.parse_rungs, name, rungs, 1 if finding else 2), []
    else:
        names, left_out = lad.default_rungs(name)
        if finding is not None:
            names = lad.without_random(name, names)
    if finding is not None and not names:
        raise OptionError("--rungs", "no rung to measure the finding at")
    if finding is None and len(names) < 2:
        raise OptionError("--rungs", f"a ladder needs at least two rungs, got {', '.join(names) or 'none'}")
    if finding is not None:   # the sides are checked before any game is played
        finding_sides = registry.sides(name)
        checked("--a", finding_sides.parse, side_a or finding_sides.defaults[finding][0])
        checked("--b", finding_sides.parse, side_b or finding_sides.defaults[finding][1])
        checked("--a / --b", sf.resolve_sides, finding_sides, finding, side_a, side_b)
    else:
        space = registry.tuning(name)
        checked(f"{game.info.side.flag} / --variants", space.matchup, sides, variants, space.load_tables(None))
    return LadderPlan(game, finding, names, games, seed, threads, sides, variants, side_a, side_b,
                      left_out=left_out)


def _impact_plan(game: Game, card: str, rungs: str | None, games: int, seed: int, threads: int | None) -> LadderPlan:
    """``--finding impact --card NAME``: the card's impact (a ban, both sides) at each rung."""
    if games % 2:
        raise OptionError("--games", f"expected an even number (each seed in both seats), got {games}")
    card = checked("--card", imp.bannable_cards, game, game.load_tables(), card)[0]
    names = (checked("--rungs", lad.parse_rungs, game.info.name, rungs, 1) if rungs is not None
             else lad.without_random(game.info.name, lad.default_rungs(game.info.name)[0]))
    return LadderPlan(game, "impact", names, games, seed, threads, card=card)
