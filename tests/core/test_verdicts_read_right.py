"""Issue 49, item 2: every printed verdict is derived from its row's own interval and band, in every command and every
game: compare's is a verdict on A against B (and its fairness line has intervals), impact's sides have their own,
advise checks each win rate's own interval against its own goal, ladder --finding calls a finding stable only when
every rung agrees within its interval, and no verdict word is a strategy's name."""
from __future__ import annotations

import re
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import cli

from reports.compare import verdict
from reports.impact import impact_lines, split_cards, Impact
from reports.impact_stats import side_verdict
from reports.skill_finding import across_rungs
from reports.verdict_words import BAND_STATES, EVEN, LEGACY, band_state
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)
EDITS = {"last-command": ("examples/cards/railgun4.toml", "Railgun credit_cost 5 -> 4"),
         "star-realms": ("examples/star-realms/cutter3.toml", "Cutter cost 2 -> 3"),
         "skirmish": ("examples/skirmish/move_cost2.toml", "Move cost 1 -> 2")}


def all_words() -> set[str]:
    """Every verdict word a command prints or a table holds (the codes, and the fixed texts)."""
    from reports.advisor.screen import VERDICT_WORDS
    from reports.compare import VERDICTS as COMPARE
    from reports.findings import ANSWERS
    from reports.impact import VERDICTS as IMPACT
    from reports.ladder import VERDICTS as LADDER
    from reports.skill_finding import ACROSS
    return {*COMPARE, *IMPACT, *LADDER, *ACROSS, *VERDICT_WORDS.values(), *ANSWERS, *BAND_STATES,
            "stronger", "weaker", "favours", "shown", "lean"}


def strategy_names(g) -> set[str]:
    return {str(row[0]) for row in g.strategy_listing().rows}


def test_no_verdict_word_is_a_strategy_name(game):
    """"(balanced) ... balanced": the strategy named balanced beside the verdict balanced. The verdicts are worded
    so that none is a strategy of any game (the old word is only read back from older files)."""
    words = all_words()
    assert EVEN in words and "balanced" not in words and set(LEGACY) == {"balanced"}
    assert not words & strategy_names(game)


# ---- compare

def edit_file(g, tmp_path):
    if g.info.name in EDITS:
        return EDITS[g.info.name]
    path = tmp_path / "map.toml"
    path.write_text('[[card]]\nname = "Map"\ncost = 6\nestimated = ["cost"]\n')
    return str(path), "Map cost 7 -> 6"


def test_compare_gives_a_verdict_on_a_against_b_from_its_own_interval(game, tmp_path):
    cards, change = edit_file(game, tmp_path)
    out = tmp_path / "c.csv"
    res = invoke("compare", "--game", game.info.name, "--cards-b", cards, "--games", 200, "--seed", 2, "--out", out)
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    for r in table.itertuples():
        code, text = verdict(r.diff, r.diff_ci_low, r.diff_ci_high, r.band, r.label_a, r.label_b, r.seeds)
        assert (r.verdict, r.verdict_text) == (code, text)
        assert (f"Verdict on A ({r.label_a}) against B ({r.label_b}), seen from {r.faction} (band +-2 points): "
                f"{text}.") in res.output
    assert "Verdict for" not in res.output and "balanced." not in res.output
    assert list(table["edit_b"]) == [change] * len(table)      # the edit as the cards read, for the report


def test_the_headline_compare_states_the_fairness_of_each_setting_with_intervals(tmp_path):
    res = invoke("compare", "--games", 200, "--seed", 3, "--out", tmp_path / "c.csv")
    assert res.exit_code == 0, res.output
    line = next(x for x in res.output.splitlines() if x.startswith("Fairness"))
    assert "point estimates" not in line
    assert len(re.findall(r"\d+\.\d% \[\d+\.\d, \d+\.\d\], \d+\.\d points from 50% \[\d+\.\d, \d+\.\d\]", line)) == 2


# ---- impact

