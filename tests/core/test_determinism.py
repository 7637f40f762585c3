"""Engine contracts, every game (the registry's and the tiny race): the same seed gives the same games whatever
the threads or the chunking, and game g of base seed S is the game of per-game seed (S, g) alone. Played through
the contract (``Game.play``) in the first seat order of each game's default sweep."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simcore.game import SweepSpec
from simcore.seeds import seed_of_game
from tests.conftest import every_game_name, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)


@pytest.fixture
def play(game):
    """``play(n, seed, first_game=0, threads=None)``: the game's records of its default sweep's first cell."""
    tables = game.load_tables()
    order = game.sweep_cells(SweepSpec(), tables)[0].orders[0]
    strategies = tuple(game.resolve_strategy(s) for s in order.strategies)
    return lambda n, seed, first_game=0, threads=None: game.play(order.matchup, strategies, seed, first_game, n,
                                                                tables, threads)


def same(a, b) -> None:
    pd.testing.assert_frame_equal(a.games, b.games)
    assert np.array_equal(a.winner, b.winner) and np.array_equal(a.turns, b.turns)
    assert np.array_equal(np.asarray(a.bought), np.asarray(b.bought))


def test_determinism_same_seed_same_records(play):
    same(play(300, seed=7), play(300, seed=7))


def test_determinism_different_seeds_give_different_games(play):
    a, b = play(100, seed=7).games, play(100, seed=8).games
    assert (a["seed"] != b["seed"]).all()
    assert not (a["turns"].equals(b["turns"]) and a["winner"].equals(b["winner"]))


def test_determinism_one_thread_and_several_threads_agree(play):
    # three threads, whatever the machine has: blocks finish out of order and must still land in place
    same(play(400, seed=3, threads=1), play(400, seed=3, threads=3))


def test_determinism_splitting_a_run_into_chunks_changes_nothing(play):
    whole = play(150, seed=11)
    parts = [play(70, seed=11), play(80, seed=11, first_game=70)]
    pd.testing.assert_frame_equal(whole.games, pd.concat([p.games for p in parts], ignore_index=True))
    assert np.array_equal(whole.winner, np.concatenate([p.winner for p in parts]))
    assert np.array_equal(np.asarray(whole.bought), np.concatenate([np.asarray(p.bought) for p in parts]))


def test_determinism_a_games_seed_depends_only_on_base_seed_and_index(play):
    games = play(20, seed=5, first_game=100).games
    assert list(games["seed"]) == [seed_of_game(5, 100 + i) for i in range(20)]
