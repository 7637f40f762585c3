"""A ladder says how long it will take (issue #32, item 8): before the first game it measures each pair's
(each rung's, with --finding) speed on probe games of seeds the run does not play (an engine call's overhead
and a game's cost, issue #44), prints the expected time with the option that shortens it, and its progress
bar advances by expected time, not by games (the search rungs come last and take most of it)."""
from __future__ import annotations

import re

import pytest

import cli
from reports import ladder as lad
from reports.estimate import Speed, fixed_part
from simcore.games import registry
from tests.conftest import invoke

GAMES = registry.names()


def ladder_estimate():
    # a heuristic pair at 1 ms a game, then a search pair at 2 s a game, 2000 games each in 10 calls of 1 ms
    return lad.Estimate([fixed_part("reserve vs random", Speed(0.001, 0.001), 2000, 10),
                         fixed_part("search:1000 vs reserve", Speed(0.001, 2.0), 2000, 10)],
                        "speed measured on 400 probe games", ending=0.0)


def test_the_estimate_is_the_sum_of_each_pairs_measured_speed_times_its_games():
    est = ladder_estimate()
    assert est.playing == pytest.approx(2.01 + 4000.01)
    assert est.seconds_done(1000) == pytest.approx(1.005)      # half of the fast pair
    assert est.seconds_done(2000) == pytest.approx(2.01)       # 50% of the games, 0.05% of the time
    assert est.seconds_done(3000) == pytest.approx(2.01 + 2000.005)
    assert est.seconds_done(4000) == pytest.approx(est.playing)


def test_the_estimate_line_names_the_whole_the_slowest_pair_and_how_to_shorten_it():
    est = ladder_estimate()
    assert est.text(lad.shorter_hint(est, 4, 2000)) == (
        "Estimated time: about 67 minutes (search:1000 vs reserve: about 67 minutes, 100% of it; speed measured on "
        "400 probe games); --games 400 takes about 13 minutes, --rungs without search:1000 about 2 s.")


class FakeBar:
    def __init__(self, length=None):
        self.steps, self.length = [], length

    def update(self, step, current_item=None):
        self.steps.append(step)


def test_the_progress_bar_advances_by_expected_time_not_by_games():
    progress = cli._Progress(registry.get("star-realms"), 4000, "2 rungs", quiet=True, weights=ladder_estimate())
    progress.bar = FakeBar(round(1000 * ladder_estimate().seconds))
    progress(2000, 4000)      # the fast pair done: half of the games
    progress(3000, 4000)
    assert progress.bar.steps == [2010, 2000005]    # thousandths of the expected seconds
    assert progress.done == 3000                     # the stop message still counts games


@pytest.mark.parametrize("game", GAMES)
def test_the_ladder_prints_its_estimate_before_the_first_game(game, tmp_path):
    rungs = registry.get(game).info.rungs[:2]
    res = invoke("ladder", "--game", game, "--rungs", ",".join(rungs), "--games", 8, "--out", tmp_path / "l.csv")
    assert res.exit_code == 0, res.output
    line = next(x for x in res.stderr.splitlines() if x.startswith("Estimated time:"))
    assert re.fullmatch(r"Estimated time: about \d+ s \(speed measured on [\d,]+ probe games\); --games 4 takes about "
                        r"\d+ s\.", line), line


def test_a_finding_prints_its_estimate_per_rung(tmp_path):
    res = invoke("ladder", "--game", "star-realms", "--finding", "first-player", "--rungs", "balanced,tuned",
                 "--games", 8, "--out", tmp_path / "f.csv")
    assert res.exit_code == 0, res.output
    line = next(x for x in res.stderr.splitlines() if x.startswith("Estimated time:"))
    assert "--games 2 takes" in line and "--rungs without " in line


def test_a_quiet_ladder_plays_no_probe_and_prints_no_estimate(tmp_path, monkeypatch):
    monkeypatch.setattr(lad, "estimate_ladder", lambda *a, **k: pytest.fail("probed with --quiet"))
    res = invoke("ladder", "--game", "star-realms", "--rungs", "random,balanced", "--games", 8, "-q",
                 "--out", tmp_path / "l.csv")
    assert res.exit_code == 0, res.output
    assert "Estimated time" not in res.stderr
