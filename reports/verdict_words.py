"""The words every verdict is printed in, in one place: each command, the report, the CSV ``verdict`` columns and
the docs use these, so a word means one thing everywhere, and none of them is a strategy's name (a strategy is
called ``balanced`` in two games: "(balanced) ... balanced" read as a verdict on the strategy).

* ``EVEN``: a difference, or a share's lead over 50%, whose 95% interval lies inside +-band
  (``even_text``: "even within +-2 points"). Files written before this wording say ``balanced``
  (``LEGACY``): ``commandsim report`` still reads them, and shows them in the new words.
* ``band_state``: a value with its interval against a goal +-band (the advisor's check).
* ``across_rungs`` codes (``reports.skill_finding``).

Every verdict word a table can hold (these and each command's codes) is checked to be no strategy of any
registered game (``tests/core/test_verdicts_read_right.py``).
"""
from __future__ import annotations

import math

EVEN = "even"
# verdict codes and texts of files written before the word changed, read as the new ones
LEGACY = {"balanced": EVEN}


def even_text(band: float, ascii_only: bool = True) -> str:
    """The text of an ``even`` verdict for a band given as a share: "even within +-2 points"."""
    return f"even within {'+-' if ascii_only else '±'}{100 * band:g} points"


def upgraded(code: str) -> str:
    """A verdict code as this version writes it (an older file's ``balanced`` is ``even``)."""
    return LEGACY.get(str(code), str(code))


def upgraded_text(text: str, band: float) -> str:
    """A verdict text as this version writes it (an older file's "balanced" is "even within +-b points")."""
    return even_text(band) if str(text) in LEGACY else str(text)


# ---- a value against a goal +-band (the advisor's check of each win rate)

# the whole interval lies inside goal +-band; wholly outside it; across an edge of the band (simcore.advice's words:
# the advisor's components check themselves with them)
from simcore.advice import HOLDS, MISSES, STRADDLES  # noqa: E402
BAND_STATES = (HOLDS, MISSES, STRADDLES)


def band_state(low: float, high: float, goal: float, band: float) -> str:
    """Where a value's 95% interval [low, high] lies against ``goal`` +-``band``: ``HOLDS`` (inside it),
    ``MISSES`` (wholly outside it) or ``STRADDLES`` (across an edge: more games would tell)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return STRADDLES
    if goal - band <= low and high <= goal + band:
        return HOLDS
    if low > goal + band or high < goal - band:
        return MISSES
    return STRADDLES
