"""``advise`` takes targets on a card's impact by restricted play (issue 50, item 5: "impact of Repair Bot at most 3
points", ``reports.advisor.impact_target``), in every game, alone or weighed with other targets by ';': the
component's value is ``commandsim impact``'s on the same seeds, its games are counted (and priced) with the
restricted ones, and its re-check is a ``commandsim impact`` that measures it."""
from __future__ import annotations

import dataclasses
import re
import shlex

import numpy as np
import pandas as pd
import pytest

from reports.advisor import chunks
from reports.advisor.advise import AdviseOptions, advise
from reports.advisor.impact_target import ImpactTargets
from reports.advisor.shape_targets import parse_targets
from reports.impact import run_impact
from simcore.advice import IMPACT, RECHECK_AND, TargetError
from simcore.games import registry
from tests.conftest import invoke
from tests.core.test_counts_and_names_every_command import one_line
from tests.core.test_estimates_hold import SPEED, stubbed  # noqa: F401  (a fixture)


def targets(name: str, text: str, strategy: str | None = None):
    card_set = registry.advisor(name, None)
    return parse_targets(text, lambda t: card_set.target(t, None), ImpactTargets(registry.get(name), None, None,
                                                                                   strategy).read)


# ---- the forms, in every game

FORMS = [
    # game, text, card as printed, (low, high, goal), games (subject seat-games), re-check
    ("last-command", "impact of repair bot at most 3 points", "Repair Bot", (-np.inf, 3, 3), 4,
     'commandsim impact --cards PATCH --cards-only "Repair Bot"'),
    ("last-command", "federation vs sunder: impact of Railgun at most 5 points", "Railgun", (-np.inf, 5, 5), 4,
     "commandsim impact --cards PATCH --cards-only Railgun --factions federation,sunder"),
    ("last-command", "impact of RAILGUN 2-6 points", "Railgun", (2, 6, 4), 4,
     "commandsim impact --cards PATCH --cards-only Railgun"),
    ("last-command", "impact of Railgun for federation at most 3 points", "Railgun", (-np.inf, 3, 3), 2,
     "commandsim impact --cards PATCH --cards-only Railgun --side federation"),
    ("last-command", "federation asymmetrical vs sunder: impact of Ship's A.I. for sunder at least 1 point",
     "Ship's A.I.", (1, np.inf, 1), 2,
     "commandsim impact --cards PATCH --cards-only \"Ship's A.I.\" --factions federation,sunder --variants "
     "asymmetrical,standard --side sunder"),
    ("star-realms", "impact of cutter at least -1 points", "Cutter", (-1, np.inf, -1), 2,
     "commandsim impact --game star-realms --cards PATCH --cards-only Cutter"),
    ("star-realms", "alliance vs standard: impact of alliance procurement for alliance -2 to 2 points",
     "Alliance Procurement", (-2, 2, 0), 2,
     'commandsim impact --game star-realms --cards PATCH --cards-only "Alliance Procurement" --decks '
     "alliance,standard --side alliance"),
    ("skirmish", "line vs raiders: impact of shoot 2-6 points", "Shoot", (2, 6, 4), 4,
     "commandsim impact --game skirmish --cards PATCH --cards-only Shoot --forces line,raiders"),
    ("skirmish", "impact of Covering Fire for elite 4 points", "Covering Fire", (4, 4, 4), 2,
     'commandsim impact --game skirmish --cards PATCH --cards-only "Covering Fire" --side elite'),
]


@pytest.mark.parametrize("name, text, card, goal, games, recheck", FORMS, ids=[f"{f[0]}: {f[1]}" for f in FORMS])
def test_an_impact_target_is_read_in_every_game(name, text, card, goal, games, recheck):
    target = targets(name, text)
    (comp,) = target.components
    assert (comp.measure, comp.card, comp.lo, comp.hi, comp.goal) == (IMPACT, card, *goal)
    assert comp.unit == "points" and comp.scale == 100 and comp.bounds == (-100, 100) and not comp.relative
    assert len(comp.games) == games and {seat for _, seat in comp.games} == {0, 1}
    assert target.recheck == recheck and comp.label.startswith(f"impact of {card}")
    assert target.games_per_seed() == len({repr(m) for m, _ in comp.games}) + games   # each game, then restricted


