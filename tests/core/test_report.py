"""`commandsim report` and its library: reading results files back, plot tables, HTML and PNG files."""
from __future__ import annotations

import base64
import re

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.aggregate import aggregate_games
from reports.html_report import build_report, write_report
from reports.inputs import ResultsFileError, read_results
from reports.report_data import heatmap_panels, heatmap_table, mean_turns_table, one_per_cell, win_rate_table
from reports.report_names import names_of

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
IMG_TAG = '<img src="data:image/png;base64,'


def games_frame(first, second, winners, turns, variant="standard", mode="duel", difficulty=""):
    n = len(winners)
    return pd.DataFrame({
        "mode": mode, "difficulty": difficulty, "game": np.arange(n), "seed": np.arange(n) * 7,
        "first_faction": first, "second_faction": second, "first_variant": variant, "second_variant": "standard"
        if mode == "solo" else variant, "first_strategy": "balanced",
        "second_strategy": "solo-ai" if mode == "solo" else "balanced",
        "winner": pd.Categorical(winners, ["first", "second", "draw"]), "turns": turns})


@pytest.fixture
def duel_games():
    parts = []
    for variant in ("standard", "asymmetrical"):
        parts.append(games_frame("federation", "sunder", ["first", "first", "second", "draw"], [20, 25, 30, 400],
                                 variant))
        parts.append(games_frame("sunder", "federation", ["first", "second", "second", "first"], [22, 24, 26, 28],
                                 variant))
    return pd.concat(parts, ignore_index=True)


@pytest.fixture
def results_dir(tmp_path, duel_games):
    """A sweep aggregate with its card table, per-game records and a comparison, as the commands write them."""
    aggregate_games(duel_games, seed=1).to_csv(tmp_path / "sweep.csv", index=False)
    pd.DataFrame({"card": ["Railgun", "Repair Bot"], "kind": "system", "credit_cost": [6, 3], "power_cost": [2, 1],
                  "times_bought": [5, 0], "seat_games": [32, 32], "buy_rate": [5 / 32, 0.0], "games_bought": [4, 0],
                  "wins_when_bought": [3, 0], "win_rate_when_bought": [0.75, np.nan], "ci_low": [0.3, np.nan],
                  "ci_high": [0.95, np.nan], "win_rate_not_bought": [0.4, 0.45]}).to_csv(
        tmp_path / "sweep_cards.csv", index=False)
    duel_games.assign(winner=duel_games["winner"].astype(str)).to_parquet(tmp_path / "games.parquet")
    return tmp_path


def test_files_are_recognised_by_their_columns(results_dir):
    res = read_results([results_dir / "sweep.csv", results_dir / "games.parquet"])
    kinds = dict((p.rsplit("/", 1)[-1], k) for p, k in res.files)
    assert kinds == {"sweep.csv": "aggregate", "sweep_cards.csv": "cards", "games.parquet": "per_game"}
    assert len(res.aggregate) == 12 and len(res.cards) == 2 and res.per_game.games == 16
    assert set(res.cards["source"]) == {"sweep"}
    assert (res.aggregate["difficulty"] == "").all()        # empty text stays text, not NaN


def test_an_unknown_file_is_named(tmp_path):
    junk = tmp_path / "junk.csv"
    junk.write_text("a,b\n1,2\n")
    with pytest.raises(ResultsFileError, match="junk.csv: not a results file"):
        read_results([junk])


def test_plot_tables(duel_games):
    agg = aggregate_games(duel_games, seed=1)
    rates = win_rate_table(agg)
    assert len(rates) == 4 and (rates["seat"] == "both").all()
    assert "federation vs sunder, both standard" in set(rates["label"])
    assert list(one_per_cell(rates)["label"]) == ["federation vs sunder, both asymmetrical",
                                                  "federation vs sunder, both standard"]   # each cell once
    heat = heatmap_table(agg)
    assert list(heat.index) == ["federation", "sunder"] and set(heat.columns) == {"standard", "asymmetrical"}
    fed_std = agg[(agg["faction"] == "federation") & (agg["variant"] == "standard") & (agg["seat"] == "both")]
    assert heat.loc["federation", "standard"] == pytest.approx(fed_std["win_rate"].iloc[0])
    turns = mean_turns_table(agg)
    assert len(turns) == 2                                   # one row per cell, not per perspective
    assert turns["mean_turns"].iloc[0] == pytest.approx((20 + 25 + 30 + 400 + 22 + 24 + 26 + 28) / 8)


