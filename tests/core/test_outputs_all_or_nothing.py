"""Every output all or nothing (issue #13, items 2 and 3): every target is checked before the first
game, a run writes all its files or none, the path that failed is named, a full disk is one line,
SIGTERM and SIGHUP stop a run like Ctrl-C, and temporary files a killed run left are removed by
the next run."""
from __future__ import annotations

import os
import signal
import subprocess

import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.files import TableStream, write_tables
from simcore.errors import OutputFileError
from tests.cli_process import start, wait_for

FRAME = pd.DataFrame({"a": [1, 2]})


def sweep(*args):
    return CliRunner().invoke(cli.main, ["sweep", "--games", "20", "--variants", "standard", "-q", *args])


def names(folder):
    return sorted(p.name for p in folder.iterdir())


# ---- item 2: check every target first; rename all or none; name the path that failed

def test_sweep_refuses_a_folder_in_place_of_the_card_table_before_playing(tmp_path):
    (tmp_path / "o.csv").write_text("earlier results\n")
    (tmp_path / "o_cards.csv").mkdir()
    result = sweep("--out", str(tmp_path / "o.csv"))
    assert result.exit_code == 2, result.output
    assert result.output.strip() == (f"Error: Invalid value for '--out': '{tmp_path / 'o_cards.csv'}' (the per-card "
                                     f"table next to '{tmp_path / 'o.csv'}') is a folder, expected a file path")
    assert (tmp_path / "o.csv").read_text() == "earlier results\n"
    assert names(tmp_path) == ["o.csv", "o_cards.csv"] and not any((tmp_path / "o_cards.csv").iterdir())


def test_write_tables_checks_every_target_before_the_first_rename(tmp_path):
    (tmp_path / "a.csv").write_text("old a\n")
    (tmp_path / "b.csv").mkdir()
    with pytest.raises(OutputFileError, match=f"cannot write {tmp_path / 'b.csv'}: it is a folder"):
        write_tables({tmp_path / "a.csv": FRAME, tmp_path / "b.csv": FRAME})
    assert (tmp_path / "a.csv").read_text() == "old a\n"
    assert names(tmp_path) == ["a.csv", "b.csv"]


def test_a_rename_that_fails_puts_back_what_the_earlier_ones_replaced(tmp_path, monkeypatch):
    import reports.files as files
    (tmp_path / "a.csv").write_text("old a\n")
    real = os.replace

    def failing(src, dst):
        if str(dst).endswith("b.csv") and ".tmp" in str(src):
            raise PermissionError(13, "Permission denied")
        return real(src, dst)

    monkeypatch.setattr(files.os, "replace", failing)
    with pytest.raises(OutputFileError, match=f"cannot write {tmp_path / 'b.csv'}: Permission denied"):
        write_tables({tmp_path / "a.csv": FRAME, tmp_path / "b.csv": FRAME})
    assert (tmp_path / "a.csv").read_text() == "old a\n"
    assert names(tmp_path) == ["a.csv"]


def test_report_with_a_folder_in_place_of_a_plot_writes_nothing(tmp_path):
    from reports.aggregate import aggregate_games
    from tests.core.test_report import games_frame
    games = games_frame("federation", "sunder", ["first", "second", "draw", "first"], [20, 25, 400, 30])
    aggregate_games(games, seed=1).to_csv(tmp_path / "sweep.csv", index=False)
    rep = tmp_path / "rep"
    (rep / "heatmap.png").mkdir(parents=True)
    result = CliRunner().invoke(cli.main, ["report", str(tmp_path / "sweep.csv"), "--out", str(rep)])
    assert result.exit_code == 2, result.output
    # every plot is checked as an output before the first is written (as every output of every command)
    assert result.output.strip() == (f"Error: Invalid value for '--out': '{rep / 'heatmap.png'}' is a folder, "
                                     f"expected a file path")
    assert names(rep) == ["heatmap.png"]


# ---- item 3: --per-game streams: a full disk, signals, stale temporary files

def test_a_full_disk_while_streaming_per_game_records_is_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    real = pd.DataFrame.to_csv

    def full(self, path, *a, **k):
        if "games.csv" in str(path):
            raise OSError(28, "No space left on device")
        return real(self, path, *a, **k)

    monkeypatch.setattr(pd.DataFrame, "to_csv", full)
    result = sweep("--per-game", str(tmp_path / "games.csv"), "--out", str(tmp_path / "o.csv"))
    assert result.exit_code == 2, result.output
    assert result.output.strip() == f"Error: cannot write {tmp_path / 'games.csv'}: No space left on device"
    assert names(tmp_path) == []


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_a_sweep_with_128_plus_n_and_leaves_nothing(tmp_path, signum):
    proc = start(["sweep", "--games", "2000000", "--threads", "1", "--per-game", "games.csv", "--out", "o.csv"],
                 cwd=tmp_path)
    try:
        # the stream's temporary file, not the folder's write probe (.games.csv.XXXX.probe), which comes
        # and goes before the run begins: a signal then stops it before it has anything to say
        wait_for(lambda: any(n.startswith(".games.csv.") and n.endswith(".tmp") for n in os.listdir(tmp_path)), proc)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
    finally:   # a sweep that ignored the signal must not outlive the test
        proc.kill()
        proc.wait()
    assert proc.returncode == 128 + signum, err
    said = "Interrupted" if signum == signal.SIGINT else f"Stopped by {signal.Signals(signum).name}"
    assert err.strip().splitlines()[-1].startswith(f"{said} after ") and err.strip().endswith("; nothing written.")
    assert "Traceback" not in err
    assert names(tmp_path) == []


def test_the_next_run_removes_temporary_files_of_runs_that_no_longer_run(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    living = subprocess.Popen(["sleep", "60"])
    try:
        stale = tmp_path / f".games.csv.{dead.pid}.k2j4x9.tmp"
        busy = tmp_path / f".games.csv.{living.pid}.q8w1e3.tmp"
        other = tmp_path / f".notes.txt.{dead.pid}.a1b2c3.tmp"    # not a target of this run
        for p in (stale, busy, other):
            p.write_text("partial")
        result = sweep("--per-game", str(tmp_path / "games.csv"), "--out", str(tmp_path / "o.csv"))
        assert result.exit_code == 0, result.output
        assert names(tmp_path) == sorted([busy.name, other.name, "games.csv", "o.csv", "o_cards.csv",
                                          *(f"o_{tag}.csv" for tag in ("shape", "tempo", "decisive", "plays"))])
    finally:
        living.kill()
        living.wait()


def test_stream_temporary_files_carry_the_writers_pid(tmp_path):
    with TableStream(tmp_path / "games.csv") as stream:
        assert stream.tmp.name.startswith(f".games.csv.{os.getpid()}.") and stream.tmp.suffix == ".tmp"
    assert names(tmp_path) == []
