"""Trial sizes: with ``COMMANDSIM_TRIAL=1`` every size a command plays is capped, so any command printed in the
README or the docs runs as printed in seconds (the test of the docs runs every one of them this way, and a user
can try a long command before paying for it). The figures of a trial are not worth reading: the CLI says so.

One mechanism for every command and game: the CLI caps each option that carries a trial size (``TRIAL_SIZES``,
by the option's name) and each default a command resolves itself (``cap``); the search players' budgets are
capped where their names are parsed (``simcore.search.parse_prefixed``). Nothing else changes: the same seeds,
engines and rules.
"""
from __future__ import annotations

import os

ENV = "COMMANDSIM_TRIAL"

GAMES = 16       # per cell, setting, pair, rung, candidate or round: a multiple of 4, as every pairing needs, and
                 # 4 games for each of the tuner's pooled opponents (4 of them by default)
ROLLOUTS = 4     # per searched decision of a search:N or ismcts:N player

# An option's trial size, by its parameter name (the same name in every command that takes it).
TRIAL_SIZES = {
    "games": GAMES, "max_games": 2 * GAMES, "final_games": GAMES, "memory_games": GAMES,
    "screen": GAMES // 2, "screen_games": GAMES, "test_games": GAMES, "search_games": GAMES,
    "check_games": GAMES, "tune_games": GAMES,
    "generations": 1, "tune_generations": 1, "population": 2, "tune_population": 2,
    "candidates": 2, "max_edits": 1, "repeats": 1,
    "resamples": 50,      # a metagame's bootstrap: each resample solves its games again
}

NOTICE = (f"{ENV} is set: trial sizes (at most {GAMES} games per cell, pair or round, one generation, "
          f"{ROLLOUTS} rollouts per searched decision); the figures are not worth reading.")


def active() -> bool:
    return os.environ.get(ENV, "").strip() not in ("", "0")


def cap(name: str, value):
    """``value`` of the size ``name``, capped at its trial size when trials are on (None stays None)."""
    if value is None or not active() or name not in TRIAL_SIZES:
        return value
    return min(value, TRIAL_SIZES[name])


def rollouts(n: int) -> int:
    """A search player's budget per decision, capped when trials are on."""
    return min(n, ROLLOUTS) if active() else n
