"""What ``advise`` returns: its options (``AdviseOptions``), the target on fresh seeds (``Check``) and the
advice itself (``Advice``: the screened edits, the proposal, its checks, the table and the card patch)."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simcore.advice import Target
from simcore.errors import CommandsimError

from .screen import EditResult
from .search import Candidate


@dataclass
class AdviseOptions:
    strategy: object = None              # None: the game's own (``CardSet.default_strategy``)
    seed: int = 1
    band: float = 0.02                   # a share: 0.02 is +-2 points
    allow_stated: bool = False
    only: tuple[str, ...] | None = None  # card keys whose fields may change (None: every card)
    screen_games: int = 1000             # games per component and edit in the screen (one look)
    test_games: int = 10_000             # cap of the sequential test per edit and component
    candidates: int = 10                 # edits tested beyond the screen
    min_effect: float = 0.005            # an edit within +-0.5 points is negligible
    search_games: int = 4000             # per component and candidate set
    check_games: int = 20_000            # per component, fresh seeds
    max_fields: int = 3
    beam: int = 4
    max_step: int = 2
    retune: bool = True
    tune_generations: int = 6
    tune_population: int = 8
    tune_games: int = 400
    threads: int | None = None

    def check(self, target: Target) -> None:
        per_seed = max(len(c.games) for c in target.components)
        for name in ("screen_games", "test_games", "search_games", "check_games"):
            value = getattr(self, name)
            if value < 2 * per_seed or value % per_seed:
                raise CommandsimError(f"--{name.replace('_', '-')}: expected a multiple of {per_seed} of at least "
                                      f"{2 * per_seed} (each seed is played {per_seed} times), got {value}")
        if self.test_games < self.screen_games:
            raise CommandsimError(f"--test-games ({self.test_games}) must be at least --screen-games "
                                  f"({self.screen_games})")
        if not 0 < self.band < 1:
            raise CommandsimError(f"--band must lie between 0 and 100 points, got {100 * self.band:g}")
        if self.max_fields < 1 or self.candidates < 1:
            raise CommandsimError("--max-edits and --candidates must be at least 1")


@dataclass
class Check:
    """The target on fresh seeds: per component the value with its 95% interval, and the paired
    difference from the unedited cards."""
    values: np.ndarray
    low: np.ndarray
    high: np.ndarray
    effect: np.ndarray
    effect_low: np.ndarray
    effect_high: np.ndarray
    games: int            # per component
    inside: bool          # every component's point estimate within the band
    holds: bool           # every component's 95% interval within the band


@dataclass
class Advice:
    target: Target
    options: AdviseOptions
    base_values: np.ndarray                 # unedited, on the check seeds
    base_low: np.ndarray
    base_high: np.ndarray
    screened: list[EditResult]
    refused: list
    evaluated: list[Candidate]
    proposal: Candidate | None              # None: no set within max_fields reached the band; no edits:
                                            # the unedited cards already lie within it
    closest: Candidate | None               # the proposal, else the set nearest the goals (None: no set
                                            # came nearer than the unedited cards)
    fixed: Check | None
    retuned: Check | None
    retuned_strategy: np.ndarray | None
    tuning_kept_start: bool                 # the small tune did not beat the start: re-tuned = fixed
    table: pd.DataFrame
    patch: str
    games: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def only_untuned(self) -> bool:
        """Inside the band with the fixed strategy, outside with the re-tuned one."""
        return bool(self.fixed is not None and self.retuned is not None and self.fixed.inside
                    and not self.retuned.inside)
