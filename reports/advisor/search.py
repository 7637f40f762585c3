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


def search(edits: Sequence, evaluate: Callable[[list[tuple]], list], miss: Callable[[np.ndarray], float],
           band: float, max_fields: int = 3, beam: int = 4, max_step: int = 2,
           progress: Callable[[int, int], None] | None = None,
           confirm: Callable[[tuple], np.ndarray] | None = None) -> tuple[Candidate | None, list[Candidate]]:
    """(the preferred set inside the band or None, every set evaluated).  ``evaluate(sets)`` returns,
    per set, the component means of the edited cards on the search seeds (None: the engine refuses the
    set); it is given every new set of a step at once, so the sets can be played in parallel (on a
    cluster).  ``confirm(edits)``, if given, the means on more seeds, which a set inside the band must
    pass too."""
    seen: dict[tuple, Candidate | None] = {}

    def run(edit_sets) -> list[Candidate | None]:
        keys = [_canonical(s) for s in edit_sets]
        new = list(dict.fromkeys(k for k in keys if k not in seen))
        for key, values in zip(new, evaluate(new) if new else []):
            seen[key] = None if values is None else Candidate(key, values, miss(values))
        if new and progress is not None:
            progress(len(seen), max_fields)
        return [seen[k] for k in keys]

    frontier: list[tuple] = [()]
    confirmed_sets: set[tuple] = set()
    for level in range(1, max_fields + 1):
        grown = [state + (edit,) for state in frontier for edit in edits
                 if edit.field not in {e.field for e in state}]
        states = [c for c in run(grown) if c is not None]
        if not states:
            break
        for _ in range(max_step - 1):
            pairs = [(c, c.edits[:i] + (further,) + c.edits[i + 1:])
                     for c in sorted(states, key=lambda c: c.miss)[:beam]
                     for i, e in enumerate(c.edits) if (further := e.stepped(1)) is not None]
            pushed = [p for (c, _), p in zip(pairs, run([s for _, s in pairs]))
                      if p is not None and p.miss < c.miss]
            states += pushed
        for c in sorted((c for c in states if c.miss <= band), key=Candidate.key):
            if confirm is None:
                return c, [c for c in seen.values() if c is not None]
            if c.edits in confirmed_sets:   # reached twice ({a} + b, {b} + a): its seeds are already added
                continue
            confirmed_sets.add(c.edits)
            values = confirm(c.edits)       # more seeds: the best of many sets is luckier than it is good
            confirmed = Candidate(c.edits, values, miss(values))
            seen[c.edits] = confirmed
            if confirmed.miss <= band:
                return confirmed, [c for c in seen.values() if c is not None]
        unique = {c.edits: c for c in states}
        frontier = [c.edits for c in sorted(unique.values(), key=lambda c: c.miss)[:beam]]
    return None, [c for c in seen.values() if c is not None]
