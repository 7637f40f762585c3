"""The 95% intervals of a win rate: ``reports.stats`` (one implementation for the whole project), re-exported so
that the tuner does not reach into reports/ elsewhere: ``wilson_interval`` (independent games) and
``per_seed_intervals`` (games in seeds: a head-to-head's seat-swapped pairs)."""
from reports.stats import Z95, per_seed_intervals, wilson_interval  # noqa: F401
