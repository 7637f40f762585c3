"""`commandsim tournament --game star-realms`: the game-agnostic round robin (reports.tournament) over Star
Realms strategies, each pair on paired seeds with both seat orders and both deck assignments (the game's
paired head-to-head, its tuning space's)."""
import numpy as np
import pandas as pd

from reports.tournament import pair_player
from simcore.games import registry
from tests.conftest import invoke


MATCHUP = ("alliance,standard", None)


run = invoke   # tests/conftest.py: the CLI in this process


def test_tournament_star_realms_pairs_play_both_seats_and_both_decks_on_the_same_seeds():
    space = registry.tuning("star-realms")
    pairs, _ = pair_player(registry.get("star-realms"), space, "alliance,standard", None, space.load_tables(None),
                           None, None)
    result = pairs("balanced", "random", 16, 3)
    wins, losses, draws = result.counts
    assert wins + losses + draws == 16
    # the same sixteen games seen from the other entry: every seat and deck assignment is played both ways
    # the pair is the game's paired head-to-head (the tuner's): the same games, seats swapped on every seed
    m = space.head_to_head("balanced", "random", 16, 3, space.matchup(*MATCHUP, space.load_tables(None)),
                           space.load_tables(None))
    assert (wins, losses, draws) == (m.wins, m.losses, m.draws) and m.games == 16
    # per seed (games 2k and 2k + 1, seats swapped): what the seed-clustered intervals read
    np.testing.assert_array_equal(result.per_seed, m.score.reshape(8, 2))


def test_tournament_star_realms_writes_matrix_and_ratings_with_the_heuristic_above_random(tmp_path):
    out = tmp_path / "t.csv"
    res = run("tournament", "--game", "star-realms", "--strategies", "random,balanced,trade_first",
              "--games", "40", "--out", str(out))
    assert res.exit_code == 0, res.output
    matrix, ratings = pd.read_csv(out), pd.read_csv(tmp_path / "t_ratings.csv")
    assert len(matrix) == 6 and set(ratings["entry"]) == {"random", "balanced", "trade_first"}
    assert ratings.sort_values("rank")["entry"].iloc[-1] == "random"
    again = tmp_path / "again.csv"
    assert run("tournament", "--game", "star-realms", "--strategies", "random,balanced,trade_first",
               "--games", "40", "--out", str(again)).exit_code == 0
    pd.testing.assert_frame_equal(matrix, pd.read_csv(again))


def test_tournament_star_realms_bad_entries_and_games_are_usage_errors(tmp_path):
    out = tmp_path / "t.csv"
    res = run("tournament", "--game", "star-realms", "--strategies", "balanced,ai:hard", "--out", str(out))
    assert res.exit_code == 2 and "ai:hard" in res.output and "Traceback" not in res.output
    res = run("tournament", "--game", "star-realms", "--strategies", "balanced,nosuch", "--out", str(out))
    assert res.exit_code == 2 and "nosuch" in res.output
    res = run("tournament", "--game", "star-realms", "--strategies", "balanced,random", "--games", "6",
              "--out", str(out))
    assert res.exit_code == 2 and "multiple of 4" in res.output
    assert not out.exists()
