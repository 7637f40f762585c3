"""The 95% Wilson interval of a win rate: ``reports.stats.wilson_interval`` (one implementation
for the whole project), re-exported so that the tuner does not reach into reports/ elsewhere."""
from reports.stats import Z95, wilson_interval  # noqa: F401
