"""Card sets that validate always run: hypothesis builds card sets (shipped cards edited, new
cards with any op and numbers within the schema); each is refused up front naming a card and the
limit, or plays games whose invariants (every card in one place, no pile past its end, Hulls,
Credits, Power, Crew within bounds) hold after every phase. The longer run, also in a
bounds-checked build: ``python3 -m benchmarks.fuzz_cards``."""
import numpy as np
from hypothesis import HealthCheck, given, settings

from tests.card_sets import card_sets, play_checked

SEEDS = np.arange(1, 4, dtype=np.int64)


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(card_sets())
def test_every_card_set_is_refused_or_plays_with_the_invariants_holding(case):
    cards, matchup = case
    for strategies in (("random", "random"), ("balanced", "aggro")):
        assert play_checked(cards, matchup, strategies, SEEDS) in ([], ["refused"])
