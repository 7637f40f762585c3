"""Engine contracts: the same seed gives the same games whatever the threads or the chunking."""
import pandas as pd

from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.simulate import play_games, seed_of_game

MATCHUP = Matchup(("sunder", "federation"), ("asymmetrical", "standard"))


def test_same_seed_same_records():
    a = play_games(300, seed=7, matchup=MATCHUP)
    b = play_games(300, seed=7, matchup=MATCHUP)
    pd.testing.assert_frame_equal(a.games, b.games)
    assert (a.bought == b.bought).all()


def test_different_seeds_give_different_games():
    a = play_games(100, seed=7, matchup=MATCHUP).games
    b = play_games(100, seed=8, matchup=MATCHUP).games
    assert (a["seed"] != b["seed"]).all()
    assert not a["turns"].equals(b["turns"])


def test_one_thread_and_several_threads_agree():
    # three threads, whatever the machine has: blocks finish out of order and must still land in place
    one = play_games(400, seed=3, threads=1)
    many = play_games(400, seed=3, threads=3)
    pd.testing.assert_frame_equal(one.games, many.games)
    assert (one.bought == many.bought).all()


def test_splitting_a_run_into_chunks_changes_nothing():
    whole = play_games(150, seed=11).games
    parts = pd.concat([play_games(70, seed=11).games,
                       play_games(80, seed=11, first_game=70).games], ignore_index=True)
    pd.testing.assert_frame_equal(whole, parts)


def test_game_seed_depends_only_on_base_seed_and_index():
    games = play_games(20, seed=5, first_game=100).games
    assert list(games["seed"]) == [seed_of_game(5, 100 + i) for i in range(20)]
