"""`commandsim ladder`: the skill ladder (each rung head to head against the rung below) and the designer's
question (a finding re-measured with both sides at every rung), for every game."""
from __future__ import annotations

import pandas as pd
import pytest

from reports import ladder as lad
from reports import skill_finding as sf
from reports.html_report import build_report
from reports.inputs import read_results
from simcore.errors import CommandsimError
from simcore.games import registry
from tests.conftest import invoke

GAMES = registry.names()


run = invoke   # tests/conftest.py: the CLI in this process


def heuristic(game: str) -> str:
    """The game's first rung above random (its default heuristic)."""
    return registry.get(game).info.rungs[1]


# ---------------------------------------------------------------- the ladder

@pytest.mark.parametrize("game", GAMES)
def test_random_is_clearly_below_the_heuristic_in_every_game(game):
    # 200 games: every heuristic beats random in 95%+ of games, so the interval clears 50% by far
    table = lad.run_ladder(game, ["random", heuristic(game)], games=200, seed=3)
    assert len(table) == 1 and list(table.columns) == list(lad.LADDER_COLUMNS)
    r = table.iloc[0]
    assert (r.rung, r.below, r.games) == (heuristic(game), "random", 200)
    assert r.wins + r.losses + r.draws == 200
    assert r.score_ci_low > 0.8 and r.verdict == "stronger" and r.elo > 0
    assert lad.summary(table).startswith("every rung is stronger")


@pytest.mark.parametrize("game", GAMES)
def test_default_rungs_hold_tuned_and_leave_out_only_what_the_game_cannot_play(game):
    kept, left_out = lad.default_rungs(game)
    assert kept[0] == "random" and "tuned" in kept
    assert all(name.startswith("search:") for name, _ in left_out)
    assert [n for n in registry.get(game).info.rungs if n in kept] == kept


def test_verdict_and_summary_on_constructed_pairs():
    assert lad.verdict(0.52, 0.60) == "stronger"
    assert lad.verdict(0.40, 0.48) == "weaker"
    assert lad.verdict(0.48, 0.53) == "not shown different"
    table = pd.DataFrame({"rung": ["b", "c"], "below": ["a", "b"], "verdict": ["stronger", "not shown different"]})
    assert lad.summary(table) == "not an ordered ladder: c is not shown stronger than b"


def test_the_ladder_command_writes_one_row_per_pair_with_intervals(tmp_path):
    out = tmp_path / "ladder.csv"
    res = run("ladder", "--game", "star-realms", "--rungs", "random,balanced,tuned", "--games", 200, "--out", out)
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    assert list(table["rung"]) == ["balanced", "tuned"] and list(table["below"]) == ["random", "balanced"]
    assert (table["games"] == 200).all()
    assert ((table["score_ci_low"] <= table["score"]) & (table["score"] <= table["score_ci_high"])).all()
    assert table["elo"].is_monotonic_increasing or table["verdict"].iloc[1] != "stronger"
    assert "Verdict:" in res.output and "Wrote" in res.output


@pytest.mark.parametrize("game", GAMES)
def test_a_search_rung_plays_once_the_game_has_a_search_player(game, tmp_path):
    try:
        lad.check_rung(game, "search:4")
    except CommandsimError as exc:
        pytest.skip(f"no search player for {game} yet: {exc}")
    out = tmp_path / "search.csv"
    res = run("ladder", "--game", game, "--rungs", f"{heuristic(game)},search:4", "--games", 40, "--out", out)
    assert res.exit_code == 0, res.output
    r = pd.read_csv(out).iloc[0]
    assert (r["rung"], r["below"], r["games"]) == ("search:4", heuristic(game), 40)


# ---------------------------------------------------------------- the finding against skill

def finding(scores, lows, highs):
    return pd.DataFrame({"rung": [f"r{i}" for i in range(len(scores))], "score": scores, "ci_low": lows,
                         "ci_high": highs, "effect": [s - 0.5 for s in scores]})


def test_sign_change_size_change_and_stable_on_constructed_data():
    code, text = sf.across_rungs(finding([0.58, 0.45], [0.55, 0.42], [0.61, 0.48]), "the first player")
    assert code == "sign change" and "+8.0 points [+5.0, +11.0] at r0" in text and "-5.0 points" in text
    # both above 50% but apart: the lead shrinks
    code, text = sf.across_rungs(finding([0.60, 0.53], [0.58, 0.51], [0.62, 0.55]), "federation")
    assert code == "size change" and "shrinks from +10.0 points" in text and "to +3.0 points" in text
    # one clear, one not, apart: a size change, not a sign change
    code, text = sf.across_rungs(finding([0.50, 0.60], [0.47, 0.57], [0.53, 0.63]))
    assert code == "size change" and "grows" in text
    code, text = sf.across_rungs(finding([0.56, 0.58, 0.57], [0.53, 0.55, 0.54], [0.59, 0.61, 0.60]), "A")
    assert code == "stable" and "favours A at every skill level" in text
    code, text = sf.across_rungs(finding([0.49, 0.52], [0.46, 0.49], [0.52, 0.55]))
    assert code == "stable" and "favours" not in text
    assert sf.across_rungs(finding([0.6], [0.55], [0.65]))[0] == "stable"