def test_the_goal_and_the_distance_are_in_points_weighed_as_a_win_rates():
    (comp,) = targets("last-command", "impact of Repair Bot at most 3 points").components
    assert comp.goal_text() == "at most 3 points" and comp.show(4.25) == "+4.2 points"
    assert comp.distance(5.0) == pytest.approx(0.02) and comp.distance(-7.0) == 0    # 2 points: as 2 of a win rate
    assert comp.state(3.5, 4.9, 0.02) == "holds" and comp.state(5.1, 8.0, 0.02) == "outside the band"
    (ranged,) = targets("skirmish", "impact of Shoot -2 to 2 points").components
    assert ranged.goal_text() == "-2 to 2 points"


def test_a_match_up_two_targets_read_is_played_once_and_the_first_names_the_re_tunes_duel():
    target = targets("last-command", "federation vs sunder = 50%; impact of Repair Bot at most 3 points")
    assert target.games_per_seed() == 2 + 4        # both seat orders, then each side's two games restricted
    assert target.recheck.split(RECHECK_AND) == [
        "commandsim compare --cards-b PATCH --factions federation,sunder --variant-a standard --opponent-variant "
        "standard", 'commandsim impact --cards PATCH --cards-only "Repair Bot"']
    alone = targets("last-command", "federation asymmetrical vs sunder: impact of Railgun at most 3 points")
    assert alone.tune_matchup.variants == ("asymmetrical", "standard")
    strategy = targets("last-command", "impact of Railgun at most 3 points", strategy="aggro")
    assert strategy.recheck.endswith("--cards-only Railgun --strategy aggro")


BAD = [
    ("last-command", "impact of Railgn at most 3 points", "'Railgn' is not a card restricted play can ban",
     "did you mean 'Railgun'?"),
    ("last-command", "impact of Railgn for federation at most 3 points", "'Railgn' is not a card", "'Railgun'"),
    ("last-command", "impact of Basic Laser at most 3 points", "'Basic Laser' is not a card restricted play", ""),
    ("last-command", "impact of Railgun for federatoin at most 3 points", "unknown faction 'federatoin'",
     "did you mean 'federation'?"),
    ("last-command", "federation vs sundr: impact of Railgun at most 3 points", "unknown faction 'sundr'",
     "did you mean 'sunder'?"),
    ("last-command", "first player: impact of Railgun at most 3 points", "an impact target's match-up is", ""),
    ("last-command", "impact of Railgun 6-2 points", "the range's low end must come first", ""),
    ("last-command", "impact of Railgun at most 300 points", "an impact lies between -100 and 100 points", ""),
    ("last-command", "impact of Railgun about 3 points", "expected a goal in points after 'Railgun'", "got 'about'"),
    ("last-command", "impact of Railgun", "expected 'impact of <card> [for <side>] at most 3 points'", ""),
    ("star-realms", "impact of Cuter at least 1 points", "'Cuter' is not a card", "did you mean 'Cutter'?"),
    ("star-realms", "impact of Alliance Procurement at most 3 points", "the deck 'standard' (core) never takes "
     "'Alliance Procurement'", ""),
    ("star-realms", "alliance vs standard: impact of Alliance Procurement at most 3 points",
     "the deck 'standard' (core) never takes 'Alliance Procurement'",
     "name the deck that takes it: 'impact of Alliance Procurement for alliance ...'"),
    ("skirmish", "impact of Shot at most 3 points", "'Shot' is not a card", "did you mean 'Shoot'"),
    ("skirmish", "line no-covering-fire vs elite: impact of Covering Fire for line at most 3 points",
     "the force 'line' (no-covering-fire) never takes 'Covering Fire'", ""),
    ("skirmish", "line no-covering-fire vs elite: impact of Covering Fir for line at most 3 points",
     "'Covering Fir' is not a card", "did you mean 'Covering Fire'?"),
]


@pytest.mark.parametrize("name, text, says, hint", BAD, ids=[f"{b[0]}: {b[1]}" for b in BAD])
def test_a_bad_impact_target_is_one_line(name, text, says, hint, tmp_path):
    with pytest.raises(TargetError, match="--target: ") as err:
        targets(name, text)
    assert says in str(err.value) and hint in str(err.value)
    one_line("advise", "--game", name, "--target", text, "--out", tmp_path / "never.csv", text=says)
    assert not (tmp_path / "never.csv").exists()


# ---- the value is commandsim impact's

SAME = [("last-command", "", "Repair Bot", None), ("last-command", "federation asymmetrical vs sunder", "Railgun",
                                                    "federation"),
        ("star-realms", "", "Cutter", None), ("star-realms", "alliance vs standard", "Explorer", None),
        ("skirmish", "line vs raiders", "Shoot", None)]


