"""``sweep``: a grid of match-ups on common seeds, each seed in both seat orders (``reports.sweep``)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reports import sweep as sw
from simcore.game import Game, OptionError, SweepSpec, asked

from . import Progress, check_strategies, checked, names


@dataclass
class SweepPlan:
    game: Game
    spec: SweepSpec
    tables: Any
    cells: list
    games: int
    seed: int
    threads: int | None
    target_ci: float | None
    max_games: int | None
    cap: int | None      # games per cell with a target interval (None: no target)
    per_round: Path | None = None   # where the per-round track goes (the caller streams it: ``play(per_round=)``)

    @property
    def total(self) -> int:
        """Games at most, over every cell."""
        return len(self.cells) * (self.cap or self.games)

    def estimate(self, per_game: bool = False, quick: bool = False):
        """The run's expected time (``reports.estimate.Estimate``), from each cell's speed on probe seeds the run
        does not play; with ``--target-ci`` its rounds from the sweep's own stop rule. ``quick``: a short probe
        (a run of known size that says its cost only when it is long); ``per_game``: the records are written too."""
        from reports.estimate import QUICK_PROBE_SECONDS

        per_round = self.per_round is not None
        if self.target_ci is not None:
            return sw.estimate_sweep(self.game, self.cells, self.games, self.seed, self.threads, self.tables,
                                     target_ci=self.target_ci, max_games=self.max_games, per_game=per_game,
                                     per_round=per_round)
        return sw.estimate_sweep(self.game, self.cells, self.games, self.seed, self.threads, self.tables,
                                 per_game=per_game, probe_seconds=QUICK_PROBE_SECONDS if quick else None,
                                 per_round=per_round)

    def play(self, progress: Progress | None = None, runner=None, per_game=None, per_round=None) -> sw.SweepResult:
        """The sweep; ``per_game`` and ``per_round`` receive each chunk's per-game records and per-round track
        (Arrow record batches) to stream where the caller writes them."""
        return sw.play_sweep(self.game, self.cells, self.games, self.seed, self.threads, self.tables, progress,
                             target_ci=self.target_ci, max_games=self.max_games, per_game=per_game,
                             per_round=per_round, runner=runner)


def plan(game: Game, games: int, seed: int, sides: str | None, strategy: str, opponent_strategy: str | None,
         cards_path: Path | None, threads: int | None, max_turns: int | None, target_ci: float | None,
         max_games: int | None, modes: str | None = None, variants: str | None = None,
         mixed_variants: bool = False, extras: dict | None = None, per_round_path: Path | None = None) -> SweepPlan:
    """Every option checked before any game is played (``per_round_path``: the game records a standing; the
    file itself is the caller's to check, with its other outputs)."""
    if per_round_path is not None:
        checked("--per-round", sw.check_per_round, game)
    check_strategies(game, strategy, opponent_strategy)
    if max_games is not None and target_ci is None:
        raise OptionError("--max-games", "a games cap applies only with --target-ci")
    spec = asked(SweepSpec(names(sides), names(variants), names(modes), strategy, opponent_strategy,
                           mixed_variants, max_turns, extras or {}), game.info)
    tables = game.load_tables([cards_path] if cards_path is not None else [])
    cells = game.sweep_cells(spec, tables)
    per_seed = sw.seat_orders(cells)
    checked("--games", sw.check_games, games, per_seed)
    cap = checked("--max-games", sw.check_target, target_ci, max_games, games, per_seed)
    return SweepPlan(game, spec, tables, cells, games, seed, threads, target_ci, max_games, cap, per_round_path)
