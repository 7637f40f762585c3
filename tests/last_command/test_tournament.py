"""`commandsim tournament`: the game-agnostic round robin (reports.tournament) with synthetic pair
players, and The Last Command's pair player with Solo A.I. levels as entries."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.tournament import MATRIX_COLUMNS, RATING_COLUMNS, run_tournament, score_grid
from simcore.pair_results import PairCounts
from simcore.errors import CommandsimError


def strength_player(strengths: dict[str, float], games_factor: int = 1):
    """Exact expected counts from known strengths (no noise), as a pair player."""
    def play(a, b, games, seed):
        p = 1 / (1 + np.exp(-(strengths[a] - strengths[b])))
        wins = int(round(p * games))
        return PairCounts(wins, games - wins, 0)
    return play


def test_ratings_order_and_matrix_of_a_synthetic_tournament():
    truth = {"a": 1.0, "b": 0.3, "c": -0.2, "d": -1.1}
    t = run_tournament(list(truth), strength_player(truth), 100_000, seed=1)
    assert list(t.matrix.columns) == list(MATRIX_COLUMNS) and list(t.ratings.columns) == list(RATING_COLUMNS)
    assert len(t.matrix) == 12
    assert list(t.ratings["entry"]) == ["a", "b", "c", "d"] and list(t.ratings["rank"]) == [1, 2, 3, 4]
    mean = np.mean(list(truth.values()))
    np.testing.assert_allclose(t.ratings.set_index("entry").loc[list(truth), "strength"],
                               np.array(list(truth.values())) - mean, atol=1e-4)
    m = t.matrix.set_index(["entry", "opponent"])
    assert m.loc[("a", "b"), "wins"] == m.loc[("b", "a"), "losses"]
    assert m.loc[("a", "b"), "expected_score"] == pytest.approx(m.loc[("a", "b"), "score"], abs=1e-4)
    assert t.cycles == []


def test_pairs_that_cannot_meet_have_no_games_but_a_predicted_score():
    truth = {"x": 0.4, "ai:easy": 0.0, "ai:hard": 0.8}

    def play(a, b, games, seed):
        if a.startswith("ai:") and b.startswith("ai:"):
            return None
        return strength_player(truth)(a, b, games, seed)

    t = run_tournament(list(truth), play, 20_000)
    m = t.matrix.set_index(["entry", "opponent"])
    row = m.loc[("ai:hard", "ai:easy")]
    assert row["games"] == 0 and np.isnan(row["score"])
    assert row["expected_score"] == pytest.approx(1 / (1 + np.exp(-0.8)), abs=0.01)
    grid = score_grid(t.matrix)
    assert np.isnan(grid.loc["ai:hard", "ai:easy"]) and grid.loc["x", "ai:easy"] > 0.5


def test_a_rock_paper_scissors_cycle_is_detected_and_printed_in_order():
    beats = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}

    def play(a, b, games, seed):
        if (a, b) in beats:
            return PairCounts(int(0.6 * games), games - int(0.6 * games), 0)
        if (b, a) in beats:
            return PairCounts(games - int(0.6 * games), int(0.6 * games), 0)
        return PairCounts(games // 2, games // 2, 0)

    t = run_tournament(["rock", "paper", "scissors", "even"], play, 2000)
    assert t.cycles == [("rock", "scissors", "paper")]
    assert t.cycle_text()[0].startswith("rock > scissors > paper > rock  (rock 60.0% vs scissors")
    # the same results with too few games: intervals reach 50%, no cycle is claimed
    assert run_tournament(["rock", "paper", "scissors"], play, 40).cycles == []


def test_entries_that_never_meet_anyone_cannot_be_rated():
    with pytest.raises(CommandsimError, match="cannot rate"):
        run_tournament(["ai:easy", "ai:hard"], lambda a, b, g, s: None, 40)
    with pytest.raises(CommandsimError, match="given twice"):
        run_tournament(["a", "a"], strength_player({"a": 0}), 40)


# ---- The Last Command

def test_last_command_pairs_are_head_to_head_and_solo_games_on_the_same_seeds():
    from reports.sweep import run_sweep
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.setup import Matchup
    from simcore.games.last_command.players.head_to_head import head_to_head
    from simcore.games.last_command.players.entries import LastCommandPairs

    tables = load_cards()
    player = LastCommandPairs(Matchup(), tables)
    m = head_to_head("balanced", "aggro", 40, 5, Matchup(), tables)
    pair = player("balanced", "aggro", 40, 5)
    assert pair.counts == (m.wins, m.losses, m.draws)
    np.testing.assert_array_equal(pair.per_seed, m.score.reshape(20, 2))     # seed k: games 2k, 2k + 1
    # Solo Mode: the player moves first; each seed once with each faction for the player
    agg, _ = run_sweep("last-command", variants="standard", games=20, seed=5, modes="solo", difficulties="hard",
                       strategy="aggro")
    rows = agg[agg["seat"] == "both"]
    vs_ai = player("aggro", "ai:hard", 40, 5)
    assert vs_ai.counts == (rows["wins"].sum(), rows["losses"].sum(), rows["draws"].sum())
    assert vs_ai.per_seed.shape == (20, 2)      # seed k with the player on either faction
    assert player("ai:hard", "aggro", 40, 5).counts == (vs_ai.counts[1], vs_ai.counts[0], vs_ai.counts[2])
    assert player("ai:easy", "ai:hard", 40, 5) is None


def test_a_pair_players_seeds_give_the_matrix_seed_clustered_intervals():
    """A pair player that gives each seed's games: the matrix's intervals are over seeds, the ratings' covariance
    the seed-clustered sandwich (every pair on the same seeds)."""
    from reports.stats import per_seed_intervals
    from simcore.pair_results import PairResult
    rng = np.random.default_rng(4)
    seeds = {("a", "b"): rng.random((100, 2)) < 0.6, ("a", "c"): rng.random((100, 2)) < 0.7,
             ("b", "c"): rng.random((100, 2)) < 0.55}
    t = run_tournament(["a", "b", "c"], lambda x, y, games, seed: PairResult(seeds[(x, y)].astype(float)), 200)
    row = t.matrix.set_index(["entry", "opponent"]).loc[("a", "b")]
    lo, hi, slo, shi = per_seed_intervals(seeds[("a", "b")].astype(float))
    assert (row["ci_low"], row["ci_high"], row["score_ci_low"], row["score_ci_high"]) == pytest.approx(
        (lo, hi, slo, shi))
    back = t.matrix.set_index(["entry", "opponent"]).loc[("b", "a")]
    assert back["wins"] == row["losses"] and back["score_ci_low"] == pytest.approx(1 - row["score_ci_high"])


def test_cli_tournament_writes_matrix_and_ratings_and_is_deterministic(tmp_path):
    outs = [tmp_path / "one" / "t.csv", tmp_path / "two" / "t.csv"]
    texts = []
    for out, threads in zip(outs, ("1", "2")):
        result = CliRunner().invoke(cli.main, ["tournament", "--strategies", "balanced,aggro,ai:easy,ai:insane",
                                               "--games", "40", "--seed", "2", "--threads", threads,
                                               "--out", str(out)])
        assert result.exit_code == 0, result.output
        texts.append(result.stdout)     # stderr holds the estimate: a time, measured
    for name in ("t.csv", "t_ratings.csv"):
        pd.testing.assert_frame_equal(pd.read_csv(outs[0].parent / name), pd.read_csv(outs[1].parent / name))
    matrix, ratings = pd.read_csv(outs[0]), pd.read_csv(outs[0].parent / "t_ratings.csv")
    assert list(matrix.columns) == ["game", *MATRIX_COLUMNS] and list(ratings.columns) == ["game", *RATING_COLUMNS]
    assert set(matrix["game"]) == set(ratings["game"]) == {"last-command"}   # a report can tell its game
    assert len(matrix) == 12 and sorted(ratings["entry"]) == ["aggro", "ai:easy", "ai:insane", "balanced"]
    ai_pair = matrix[(matrix["entry"] == "ai:easy") & (matrix["opponent"] == "ai:insane")].iloc[0]
    assert ai_pair["games"] == 0
    assert (matrix.loc[matrix["opponent"] != matrix["entry"]].query("games > 0")["games"] == 40).all()
    assert "Bradley-Terry ratings" in texts[0] and ("No non-transitive cycle" in texts[0]
                                                    or "Non-transitive cycles" in texts[0])
    assert texts[0].split("Wrote")[0] == texts[1].split("Wrote")[0]


@pytest.mark.parametrize("args, message", [
    (["--strategies", "balanced,ai:impossible"], "unknown Solo A.I. level 'impossible' in entry 'ai:impossible'"),
    (["--strategies", "balanced,nope"], "unknown strategy 'nope'"),
    (["--strategies", "balanced"], "at least two entries"),
    (["--strategies", "balanced,balanced"], "given twice"),
    (["--games", "42"], "multiple of 4"),
    (["--factions", "federation,klingon"], "klingon"),
    (["--variants", "standard,weird"], "weird"),
    (["--out", "OUT/t.txt"], ".csv or .parquet"),
])
def test_tournament_bad_options_exit_2_and_write_nothing(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli.main, ["tournament", "--games", "40", "--out", "OUT/t.csv", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "OUT").exists()


# ---- the HTML report reads the tournament's files

def rps_tournament():
    beats = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}

    def play(a, b, games, seed):
        if a.startswith("ai:") and b.startswith("ai:"):
            return None
        win = int(0.6 * games) if (a, b) in beats else games - int(0.6 * games) if (b, a) in beats else games // 2
        return PairCounts(win, games - win, 0)
    return run_tournament(["rock", "paper", "scissors", "ai:easy", "ai:hard"], play, 2000)


def test_report_recognises_the_matrix_and_its_ratings_and_draws_both(tmp_path):
    from reports.files import write_tables
    from reports.html_report import build_report
    from reports.inputs import kind_of, read_results

    t = rps_tournament()
    matrix, ratings = tmp_path / "t.csv", tmp_path / "t_ratings.csv"
    write_tables({matrix: t.matrix, ratings: t.ratings})
    assert kind_of(t.matrix.columns) == "tournament" and kind_of(t.ratings.columns) == "ratings"
    results = read_results([matrix])           # the ratings next to it are read too
    assert [kind for _, kind in results.files] == ["tournament", "ratings"]
    report = build_report(results)
    titles = [s.title for s in report.sections]
    assert titles == ["Findings", "Tournament matrix (file t): who beats whom?",       # its own finding first
                      "Tournament ratings (file t): how strong is each entry?"]
    assert {"tournament.png", "ratings.png"} <= set(report.images)
    assert "rock > scissors > paper > rock" in report.sections[0].items[0]
    notes = " ".join(report.sections[1].notes)
    assert "rock > scissors > paper > rock" in notes
    assert list(report.sections[2].table["entry"]) == list(t.ratings["entry"])


def test_cli_report_of_a_tournament_exits_0_and_writes_the_plots(tmp_path):
    from reports.files import write_tables
    t = rps_tournament()
    write_tables({tmp_path / "t.parquet": t.matrix, tmp_path / "t_ratings.parquet": t.ratings})
    result = CliRunner().invoke(cli.main, ["report", str(tmp_path / "t.parquet"), "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    assert "tournament.png" in result.output and "ratings.png" in result.output
    assert (tmp_path / "r" / "report.html").read_text().count("data:image/png;base64") == 2