def test_solo_heat_map_is_by_difficulty_and_has_no_first_player_plot(tmp_path):
    parts = [games_frame("federation", "sunder", w, [20] * 4, mode="solo", difficulty=d)
             for d, w in (("easy", ["first"] * 3 + ["second"]), ("insane", ["first"] + ["second"] * 3))]
    agg = pd.concat([aggregate_games(p, seed=1, mode="solo", difficulty=p["difficulty"].iloc[0])
                     .query("faction == 'federation' and seat != 'second'") for p in parts], ignore_index=True)
    heat = heatmap_table(agg, levels=True)
    assert list(heat.columns) == ["easy", "insane"]
    assert heat.loc["federation standard"].tolist() == [0.75, 0.25]
    agg.to_csv(tmp_path / "solo.csv", index=False)
    report = build_report(read_results([tmp_path / "solo.csv"]))
    assert "heatmap.png" in report.images and "first_player.png" not in report.images
    assert "Heat map (The Last Command, solo mode): how does each faction fare at each difficulty?" in [
        s.title for s in report.sections]
    ((_, panel),) = heatmap_panels(agg, names_of("last-command"))
    assert panel.columns.name == "difficulty" and panel.loc["federation standard"].tolist() == [0.75, 0.25]
    assert any("first-player advantage does not apply" in n for n in report.notes)


def test_aggregate_only_report_plots_mean_lengths_and_says_so(results_dir):
    report = build_report(read_results([results_dir / "sweep.csv"]))
    assert {"win_rates.png", "heatmap.png", "game_length.png", "first_player.png", "cards.png"} <= set(report.images)
    assert any("Only aggregates were given" in note for note in report.notes)
    assert "Only aggregates were given" in report.html()


def test_html_embeds_every_plot(results_dir, tmp_path):
    report = build_report(read_results([results_dir / "sweep.csv", results_dir / "games.parquet"]))
    assert not any("Only aggregates" in n for n in report.notes)
    written = write_report(report, tmp_path / "rep")
    html = (tmp_path / "rep" / "report.html").read_text()
    inlined = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    assert len(inlined) == len(report.images) == len([p for p in written if p.suffix == ".png"])
    assert all(base64.b64decode(b).startswith(PNG_MAGIC) for b in inlined)
    assert "http://" not in html and "https://" not in html       # nothing to fetch: opens offline


def test_a_failed_report_write_leaves_nothing(results_dir, tmp_path, monkeypatch):
    import reports.files as files
    report = build_report(read_results([results_dir / "sweep.csv"]))
    real = files.Path.write_bytes
    calls = []

    def flaky(self, data):
        calls.append(self)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(files.Path, "write_bytes", flaky)
    with pytest.raises(OSError):
        write_report(report, tmp_path / "rep")
    assert not (tmp_path / "rep").exists()     # nor the folder it made for them (issue 31, item 10)


# ---- the command

@pytest.mark.parametrize("make_args, message", [
    (lambda d: [str(d / "missing.csv")], "missing.csv: no such results file"),
    (lambda d: [str(d / "junk.csv")], "not a results file"),
    (lambda d: [str(d / "sweep.csv"), "--out", str(d / "sweep.csv")], "is a file"),
])
def test_bad_inputs_are_exit_2_and_write_nothing(results_dir, make_args, message):
    (results_dir / "junk.csv").write_text("a,b\n1,2\n")
    before = sorted(p.name for p in results_dir.iterdir())
    result = CliRunner().invoke(cli.main, ["report", *make_args(results_dir)]
                                + ([] if "--out" in make_args(results_dir) else ["--out", str(results_dir / "rep")]))
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert sorted(p.name for p in results_dir.iterdir()) == before


def test_report_needs_at_least_one_file():
    result = CliRunner().invoke(cli.main, ["report"])
    assert result.exit_code == 2 and "Missing argument" in result.output


def test_sweep_then_compare_then_report_end_to_end(tmp_path):
    runner = CliRunner()
    sweep = runner.invoke(cli.main, ["sweep", "--games", "40", "--out", str(tmp_path / "sweep.csv"),
                                     "--per-game", str(tmp_path / "games.parquet"), "-q"])
    assert sweep.exit_code == 0, sweep.output
    compare = runner.invoke(cli.main, ["compare", "--variant-a", "asymmetrical", "--variant-b", "standard",
                                       "--games", "40", "--out", str(tmp_path / "compare.csv"), "-q"])
    assert compare.exit_code == 0, compare.output
    out = tmp_path / "report"
    result = runner.invoke(cli.main, ["report", str(tmp_path / "sweep.csv"), str(tmp_path / "games.parquet"),
                                      str(tmp_path / "compare.csv"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    expected = {"win_rates.png", "heatmap.png", "game_length.png", "first_player.png", "cards.png", "compare.png",
                "tempo.png", "moved_tempo.png"}      # the sweep's tempo curves, what the comparison moved
    assert {p.name for p in out.glob("*.png")} == expected
    for png in out.glob("*.png"):
        assert png.read_bytes().startswith(PNG_MAGIC), png
    html = (out / "report.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert html.count(IMG_TAG) == len(expected)
    assert "Paired comparisons" in html and "First-player advantage" in html
    assert f"Wrote {out / 'report.html'} and 8 plots" in result.output
    assert not [p for p in tmp_path.rglob(".*") if p.is_file()]       # no temporary files left