def test_stable_only_when_every_rung_agrees_within_its_interval():
    """Issue 49: one rung at +0.5 points and the others at +8.5 to +11, every interval overlapping every other's,
    was called "stable"; the +0.5 rung's interval does not hold the others' estimates: more games would tell."""
    code, text = sf.across_rungs(finding([0.505, 0.585, 0.61], [0.44, 0.55, 0.57], [0.57, 0.62, 0.65]), "federation")
    assert code == "unclear" and not text.startswith("stable")
    assert "+0.5 points [-6.0, +7.0] at r0 lies outside the interval at r2 (+11.0 points [+7.0, +15.0] at r2)" in text
    assert "federation's lead +0.5 to +11.0 points" in text
    # the same estimates with intervals wide enough to hold each other's: stable
    code, text = sf.across_rungs(finding([0.505, 0.585, 0.61], [0.40, 0.48, 0.50], [0.62, 0.66, 0.70]))
    assert code == "stable" and "holds every other level's estimate" in text


def test_a_short_real_finding_run(tmp_path):
    out = tmp_path / "matchup.csv"
    res = run("ladder", "--game", "skirmish", "--finding", "matchup", "--a", "elite", "--b", "line",
              "--rungs", "reserve,tuned", "--games", 200, "--out", out)
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    assert list(table.columns) == list(sf.SKILL_COLUMNS) and list(table["rung"]) == ["reserve", "tuned"]
    assert (table["games"] == 200).all() and (table["wins"] + table["losses"] + table["draws"] == 200).all()
    assert table["across_rungs"].nunique() == 1 and table["across_rungs"].iloc[0] in sf.ACROSS
    assert (table["side_a"] == "elite full:4").all() and (table["subject"] == "elite full:4").all()
    assert "Across skill levels:" in res.output


def test_finding_defaults_leave_random_out(tmp_path):
    out = tmp_path / "first.csv"
    res = run("ladder", "--game", "star-realms", "--finding", "first-player", "--games", 40, "--out", out)
    assert res.exit_code == 0, res.output
    rungs = list(pd.read_csv(out)["rung"])
    assert "random" not in rungs and rungs[:2] == ["balanced", "tuned"]


# ---------------------------------------------------------------- files, determinism, errors

def test_ladder_and_finding_csv_round_trip_into_the_report(tmp_path):
    ladder_csv, first_csv = tmp_path / "ladder.csv", tmp_path / "first.csv"
    assert run("ladder", "--game", "skirmish", "--rungs", "random,reserve", "--games", 40, "--out",
               ladder_csv).exit_code == 0
    assert run("ladder", "--game", "skirmish", "--finding", "first-player", "--rungs", "reserve,tuned", "--games", 40,
               "--out", first_csv).exit_code == 0
    results = read_results([ladder_csv, first_csv])
    assert dict((p.rsplit("/", 1)[-1], k) for p, k in results.files) == {"ladder.csv": "ladder", "first.csv": "skill"}
    assert results.ladder["rung"].tolist() == ["reserve"] and len(results.skill) == 2
    report = build_report(results)
    titles = [s.title for s in report.sections]
    assert "Skill ladder (Skirmish command resolution, file ladder): is each strategy stronger than the one below?" \
        in titles
    skill = next(s for s in report.sections if s.title.startswith("Finding against skill"))
    assert skill.image in report.images and skill.table is not None and len(skill.table) == 2
    assert any("Across skill levels:" in n for n in skill.notes)
    res = run("report", ladder_csv, first_csv, "--out", tmp_path / "rep")
    assert res.exit_code == 0, res.output and (tmp_path / "rep" / "report.html").is_file()


@pytest.mark.parametrize("extra", [(), ("--finding", "first-player")], ids=["ladder", "finding"])
def test_same_seed_any_thread_count_identical_csv(tmp_path, extra):
    outs = []
    for threads in (1, 2):
        out = tmp_path / f"t{threads}.csv"
        # 440 games: more than one chunk of the ladder's and of the finding's engine calls
        res = run("ladder", "--game", "star-realms", "--rungs", "balanced,tuned", "--games", 440, "--seed", 7,
                  "--threads", threads, "--out", out, *extra)
        assert res.exit_code == 0, res.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


@pytest.mark.parametrize("args, word", [
    (("--rungs", "random,nosuch"), "nosuch"),
    (("--rungs", "random"), "at least two rungs"),
    (("--rungs", "random,random"), "given twice"),
    (("--rungs", "random,,balanced"), "empty rung"),
    (("--game", "skirmish", "--rungs", "random,balanced"), "balanced"),
    (("--rungs", "random,search:0"), "search:0"),
    (("--games", "6"), "multiple of 4"),
    (("--a", "federation"), "only with --finding"),
    (("--finding", "matchup", "--a", "federation:nosuch"), "nosuch"),
    (("--finding", "matchup", "--factions", "federation,sunder"), "--a and --b"),
    (("--finding", "matchup", "--a", "sunder", "--b", "sunder", "--rungs", "balanced"), "same side"),
    (("--finding", "bogus"), "bogus"),
    (("--game", "nosuch"), "nosuch"),
    (("--out", "x.txt"), ".csv"),
])
def test_bad_input_is_one_line_and_exit_2(args, word, tmp_path):
    res = run("ladder", *args)
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and word in lines[0], res.output


