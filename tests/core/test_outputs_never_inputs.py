"""Nothing a user gave is overwritten, and what a run says it wrote is on disk (issue 46, "Data lost or silently
wrong"): every command checks its outputs against every file it reads (paths resolved, links included) before
its first game and refuses in one line; a folder removed or replaced while a run writes into it fails the run
in one line, checked after the final rename."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pandas as pd
import pytest

from reports import files
from simcore import atomic_files
from simcore.errors import OutputFileError
from simcore.game import hooks
from simcore.games import registry
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)
GAMES = registry.names()


def refused(*args, option: str, text: str = "is also read as") -> str:
    result = invoke(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: ") and f"'{option}'" in lines[0], result.output
    assert text in lines[0], lines[0]
    return lines[0]


def unchanged(path: Path, text: str) -> None:
    assert path.read_text() == text, f"{path} was changed"


CARD = {"last-command": '[[card]]\nname = "Railgun"\ncredit_cost = 5\n',
        "star-realms": '[[card]]\nname = "Cutter"\ncost = 3\n',
        "skirmish": '[[command]]\nname = "Shoot"\ncost = 1\n',
        "tiny-race": '[[card]]\nname = "Boots"\ncost = 3\n'}


@pytest.mark.parametrize("name", GAMES)
def test_advise_refuses_a_patch_that_is_its_cards_file_through_any_path(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("my").mkdir()
    Path("my/card.toml").write_text(CARD[name])
    Path("link.toml").symlink_to("my/card.toml")
    target = registry.get(name).target_example
    for cards, patch in (("my/card.toml", "my/card.toml"), ("my/card.toml", "./my/../my/card.toml"),
                         ("link.toml", "my/card.toml"), ("my", "my/card.toml")):
        refused("advise", "--game", name, "--target", target, "--cards", cards, "--patch", patch, option="--patch")
    unchanged(Path("my/card.toml"), CARD[name])
    assert sorted(os.listdir()) == ["link.toml", "my"]


def test_every_command_refuses_an_output_that_is_one_of_its_inputs(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = game.info.name
    Path("cards.csv").write_text(CARD[name])          # a card file of any name is read as one
    refused("sweep", "--game", name, "--cards", "cards.csv", "--out", "cards.csv", option="--out")
    refused("sweep", "--game", name, "--cards", "cards.csv", "--per-game", "./cards.csv", option="--per-game")
    refused("compare", "--game", name, "--cards-b", "cards.csv", "--out", "cards.csv", option="--out")
    refused("impact", "--game", name, "--cards", "cards.csv", "--out", "cards.csv", option="--out")
    unchanged(Path("cards.csv"), CARD[name])
    Path("s.csv").write_text("kind = \"random\"\n")    # a strategy file named like a table
    if hooks(game).tuning() is not None:        # the tiny race has no strategy files
        refused("sweep", "--game", name, "--strategy", "./s.csv", "--out", "s.csv", option="--out")
        refused("compare", "--game", name, "--opponent-strategy", "./s.csv", "--out", "s.csv", option="--out")
        refused("tournament", "--game", name, "--strategies", "random,./s.csv", "--out", "s.csv", option="--out")
        refused("metagame", "--game", name, "--strategies", "random,./s.csv", "--out", "s.csv", option="--out")
        refused("metagame", "--game", name, "--opponent-strategies", "random,./s.csv", "--out", "s.csv",
                option="--out")
        refused("ladder", "--game", name, "--rungs", "random,./s.csv", "--out", "s.csv", option="--out")
        Path("t.toml").write_text("kind = \"random\"\n")
        refused("tune", "--game", name, "--strategy", "t.toml", "--out", "t.toml", option="--out")
        refused("tune", "--game", name, "--opponents", "random,t.toml", "--out", "t.toml", option="--out")
    unchanged(Path("s.csv"), "kind = \"random\"\n")
    assert sorted(os.listdir()) == sorted(["cards.csv", "s.csv", *(["t.toml"] if Path("t.toml").exists() else [])])


def test_the_fog_of_war_file_is_an_input_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("fog.csv").write_text("[first]\nhand = []\n")
    refused("sweep", "--fog", "fog.csv", "--out", "fog.csv", option="--out")
    refused("compare", "--fog-a", "fog.csv", "--out", "fog.csv", option="--out")


def test_report_refuses_an_input_named_like_its_outputs(tmp_path):
    from tests.core.test_report import games_frame
    from reports.aggregate import aggregate_games
    rep = tmp_path / "rep"
    rep.mkdir()
    table = aggregate_games(games_frame("federation", "sunder", ["first", "second", "draw", "first"],
                                        [20, 25, 400, 30]), seed=1)
    table.to_csv(rep / "report.html", index=False)      # a sweep's table under the report's name
    before = (rep / "report.html").read_text()
    refused("report", rep / "report.html", "--out", rep, option="--out")
    table.to_csv(rep / "win_rates.png", index=False)     # ... or a plot's
    refused("report", rep / "win_rates.png", "--out", rep, option="--out")
    (tmp_path / "s.csv").write_text(table.to_csv(index=False))
    (tmp_path / "s_cards.csv").symlink_to(rep / "cards.png")   # read next to s.csv, written as a plot
    pd.DataFrame({"card": ["Railgun"], "times_bought": [1], "seat_games": [2], "buy_rate": [0.5], "games_bought": [1],
                  "wins_when_bought": [1], "win_rate_when_bought": [1.0], "ci_low": [0.2], "ci_high": [1.0],
                  "win_rate_not_bought": [0.0]}).to_csv(rep / "cards.png", index=False)
    refused("report", tmp_path / "s.csv", "--out", rep, option="--out")
    assert (rep / "report.html").read_text() == before
    assert sorted(p.name for p in rep.iterdir()) == ["cards.png", "report.html", "win_rates.png"]


# ---- what a run says it wrote is on disk

def chunks():
    return [pd.DataFrame({"game": [i, i + 1], "winner": ["first", "draw"]}) for i in range(0, 6, 2)]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
@pytest.mark.parametrize("replace", ["folder made again", "file"])
def test_a_folder_removed_or_replaced_while_a_stream_is_written_fails_in_one_line(tmp_path, suffix, replace):
    folder = tmp_path / "d"
    target = folder / f"g{suffix}"
    with pytest.raises(OutputFileError, match=f"cannot write {target}: it is not on disk as written"):
        with files.TableStream(target) as stream:
            for i, chunk in enumerate(chunks()):
                stream.append(chunk)
                if i == 0:
                    stream._join()    # the first chunk is in the file before its folder goes
                    shutil.rmtree(folder)
                    folder.mkdir() if replace == "folder made again" else folder.write_text("")
            files.write_tables({tmp_path / "agg.csv": pd.DataFrame({"x": [1]})}, streams=[stream])
    assert not (tmp_path / "agg.csv").exists()
    if replace == "folder made again":
        assert list(folder.iterdir()) == []        # no headless remainder of the table
    else:
        assert folder.read_text() == ""


def test_a_folder_replaced_by_a_file_before_the_tables_are_staged_is_named(tmp_path):
    (tmp_path / "d").write_text("")
    with pytest.raises(OutputFileError, match=f"cannot write {tmp_path / 'd' / 'o.csv'}: {tmp_path / 'd'} is a "
                                                    f"file, not a folder"):
        files.write_tables({tmp_path / "d" / "o.csv": pd.DataFrame({"x": [1]})})


def test_a_folder_removed_after_the_renames_fails_the_call(tmp_path, monkeypatch):
    real = atomic_files._commit

    def commit_then_remove(moves):
        real(moves)
        shutil.rmtree(tmp_path / "d")

    monkeypatch.setattr(atomic_files, "_commit", commit_then_remove)
    with pytest.raises(OutputFileError, match="it is not on disk as written"):
        files.write_tables({tmp_path / "d" / "o.csv": pd.DataFrame({"x": [1]})})


def test_a_sweep_whose_per_game_folder_is_removed_mid_run_fails_in_one_line(tiny_game, tmp_path, monkeypatch):
    """The issue's reproduction (``rm -rf d; mkdir d`` during a sweep), on the tiny race."""
    real = files.TableStream.append
    calls = []

    def append_then_remove(self, df):
        real(self, df)
        calls.append(1)
        if len(calls) == 1:
            self._join()
            shutil.rmtree(tmp_path / "d")
            (tmp_path / "d").mkdir()

    monkeypatch.setattr(files.TableStream, "append", append_then_remove)
    result = invoke("sweep", "--game", "tiny-race", "--games", 400, "--out", tmp_path / "d" / "o.csv",
                    "--per-game", tmp_path / "d" / "g.csv", "-q")
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        f"Error: cannot write {tmp_path / 'd' / 'g.csv'}: it is not on disk as written (its folder was removed or "
        f"replaced while the run wrote it)"]
    assert len(calls) > 1 and list((tmp_path / "d").iterdir()) == []


def test_a_sweep_reports_what_is_on_disk(tiny_game, tmp_path):
    result = invoke("sweep", "--game", "tiny-race", "--games", 40, "--out", tmp_path / "o.csv",
                    "--per-game", tmp_path / "g.csv", "-q")
    assert result.exit_code == 0, result.output
    rows = len(pd.read_csv(tmp_path / "g.csv"))
    assert f"(per game, {rows:,} rows)" in result.output and rows > 0
