"""``advise``: the smallest card edits that bring a win rate (a shape measure, a card's impact) into a band
(``reports.advisor``)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reports.advisor import equilibrium_target as eqt
from reports.advisor.advise import Advice, AdviseOptions, advise, edit_space
from reports.advisor.impact_target import ImpactTargets
from reports.advisor.shape_targets import parse_targets
from reports.report_games import with_game
from simcore.advice import CardSet, Target
from simcore.errors import CommandsimError
from simcore.game import Game, OptionError
from simcore.games import registry

from . import checked
from . import names as split_names


@dataclass
class AdvisePlan:
    game: Game
    card_set: CardSet    # the game's (its advisor hook's)
    target: Target
    opts: AdviseOptions
    no_retune: bool

    def play(self, progress: Callable[[str, int, int], None] | None = None, runner=None,
             estimate: Callable | None = None) -> Advice:
        """The advice: its ``table`` is the advice CSV (with its ``game`` column), its ``patch`` the card patch
        (TOML text; empty when no edit is proposed). ``estimate(Estimate)`` is called once the screen's first
        seeds (a pilot) give the expected time of the run."""
        advice = advise(self.card_set, self.target, self.opts, progress, runner, estimate)
        return dataclasses.replace(advice, table=with_game(advice.table, self.game.info.name))


def check_target_given(target_text: str | None, extras: dict | None) -> None:
    """One of --target and a game's own targets (The Last Command's --ladder)."""
    extras = extras or {}
    if (target_text is None) == (extras.get("ladder") is None):
        raise CommandsimError("give one of --target (a match-up or the first player)"
                              + (" and --ladder (the solo ladder)" if "ladder" in extras else ""))


def plan(game: Game, target_text: str | None, band: float, strategy: str | None, cards_path: Path | None,
         only_cards: str | None, allow_stated: bool, max_edits: int, candidates: int, screen_games: int,
         test_games: int, search_games: int, check_games: int, no_retune: bool, tune_generations: int,
         tune_population: int, tune_games: int, seed: int, threads: int | None, max_turns: int | None,
         extras: dict | None = None, strategies: str | None = None,
         opponent_strategies: str | None = None) -> AdvisePlan:
    gname = game.info.name
    extras = extras or {}
    ladder_text = extras.get("ladder")
    check_target_given(target_text, extras)
    card_set = registry.advisor(gname, cards_path)   # the game's hook: its cards, edits, targets
    text, at_eq = eqt.split(target_text) if target_text is not None else (None, False)
    impact = ImpactTargets(game, cards_path, max_turns, strategy)     # a card's impact by restricted play
    target = (parse_targets(text, lambda t: card_set.target(t, max_turns), impact.read) if text is not None
              else card_set.ladder(ladder_text, (extras.get("variant") or "standard").strip().lower(), max_turns))
    if at_eq:
        target = eqt.at_equilibrium(target, card_set, game, split_names(strategies) or _pool(gname),
                                    split_names(opponent_strategies))
    else:
        for option, given in (("--strategies", strategies), ("--opponent-strategies", opponent_strategies)):
            if given is not None:
                raise OptionError(option, f"{option} names the mixes of a target at equilibrium ('A vs B at "
                                          f"equilibrium = 50%'), got the target '{target.text}'")
    strategy = strategy or card_set.default_strategy
    card_set.strategy(strategy)
    only = None
    if only_cards is not None:
        names = [n.strip() for n in only_cards.split(",") if n.strip()]
        if not names:
            raise CommandsimError("--only: expected card names separated by commas")
        try:
            only = card_set.keys(names)
        except CommandsimError as exc:
            raise CommandsimError(f"--only: {exc}") from None
    opts = AdviseOptions(strategy=strategy, seed=seed, band=band / 100, allow_stated=allow_stated, only=only,
                         screen_games=screen_games, test_games=test_games, candidates=candidates,
                         search_games=search_games, check_games=check_games, max_fields=max_edits,
                         retune=not no_retune, tune_generations=tune_generations,
                         tune_population=tune_population, tune_games=tune_games, threads=threads)
    opts.check(target)
    if not no_retune and registry.has_tuning(gname) and target.tune_matchup is not None:
        pool = registry.tuning(gname).default_pool   # found out now, not after the screen's games
        if tune_games < 4 * len(pool):
            raise CommandsimError(f"--tune-games: expected at least 4 per opponent of the re-tune's pool "
                                  f"({', '.join(pool)}): {4 * len(pool)}, got {tune_games}")
    edit_space(card_set, opts)
    return AdvisePlan(game, card_set, target, opts, no_retune)


def _pool(game: str) -> tuple[str, ...]:
    """A target at equilibrium's default entries: the game's tuning pool (its built-in strategies that play)."""
    return tuple(checked("--strategies", registry.tuning, game).default_pool)
