"""The smallest set of edits that brings the target into the band: a beam search verified by simulation.

Edits interact (a cheaper weapon and a stronger repair both lengthen or shorten games), so a
combination is never scored by adding single effects: every candidate set is played on the same
search seeds (common random numbers, a seed range of its own) and judged by its measured ``miss``.

Order of preference: fewest fields, then fewest ``stated`` values, then the smallest total change
(sum of |delta|), then the smallest miss.  Level k holds sets of k fields: the ``beam`` best sets of
level k - 1 (by miss) each extended by one more screened edit (a field not yet in the set), then the
``beam`` best of level k with one of their edits pushed one more step (up to ``max_step``), while
that helps.  The search stops at the first level holding a set inside the band, once that set stays
inside on more search seeds (``confirm``): among many sets, the one that looks best on a few seeds is
partly lucky, and the fresh-seed check would otherwise find it outside the band more often.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np


@dataclass
class Candidate:
    edits: tuple                 # CardEdit-like: .field, .delta, .size, .stepped(n), .label
    values: np.ndarray           # measured component means on the search seeds
    miss: float                  # largest distance from a goal

    @property
    def fields(self) -> int:
        return len(self.edits)

    @property
    def total_change(self) -> int:
        return sum(e.size for e in self.edits)

    @property
    def stated(self) -> int:
        return sum(e.field.mark == "stated" for e in self.edits)

    def key(self):
        return (self.fields, self.stated, self.total_change, self.miss)

    @property
    def label(self) -> str:
        return "; ".join(e.label for e in self.edits)


def _canonical(edits) -> tuple:
    return tuple(sorted(edits, key=lambda e: (e.field.card, e.field.path)))


def search(edits: Sequence, evaluate: Callable[[tuple], np.ndarray | None], miss: Callable[[np.ndarray], float],
           band: float, max_fields: int = 3, beam: int = 4, max_step: int = 2,
           progress: Callable[[int, int], None] | None = None,
           confirm: Callable[[tuple], np.ndarray] | None = None) -> tuple[Candidate | None, list[Candidate]]:
    """(the preferred set inside the band or None, every set evaluated).  ``evaluate(edits)`` returns
    the component means of the edited set on the search seeds (None: the engine refuses the set);
    ``confirm(edits)``, if given, the means on more seeds, which a set inside the band must pass too."""
    seen: dict[tuple, Candidate | None] = {}

    def run(edit_set) -> Candidate | None:
        key = _canonical(edit_set)
        if key not in seen:
            values = evaluate(key)
            seen[key] = None if values is None else Candidate(key, values, miss(values))
            if progress is not None:
                progress(len(seen), max_fields)
        return seen[key]

    frontier: list[tuple] = [()]
    for level in range(1, max_fields + 1):
        states = []
        for state in frontier:
            used = {e.field for e in state}
            for edit in edits:
                if edit.field not in used:
                    c = run(state + (edit,))
                    if c is not None:
                        states.append(c)
        if not states:
            break
        for _ in range(max_step - 1):
            pushed = []
            for c in sorted(states, key=lambda c: c.miss)[:beam]:
                for i, e in enumerate(c.edits):
                    further = e.stepped(1)
                    if further is not None:
                        p = run(c.edits[:i] + (further,) + c.edits[i + 1:])
                        if p is not None and p.miss < c.miss:
                            pushed.append(p)
            states += pushed
        for c in sorted((c for c in states if c.miss <= band), key=Candidate.key):
            if confirm is None:
                return c, [c for c in seen.values() if c is not None]
            values = confirm(c.edits)       # more seeds: the best of many sets is luckier than it is good
            confirmed = Candidate(c.edits, values, miss(values))
            seen[c.edits] = confirmed
            if confirmed.miss <= band:
                return confirmed, [c for c in seen.values() if c is not None]
        unique = {c.edits: c for c in states}
        frontier = [c.edits for c in sorted(unique.values(), key=lambda c: c.miss)[:beam]]
    return None, [c for c in seen.values() if c is not None]
