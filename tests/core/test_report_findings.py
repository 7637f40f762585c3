"""What a report's Findings say (issue 32): the sweep's own questions first, answered either way; a buyers'
win rate never a finding; each caption and sentence from the game reported; every input kind's own
finding; a report that mixes games or sweeps says so."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.advisor.outputs import ADVICE_COLUMNS
from reports.aggregate import aggregate_games
from reports.compare import COMPARE_COLUMNS
from reports.html_report import build_report
from reports.inputs import Results, read_results
from reports.ladder import LADDER_COLUMNS
from reports.plots import win_rates, zoom_limits
from reports.report_data import win_rate_table
from reports.tournament import run_tournament
from simcore.games import registry

CAUSAL = ("under-costed", "over-costed", "too strong", "a trap")
GAMES = ["last-command", "star-realms", "skirmish", "tiny-race"]


def duel(first, second, first_wins, n, mode, variant="v", seed_offset=0):
    """``n`` games of ``first`` (moving first) against ``second``: the first seat wins ``first_wins`` of them."""
    winners = np.where(np.arange(n) < first_wins, "first", "second")
    return pd.DataFrame({"mode": mode, "difficulty": "", "game": np.arange(n), "seed": np.arange(n) + seed_offset,
                         "first_faction": first, "second_faction": second, "first_variant": variant,
                         "second_variant": variant, "first_strategy": "balanced", "second_strategy": "balanced",
                         "winner": pd.Categorical(winners, ["first", "second", "draw"]), "turns": 20})


def sweep_games(game_name: str, first_share: float, n: int = 4000) -> pd.DataFrame:
    """A two-seat cell of the game (its first two sides, or a mirror) played both ways, the first seat
    winning ``first_share`` of the games."""
    info = registry.get(game_name).info
    a, b = (info.sides[0], info.sides[1]) if len(info.sides) > 1 else (info.sides[0],) * 2
    w = int(first_share * n)
    return pd.concat([duel(a, b, w, n, info.modes[0], info.variants[0]),
                      duel(b, a, w, n, info.modes[0], info.variants[0])], ignore_index=True)


def aggregate_of(games: pd.DataFrame, source="sweep") -> pd.DataFrame:
    """The aggregate a sweep writes of these games (with their mode, as the sweep's cells give it)."""
    return aggregate_games(games, seed=1).assign(mode=games["mode"].iloc[0], source=source)


def findings_of(report) -> list[str]:
    return report.sections[0].items if report.sections[0].title.startswith("Findings") else []


def note_of(report, title: str) -> str:
    """The notes of every section whose title starts with ``title`` (one per mode or file)."""
    return " ".join(n for s in report.sections if s.title.startswith(title) for n in s.notes)


# ---- item 1: a buyers' win rate is an association, never a finding

def test_a_card_bought_by_winners_is_no_finding_and_has_no_causal_word():
    agg = aggregate_of(sweep_games("last-command", 0.5))
    cards = pd.DataFrame({"card": ["Railgun"], "times_bought": [9000], "seat_games": [16000], "buy_rate": [0.56],
                          "games_bought": [8000], "wins_when_bought": [6400], "win_rate_when_bought": [0.8],
                          "ci_low": [0.79], "ci_high": [0.81], "win_rate_not_bought": [0.2], "source": "sweep"})
    report = build_report(Results(aggregate=agg, cards=cards))
    assert not any("Railgun" in item for item in findings_of(report))
    page = report.html()
    assert not [w for w in CAUSAL if w in page]
    assert "an association, not a balance finding" in note_of(report, "Cards bought")


# ---- item 2: the questions first, "even" when the interval says so (issue 49: never "balanced", a strategy)

def test_findings_lead_with_each_match_up_then_the_first_player_and_say_even():
    games = pd.concat([duel("federation", "sunder", 20_000, 40_000, "duel"),      # even: 50.0% both ways
                       duel("sunder", "federation", 20_000, 40_000, "duel")], ignore_index=True)
    skewed = pd.concat([duel("federation", "sunder", 2_500, 4_000, "duel", "x"),   # first wins 62.5%
                        duel("sunder", "federation", 2_500, 4_000, "duel", "x")], ignore_index=True)
    report = build_report(Results(aggregate=aggregate_of(pd.concat([games, skewed], ignore_index=True))))
    items = findings_of(report)
    where = " (The Last Command, duel mode): "
    assert items[0].startswith(f"federation vs sunder, both v{where}50.0%") and "even within ±2 points" in items[0]
    assert items[1].startswith(f"federation vs sunder, both x{where}50.0%") and "even within ±2 points" in items[1]
    assert items[2].startswith(f"first player, federation vs sunder, both v{where}50.0%") and "even" in items[2]
    assert items[3].startswith(f"first player, federation vs sunder, both x{where}62.5%")
    assert "the player moving first wins more often" in items[3]
    assert not [i for i in items if "balanced" in i]


# ---- item 3: every caption and sentence from the game reported

@pytest.mark.parametrize("name", GAMES)
def test_the_first_player_caption_and_finding_quote_the_reported_games_rule(tiny_game, name):
    rule = registry.get(name).info.first_player
    others = [g.info.first_player for g in registry.games() if g.info.name != name]
    report = build_report(Results(aggregate=aggregate_of(sweep_games(name, 0.6))))
    caption = note_of(report, "First-player advantage")
    first = [item for item in findings_of(report) if item.startswith("first player")]
    assert rule and rule in caption and first and all(rule in item for item in first)
    page = report.html()
    assert not [o for o in others if o in page] and "Credits" not in page.replace(rule, "")


@pytest.mark.parametrize("name", GAMES)
def test_the_heat_map_and_captions_use_the_reported_games_nouns(tiny_game, name):
    info = registry.get(name).info
    report = build_report(Results(aggregate=aggregate_of(sweep_games(name, 0.6))))
    title = f"{info.title.split(' (')[0]}, {info.modes[0]} mode"
    titles = [s.title for s in report.sections]
    assert f"Heat map ({title}): which {info.side.one} beats which?" in titles and "heatmap.png" in report.images
    assert note_of(report, "Win rate per cell").startswith(f"The first-named {info.side.one}'s win rate")
    panel = next(s for s in report.sections if s.title.startswith("Heat map"))
    assert f"row {info.side.one} against the column {info.side.one}" in panel.notes[0]


def test_a_game_that_cannot_be_told_gets_no_rule_quoted():
    games = pd.concat([duel("x", "y", 600, 1000, "duel"), duel("y", "x", 600, 1000, "duel")], ignore_index=True)
    report = build_report(Results(aggregate=aggregate_of(games)))
    assert note_of(report, "First-player advantage").startswith("Share of games won by the player moving first, both")


# ---- item 4: every input kind's own finding; mixing says so

def compare_frame(label_a="A", label_b="B", diff=0.05, lo=0.03, hi=0.07, verdict_text="favours A by 5.0 points"):
    row = {c: 0 for c in COMPARE_COLUMNS}
    row.update({"faction": "federation", "opponent_faction": "sunder", "opponent_variant": "standard",
                "strategy": "balanced", "opponent_strategy": "balanced", "label_a": label_a, "label_b": label_b,
                "variant_a": "standard", "variant_b": "standard", "cards_a": "shipped", "cards_b": "shipped",
                "verdict": "favours_a", "verdict_text": verdict_text, "seeds": 1000, "games": 2000, "wins_a": 1100,
                "losses_a": 900, "wins_b": 1000, "losses_b": 1000, "win_rate_a": 0.55, "ci_low_a": 0.53,
                "ci_high_a": 0.57, "win_rate_b": 0.5, "ci_low_b": 0.48, "ci_high_b": 0.52, "score_a": 0.55,
                "score_b": 0.5, "diff": diff, "diff_ci_low": lo, "diff_ci_high": hi, "diff_se": 0.01, "band": 0.02,
                "max_turns": 400, "seed": 1})
    return pd.DataFrame([row], columns=list(COMPARE_COLUMNS))


def test_a_comparison_alone_states_its_verdict_and_no_missing_aggregate_opener():
    report = build_report(Results(compare=compare_frame().assign(source="compare")))
    assert findings_of(report) == ["Verdict on A (A) against B (B), seen from federation (against sunder standard, "
                                   "2,000 games per setting): A − B +5.0 points [+3.0, +7.0], band ±2: favours A by "
                                   "5.0 points"]
    assert not [n for n in report.notes if "No sweep aggregate" in n]


def test_two_comparisons_with_the_same_labels_are_told_apart_by_their_files():
    both = pd.concat([compare_frame().assign(source="cards_a"),
                      compare_frame(diff=0.0, lo=-0.01, hi=0.01, verdict_text="balanced").assign(source="cards_b",
                                                                                                 verdict="balanced")],
                     ignore_index=True)
    report = build_report(Results(compare=both))
    items = findings_of(report)
    assert items[0].startswith("cards_a: Verdict on A (A) against B (B)") and items[1].startswith("cards_b: Verdict on A")
    assert items[1].endswith("band ±2: even within ±2 points")       # an older file's "balanced", in today's words
    table = next(s for s in report.sections if s.title.startswith("Paired comparisons")).table
    assert list(table["file"]) == ["cards_a", "cards_b"]


def test_a_tournament_says_which_adjacent_ranks_it_cannot_tell_apart():
    scores = {("a", "b"): (510, 490, 0), ("b", "a"): (490, 510, 0)}
    t = run_tournament(["a", "b"], lambda x, y, games, seed: scores[(x, y)], 1000)
    (line,) = findings_of(build_report(Results(tournament=t.matrix.assign(source="t"),
                                               ratings=t.ratings.assign(source="t"))))
    assert "not told apart (their Elo intervals overlap): a and b" in line


def test_a_tournament_states_its_ranking_and_its_cycle():
    beats = {("rock", "scissors"): (700, 300, 0), ("scissors", "paper"): (700, 300, 0),
             ("paper", "rock"): (700, 300, 0), ("rock", "paper"): (300, 700, 0),
             ("scissors", "rock"): (300, 700, 0), ("paper", "scissors"): (300, 700, 0)}
    t = run_tournament(["rock", "paper", "scissors"], lambda a, b, games, seed: beats[(a, b)], 1000)
    report = build_report(Results(tournament=t.matrix.assign(source="t"), ratings=t.ratings.assign(source="t")))
    (line,) = findings_of(report)
    assert line.startswith("Tournament: ranking by strength 1. ") and "2. " in line and "3. " in line
    assert "1 non-transitive cycle" in line and "rock > scissors > paper > rock" in line


def ladder_frame():
    rows = []
    for level, (rung, below, score, lo, hi, verdict) in enumerate(
            [("balanced", "random", 0.9, 0.88, 0.92, "stronger"), ("tuned", "balanced", 0.56, 0.54, 0.58, "stronger"),
             ("search:100:tuned", "tuned", 0.5, 0.48, 0.52, "not shown different")], start=1):
        row = {c: 0 for c in LADDER_COLUMNS}
        row.update({"game": "last-command", "level": level, "rung": rung, "below": below, "games": 2000,
                    "score": score, "score_ci_low": lo, "score_ci_high": hi, "win_rate": score, "ci_low": lo,
                    "ci_high": hi, "verdict": verdict, "regularised": "False", "factions": "", "variants": ""})
        rows.append(row)
    return pd.DataFrame(rows, columns=list(LADDER_COLUMNS)).assign(source="ladder")


def test_a_ladder_names_the_rung_that_stops_being_stronger():
    (line,) = findings_of(build_report(Results(ladder=ladder_frame())))
    assert line.startswith("Skill ladder (last-command, ladder): search:100:tuned is the first rung not shown "
                           "stronger than the one below (tuned: score 50.0% [48.0%, 52.0%])")


def test_an_advice_table_states_its_proposal():
    row = {c: 0 for c in ADVICE_COLUMNS}
    row.update({"rank": 0, "stage": "proposal, fixed strategies", "edit": "Railgun: credit_cost 5 -> 6", "card": "Railgun",
                "field": "credit_cost", "old_value": "5", "new_value": "6", "mark": "", "component": "federation",
                "goal": 0.5, "base": 0.55, "effect": -0.04, "effect_ci_low": -0.05, "effect_ci_high": -0.03,
                "value": 0.51, "value_ci_low": 0.5, "value_ci_high": 0.52, "games": 4000, "looks": 1,
                "verdict": "holds", "band": 0.02})
    advice = pd.DataFrame([row], columns=list(ADVICE_COLUMNS)).assign(source="advice")
    (line,) = findings_of(build_report(Results(advice=advice)))
    assert line == ("Balance advisor (advice): proposal Railgun: credit_cost 5 -> 6 (fixed strategies): federation "
                    "51.0% [50.0% – 52.0%] (goal 50%), effect -4.0 points [-5.0, -3.0]: holds")


def test_a_report_of_two_games_says_so():
    agg = pd.concat([aggregate_of(sweep_games("last-command", 0.6), "lc"),
                     aggregate_of(sweep_games("star-realms", 0.6), "sr")], ignore_index=True)
    report = build_report(Results(aggregate=agg))
    assert [n for n in report.notes if n.startswith("These files are results of 2 different games (last-command: "
                                                    "lc; star-realms: sr)")]
    caption = note_of(report, "First-player advantage")
    for name in ("last-command", "star-realms"):
        assert registry.get(name).info.first_player in caption
    assert report.title == ("The Last Command and Star Realms balance report: match-ups and first-player advantage "
                            "(The Last Command: duel mode; Star Realms: standard mode)")   # whose modes they are


def write_sweep(tmp_path, stem, games):
    aggregate_of(games).drop(columns="source").to_csv(tmp_path / f"{stem}.csv", index=False)
    games.assign(winner=games["winner"].astype(str)).to_csv(tmp_path / f"{stem}_games.csv", index=False)


def test_per_game_records_of_another_sweep_than_the_aggregate_are_named(tmp_path):
    write_sweep(tmp_path, "one", sweep_games("last-command", 0.6, 200))
    write_sweep(tmp_path, "two", sweep_games("last-command", 0.5, 200))
    same = build_report(read_results([tmp_path / "one.csv", tmp_path / "one_games.csv"]))
    assert not [n for n in same.notes if "different sweep" in n]
    mixed = build_report(read_results([tmp_path / "one.csv", tmp_path / "two_games.csv"]))
    assert [n for n in mixed.notes if n.startswith("The per-game records two_games do not count the same games as "
                                                   "the aggregate one")]


def test_the_win_rate_plot_zooms_to_the_intervals():
    rates = win_rate_table(aggregate_of(sweep_games("last-command", 0.51, 40_000)))
    low, high = win_rates(rates).axes[0].get_xlim()
    assert 0.4 < low < rates["ci_low"].min() and rates["ci_high"].max() < high < 0.6
    assert zoom_limits([0.0], [1.0]) == (-0.03, 1.03)