def test_every_impact_row_has_the_verdict_of_its_own_interval(game, tmp_path):
    out = tmp_path / "i.csv"
    res = invoke("impact", "--game", game.info.name, "--games", 400, "--seed", 4, "--out", out)
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    sides = table[table["side"] != "both"]
    assert len(sides)
    both = table[table["side"] == "both"].set_index(["card", "measure"])["verdict"]
    for r in sides.itertuples():
        family = "screened" if both[(r.card, r.measure)] == "screened" else "tested"
        assert r.verdict == side_verdict(family, r.ci_low, r.ci_high, r.p_value, r.seeds, 0.02), r
        if r.verdict == "shown":
            assert r.ci_low > 0 or r.ci_high < 0
        if r.verdict == "worthless":
            assert -0.02 <= r.ci_low and r.ci_high <= 0.02
    for (card, measure), part in split_cards(table).items():     # the sides pull opposite ways: named, each side
        assert f"{card}" in res.output.split("The sides pull opposite ways")[1].split("\n")[0]


def impact_table(rows) -> pd.DataFrame:
    cols = ("rank", "card", "measure", "side", "impact", "ci_low", "ci_high", "se", "n", "seeds", "p_value",
            "verdict", "buyers", "buyers_win_rate", "buyers_ci_low", "buyers_ci_high", "strategy",
            "opponent_strategy", "seed")
    out = []
    for rank, card, side, d, lo, hi, v in rows:
        out.append(dict(zip(cols, (rank, card, "ban", side, d, lo, hi, 0.01, 248, 124, 0.001, v, 0, np.nan, np.nan,
                                   np.nan, "reserve", "reserve", 1))))
    return pd.DataFrame(out, columns=cols)


SHOOT = impact_table([(1, "Shoot", "line", 0.259, 0.20, 0.31, "shown"),
                      (1, "Shoot", "elite", -0.216, -0.27, -0.16, "shown"),
                      (1, "Shoot", "both", 0.021, 0.005, 0.037, "shown"),
                      (2, "Charge", "line", 0.0, -0.02, 0.02, "worthless"),
                      (2, "Charge", "elite", 0.42, 0.29, 0.55, "shown"),
                      (2, "Charge", "both", 0.21, 0.14, 0.28, "shown")])


def test_a_both_figure_is_never_shown_alone_when_the_sides_pull_opposite_ways():
    """The issue's numbers: Shoot +25.9 for line, -21.6 for elite, "both" +2.1."""
    assert list(split_cards(SHOOT)) == [("Shoot", "ban")]
    lines = impact_lines(Impact(SHOOT, {}))
    (note,) = [x for x in lines if x.startswith("The sides pull opposite ways")]
    assert "Shoot: line +25.9 [+20.0, +31.0], elite -21.6 [-27.0, -16.0]" in note and "Charge" not in note
    from reports.html_report import build_report
    from reports.inputs import Results
    report = build_report(Results(impact=SHOOT.assign(source="impact", game="skirmish")))
    item = next(t for t in report.sections[0].items if "Shoot" in t)
    assert "pulls the sides opposite ways" in item and "line +25.9" in item and "elite -21.6" in item
    charge = next(t for t in report.sections[0].items if "Charge" in t)
    assert "each side: line +0.0 [-2.0, +2.0], elite +42.0 [+29.0, +55.0]" in charge
    section = next(s for s in report.sections if s.title.startswith("Card impact: banned"))
    shoot = section.table[section.table["card"] == "Shoot"]
    assert list(shoot["side"]) == ["both", "line", "elite"]       # its sides listed beside its "both" row
    assert "sides pull opposite ways" in shoot["verdict"].iloc[0]
    assert list(section.table[section.table["card"] == "Charge"]["side"]) == ["both"]


# ---- advise

def test_each_advised_win_rate_is_checked_against_its_own_goal_from_its_own_interval(capsys):
    """The issue's Solo ladder: Medium at 54.7% [53.9, 55.5] against 55 +- 3 was printed "outside the band" with
    every other level (the whole target's flag, not the level's own interval)."""
    import cli
    goals, band = [0.65, 0.55, 0.45, 0.35], 0.03
    low, high = np.array([0.600, 0.539, 0.405, 0.330]), np.array([0.616, 0.555, 0.425, 0.350])
    values = (low + high) / 2
    check = SimpleNamespace(values=values, low=low, high=high, effect=values - 0.5, effect_low=low - 0.5,
                            effect_high=high - 0.5, games=20_000, holds=False, inside=False)
    from simcore.advice import Component
    labels = ["easy", "medium", "hard", "insane"]
    target = SimpleNamespace(labels=labels, components=[Component(x, g, ()) for x, g in zip(labels, goals)])
    advice = SimpleNamespace(target=target, base_values=values, base_low=low, base_high=high,
                             closest=SimpleNamespace(edits=[SimpleNamespace(label="Railgun: credit_cost 5 -> 6",
                                                                            field=SimpleNamespace(mark="estimated"))],
                                                     fields=1, total_change=1),
                             proposal=object(), fixed=check, retuned=None, options=SimpleNamespace(band=band,
                                                                                                    max_fields=3),
                             tuning_kept_start=False, only_untuned=False)
    cli._echo_advice(advice, quiet=True)
    lines = [x for x in capsys.readouterr().out.splitlines() if "fixed strategies:" in x]
    states = [x.rsplit(": ", 1)[1].rstrip(".") for x in lines]
    assert states == ["outside the band", "holds", "not enough games to tell", "holds"]
    assert states == [band_state(lo, hi, g, band) for lo, hi, g in zip(low, high, goals)]


