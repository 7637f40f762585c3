"""`commandsim compare` on The Last Command: paired A/B on common seeds, edited card sets, Fog of War starts,
option errors (the verdict rule on hand-made numbers: ``tests/core/test_compare.py``)."""
from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.compare import COMPARE_COLUMNS, SAME_VARIANT, VERDICTS, question_of, verdict
from reports.compare import run_compare as run_any
from reports.stats import paired_difference
from simcore.games.last_command.cardset import shipped_cards_dir

GAMES = 200      # per setting: 100 seeds x 2 seat orders
LC = "last-command"


def run_compare(question, games=GAMES, seed=1, **kw):
    return run_any(LC, question, games=games, seed=seed, **kw)


# ---- a tiny run

@pytest.fixture(scope="module")
def asym_vs_standard():
    q = question_of(LC, variant_a="asymmetrical", variant_b="standard")
    return q.a, q.b, run_compare(q, games=GAMES, seed=3)


def subject_scores(setting, seeds: int, seed: int) -> np.ndarray:
    """Mean score of federation on each seed, playing both seat orders with play_games directly."""
    from simcore.games.last_command.setup import Matchup
    from simcore.games.last_command.simulate import play_games
    m = Matchup(("federation", "sunder"), (setting.variant, "standard"))
    first = play_games(seeds, seed, m, ("balanced", "balanced"), setting.tables).games["winner"].astype(str)
    second = play_games(seeds, seed, m.swapped(), ("balanced", "balanced"), setting.tables).games["winner"]
    second = second.astype(str)
    score = lambda w, me: np.where(w == me, 1.0, np.where(w == "draw", 0.5, 0.0))   # noqa: E731
    return (score(first.to_numpy(), "first") + score(second.to_numpy(), "second")) / 2


