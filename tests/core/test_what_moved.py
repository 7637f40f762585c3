"""``compare``'s "What moved" (``reports.moved``): every measure of A's and B's games paired seed by seed, clear
after Holm's correction over them all. A one-field card edit moves a measure in every game; an A/A comparison
moves none; the paired sums equal the per-seed arithmetic."""
from __future__ import annotations

import dataclasses

import pandas as pd
import pytest

from reports.compare import question_of, run_compare
from reports.moved import SCALARS, moved_lines, what_moved
from reports.stats import paired_ratio_difference
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)

EDITS = {"last-command": ("examples/cards/railgun4.toml", (), "Railgun"),
         "star-realms": ("examples/star-realms/cutter3.toml", (), "Cutter"),
         # the line's mirror never gives Move (its strategy runs instead): against the elite it does
         "skirmish": ("examples/skirmish/move_cost2.toml", ("--forces", "line,elite"), "Move")}


@pytest.mark.parametrize("name", sorted(EDITS))
def test_a_one_field_card_edit_moves_a_measure_in_every_game(name, tmp_path):
    path, options, card = EDITS[name]
    out = tmp_path / "c.csv"
    result = invoke("compare", "--game", name, *options, "--cards-b", path, "--games", 1200, "--out", out)
    assert result.exit_code == 0, result.output
    assert "What moved (A -> B" in result.output and f"{card}: copies " in result.output
    moved = pd.read_csv(tmp_path / "c_moved.csv")
    edited = moved[moved["card"] == card]
    assert edited["edited"].all() and edited["clear"].any()
    assert (moved.loc[moved["clear"], "p_holm"] < 0.05).all()
    both = moved.dropna(subset=["diff"])          # a late round only one setting's games reached has no difference
    assert len(both) > len(moved) // 2
    assert (both["diff_ci_low"] <= both["diff"] + 1e-12).all() and (both["diff"] <= both["diff_ci_high"] + 1e-12).all()


def test_an_a_a_comparison_moves_nothing(game):
    question = question_of(game)
    same = dataclasses.replace(question, b=question.a)
    result = run_compare(game, same, games=200, seed=3)
    moved = result.moved
    assert len(moved) and not moved["clear"].any() and what_moved(moved).empty and moved_lines(moved) == []
    tested = moved[moved["kind"] != "tempo"]
    assert (tested["diff"].fillna(0) == 0).all() and (tested["p"] == 1.0).all()


def test_what_moved_pairs_each_seeds_games_as_the_arithmetic_does(tiny_game):
    question = question_of(tiny_game)      # the short track against the long one
    result = run_compare(tiny_game, question, games=300, seed=5)
    moved = result.moved.set_index("measure")
    # each setting's seeds 0 .. 149, the subject first then second, as compare plays them
    per_seed = {}
    for side, setting in (("a", question.a), ("b", question.b)):
        first, second = tiny_game.setting_orders(setting, question.opponent, question.opponent_variant, 60)
        recs = [tiny_game.play(o.matchup, ("saver", "saver"), 5, 0, 150, setting.tables, None)
                for o in (first, second)]
        per_seed[side] = (recs[0].shape.rounds + recs[1].shape.rounds,
                          (recs[0].shape.changes + recs[1].shape.changes))
    for measure, i in (("length (rounds)", 0), ("lead changes", 1)):
        d = paired_ratio_difference(per_seed["a"][i], 2, per_seed["b"][i], 2)
        row = moved.loc[measure]
        assert (row["a"], row["b"], row["diff"]) == pytest.approx((d.a, d.b, d.diff))
        assert (row["diff_ci_low"], row["diff_ci_high"], row["p"]) == pytest.approx((d.ci_low, d.ci_high, d.p))
    assert moved.loc["length (rounds)", "clear"]          # the long track takes longer: clear whatever the rest
    assert set(SCALARS) and moved.loc["length (rounds)", "seeds"] == 150


def test_the_family_is_every_measure_but_the_tempo_rows_and_holm_is_over_it(tiny_game):
    result = run_compare(tiny_game, question_of(tiny_game), games=200, seed=2)
    moved = result.moved
    tempo = moved[moved["kind"] == "tempo"]
    assert len(tempo) and not tempo["clear"].any() and (tempo["p_holm"] == 1.0).all()
    family = moved[moved["kind"] != "tempo"]
    assert (family["p_holm"] >= family["p"] - 1e-12).all()
    smallest = family["p"].min()
    assert family["p_holm"].min() == pytest.approx(min(1.0, smallest * len(family)))


def test_a_sequential_comparison_keeps_every_rounds_measures(tmp_path):
    out = tmp_path / "s.csv"
    result = invoke("compare", "--game", "skirmish", "--forces", "line,elite", "--cards-b",
                    "examples/skirmish/move_cost2.toml", "--until-verdict", "--games", 200, "--max-games", 400,
                    "--out", out)
    assert result.exit_code == 0, result.output
    table, moved = pd.read_csv(out), pd.read_csv(tmp_path / "s_moved.csv")
    assert (moved["seeds"] == int(table["seeds"].iloc[0])).all()


def test_api_compare_returns_what_moved():
    import api
    result = api.compare("star-realms", cards_b="examples/star-realms/cutter3.toml", games=1200)
    moved = result.moved
    cutter = moved[(moved["card"] == "Cutter") & moved["clear"]]
    assert len(cutter) and cutter["edited"].all()
    assert list(moved.columns)[:4] == ["kind", "measure", "card", "edited"]
