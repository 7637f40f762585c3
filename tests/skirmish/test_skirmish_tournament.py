"""`commandsim tournament --game skirmish`: the game-agnostic round robin (reports.tournament) over the
skirmish's strategies, each pair on paired seeds with both seat orders and both force assignments."""
import numpy as np
import pandas as pd

from simcore.games.skirmish.card_data import compile_sets, load_data
from simcore.games.skirmish.setup import Matchup
from simcore.games.skirmish.simulate import play_games
from reports.tournament import pair_player
from simcore.games import registry
from tests.conftest import invoke


MATCHUP = ("elite,raiders", "full,no-responses")


run = invoke   # tests/conftest.py: the CLI in this process


def test_tournament_skirmish_pairs_play_both_seats_and_both_forces_on_the_same_seeds():
    data = load_data()
    space = registry.tuning("skirmish")
    pairs, _ = pair_player(registry.get("skirmish"), space, "elite,raiders", "full,no-responses",
                           space.load_tables(None), None, None)
    result = pairs("reserve", "random", 16, 3)
    wins, losses, draws = result.counts
    assert wins + losses + draws == 16
    # the pair is the game's paired head-to-head (the tuner's): the same games, seats swapped on every seed
    m = space.head_to_head("reserve", "random", 16, 3, space.matchup(*MATCHUP, space.load_tables(None)),
                           space.load_tables(None))
    assert (wins, losses, draws) == (m.wins, m.losses, m.draws) and m.games == 16
    # per seed (games 2k and 2k + 1, seats swapped): what the seed-clustered intervals read
    np.testing.assert_array_equal(result.per_seed, m.score.reshape(8, 2))
    # one of the four quarters by hand: reserve deploys first with the elite force and the full set
    winner = np.asarray(play_games(4, 3, Matchup(("elite", "raiders"), ("full", "no-responses")),
                                   ("reserve", "random"), compile_sets(data, ("full", "no-responses")))
                        .games["winner"].astype(str))
    assert (winner == "first").sum() <= wins


def test_tournament_skirmish_writes_matrix_and_ratings_with_the_heuristics_above_random(tmp_path):
    out = tmp_path / "t.csv"
    args = ("tournament", "--game", "skirmish", "--strategies", "random,reserve,spender", "--games", "40")
    res = run(*args, "--out", str(out))
    assert res.exit_code == 0, res.output
    matrix, ratings = pd.read_csv(out), pd.read_csv(tmp_path / "t_ratings.csv")
    assert len(matrix) == 6 and set(ratings["entry"]) == {"random", "reserve", "spender"}
    assert ratings.sort_values("rank")["entry"].iloc[-1] == "random"
    again = tmp_path / "again.csv"
    assert run(*args, "--out", str(again)).exit_code == 0
    pd.testing.assert_frame_equal(matrix, pd.read_csv(again))


def test_tournament_skirmish_bad_entries_forces_and_games_are_one_line_exit_2(tmp_path):
    out = str(tmp_path / "t.csv")
    for args, word in ((("--strategies", "reserve,ai:hard"), "ai:hard"), (("--forces", "line,ogres"), "ogres"),
                       (("--games", "6"), "multiple of 4")):
        res = run("tournament", "--game", "skirmish", *args, "--out", out)
        assert res.exit_code == 2 and word in res.output and "Traceback" not in res.output, res.output
    assert not (tmp_path / "t.csv").exists()
