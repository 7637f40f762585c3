"""``compare``: settings A and B of one side on the same seeds, with a verdict (``reports.compare``; with
``--until-verdict``, group-sequential rounds: ``reports.until_verdict``)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from reports import compare as cmp
from reports import until_verdict as seq
from simcore import trial
from simcore.game import CompareSpec, Game, OptionError, Question

from . import Progress, check_strategies, checked, pair_of

DEFAULT_GAMES = 20000   # per setting, without --until-verdict


@dataclass
class ComparePlan:
    game: Game
    question: Question
    strategy: str
    opponent_strategy: str | None
    games: int            # per setting (with until_verdict: per round)
    until_verdict: bool
    max_games: int | None
    seed: int
    threads: int | None
    max_turns: int | None
    band: float           # in points, as --band
    cards_path: Path | None = None
    cards_b_path: Path | None = None

    @property
    def total(self) -> int:
        """Games at most, both settings."""
        return 2 * (self.max_games if self.until_verdict else self.games)

    def estimate(self):
        """The run's expected time (``reports.estimate.Estimate``) on probe seeds the run does not play: with
        ``until_verdict`` from a pilot and the rounds' own stop rule, else from both settings' speed."""
        if self.until_verdict:
            return seq.estimate_until_verdict(self.game, self.question, self.strategy, self.opponent_strategy,
                                              self.games, self.max_games, self.seed, self.threads, self.max_turns,
                                              self.band / 100)
        return cmp.estimate_compare(self.game, self.question, self.strategy, self.opponent_strategy, self.games,
                                    self.seed, self.threads, self.max_turns)

    def play(self, progress: Progress | None = None, runner=None) -> cmp.Comparison | seq.SequentialComparison:
        """The comparison (``table``: the compare CSV's rows, with what the card files change); with
        ``until_verdict`` the sequential one (its ``comparison`` and ``looks``)."""
        from reports.moved import edited_cards
        changes = cmp.card_changes(self.game.card_entries, self.cards_path, self.cards_b_path)
        edited = tuple(edited_cards(self.game.card_entries, self.cards_path, self.cards_b_path))
        if self.until_verdict:
            run = seq.run_until_verdict(self.game, self.question, self.strategy, self.opponent_strategy, self.games,
                                        self.max_games, self.seed, self.threads, self.max_turns, self.band / 100,
                                        progress, runner=runner)
            comparison = dataclasses.replace(cmp.with_card_changes(run.comparison, changes), edited=edited)
            return dataclasses.replace(run, comparison=comparison)
        result = cmp.run_question(self.game, self.question, self.strategy, self.opponent_strategy, self.games,
                                  self.seed, self.threads, self.max_turns, self.band / 100, progress, runner=runner)
        return dataclasses.replace(cmp.with_card_changes(result, changes), edited=edited)


def plan(game: Game, sides: str | None, side_b: str | None, cards_path: Path | None, cards_b_path: Path | None,
         strategy: str, opponent_strategy: str | None, games: int | None, until_verdict: bool,
         max_games: int | None, seed: int, threads: int | None, max_turns: int | None, band: float,
         variant_a: str | None = None, variant_b: str | None = None, opponent_variant: str | None = None,
         extras: dict | None = None) -> ComparePlan:
    """Every option checked, the question asked, before any game is played."""
    games = games if games is not None else (seq.DEFAULT_ROUND_GAMES if until_verdict else DEFAULT_GAMES)
    if games < 2 or games % 2:
        raise OptionError("--games", f"expected an even number >= 2 (each seed is played with the subject first and "
                                     f"second), got {games}")
    if max_games is not None and not until_verdict:
        raise OptionError("--max-games", "a games cap applies only with --until-verdict")
    if until_verdict:
        max_games = trial.cap("max_games", seq.DEFAULT_MAX_GAMES) if max_games is None else max_games
        checked("--max-games", seq.check_rounds, games, max_games)
    pair = pair_of(sides, game.info.side.flag)
    check_strategies(game, strategy, opponent_strategy)
    question = game.compare_question(CompareSpec(
        tuple(x.lower() for x in pair) if pair else None, side_b.strip().lower() if side_b else None,
        variant_a, variant_b, opponent_variant, cards_path, cards_b_path, strategy, opponent_strategy, max_turns,
        extras or {}))
    return ComparePlan(game, question, strategy, opponent_strategy, games, until_verdict, max_games, seed, threads,
                       max_turns, band, cards_path, cards_b_path)