def test_an_advised_win_rates_interval_stays_within_0_and_1():
    """A few seeds' t interval reached past 100% (1.08), and `report` refused the table the advisor wrote."""
    from reports.advisor.outputs import values_with_interval
    value, low, high = values_with_interval(np.array([[1.0, 1.0, 0.5], [0.0, 0.0, 0.5]]))
    assert (0 <= low).all() and (low <= value).all() and (value <= high).all() and (high <= 1).all()
    assert high[0] == 1.0 and low[1] == 0.0


ADVISE = {"last-command": (), "star-realms": ("--allow-stated",), "skirmish": ()}


@pytest.mark.parametrize("name", list(ADVISE))
def test_every_advice_row_checks_its_own_interval(name, tmp_path):
    out = tmp_path / "advice.csv"
    res = invoke("advise", "--game", name, "--target", "first player = 50%", *ADVISE[name], "--band", 5,
                 "--screen-games", 16,
                 "--test-games", 16, "--search-games", 16, "--check-games", 200, "--candidates", 2, "--max-edits", 1,
                 "--no-retune", "--seed", 3, "--out", out)
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    checked = table[table["stage"].str.startswith("proposal") | (table["stage"] == "search")]
    assert len(checked) or "already within the band" in res.output or "No edit helped" in res.output \
        or "No edit proposed" in res.output
    for r in checked.itertuples():
        assert r.verdict == band_state(r.value_ci_low, r.value_ci_high, r.goal, r.band), r
    for line in res.output.splitlines():
        m = re.search(r"strategies: .* (\d+\.\d)% \[(\d+\.\d), (\d+\.\d)\], change .*: (.*)\.$", line)
        if m:
            lo, hi = float(m.group(2)) / 100, float(m.group(3)) / 100
            assert m.group(4) == band_state(lo, hi, 0.5, 0.05) or abs(lo - 0.45) < 1e-3 or abs(hi - 0.55) < 1e-3


# ---- ladder --finding

@pytest.mark.parametrize("name, rungs", [("last-command", "balanced,tuned"), ("star-realms", "balanced,tuned"),
                                         ("skirmish", "reserve,spender,tuned")])
def test_a_finding_across_skill_is_read_from_every_rungs_interval(name, rungs, tmp_path):
    out = tmp_path / "first.csv"
    res = invoke("ladder", "--game", name, "--finding", "first-player", "--rungs", rungs, "--games", 120, "--out", out)
    assert res.exit_code == 0, res.output
    table = pd.read_csv(out)
    code, text = across_rungs(table, table["subject"].iloc[0])
    assert (table["across_rungs"].iloc[0], table["across_rungs_text"].iloc[0]) == (code, text)
    assert f"Across skill levels: {text}." in res.output
    if code == "stable":        # every rung agrees within its interval
        for r1 in table.itertuples():
            for r2 in table.itertuples():
                assert r2.ci_low <= r1.score <= r2.ci_high


@pytest.mark.parametrize("low, high, said", [(0.48, 0.52, "already within the band"),
                                             (0.40, 0.60, "not enough games to tell"),
                                             (0.60, 0.70, "say outside the band")])
def test_no_edit_is_explained_by_the_unedited_interval_printed(low, high, said):
    """The search's seeds may put the unedited cards inside the band while the Unedited line's interval (the
    check's seeds) does not: "already within the band" only when that interval lies inside it."""
    from types import SimpleNamespace
    from simcore.advice import Component, Target
    comp = Component("federation vs sunder", 0.5, ())
    advice = SimpleNamespace(target=Target((comp,), "federation vs sunder = 50%", None, "", None),
                             options=SimpleNamespace(band=0.03), base_low=[low], base_high=[high])
    assert said in cli._no_edit_line(advice)