@pytest.mark.parametrize("name, matchup, card, side", SAME, ids=[f"{s[0]}: {s[1]} {s[2]}" for s in SAME])
def test_the_components_value_is_commandsim_impacts_on_the_same_seeds(name, matchup, card, side):
    card_set = registry.advisor(name, None)
    text = (f"{matchup}: " if matchup else "") + f"impact of {card}{f' for {side}' if side else ''} at most 3 points"
    target = targets(name, text)
    strategy = card_set.default_strategy
    seeds = 40
    values = target.measure(card_set.tables(), card_set.strategy(strategy), 11, 0, seeds)[0]
    sides = variants = None
    if matchup:
        halves = [h.split() for h in matchup.split(" vs ")]
        sides = [h[0] for h in halves]
        variants = [h[1] if len(h) > 1 else registry.get(name).info.variants[0] for h in halves]
    impact = run_impact(name, [card], strategy, None, side, 2 * seeds, 11, screen=seeds, sides=sides,
                        variants=variants)
    np.testing.assert_array_equal(values, 100 * impact.diffs[(card, "ban", "both")])
    assert values.mean() == pytest.approx(100 * impact.both()["impact"].iloc[0])
    again = target.measure(card_set.tables(), card_set.strategy(strategy), 11, 0, seeds)[0]
    assert np.array_equal(values, again)
    later = target.measure(card_set.tables(), card_set.strategy(strategy), 11, 20, 20)[0]
    assert np.array_equal(values[20:], later)       # a seed's value is its own, however the seeds are split


# ---- advise reaches an impact target, alone and with a win rate

SMALL = ["--no-retune", "--screen-games", 1000, "--test-games", 2000, "--search-games", 1000, "--check-games", 4000]


def test_advise_reaches_an_impact_target_and_its_re_check_measures_it(tmp_path):
    out = tmp_path / "a.csv"
    result = invoke("advise", "--target", "impact of Repair Bot at least 10 points", "--only", "Repair Bot", "--band",
                    3, *SMALL, "--out", out)
    assert result.exit_code == 0, result.output
    assert re.search(r"Unedited: impact of Repair Bot at least 10 points \+\d+\.\d points \[\+\d+\.\d points, "
                     r"\+\d+\.\d points\] \(goal at least 10 points\)", result.output), result.output
    assert "(goal at least 10 points)" in result.output and "Proposal (" in result.output
    table = pd.read_csv(out)
    fixed = table[table["stage"] == "proposal, fixed strategies"].iloc[0]
    assert (fixed["unit"], fixed["goal_text"], fixed["verdict"]) == ("points", "at least 10 points", "holds")
    assert fixed["value_ci_low"] >= 7 and fixed["base"] < 5 and fixed["effect_ci_low"] > 0
    assert f"fixed strategies: impact of Repair Bot at least 10 points {fixed['value']:+.1f} points" in result.output
    recheck = result.output.split("Re-check: ")[1].strip()
    patch = tmp_path / "a_patch.toml"
    assert recheck == f'commandsim impact --cards {patch} --cards-only "Repair Bot"'
    checked = invoke(*shlex.split(recheck)[1:], "--games", 1000, "--out", tmp_path / "impact.csv")
    assert checked.exit_code == 0, checked.output
    both = pd.read_csv(tmp_path / "impact.csv").set_index("side").loc["both"]
    assert both["card"] == "Repair Bot" and both["ci_low"] > fixed["base"] / 100     # the edit's, re-measured
    report = invoke("report", out, "--out", tmp_path / "report")
    assert report.exit_code == 0, report.output
    assert "at least 10 points" in (tmp_path / "report" / "report.html").read_text()
    # an impact may be negative, and the report reads it so
    negative = table.assign(**{c: table[c] - 20 for c in ("goal", "base", "value", "value_ci_low", "value_ci_high")})
    negative.to_csv(tmp_path / "negative.csv", index=False)
    assert invoke("report", tmp_path / "negative.csv", "--out", tmp_path / "report2").exit_code == 0