@pytest.mark.parametrize("name", ["last-command", "star-realms", "skirmish", "tiny-race"])
def test_ladder_help_states_the_rungs_the_ladder_plays_by_default(tiny_game, run_cli, name):
    """Issue 32: `ladder --help` shows the real default rungs, the ladder's and --finding's (less random
    play), as the command resolves them; a game without a tuner shows its registry list."""
    from reports.ladder import default_rungs, without_random
    from simcore.games import registry

    result = run_cli("ladder", "--game", name, "--help", terminal_width=400)
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    if not registry.has_tuning(name):
        rungs = finding = list(registry.get(name).info.rungs)
    else:
        rungs = default_rungs(name)[0]
        finding = without_random(name, rungs)
    assert f"[default: {', '.join(rungs)}; with --finding: {', '.join(finding)}]" in text


# ---------------------------------------------------------------- the seed as the unit

def test_a_ladder_pairs_intervals_and_elo_are_over_seeds(monkeypatch):
    """Each pair's games 2k and 2k + 1 are seed k (seats swapped); the win-rate and score intervals are
    seed-clustered, and the Elo interval comes from the seed-clustered Bradley-Terry fit."""
    import numpy as np

    from reports.ratings import ELO_PER_LOGIT, bradley_terry
    from reports.stats import per_seed_intervals
    rng = np.random.default_rng(8)
    scores = {("b", "a"): rng.choice([1.0, 0.0, 0.5], p=[0.6, 0.35, 0.05], size=400),
              ("c", "b"): rng.choice([1.0, 0.0], p=[0.55, 0.45], size=400)}
    monkeypatch.setattr(lad, "play_pair", lambda game, a, b, games, *args, **kw: scores[(a, b)])
    monkeypatch.setattr(registry, "tuning", lambda game: type("S", (), {"load_tables": lambda self, c: None,
                                                                        "matchup": lambda self, *a: None})())
    table = lad.run_ladder("star-realms", ["a", "b", "c"], games=400, seed=1)
    for r, key in zip(table.itertuples(), (("b", "a"), ("c", "b"))):
        per_seed = scores[key].reshape(200, 2)
        assert (r.ci_low, r.ci_high, r.score_ci_low, r.score_ci_high) == pytest.approx(per_seed_intervals(per_seed))
    points = np.zeros((3, 3))
    for (a, b), s in scores.items():
        i, j = "abc".index(a), "abc".index(b)
        points[i, j], points[j, i] = s.sum(), (1 - s).sum()
    fit = bradley_terry(points, seed_scores={(1, 0): scores[("b", "a")].reshape(200, 2),
                                             (2, 1): scores[("c", "b")].reshape(200, 2)})
    d = fit.strength[2] - fit.strength[0]
    se = np.sqrt(fit.cov[2, 2] + fit.cov[0, 0] - 2 * fit.cov[2, 0])
    assert table["elo_ci_high"].iloc[1] == pytest.approx(ELO_PER_LOGIT * (d + fit.critical() * se))


def test_a_rung_of_too_few_seeds_is_not_shown_different():
    assert lad.verdict(0.6, 0.9, seeds=20) == "not shown different" and lad.verdict(0.6, 0.9, seeds=50) == "stronger"
    assert sf.rung_verdict(0.6, 0.9, "A", "B", seeds=10) == "not shown different from 50%"


def test_a_findings_rung_is_over_seeds():
    """``measure``'s rows: seed i with A first and with B first is one sample of the first player's share."""
    import numpy as np

    from reports.stats import per_seed_intervals
    rng = np.random.default_rng(1)
    results = {}

    def play(first, second, strategies, n, seed, start, threads):
        key = (first, start)
        if key not in results:
            results[key] = rng.choice(["first", "second", "draw"], p=[0.6, 0.38, 0.02], size=n)
        return results[key]
    sides = sf.Sides("g", "X", {}, str, str, play)
    row = sf.measure(sides, "first-player", "A", "B", "s", 400)
    first = np.stack([np.concatenate([results[(f, s)] for s in range(0, 200, sf.CHUNK_SEEDS)]) == "first"
                      for f in ("A", "B")], axis=1)
    draw = np.stack([np.concatenate([results[(f, s)] for s in range(0, 200, sf.CHUNK_SEEDS)]) == "draw"
                     for f in ("A", "B")], axis=1)
    per_seed = first + 0.5 * draw
    _, _, lo, hi = per_seed_intervals(per_seed)
    assert (row["ci_low"], row["ci_high"], row["seeds"]) == pytest.approx((lo, hi, 200))
