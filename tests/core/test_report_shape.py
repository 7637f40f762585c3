"""``commandsim report`` shows why a side wins (``reports.shape_report``): a sweep's tempo curves per match-up, its
comeback and decisive-round tables and what each card did (beside its impact where an impact table is given), and a
comparison's "What moved" table with its before/after tempo curve; in every game that records its shape."""
from __future__ import annotations

import html
import re

import pytest

from reports.html_report import build_report
from reports.inputs import read_results
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)


def _text(page: str) -> str:
    page = re.sub(r"<(script|style).*?</\1>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def ok(*args):
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.output


def test_every_games_report_shows_the_tempo_comebacks_and_decisive_rounds(game, tmp_path):
    ok("sweep", "--game", game.info.name, "--games", 60, "--out", tmp_path / "s.csv", "--quiet")
    results = read_results([tmp_path / "s.csv"])
    assert {kind for _, kind in results.files} >= {"aggregate", "shape", "tempo", "decisive"}
    report = build_report(results)
    titles = [s.title for s in report.sections]
    assert any(t.startswith("Tempo") and t.endswith("?") for t in titles)
    tempo = next(s for s in report.sections if s.title.startswith("Tempo"))
    assert f"Standing: {game.info.standing.name}." in tempo.notes[0]
    assert any(t.startswith("Comebacks") for t in titles) and any(t.startswith("Decisive round") for t in titles)
    assert any(name.startswith("tempo") for name in report.images)
    comebacks = [s.table for s in report.sections if s.title.startswith("Comebacks")]   # one per mode
    assert sum(map(len, comebacks)) == len(results.shape) and "side A came back" in comebacks[0].columns
    plays = [s for s in report.sections if s.title.startswith("Cards in play")]
    assert bool(plays) == (not results.plays.empty) and plays


def test_the_report_puts_each_cards_impact_beside_its_plays_and_shows_what_a_compare_moved(tmp_path):
    ok("sweep", "--variants", "standard", "--games", 200, "--out", tmp_path / "s.csv", "--quiet")
    ok("impact", "--cards-only", "Repair Bot", "--games", 200, "--out", tmp_path / "i.csv", "--quiet")
    ok("compare", "--cards-b", "examples/cards/railgun4.toml", "--games", 1000, "--out", tmp_path / "c.csv", "--quiet")
    out = ok("report", tmp_path / "s.csv", tmp_path / "i.csv", tmp_path / "c.csv", "--out", tmp_path / "r")
    assert "moved_tempo.png" in out and "tempo.png" in out
    page = _text((tmp_path / "r" / "report.html").read_text())
    assert "Cards in play (The Last Command)" in page and "impact (restricted play)" in page
    repair = re.search(r"federation Repair Bot [^a-z]*? ([+-]\d+\.\d \[[^]]+\]) \(federation\)", page)
    assert repair, "Repair Bot's row holds its impact for the federation"
    assert "What moved (The Last Command)" in page
    assert "Railgun: copies bought per game (edited)" in page
    assert re.search(r"\d+ measures compared, \d+ clear", page)


def test_a_damaged_shape_table_is_named_and_nothing_is_built(tmp_path):
    ok("sweep", "--game", "skirmish", "--games", 20, "--out", tmp_path / "s.csv", "--quiet")
    tempo = tmp_path / "s_tempo.csv"
    lines = tempo.read_text().splitlines()
    header = lines[0].split(",")
    row = lines[1].split(",")
    row[header.index("games")] = "-3"
    tempo.write_text("\n".join([lines[0], ",".join(row), *lines[2:]]) + "\n")
    result = invoke("report", tmp_path / "s.csv", "--out", tmp_path / "r")
    assert result.exit_code == 2 and "s_tempo.csv: line 2, column 'games'" in result.output
    assert not (tmp_path / "r").exists()