def test_paired_difference_is_the_mean_of_per_seed_differences(asym_vs_standard):
    a, b, result = asym_vs_standard
    row, pairs = result.row, result.pairs
    assert len(pairs) == GAMES // 2 and list(pairs["game"]) == list(range(GAMES // 2))
    # independently: replay every seed in both seat orders and score it by hand
    score_a, score_b = subject_scores(a, GAMES // 2, 3), subject_scores(b, GAMES // 2, 3)
    np.testing.assert_array_equal(pairs["score_a"], score_a)
    np.testing.assert_array_equal(pairs["score_b"], score_b)
    assert row["diff"] == pytest.approx(np.mean(score_a - score_b))
    expected = paired_difference(score_a, score_b)
    assert (row.diff_ci_low, row.diff_ci_high, row.diff_se) == pytest.approx(
        (expected.ci_low, expected.ci_high, expected.se))
    assert row.diff_ci_low < row["diff"] < row.diff_ci_high


def test_each_sides_win_rate_and_interval_over_seeds(asym_vs_standard):
    """A setting's win rate pools the subject's two seats of each seed: its interval takes its variance from
    the seeds (each seed's wins, 0 to 2), not from the games as if independent."""
    from reports.stats import seed_clustered_interval, wilson_interval
    _, _, result = asym_vs_standard
    row, pairs = result.row, result.pairs
    assert list(result.table.columns) == list(COMPARE_COLUMNS)
    for side in "ab":
        assert row[f"wins_{side}"] + row[f"losses_{side}"] + row[f"draws_{side}"] == GAMES
        assert row[f"win_rate_{side}"] == row[f"wins_{side}"] / GAMES
        wins = pairs[f"wins_{side}"].to_numpy()
        assert wins.sum() == row[f"wins_{side}"] and pairs[f"losses_{side}"].sum() == row[f"losses_{side}"]
        low, high, _ = seed_clustered_interval(wins.sum(), (wins ** 2).sum(), GAMES // 2, GAMES)
        assert (row[f"ci_low_{side}"], row[f"ci_high_{side}"]) == pytest.approx((low, high))
        assert (row[f"ci_low_{side}"], row[f"ci_high_{side}"]) != pytest.approx(
            wilson_interval(int(row[f"wins_{side}"]), GAMES))
    assert (row.label_a, row.label_b) == ("asymmetrical", "standard")
    assert row.verdict in VERDICTS
    assert row.verdict_text == verdict(row["diff"], row.diff_ci_low, row.diff_ci_high, 0.02, "asymmetrical",
                                       "standard", GAMES // 2)[1]


def test_side_a_is_the_matching_sweep_cell_game_for_game():
    """Same seeds, same seat swap: A's numbers are the sweep's numbers for that cell."""
    from reports.sweep import run_sweep
    q = question_of(LC, variant_a="asymmetrical", variant_b="standard", opponent_variant="asymmetrical")
    row = run_compare(q, games=60, seed=9).row
    aggregate, _ = run_sweep(LC, variants="asymmetrical", games=60, seed=9)
    fed = aggregate[(aggregate["faction"] == "federation") & (aggregate["seat"] == "both")].iloc[0]
    assert (row.wins_a, row.losses_a, row.draws_a) == (fed["wins"], fed["losses"], fed["draws"])
    assert (row.ci_low_a, row.ci_high_a) == pytest.approx((fed["ci_low"], fed["ci_high"]))


def test_results_do_not_depend_on_chunk_size(asym_vs_standard):
    a, b, result = asym_vs_standard
    small = run_compare(question_of(LC, variant_a="asymmetrical", variant_b="standard"), games=GAMES, seed=3,
                        chunk_size=7)
    pd.testing.assert_frame_equal(result.table, small.table)
    pd.testing.assert_frame_equal(result.pairs, small.pairs)


# ---- an edited card set (--cards-b)

def recosted_card_file(tmp_path, name="Chain Vulcan", cost=1):
    """A TOML override holding one card's table copied from the shipped file, with a new credit_cost."""
    text = (shipped_cards_dir() / "market_tactical.toml").read_text()
    blocks = ["[[card]]" + b for b in text.split("[[card]]")[1:]]
    block = next(b for b in blocks if f'name = "{name}"' in b)
    block, n = re.subn(r"(?m)^credit_cost = \d+", f"credit_cost = {cost}", block)
    assert n == 1
    path = tmp_path / "recost.toml"
    path.write_text(block)
    return path


def test_cards_b_with_a_recosted_card(tmp_path):
    path = recosted_card_file(tmp_path)
    out = tmp_path / "compare.csv"
    result = CliRunner().invoke(cli.main, ["compare", "--cards-b", str(path), "--games", str(GAMES), "--seed", "2",
                                           "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Paired difference A - B:" in result.output
    assert ("Verdict on A (shipped cards) against B (cards recost.toml), seen from federation (band +-2 points): "
            in result.output)
    assert f"Wrote {out} and {tmp_path / 'compare_moved.csv'} (every measure" in result.output
    table = pd.read_csv(out)
    assert list(table.columns) == [*COMPARE_COLUMNS, "edit_a", "edit_b"] and len(table) == 1
    # the edit as the cards read, from the card-override machinery (what stderr says: "changes Chain Vulcan ...")
    assert table.iloc[0]["edit_b"] == "Chain Vulcan credit_cost 4 -> 1" and pd.isna(table.iloc[0]["edit_a"])
    row = table.iloc[0]
    assert row["cards_a"] == "shipped" and row["cards_b"].startswith("shipped + ") and "recost.toml" in row["cards_b"]
    assert (row["label_a"], row["label_b"]) == ("shipped cards", "cards recost.toml")
    assert row["variant_a"] == row["variant_b"] == "standard"
    assert row["verdict"] in VERDICTS
    # the edit is really played: B's card tables hold the new cost, and some seed ends differently
    q = question_of(LC, cards_b=path)
    a, b = q.a, q.b
    assert b.tables.catalog[b.tables.index("Chain Vulcan")].credit_cost == 1
    assert a.tables.catalog[a.tables.index("Chain Vulcan")].credit_cost == 4
    pairs = run_compare(q, games=GAMES, seed=2).pairs
    assert (pairs["diff"] != 0).any()


def test_cli_prints_both_sides_and_the_verdict(tmp_path):
    out = tmp_path / "c.parquet"
    result = CliRunner().invoke(cli.main, ["compare", "--variant-a", "asymmetrical", "--variant-b", "standard",
                                           "--factions", "sunder,federation", "--games", "40", "--band", "5",
                                           "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "A: asymmetrical" in result.output and "B: standard" in result.output
    assert "Verdict on A (asymmetrical) against B (standard), seen from sunder (band +-5 points):" in result.output
    row = pd.read_parquet(out).iloc[0]
    assert (row["faction"], row["opponent_faction"], row["band"], row["games"], row["seeds"]) == \
        ("sunder", "federation", 0.05, 40, 20)
    assert row["verdict_text"] in result.output


@pytest.mark.parametrize("args, message", [
    (["--variant-a", "asymmetrical"], "A and B are the same setting"),
    (["--opponent-variant", "asymmetrical"], "A and B are the same setting"),
    (["--factions", "sunder,sunder"], "needs two different factions"),
    (["--fog-a", "missing_fog.toml"], "missing_fog.toml: no such Fog of War file"),
    (["--variant-b", "asymmetrical", "--games", "41"], "even number"),
    (["--variant-b", "asymmetrical", "--games", "0"], "even number"),
    (["--variant-b", "asymmetrical", "--factions", "federation"], "two comma-separated names"),
    (["--variant-b", "asymmetrical", "--factions", "federation,klingon"], "unknown faction 'klingon'"),
    (["--variant-b", "asym"], "unknown variant 'asym'"),
    (["--variant-b", "asymmetrical", "--opponent-variant", "x"], "unknown variant 'x'"),
    (["--variant-b", "asymmetrical", "--strategy", "nope"], "unknown strategy 'nope'"),
    (["--variant-b", "asymmetrical", "--band", "-1"], "--band"),
    (["--variant-b", "asymmetrical", "--out", "OUT/c.txt"], ".csv or .parquet"),
    (["--cards-b", "missing.toml"], "missing.toml"),
])
def test_bad_options_are_usage_errors_and_write_nothing(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli.main, ["compare", "--out", "OUT/compare.csv", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "OUT").exists()


def test_too_few_seeds_is_not_enough_for_a_verdict():
    row = run_compare(question_of(LC, variant_a="asymmetrical", variant_b="standard"), games=2).row   # one seed
    assert math.isnan(row.diff_ci_low) and row.verdict == "unclear"
    assert row.verdict_text.startswith("not enough games for a verdict (2 played; a verdict needs at least 100")


def test_a_four_game_compare_gives_no_verdict_and_no_zero_width_interval(tmp_path):
    """Issue 45: Basic Laser at 3 Power (true effect about -13 points for the Federation) on 4 games printed
    "+0.0 points, 95% interval [+0.0, +0.0] ... balanced"; two seeds are not enough for any verdict."""
    out = tmp_path / "c.csv"
    result = CliRunner().invoke(cli.main, ["compare", "--factions", "federation,sunder", "--variant-a", "standard",
                                           "--cards-b", "examples/cards/basic_laser_power3.toml", "--games", "4",
                                           "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    row = pd.read_csv(out).iloc[0]
    assert row["seeds"] == 2 and row["verdict"] == "unclear"
    assert row["diff_ci_high"] - row["diff_ci_low"] > 0.5
    assert "seen from federation (band +-2 points): not enough games for a verdict (4 played; a verdict needs at " \
           "least 100: 50 seeds)." in result.output
    assert "points): even" not in result.output and "balanced." not in result.output


# ---- the headline question: bare `compare`

def test_bare_compare_answers_asymmetrical_vs_standard_for_both_factions(tmp_path):
    """Rulebook, Gameplay Variants: Asymmetrical Play swaps all six starting System cards; A is that
    game, B the standard one, on the same seeds, one row per faction."""
    from reports.sweep import run_sweep
    out = tmp_path / "headline.csv"
    result = CliRunner().invoke(cli.main, ["compare", "--games", "60", "--seed", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out)
    assert list(table.columns) == list(COMPARE_COLUMNS)
    assert list(table["faction"]) == ["federation", "sunder"]
    assert set(table["variant_a"]) == {"asymmetrical"} and set(table["variant_b"]) == {"standard"}
    assert set(table["opponent_variant"]) == {SAME_VARIANT}
    assert "Verdict for" not in result.output      # a verdict on A against B, not on a faction
    assert "Verdict on A (asymmetrical) against B (standard), seen from federation" in result.output
    assert "Verdict on A (asymmetrical) against B (standard), seen from sunder" in result.output
    # issue 49: the fairness line gives each setting's score and its distance from 50%, each with its interval
    fair = re.search(r"Fairness \(federation's score, 95% intervals over seeds; .*?\): asymmetrical "
                     r"(\d+\.\d)% \[(\d+\.\d), (\d+\.\d)\], (\d+\.\d) points from 50% \[(\d+\.\d), (\d+\.\d)\]; "
                     r"standard \d+\.\d% \[", result.output)
    assert fair, result.output
    score, lo, hi, far, far_lo, far_hi = map(float, fair.groups())
    assert lo <= score <= hi and far_lo <= far <= far_hi and far == pytest.approx(abs(score - 50), abs=0.06)
    assert far_lo == (0.0 if lo <= 50 <= hi else pytest.approx(min(abs(lo - 50), abs(hi - 50)), abs=0.06))
    # A and B are the sweep's all-asymmetrical and all-standard cells, game for game
    aggregate, _ = run_sweep(LC, variants="asymmetrical,standard", games=60, seed=4)
    both = aggregate[aggregate["seat"] == "both"].set_index(["faction", "variant"])
    for row in table.itertuples():
        for side, variant in (("a", "asymmetrical"), ("b", "standard")):
            cell = both.loc[(row.faction, variant)]
            assert (getattr(row, f"wins_{side}"), getattr(row, f"losses_{side}")) == (cell["wins"], cell["losses"])


def test_the_opponents_row_is_the_same_games_played_from_its_side():
    fed = run_compare(question_of(LC, sides=("federation", "sunder")), games=GAMES, seed=5)
    sun = run_compare(question_of(LC, sides=("sunder", "federation")), games=GAMES, seed=5)
    pd.testing.assert_frame_equal(fed.seen_by_opponent().table, sun.table)
    pd.testing.assert_frame_equal(fed.seen_by_opponent().pairs, sun.pairs)


# ---- Fog of War starts (--fog-a / --fog-b)

FOG = """
[federation]
extra = ["Tactician Ensign", "Tri Laser"]
"""


def test_compare_fog_a_against_no_fog_names_the_file(tmp_path):
    from simcore.games.last_command.setup import FogOfWar, Matchup
    from simcore.games.last_command.simulate import play_games
    fog = tmp_path / "tri.toml"
    fog.write_text(FOG)
    out = tmp_path / "fog.csv"
    result = CliRunner().invoke(cli.main, ["compare", "--fog-a", str(fog), "--games", "40", "--seed", "6",
                                           "--out", str(out)])
    assert result.exit_code == 0, result.output
    row = pd.read_csv(out).iloc[0]
    assert (row["variant_a"], row["variant_b"]) == ("standard+fog:tri.toml", "standard")
    assert (row["label_a"], row["label_b"]) == ("fog tri.toml", "no fog")
    # A's games are set up from the file: the Federation starts with the two extra cards
    extra = FogOfWar(extra=("Tactician Ensign", "Tri Laser"))
    first = play_games(20, 6, Matchup(("federation", "sunder"), fog=(extra, None))).games
    second = play_games(20, 6, Matchup(("sunder", "federation"), fog=(None, extra))).games
    wins = int((first["winner"] == "first").sum() + (second["winner"] == "second").sum())
    assert row["wins_a"] == wins


@pytest.mark.parametrize("text, message", [
    ('[first]\nextra = ["Siege Cannon"]\n', "section 'first', field 'extra': 'Siege Cannon' is a sunder starting card"),
    ('[federation]\nextra = ["Railgun", "Railgun"]\n', "section 'federation', field 'extra': no 'Railgun' left"),
    ('[federation]\nhand = ["Railgun"]\n', "section 'federation', field 'hand': 'Railgun' is not among"),
    ('[first]\ndraw = "two"\n', "section 'first', field 'draw': expected a whole number"),
    ('[third]\n', "unknown section(s) third"),
])
def test_bad_fog_file_names_file_and_field_exit_2_and_writes_nothing(tmp_path, text, message):
    fog = tmp_path / "bad.toml"
    fog.write_text(text)
    out = tmp_path / "OUT" / "c.csv"
    for flag in ("--fog-a", "--fog-b"):
        result = CliRunner().invoke(cli.main, ["compare", flag, str(fog), "--games", "4", "--out", str(out)])
        assert result.exit_code == 2, result.output
        assert f"{fog}: " in result.output and message in result.output
        assert "Traceback" not in result.output
        assert not out.parent.exists()