def test_an_impact_target_weighs_with_a_win_rate(tmp_path):
    out = tmp_path / "a.csv"
    result = invoke("advise", "--target", "federation vs sunder = 50%; impact of Repair Bot at least 8 points",
                    "--only", "Repair Bot", "--band", 3, *SMALL, "--out", out)
    assert result.exit_code == 0, result.output
    assert "Unedited: federation standard vs sunder standard " in result.output
    assert "Unedited: impact of Repair Bot at least 8 points " in result.output
    table = pd.read_csv(out)
    fixed = table[table["stage"] == "proposal, fixed strategies"].set_index("component")
    assert list(fixed.index) == ["federation standard vs sunder standard", "impact of Repair Bot at least 8 points"]
    assert fixed["unit"].fillna("").tolist() == ["", "points"]
    assert (fixed["distance"] == fixed["distance"].max()).all()       # a set's distance: its farthest component
    assert "Proposal (" in result.output and fixed.loc["impact of Repair Bot at least 8 points", "value"] >= 5
    assert 0.47 <= fixed.loc["federation standard vs sunder standard", "value"] <= 0.53
    recheck = result.output.split("Re-check: ")[1].strip().split(RECHECK_AND)
    assert recheck[0].startswith("commandsim compare --cards-b ") and recheck[1].startswith("commandsim impact ")
    # the games: each seed's two seat orders once, and the four restricted games
    assert f"check {2 * (4000 // 2) * 6:,}" in result.output


# ---- the estimate prices the restricted games

def test_advise_estimates_an_impact_targets_restricted_games(stubbed, monkeypatch):  # noqa: F811
    counted = {"calls": 0, "games": 0}
    real = chunks.play_set

    def play_set(chunk, shared, threads=None):
        counted["calls"] += 1
        return real(chunk, shared, threads)
    monkeypatch.setattr(chunks, "play_set", play_set)
    card_set = registry.advisor("last-command")
    target = targets("last-command", "impact of Repair Bot at most 1 points")     # 4 unedited: a search
    real_play = target.play

    def play(n, *args, **kw):          # every engine call, the restricted ones too
        counted["games"] += n
        return real_play(n, *args, **kw)
    target = dataclasses.replace(target, play=play)
    opts = AdviseOptions(strategy="balanced", only=card_set.keys(["Repair Bot"]), screen_games=400, test_games=1600,
                         search_games=400, check_games=800, retune=False)
    seen = []

    def estimated(estimate):
        seen.append(estimate)
        counted.update(calls=0, games=0)   # the run from now on
    advise(card_set, target, opts, estimate=estimated)
    actual = SPEED.seconds(counted["games"], counted["calls"])
    assert 0.67 < seen[0].playing / actual < 1.5     # as every estimate's test; a restricted game is a game too


def test_a_seed_plays_the_games_the_target_counts():
    card_set = registry.advisor("last-command")
    target = targets("last-command", "federation vs sunder = 50%; mean length at most 30 turns; impact of Repair Bot "
                                     "at most 3 points; impact of Railgun for sunder at most 3 points")
    played = []

    def play(n, *args, **kw):
        played.append(n)
        return target.play(n, *args, **kw)
    counted = dataclasses.replace(target, play=play)
    counted.measure(card_set.tables(), card_set.strategy("balanced"), 3, 0, 10)
    assert sum(played) == 10 * target.games_per_seed() == 10 * (2 + 4 + 2)


def test_an_impact_target_on_a_local_cluster_is_the_local_advice():
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    import simcore.cluster as cl
    card_set = registry.advisor("last-command")
    target = targets("last-command", "federation vs sunder: impact of Repair Bot at least 10 points")
    opts = AdviseOptions(strategy="balanced", only=card_set.keys(["Repair Bot"]), screen_games=200, test_games=400,
                         search_games=400, check_games=400, band=0.03, retune=False, seed=3)
    local = advise(card_set, target, opts)
    runner = cl.connect("local:2")
    try:
        remote = advise(card_set, target, opts, runner=runner)
    finally:
        runner.close()
    pd.testing.assert_frame_equal(local.table, remote.table)
    assert local.patch == remote.patch and local.games == remote.games


# ---- the re-check's options: commandsim impact in a match-up

def test_impact_measures_a_card_in_a_match_up_each_side_against_the_other(tmp_path):
    out = tmp_path / "i.csv"
    result = invoke("impact", "--game", "skirmish", "--forces", "line,raiders", "--variants", "full,no-responses",
                    "--cards-only", "Shoot", "--games", 8, "--screen", 4, "--out", out, "-q")
    assert result.exit_code == 0, result.output
    assert pd.read_csv(out)["side"].tolist() == ["line", "raiders", "both"]
    one_line("impact", "--variants", "asymmetrical,standard", "--out", tmp_path / "x.csv", option="--variants",
             text="two need --factions A,B")
    one_line("impact", "--factions", "federation,sunder", "--side", "federatoin", "--out", tmp_path / "x.csv",
             text="did you mean 'federation'?")
    one_line("impact", "--game", "star-realms", "--decks", "alliance,standard", "--side", "hydra", "--out",
             tmp_path / "x.csv", text="'hydra' is not a deck of the match-up alliance vs standard")
