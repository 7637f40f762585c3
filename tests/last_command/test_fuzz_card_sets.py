"""Card sets that validate always run: hypothesis builds card sets (shipped cards edited, new
cards with any op and numbers within the schema), played in duels and in Solo Mode at every
difficulty; each is refused up front naming a card and the limit, or plays games whose invariants
(every card in one place, no pile past its end, Hulls, Credits, Power, Crew within bounds) hold
after every phase, each game within a time limit that turns a hang into a failure (issue 46: a set
that validated hung a Solo game; ``tests/fixtures/cards/fuzz0.toml`` is played here by name too).
The longer run, also in a bounds-checked build: ``python3 -m benchmarks.fuzz_cards``."""
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


def test_the_fuzz0_set_plays_its_solo_game_to_a_draw_at_the_bound_with_the_invariants_holding():
    from pathlib import Path

    from simcore.games.last_command.cardset import load_card_list
    from simcore.games.last_command.setup import Matchup
    from simcore.games.last_command.simulate import seed_of_game
    fuzz0 = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "fuzz0.toml"
    solo = Matchup(("sunder", "federation"), ("asymmetrical", "asymmetrical"), mode="solo", difficulty="easy")
    seeds = np.array([seed_of_game(1, g) for g in range(8)], np.int64)    # game 4 hung before the bound
    assert play_checked(load_card_list(overrides=fuzz0), solo, ("random", "random"), seeds) == []
