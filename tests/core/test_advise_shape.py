"""``advise`` takes targets on the shape of the games (``reports.advisor.shape_targets``: mean length, comeback rate, lead
changes, decisive round), several at once with win rates, in every game; it reaches a length target."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.advisor.shape_targets import parse_targets, shape_component
from simcore.advice import TargetError
from simcore.games import registry
from tests.conftest import invoke

SMALL = ["--no-retune", "--screen-games", 200, "--test-games", 1000, "--search-games", 1000, "--check-games", 4000]


def test_advise_reaches_a_length_target(tmp_path):
    out = tmp_path / "a.csv"
    result = invoke("advise", "--target", "mean length 20-25 turns", "--only", "Railgun,Basic Laser,Repair Bot",
                    *SMALL, "--out", out)
    assert result.exit_code == 0, result.output
    assert "(goal 20-25 turns)" in result.output and "Proposal (" in result.output
    table = pd.read_csv(out)
    fixed = table[table["stage"] == "proposal, fixed strategies"].iloc[0]
    assert fixed["unit"] == "turns" and fixed["goal_text"] == "20-25 turns"
    assert 20 <= fixed["value"] <= 25.45 and fixed["base"] > 25        # the shipped cards' games run longer
    assert fixed["verdict"] == "holds" and fixed["value_ci_high"] <= 25 * 1.02 + 0.5
    patch = (tmp_path / "a_patch.toml").read_text()
    assert "mean length 20-25 turns: " in patch and "(goal 20-25 turns)" in patch


def test_several_targets_weigh_together_and_each_is_checked_on_its_own(tmp_path):
    out = tmp_path / "a.csv"
    result = invoke("advise", "--target", "federation vs sunder = 50%; mean length 20-25 turns; comeback rate at least "
                    "30%", "--only", "Railgun,Basic Laser,Repair Bot", *SMALL, "--out", out)
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out)
    fixed = table[table["stage"] == "proposal, fixed strategies"].set_index("component")
    assert list(fixed.index) == ["federation standard vs sunder standard", "mean length 20-25 turns",
                                 "comeback rate at least 30%"]
    assert fixed.loc["comeback rate at least 30%", "unit"] != "turns"
    assert 0 <= fixed.loc["comeback rate at least 30%", "value"] <= 1
    assert fixed.loc["mean length 20-25 turns", "value"] > 1
    assert (fixed["distance"] == fixed["distance"].max()).all()       # a set's distance: its farthest component


@pytest.mark.parametrize("name", ["last-command", "star-realms", "skirmish"])
def test_every_game_reads_shape_targets_over_its_own_games(name):
    card_set = registry.advisor(name, None)
    target = parse_targets("mean length at most 30 turns; comeback rate 15-35%; lead changes at least 1",
                           lambda text: card_set.target(text, None))
    length, comeback, changes = target.components
    assert (length.measure, length.lo, length.hi, length.unit) == ("turns", -np.inf, 30, "turns")
    assert (comeback.measure, comeback.lo, comeback.hi, comeback.unit, comeback.scale) == ("comeback", .15, .35, "",
                                                                                            1.0)
    assert changes.goal_text() == "at least 1 lead changes" and length.games == comeback.games
    values = target.measure(card_set.tables(), card_set.strategy(card_set.default_strategy), 2, 0, 60)
    assert values.shape == (3, 60) and (values[0] > 0).all()
    assert 0 <= values[1].mean() <= 1          # a comeback rate's linearised seeds average to the rate


def test_a_comeback_rate_is_the_rate_of_the_games_a_side_trailed_in():
    card_set = registry.advisor("star-realms", None)
    target = parse_targets("comeback rate at least 20%", lambda text: card_set.target(text, None))
    (comp,) = target.components
    tables, strategy = card_set.tables(), card_set.strategy(card_set.default_strategy)
    values = target.measure(tables, strategy, 3, 0, 100)
    won = eligible = 0
    for matchup, seat in comp.games:
        rec = target.play(100, 3, matchup, (strategy, strategy), tables, None, first_game=0, keep_bought=False)
        behind = rec.shape.behind
        won += int(((behind >= 0) & (behind == rec.winner)).sum())
        eligible += int((behind >= 0).sum())
    assert values[0].mean() == pytest.approx(won / eligible)


def test_distances_weigh_a_share_in_points_and_a_count_relative_to_its_goal():
    games = ()
    length = shape_component("mean length 20-25 turns", games)
    rate = shape_component("comeback rate at least 20%", games)
    assert length.distance(22) == 0 and length.distance(27.25) == pytest.approx(2.25 / 22.5)
    assert rate.distance(0.25) == 0 and rate.distance(0.18) == pytest.approx(0.02)
    assert length.state(23.0, 25.4, 0.02) == "holds" and length.state(26.0, 27.0, 0.02) == "outside the band"


@pytest.mark.parametrize("text, says", [
    ("mean length 25-20 turns", "the range's low end must come first"),
    ("comeback rate at least 120%", "a rate lies between 0% and 100%"),
    ("mean length about 20 turns", "expected a number in 'mean length about 20 turns'"),
    ("federation vs sunder = 50%; ", "an empty target"),
])
def test_a_bad_shape_target_is_one_line(text, says):
    card_set = registry.advisor("last-command", None)
    with pytest.raises(TargetError, match=says):
        parse_targets(text, lambda t: card_set.target(t, None))
    result = invoke("advise", "--target", text, "--out", "/tmp/never_written_advice.csv")
    assert result.exit_code == 2 and says in result.output and "Traceback" not in result.output
