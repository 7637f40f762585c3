"""``commandsim metagame`` on every game at a small size (issue 51): four or more entries a side by default, the
value between the row minima's maximum and the column maxima's minimum of its own matrix, the bootstrap interval
covering the value of ten times the games (the same seeds and more), the same files on any thread count and on a
Dask cluster, a sequential stop whose looks are the fixed run's seeds, one-line errors, the trial sizes, and
the printed value, mixes and exploitability."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.commands.metagame import plan
from reports.metagame_text import grid
from simcore import trial
from simcore.game import hooks
from simcore.games import registry
from tests.conftest import every_game_name, invoke, registered_game
from tests.core.test_counts_and_names_every_command import one_line

game = pytest.fixture(params=every_game_name())(registered_game)

# a match-up whose value is not fixed by its rules (The Last Command and the skirmish: their first two sides;
# Star Realms' Command Deck wins every game against a standard start, so a standard mirror with different
# entries on each side)
MATCHUP = {"star-realms": {"sides": "standard,standard", "strategies": "balanced,combat_first,trade_first,tuned",
                           "opponent_strategies": "balanced,combat_first,trade_first,random"}}


def tuned(game) -> bool:
    return hooks(game).tuning() is not None


def test_the_value_lies_between_the_pure_bounds_and_its_interval_covers_ten_times_the_games(game):
    if not tuned(game):
        pytest.skip("the tiny race has no strategies to mix (its metagame says so: test_a_game_without_a_tuner)")
    options = MATCHUP.get(game.info.name, {})
    # one fixed seed: a 95% interval misses one run in twenty by design (seed 4 misses Star Realms' by 0.006);
    # benchmarks/metagame_coverage.py measures the rate
    small = plan(game, games=40, resamples=200, seed=1, **options).play()
    if not options:
        assert min(len(e) for e in small.setup.entries) >= 4      # the game's built-in strategies, four or more
    v = small.value.set_index("part").loc["matchup"]
    g = grid(small.matrix).to_numpy()
    assert g.min(axis=1).max() == pytest.approx(v["maximin"]) and g.max(axis=0).min() == pytest.approx(v["minimax"])
    assert v["maximin"] - 1e-9 <= v["value"] <= v["minimax"] + 1e-9
    assert v["value_ci_low"] < v["value_ci_high"]            # not a certain outcome: the interval has a width
    big = plan(game, games=400, resamples=20, seed=1, **options).play()
    ten = big.value.set_index("part").loc["matchup", "value"]
    assert v["value_ci_low"] <= ten <= v["value_ci_high"], (v["value_ci_low"], ten, v["value_ci_high"])
    # the ten-fold run's first seeds are the small run's games, cell by cell
    assert np.array_equal(big.played.matchup()[:, :, :20], small.played.matchup())


def test_the_command_prints_the_value_the_mixes_and_the_exploitability_and_writes_three_files(game, tmp_path):
    out = tmp_path / "meta.csv"
    result = invoke("metagame", "--game", game.info.name, "--games", 16, "--resamples", 20, "--out", out)
    if not tuned(game):
        assert result.exit_code == 2 and "not available" in result.output, result.output
        return
    assert result.exit_code == 0, result.output + result.stderr
    text = result.output
    assert "Estimated time:" in result.stderr            # before the first game
    for said in ("At equilibrium (both sides play their best mix)", "Equilibrium mixes", "Exploitability of these "
                 "mixes", "Symmetric metagame", "alpha-Rank (Omidshafiei et al. 2019) with ranking intensity alpha "
                 "= 100 and population m = 50"):
        assert said in text, said
    matrix, mixes = pd.read_csv(out), pd.read_csv(tmp_path / "meta_mixes.csv")
    value = pd.read_csv(tmp_path / "meta_value.csv")
    assert set(matrix["part"]) == {"matchup", "symmetric"} and (matrix["game"] == game.info.name).all()
    assert mixes.groupby(["part", "side"])["weight"].sum().loc["matchup"].to_numpy() == pytest.approx([1, 1])
    assert (mixes["in_support"] == (mixes["weight_ci_low"] > 0)).all()
    assert list(value["part"]) == ["matchup", "symmetric"] and value["value"].iloc[1] == 0.5
    assert f"{100 * value['value'].iloc[0]:.1f}%" in text


def test_the_same_files_on_one_thread_two_threads_and_a_dask_cluster(tmp_path):
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    args = ["metagame", "--game", "skirmish", "--games", 24, "--resamples", 30, "--seed", 5, "-q"]
    outs = {}
    for name, extra in (("one", ["--threads", 1]), ("two", ["--threads", 2]), ("dask", ["--scheduler", "local:2"])):
        out = tmp_path / f"{name}.csv"
        result = invoke(*args, *extra, "--out", out)
        assert result.exit_code == 0, result.output + result.stderr
        outs[name] = [p.read_bytes() for p in (out, tmp_path / f"{name}_mixes.csv", tmp_path / f"{name}_value.csv")]
    assert outs["one"] == outs["two"] == outs["dask"]


def test_a_sequential_run_stops_at_its_first_verdict_on_the_fixed_runs_seeds():
    sk = registry.get("skirmish")
    wide = plan(sk, games=100, until_verdict=True, max_games=400, band=45.0, resamples=50, seed=2).play()
    fixed = plan(sk, games=100, resamples=50, seed=2).play()
    v = wide.value.iloc[0]
    assert v["stopped"] == "verdict" and v["looks"] == 1 and v["verdict"] == "even"
    assert v["value"] == fixed.value["value"].iloc[0]           # the first look's seeds are the fixed run's
    assert wide.looks["critical_value"].iloc[0] > 1.96          # a repeated interval: wider than one look's
    narrow = plan(sk, games=100, until_verdict=True, max_games=300, band=0.01, resamples=50, seed=2,
                     strategies="reserve,spender", opponent_strategies="reserve,spender").play()
    n = narrow.value.iloc[0]
    assert n["stopped"] in ("cap", "verdict") and n["games_per_cell"] <= 300
    if n["stopped"] == "cap":
        assert n["looks"] == len(narrow.looks) and n["games_per_cell"] == 300


@pytest.mark.parametrize("args,option,text", [
    (["--strategies", "reserve,nonesuch"], "--strategies", "nonesuch"),
    (["--strategies", "reserve"], "--strategies", "at least two entries"),
    (["--opponent-strategies", "spender"], "--opponent-strategies", "at least two entries"),
    (["--strategies", "reserve,reserve"], "--strategies", "every entry needs its own name"),
    (["--games", 6], "--games", "multiple of 4"),
    (["--max-games", 400], "--max-games", "only with --until-verdict"),
    (["--until-verdict", "--games", 100, "--max-games", 50], "--max-games", "at least the games of one round"),
    (["--forces", "line"], "--forces", "the two forces"),
    (["--forces", "line,nonesuch"], "--forces", "nonesuch"),
    (["--rank-population", 1], "--rank-population", ""),
    (["--alpha", -1], "--alpha", ""),
    (["--resamples", 3], "--resamples", ""),
])
def test_a_bad_option_is_one_line_naming_it_before_any_game(args, option, text, tmp_path):
    out = tmp_path / "m.csv"
    one_line("metagame", "--game", "skirmish", *args, "--out", out, option=option, text=text)
    assert not list(tmp_path.iterdir())


def test_last_commands_mirror_is_refused_as_a_match_up_and_counted_one_half_in_the_symmetric_metagame(tmp_path):
    one_line("metagame", "--factions", "federation,federation", "--out", tmp_path / "m.csv", option="--factions",
             text="Ship Mat")
    lc = registry.get("last-command")
    r = plan(lc, strategies="balanced,aggro", games=8, resamples=20).play()
    sym = r.matrix[r.matrix["part"] == "symmetric"]
    same = sym[sym["side"] == sym["opponent_side"]]
    assert len(same) == 4 and (~same["met"]).all() and (same["score"] == 0.5).all() and (same["games"] == 0).all()


def test_a_trial_plays_the_trial_sizes(tmp_path, monkeypatch):
    monkeypatch.setenv(trial.ENV, "1")
    out = tmp_path / "m.csv"
    result = invoke("metagame", "--game", "skirmish", "--games", 4000, "--resamples", 2000, "--out", out)
    assert result.exit_code == 0, result.output + result.stderr
    assert trial.NOTICE in result.stderr
    value = pd.read_csv(tmp_path / "m_value.csv")
    assert (value["games_per_cell"] == trial.GAMES).all() and (value["resamples"] == trial.TRIAL_SIZES["resamples"]).all()
    assert (value["population"] == 50).all()        # alpha-Rank's population is not a size to cap
    result = invoke("metagame", "--game", "skirmish", "--until-verdict", "--out", out)
    assert result.exit_code == 0, result.output + result.stderr
    assert pd.read_csv(tmp_path / "m_value.csv")["games_per_cell"].max() <= trial.TRIAL_SIZES["max_games"]
