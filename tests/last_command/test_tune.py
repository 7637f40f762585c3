"""`commandsim tune`: the cross-entropy search is reproducible from its seed, bounded by its
options, checks its result on fresh seeds with Wilson intervals, and writes a strategy file."""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import cli
from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.players.library import load_params
from strategies.tuning.tuner import TuneError, TuneOptions, tune

TABLES = load_cards()
# a small budget (about 2 s of games): enough to improve on the style-bound engine strategy most of the
# time, not enough to show it significantly every time, so the tests ask "reproducible, not worse"
SMALL = dict(start="engine", pool=("engine", "balanced"), generations=4, population=8, games=96, final_games=400)


@pytest.fixture(scope="module")
def small_run():
    return tune(TuneOptions(seed=7, **SMALL), TABLES)


def test_tune_is_reproducible_from_its_seed(small_run):
    again = tune(TuneOptions(seed=7, **SMALL), TABLES)
    assert np.array_equal(small_run.vector, again.vector)
    assert [g.mean_score for g in small_run.generations] == [g.mean_score for g in again.generations]
    assert {k: m.wins for k, m in small_run.final.items()} == {k: m.wins for k, m in again.final.items()}
    other = tune(TuneOptions(seed=8, **SMALL), TABLES)
    assert not np.array_equal(small_run.vector, other.vector)


def test_tuned_strategy_is_not_worse_than_its_start_on_fresh_seeds(small_run):
    assert len(small_run.generations) == SMALL["generations"]
    assert small_run.start_key == "engine"
    head = small_run.final["engine"]          # the tuned strategy against the one it started from
    assert head.games == SMALL["final_games"]
    lo, hi = head.interval()
    assert lo <= head.win_rate <= hi
    assert hi > 0.5                            # not shown worse at 95%
    # and on the pool as a whole it does at least as well as its start did on the same seeds
    tuned = np.mean([m.score.mean() for k, m in small_run.final.items() if k in small_run.baseline])
    start = np.mean([m.score.mean() for m in small_run.baseline.values()])
    assert tuned >= start - 0.02
    # the validation round compared the result with the start on seeds of its own
    assert small_run.validation[1] >= small_run.validation[0] or small_run.kept_start


def test_time_limit_stops_the_search_and_says_so():
    r = tune(TuneOptions(seed=1, time_limit=1e-9, **{**SMALL, "final_games": 4}), TABLES)
    assert r.stopped_by_time and r.generations == []
    assert np.allclose(r.vector, r.start_vector)     # nothing searched: the start comes back


@pytest.mark.parametrize("change,msg", [(dict(games=4), "at least 4 per opponent"),
                                        (dict(final_games=10), "multiple of 4"),
                                        (dict(params=("w_dammage",)), "unknown parameter"),
                                        (dict(start="random"), "random strategy")])
def test_bad_options_are_clear_errors(change, msg):
    with pytest.raises(TuneError, match=msg):
        tune(TuneOptions(**{**SMALL, **change}), TABLES)


# ---------------------------------------------------------------- CLI

def test_cli_tune_writes_a_strategy_that_loads(tmp_path):
    out = tmp_path / "t.toml"
    r = CliRunner().invoke(cli.main, ["tune", "--strategy", "aggro", "--opponents", "balanced,aggro",
                                      "--generations", "2", "--population", "4", "--games", "32",
                                      "--final-games", "200", "--seed", "5", "--out", str(out), "--name", "aggro-t"])
    assert r.exit_code == 0, r.output
    assert "generation   2/2" in r.output and "95% CI" in r.output and "aggro-t vs aggro" in r.output
    name, vec = load_params(str(out))
    assert name == "aggro-t"
    assert "tuned by: commandsim tune --strategy aggro" in out.read_text()
    shown = CliRunner().invoke(cli.main, ["strategies", "show", str(out)])
    assert shown.exit_code == 0 and "aggro-t" in shown.output


@pytest.mark.parametrize("args,msg", [(["--out", "x.txt"], "--out"),
                                      (["--opponents", "balanced,nope"], "unknown strategy 'nope'"),
                                      (["--params", "w_damage,nope"], "unknown parameter 'nope'"),
                                      (["--strategy", "nope"], "unknown strategy 'nope'")])
def test_cli_tune_bad_options_exit_2(tmp_path, args, msg):
    r = CliRunner().invoke(cli.main, ["tune", "--generations", "1", "--out", str(tmp_path / "t.toml"), *args])
    assert r.exit_code == 2, r.output
    assert msg in r.output
    assert not (tmp_path / "t.toml").exists()


def test_tuned_balanced_beats_balanced_on_seeds_the_search_never_saw():
    """The issue's acceptance, on a real budget (under a minute): the tuned strategy beats the
    built-in it started from on fresh seeds, the whole 95% interval above one half. (15
    generations found 56.6% until balanced chose the discard its Malfunction Repair empties, which
    took away part of the edge: 51.4% [49.3, 53.6] at 15, 53.4% [51.3, 55.6] at 25.)"""
    r = tune(TuneOptions(start="balanced", generations=25, population=16, games=400, final_games=2000, seed=11),
             TABLES)
    head = r.final["balanced"]
    lo, hi = head.interval()
    assert head.games == 2000
    assert lo > 0.5, f"tuned vs balanced {head.win_rate:.3f} [{lo:.3f}, {hi:.3f}]"


def test_head_to_head_scores_each_game_as_one_minus_the_mirrored_match():
    """A paired match scores strategy A 1 for a win, 1/2 for a draw and 0 for a loss in whichever
    seat it sat. B against A on the swapped matchup plays the very same games with the strategies'
    names swapped (each pair of rows: A first, then B first on the same seed), so it must score
    every game 1 minus A's score. A cap of 24 player-turns draws about half of them, so draws are
    scored too."""
    from simcore.games.last_command.rules import WINNER_DRAW
    from simcore.games.last_command.setup import Matchup
    from simcore.records import DRAW
    from simcore.games.last_command.players.head_to_head import head_to_head

    assert WINNER_DRAW == DRAW   # the engine's code of a draw is the one the records are read with
    games, seed, capped = 80, 5, Matchup(max_turns=24)
    ab = head_to_head("balanced", "engine", games, seed, capped, TABLES)
    ba = head_to_head("engine", "balanced", games, seed, capped.swapped(), TABLES)
    assert 0 < np.count_nonzero(ab.score == 0.5) < games and np.count_nonzero(ab.score == 1.0) > 0
    np.testing.assert_array_equal(ba.score.reshape(-1, 2)[:, ::-1], 1.0 - ab.score.reshape(-1, 2))
    np.testing.assert_array_equal(ba.turns.reshape(-1, 2)[:, ::-1], ab.turns.reshape(-1, 2))


def test_a_match_reads_each_strategy_once(monkeypatch):
    """The tuner plays thousands of small matches: each reads its two strategies once, not at
    each of its four engine calls (reading and parsing a file cost more than a 24-game call)."""
    from simcore.games.last_command.players.head_to_head import head_to_head
    from tests.strategy_reads import count_strategy_reads

    reads = count_strategy_reads(monkeypatch)
    match = head_to_head("aggro", "engine", 16, 3, tables=TABLES)
    assert sorted(reads) == ["aggro", "engine"]
    assert (match.a, match.b) == ("aggro", "engine")
