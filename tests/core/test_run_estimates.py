"""``tune`` and ``advise`` say how long they will take, as the ladder does (issue #32, acceptance: every README
command finishes in under 5 minutes or says up front how long it will take; issue #44: the expected time): probe
games on seeds the run never plays (advise: and a pilot of its screen's first seeds), then "Estimated time: ..."
with the option that shortens it, on stderr, not with --quiet; the run's files are the same bytes as those of a
run without the estimate."""
from __future__ import annotations

import re

import pytest

from reports.estimate import Estimate, Part
from simcore.games import registry
from tests.conftest import invoke

GAMES = registry.names()
LINE = re.compile(r"Estimated time: about \d+ (s|minutes)(?:, at most about \d+ (?:s|minutes))? \((.+): about \d+ "
                  r"(s|minutes), \d+% of it; speed measured on [\d,]+ probe games.*\); (.+)\.")


def estimate_line(stderr: str) -> re.Match:
    line = next((x for x in stderr.splitlines() if x.startswith("Estimated time:")), None)
    assert line is not None, stderr
    match = LINE.fullmatch(line)
    assert match, line
    return match


def test_an_estimate_of_parts_with_their_own_games_weighs_each_part_by_its_games():
    est = Estimate([Part("search", 60.0, 6000), Part("validation", 4.0, 400), Part("final check", 2.0, 200)])
    assert est.playing == pytest.approx(66)
    assert est.slowest() == 0
    assert est.seconds_done(6100) == pytest.approx(61)


def tune_args(game: str, out) -> list:
    pool = len(registry.tuning(game).default_pool)
    return ["tune", "--game", game, "--generations", 1, "--population", 2, "--games", 4 * pool, "--final-games", 4,
            "--out", out]


@pytest.mark.parametrize("game", GAMES)
def test_tune_prints_its_estimate_first_and_writes_the_same_strategy_as_without_it(game, tmp_path):
    res = invoke(*tune_args(game, tmp_path / "with.toml"))
    assert res.exit_code == 0, res.output
    match = estimate_line(res.stderr)
    assert match.group(2) in ("search", "validation", "final check")
    assert match.group(4).startswith("--generations 1 takes ") and "--time-limit" in match.group(4)
    quiet = invoke(*tune_args(game, tmp_path / "without.toml"), "-q")   # -q: no probe, no estimate
    assert quiet.exit_code == 0, quiet.output
    assert "Estimated time" not in quiet.stderr
    assert (tmp_path / "with.toml").read_bytes() == (tmp_path / "without.toml").read_bytes()


def advise_args(game: str, out) -> list:
    return ["advise", "--game", game, "--target", registry.get(game).target_example, "--screen-games", 4,
            "--test-games", 4, "--search-games", 4, "--check-games", 4, "--no-retune", "--allow-stated", "--out", out]


@pytest.mark.parametrize("game", GAMES)
def test_advise_prints_its_estimate_first_and_writes_the_same_table_as_without_it(game, tmp_path):
    res = invoke(*advise_args(game, tmp_path / "with.csv"))
    assert res.exit_code == 0, res.output
    match = estimate_line(res.stderr)
    assert match.group(2) in ("screen", "sequential test", "search", "check")   # --no-retune: no re-tune part
    assert re.fullmatch(r"--(screen|test|search|check)-games \d+ takes about \d+ (s|minutes)", match.group(4))
    quiet = invoke(*advise_args(game, tmp_path / "without.csv"), "-q")
    assert quiet.exit_code == 0, quiet.output
    assert "Estimated time" not in quiet.stderr
    assert (tmp_path / "with.csv").read_bytes() == (tmp_path / "without.csv").read_bytes()
    text = (tmp_path / "with.csv").read_text()
    assert text.startswith("game,") and f"\n{game}," in text   # the advice names its game (item 4)


def test_the_advice_estimate_names_no_retune_when_the_retune_takes_most_of_it():
    from reports.advisor.advise import AdviseOptions, shorter_advise_hint

    est = Estimate([Part(label, 0.01 * games, games) for label, games in
                    zip(["screen", "sequential test", "search", "check", "re-tune"], [100, 0, 100, 100, 9000])],
                   ending=0.0)
    assert shorter_advise_hint(est, AdviseOptions()) == "--no-retune takes about 3 s"
