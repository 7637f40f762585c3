"""``report`` reads a metagame's three files (``commandsim metagame --out``: the matrix, ``<stem>_mixes`` and
``<stem>_value``) and shows each side's mix with its interval, the value against 50% and the alpha-Rank graph;
files whose numbers contradict each other are refused in one line naming the file, the line and the column."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports import alpharank as ar
from reports.html_report import build_report
from reports.input_schema import ResultsFileError
from reports.inputs import read_results
from reports.metagame_text import grid
from tests.conftest import invoke


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("metagame")
    result = invoke("metagame", "--game", "skirmish", "--games", 24, "--resamples", 30, "--out", out / "m.csv", "-q")
    assert result.exit_code == 0, result.output + result.stderr
    return out


def test_the_matrix_alone_brings_its_mixes_and_value_and_the_report_shows_them(written):
    data = read_results([written / "m.csv"])
    assert {kind for _, kind in data.files} == {"metagame", "metagame_mixes", "metagame_value"}
    report = build_report(data)
    html = report.html()
    value = data.metagame_value.set_index("part").loc["matchup"]
    assert "Metagame" in report.title or "metagame" in report.title
    for said in ("who wins when both sides play their best mix?", "which entries would players settle on?",
                 "At equilibrium (both sides play their best mix)", f"{100 * value['value']:.1f}%",
                 "ranking intensity alpha = 100", "Exploitability of these mixes", "weight [interval]"):
        assert said in html, said
    assert {"metagame.png", "alpharank.png"} <= set(report.images)
    findings = html.split("Findings", 1)[1]
    assert "Metagame" in findings and "at equilibrium line scores" in findings


def test_the_graph_ranks_the_files_cells_as_the_run_ranked_them(written):
    data = read_results([written / "m.csv"])
    g = grid(data.metagame, "symmetric")
    M = np.where(np.isnan(g.to_numpy(dtype=float)), 0.5, g.to_numpy(dtype=float))
    pi = ar.single_population(M, 100.0, 50).pi
    mixes = data.metagame_mixes[data.metagame_mixes["part"] == "symmetric"]
    assert pi == pytest.approx(mixes["alpharank"].to_numpy(), abs=1e-9)


def edited(written, tmp_path, name: str, edit) -> str:
    """A copy of the three files with ``name`` edited; the matrix's path."""
    for stem in ("m.csv", "m_mixes.csv", "m_value.csv"):
        table = pd.read_csv(written / stem)
        if stem == name:
            edit(table)
        table.to_csv(tmp_path / stem, index=False)
    return str(tmp_path / "m.csv")


def unmet_played(t):
    t.loc[t.index[0], "met"] = False


def weights_off(t):
    t.loc[t.index[0], "weight"] = min(1.0, t.loc[t.index[0], "weight"] + 0.2)


def value_above_minimax(t):
    t.loc[0, "value"] = min(1.0, t.loc[0, "minimax"] + 0.05)
    t.loc[0, "value_ci_high"] = 1.0


def verdict_swapped(t):
    t.loc[0, "verdict"] = "even" if t.loc[0, "verdict"] != "even" else "favours_a"


@pytest.mark.parametrize("name, edit, text", [
    ("m.csv", unmet_played, "column 'games': expected 0 for a cell whose entries did not meet"),
    ("m_mixes.csv", weights_off, "column 'weight': expected the weights of a mix to add up to 1"),
    ("m_value.csv", value_above_minimax, "column 'value': expected a value between the pure bounds"),
    ("m_value.csv", verdict_swapped, "column 'verdict': expected"),
])
def test_contradicting_numbers_are_refused_in_one_line_naming_the_file_line_and_column(written, tmp_path, name, edit,
                                                                                        text):
    path = edited(written, tmp_path, name, edit)
    with pytest.raises(ResultsFileError) as caught:
        read_results([path])
    line = str(caught.value)
    assert "\n" not in line and text in line and name in line and "line 2" in line, line


def test_the_command_line_report_reads_them(written, tmp_path):
    result = invoke("report", written / "m.csv", "--out", tmp_path / "rep")
    assert result.exit_code == 0, result.output
    assert "alpha-Rank" in (tmp_path / "rep" / "report.html").read_text()
    assert (tmp_path / "rep" / "alpharank.png").exists()
