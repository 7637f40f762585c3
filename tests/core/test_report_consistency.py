"""``report`` accepts any file the tool wrote and refuses anything else in one line (issue 46, item 3 and "report
repeats contradictory tables as findings"): rates recomputed from counts, intervals containing their estimate,
verdicts following from their intervals, keys unique, seat rows adding up, each refusal naming file, line and
column. The files read are the tiny race's, written by the commands themselves (nothing compiles)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.files import write_tables
from reports.input_schema import ResultsFileError
from reports.inputs import read_results
from reports.tournament import run_tournament
from tests.conftest import TINY_GAME, invoke


@pytest.fixture(scope="module", autouse=True)
def tiny_race():
    """The tiny race registered for the whole module: its tables name it in their ``game`` column."""
    from simcore.games import registry
    registry.register(*TINY_GAME)
    yield
    registry.GAMES.pop(TINY_GAME[0], None)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """Every results table the tiny race's commands write, and a tournament's two tables."""
    out = tmp_path_factory.mktemp("written")
    for args in (["sweep", "--games", 40, "--out", out / "s.csv", "--per-game", out / "g.csv"],
                 ["sweep", "--games", 40, "--out", out / "p.parquet"],
                 ["compare", "--games", 40, "--out", out / "c.csv"],
                 ["compare", "--games", 20, "--until-verdict", "--max-games", 200, "--out", out / "u.csv"],
                 ["impact", "--games", 40, "--out", out / "i.csv"]):
        result = invoke(*args[:1], "--game", "tiny-race", *args[1:], "-q")
        assert result.exit_code == 0, result.output
    rng = np.random.default_rng(3)

    def play(a, b, games, seed):
        wins = int(rng.integers(0, games))
        draws = int(rng.integers(0, games - wins))
        return wins, games - wins - draws, draws
    t = run_tournament(["a", "b", "c"], play, 40, 1)
    write_tables({out / "t.csv": t.matrix.assign(game="skirmish"),
                  out / "t_ratings.csv": t.ratings.assign(game="skirmish")})
    return out


def test_every_table_the_tool_wrote_is_read_back(written):
    data = read_results(sorted(str(p) for p in written.iterdir()))
    kinds = {kind for _, kind in data.files}
    assert kinds == {"aggregate", "cards", "per_game", "compare", "impact", "tournament", "ratings",
                     "shape", "tempo", "decisive", "plays", "moved"}      # a sweep's shape, what a compare moved
    assert (written / "s.csv").exists() and len(data.aggregate) > 0


def refused(path, text: str) -> str:
    with pytest.raises(ResultsFileError) as caught:
        read_results([path])
    line = str(caught.value)
    assert "\n" not in line and text in line, line
    return line


def edited(written, name: str, tmp_path, edit) -> str:
    table = pd.read_csv(written / name)
    edit(table)
    path = tmp_path / name
    table.to_csv(path, index=False)
    return str(path)


def set_row(column, row, value):
    def edit(t):
        t.loc[row, column] = value(t) if callable(value) else value
    return edit


def win_moved_to(row, counts=("wins", "losses")):
    """One game of row ``row`` moved from the second count to the first, its rates recomputed (so only the
    relation to other rows is wrong) and its intervals widened to hold them."""
    def edit(t):
        t.loc[row, counts[0]] += 1
        t.loc[row, counts[1]] -= 1
        t["win_rate"] = t["wins"] / t["games"]
        if "score" in t:
            t["score"] = (t["wins"] + t["draws"] / 2) / t["games"]
            t["score_ci_low"], t["score_ci_high"] = 0.0, 1.0
        t["ci_low"], t["ci_high"] = 0.0, 1.0
    return edit


def other_counts(t):
    """Row 0's games counted otherwise (the same number of games), its rates and intervals made to agree: only
    its mirror row (the same pair seen from the other entry) now contradicts it."""
    g = t.loc[0, "games"]
    wins = g if t.loc[0, "wins"] != g else g - 1
    t.loc[0, ["wins", "losses", "draws"]] = wins, g - wins, 0
    t["win_rate"] = t["wins"] / t["games"]
    t["score"] = (t["wins"] + t["draws"] / 2) / t["games"]
    t["ci_low"], t["ci_high"], t["score_ci_low"], t["score_ci_high"] = 0.0, 1.0, 0.0, 1.0


def one_key(t):
    t["card"], t["measure"], t["side"] = t["card"].iloc[0], "ban", t["side"].iloc[0]


@pytest.mark.parametrize("name, edit, text", [
    ("s.csv", set_row("win_rate", 0, 0.99), "line 2, column 'win_rate': expected wins / games = "),
    ("s.csv", set_row("ci_low", 1, lambda t: t.loc[1, "win_rate"] + 0.01), "line 3, column 'ci_low': expected at "
                                                                           "most win_rate"),
    ("s.csv", set_row("ci_high", 1, lambda t: t.loc[1, "win_rate"] - 0.01), "line 3, column 'ci_high': expected at "
                                                                            "least win_rate"),
    ("s.csv", win_moved_to(2), "line 4, column 'wins': expected the first and second seats' wins added up"),
    ("s_cards.csv", set_row("win_rate_when_bought", 0, 0.01), "line 2, column 'win_rate_when_bought': expected "
                                                              "wins_when_bought / games_bought = "),
    ("s_cards.csv", set_row("wins_when_bought", 0, lambda t: t.loc[0, "games_bought"] + 1),
     "line 2, column 'wins_when_bought': expected at most games_bought"),
    ("c.csv", set_row("diff", 0, lambda t: t.loc[0, "diff"] + 0.01), "column 'diff': expected score_a - score_b = "),
    ("c.csv", set_row("score_a", 0, lambda t: t.loc[0, "score_a"] / 2), "column 'score_a': expected (wins_a + "
                                                                        "draws_a / 2) / games = "),
    ("c.csv", set_row("games", 0, lambda t: t.loc[0, "games"] + 2), "column 'wins_a': expected wins_a + losses_a + "
                                                                    "draws_a = games"),
    ("i.csv", set_row("ci_low", 0, lambda t: t.loc[0, "impact"] + 0.5), "line 2, column 'ci_low': expected at most "
                                                                        "impact"),
    ("i.csv", one_key, "line 3, column 'card': expected one row per card and measure and side"),
    ("t.csv", set_row("score", 0, lambda t: min(1.0, t.loc[0, "score"] + 0.1)), "line 2, column 'score': expected "
                                                                               "(wins + draws / 2) / games = "),
    ("t.csv", other_counts, "line 2, column 'wins': expected losses of "),
    ("t_ratings.csv", set_row("elo_ci_low", 0, lambda t: t.loc[0, "elo"] + 1), "line 2, column 'elo_ci_low': "
                                                                               "expected at most elo"),
])
def test_a_table_that_contradicts_itself_is_refused_naming_file_line_and_column(written, tmp_path, name, edit, text):
    path = edited(written, name, tmp_path, edit)
    line = refused(path, text)
    assert line.startswith(f"{path}: "), line


def test_a_balanced_verdict_on_a_wide_interval_is_refused(written, tmp_path):
    def wide(t):
        t["diff_ci_low"], t["diff_ci_high"], t["verdict"], t["band"] = -0.06, 0.12, "balanced", 0.02
        t["diff"] = t["score_a"] - t["score_b"]
        t["diff_ci_low"] = np.minimum(t["diff_ci_low"], t["diff"])
        t["diff_ci_high"] = np.maximum(t["diff_ci_high"], t["diff"])
    path = edited(written, "c.csv", tmp_path, wide)
    refused(path, "column 'verdict': expected unclear for the interval [")


def test_an_even_verdict_on_a_wide_interval_is_refused(written, tmp_path):
    def wide(t):
        t["diff"] = t["score_a"] - t["score_b"]
        t["diff_ci_low"], t["diff_ci_high"] = t["diff"] - 0.06, t["diff"] + 0.06
        t["verdict"], t["band"] = "even", 0.02
    path = edited(written, "c.csv", tmp_path, wide)
    refused(path, "column 'verdict': expected unclear for the interval [")


def test_an_older_files_balanced_verdict_is_read_and_shown_in_todays_words(written, tmp_path):
    """Issue 49: the verdict once called "balanced" is "even within +-2 points" now (a strategy is named
    balanced); a comparison written before still reads, its verdict checked against its interval as before."""
    result = invoke("compare", "--game", "tiny-race", "--games", 200, "--band", 49, "--out", tmp_path / "c.csv", "-q")
    assert result.exit_code == 0, result.output

    def older(t):
        assert (t["verdict"] == "even").all()        # 100 seeds, an interval well inside +-49 points
        t["verdict"], t["verdict_text"] = "balanced", "balanced"
    (tmp_path / "older").mkdir()
    path = edited(tmp_path, "c.csv", tmp_path / "older", older)
    data = read_results([path])
    assert set(data.compare["verdict"]) == {"even"} and set(data.compare["verdict_text"]) == {"even within +-49 points"}


def test_a_verdict_below_fifty_seeds_is_no_verdict_whatever_its_interval(written, tmp_path):
    """A ladder pair or a comparison on fewer than 50 seeds gets no verdict (issue 45): the check reads the
    row's seeds too, so a short run's "not shown different" beside an interval clear of 50% is accepted."""
    from reports.ladder import LADDER_COLUMNS
    row = {c: 0 for c in LADDER_COLUMNS} | {
        "game": "skirmish", "level": 1, "rung": "reserve", "below": "random", "games": 16, "wins": 16, "score": 1.0,
        "win_rate": 1.0, "ci_low": 0.7, "ci_high": 1.0, "score_ci_low": 0.7, "score_ci_high": 1.0,
        "verdict": "not shown different", "elo": 100, "elo_ci_low": 50, "elo_ci_high": 150, "regularised": True,
        "factions": "", "variants": "", "seed": 1}
    pd.DataFrame([row], columns=list(LADDER_COLUMNS)).to_csv(tmp_path / "l.csv", index=False)
    assert read_results([tmp_path / "l.csv"]).ladder["verdict"].tolist() == ["not shown different"]
    pd.DataFrame([row | {"verdict": "stronger"}], columns=list(LADDER_COLUMNS)).to_csv(tmp_path / "s.csv",
                                                                                       index=False)
    refused(tmp_path / "s.csv", "column 'verdict': expected not shown different for the score interval")


def test_games_beyond_64_bits_are_one_line(written, tmp_path):
    table = pd.read_csv(written / "s.csv", dtype=str)
    table.loc[0, "games"] = str(2**64)
    table.to_csv(tmp_path / "big.csv", index=False)
    refused(tmp_path / "big.csv", "line 2, column 'games': expected a whole number from 0 to 2^53, got "
                                  "18446744073709551616")
    result = invoke("report", tmp_path / "big.csv", "--out", tmp_path / "rep")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert not (tmp_path / "rep").exists()


def test_an_entry_named_twice_in_a_tournament_is_one_line(written, tmp_path):
    table = pd.read_csv(written / "t.csv")
    pd.concat([table, table.iloc[[1]]]).to_csv(tmp_path / "twice.csv", index=False)
    line = refused(tmp_path / "twice.csv", f"line {len(table) + 2}, column 'entry': expected one row per entry and "
                                           f"opponent, got entry '{table['entry'][1]}', opponent "
                                           f"'{table['opponent'][1]}' again (first on line 3)")
    result = invoke("report", tmp_path / "twice.csv", "--out", tmp_path / "rep")
    assert result.exit_code == 2 and result.output.strip() == f"Error: {line}"


def test_a_parquet_table_is_checked_alike_naming_its_row(written, tmp_path):
    table = pd.read_parquet(written / "p.parquet")
    table.loc[2, "win_rate"] = 0.0 if table.loc[2, "win_rate"] > 0.1 else 0.9
    table.to_parquet(tmp_path / "p.parquet")
    refused(tmp_path / "p.parquet", "row 3, column 'win_rate': expected wins / games")
