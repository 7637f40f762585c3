"""Skirmish data that validates always plays (issue 46): hypothesis edits the shipped commands, units and forces
(``tests/skirmish/card_sets.py``); each set of data is refused up front by the checks `cards validate --game
skirmish` runs, or plays battles with every command set, each within a time limit that turns a hang into a
failure. A command that costs 0 can be given over and over: such a battle ends at the engine's bound of
commands per turn, as a draw. The longer run: ``python3 -m benchmarks.fuzz_cards --game skirmish``."""
from hypothesis import HealthCheck, given, settings

from tests.skirmish.card_sets import data_sets, play_every_set, refused


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data_sets())
def test_all_skirmish_data_is_refused_or_plays_every_command_set_within_its_time_limit(data):
    if refused(data):
        return
    play_every_set(data)
