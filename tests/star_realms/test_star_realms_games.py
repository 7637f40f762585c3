"""Star Realms over many games: invariants after every turn of random-play games (every card conserved,
Authority and Trade accounted for), determinism across thread counts, and each heuristic beating random."""
import numpy as np
import pytest

from simcore.games.star_realms import rules
from simcore.games.star_realms.layout import (S_AUTH_GAINED, S_DAMAGE, S_OWNED, S_START_AUTH, S_TRADE_GAINED,
                                              S_TRADE_SPENT)
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import MODES, TEAM_MODE, mode_matchups
from simcore.games.star_realms.simulate import play_games, replay_game

# the two-player modes (Two Against One's three decks: tests/star_realms/test_star_realms_two_against_one_games.py)
MATCHUPS = [m for mode in MODES if mode != TEAM_MODE for m in mode_matchups(mode)]


def _check_turn(s: Scenario, start_types: np.ndarray) -> None:
    assert np.array_equal(s.all_types(), start_types), "a card appeared or vanished"
    for p in range(2):
        assert s.authority(p) == s.scalar(S_START_AUTH + p) + s.scalar(S_AUTH_GAINED + p) - s.scalar(S_DAMAGE + 1 - p)
        assert 0 <= s.scalar(S_TRADE_SPENT + p) <= s.scalar(S_TRADE_GAINED + p)
    assert len(s.pile("trade_row")) == 5 or len(s.pile("trade_deck")) == 0
    owned = s.sc[S_OWNED:S_OWNED + 8].copy()          # the policy's faction counts follow every move
    rules.count_owned(s.tables.cards, s.piles, s.cnt, s.sc)
    assert np.array_equal(owned, s.sc[S_OWNED:S_OWNED + 8])


@pytest.mark.parametrize("matchup", MATCHUPS, ids=lambda m: f"{m.mode}-{m.decks[0]}-{m.decks[1]}")
def test_invariants_every_card_conserved_and_authority_trade_accounted_over_random_games(matchup):
    turns = 0
    for seed in range(40):
        s = Scenario.start(seed=seed, matchup=matchup, strategies=("random", "random"))
        start = s.all_types()
        while s.winner < 0:
            s.turn()
            turns += 1
            _check_turn(s, start)
        if s.winner < 2:
            assert s.authority(1 - s.winner) <= 0 < s.authority(s.winner)
    assert turns > 40 * 10


def test_invariants_heuristic_games_conserve_cards_too():
    for seed in range(20):
        s = Scenario.start(seed=seed, matchup=MATCHUPS[-1], strategies=("balanced", "combat_first"))
        start = s.all_types()
        while s.winner < 0:
            s.turn()
            _check_turn(s, start)


def test_determinism_same_seed_same_games_on_any_thread_count():
    a = play_games(300, seed=11, threads=1, matchup=MATCHUPS[1])
    b = play_games(300, seed=11, threads=2, matchup=MATCHUPS[1])
    assert a.games.equals(b.games) and np.array_equal(a.bought, b.bought)
    c = play_games(100, seed=11, threads=2, first_game=200, matchup=MATCHUPS[1])
    assert np.array_equal(a.games.iloc[200:].to_numpy(), c.games.to_numpy())


def test_determinism_replay_of_a_record_seed_is_the_same_game():
    rec = play_games(5, seed=3)
    for _, row in rec.games.iterrows():
        r = replay_game(int(row.seed))
        assert (r.result["winner"], r.result["turns"]) == (row.winner, row.turns)
        assert r.result["first_authority"] == row.first_authority


@pytest.mark.parametrize("strategy", ["balanced", "trade_first", "combat_first"])
def test_each_heuristic_beats_random_at_least_95_percent_on_paired_seeds(strategy):
    n = 200
    as_first = play_games(n, seed=21, strategies=(strategy, "random"))
    as_second = play_games(n, seed=21, strategies=("random", strategy))
    wins = (as_first.games.winner == "first").sum() + (as_second.games.winner == "second").sum()
    assert wins / (2 * n) >= 0.95


def test_first_player_advantage_of_the_standard_mirror_is_modest():
    rec = play_games(2000, seed=5)
    share = (rec.games.winner == "first").mean()
    assert 0.45 < share < 0.65
