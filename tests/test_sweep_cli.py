"""`commandsim sweep` end to end with small grids: schema, determinism, option errors, atomic output, Ctrl-C."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.aggregate import AGGREGATE_COLUMNS, CARD_COLUMNS

GAMES = "40"     # per cell: 20 seeds x 2 seat orders


def run(*args):
    return CliRunner().invoke(cli.main, ["sweep", "--games", GAMES, *args])


def test_default_grid_writes_the_aggregate_and_card_tables(tmp_path):
    out = tmp_path / "sweep.csv"
    result = run("--out", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    assert str(out) in result.output and str(tmp_path / "sweep_cards.csv") in result.output
    table = pd.read_csv(out, keep_default_na=False)
    assert list(table.columns) == list(AGGREGATE_COLUMNS)
    # 2 cells (standard, asymmetrical) x 2 factions' perspectives x 3 seats
    assert len(table) == 12
    assert set(table["seat"]) == {"first", "second", "both"}
    assert (table["games"][table["seat"] == "both"] == 40).all()
    assert (table["games"][table["seat"] != "both"] == 20).all()
    assert (table["difficulty"] == "").all() and (table["mode"] == "duel").all() and (table["seed"] == 1).all()
    assert (table["wins"] + table["losses"] + table["draws"] == table["games"]).all()
    # faction A's wins as first player are faction B's losses as second player, on the same seeds
    for _, r in table.iterrows():
        mirror = {"first": "second", "second": "first", "both": "both"}[r["seat"]]
        m = table[(table["faction"] == r["opponent_faction"]) & (table["variant"] == r["opponent_variant"])
                  & (table["opponent_variant"] == r["variant"]) & (table["seat"] == mirror)].iloc[0]
        assert (r["wins"], r["losses"], r["draws"]) == (m["losses"], m["wins"], m["draws"])
    cards = pd.read_csv(tmp_path / "sweep_cards.csv")
    assert list(cards.columns) == ["card", "kind", "credit_cost", "power_cost", *CARD_COLUMNS[1:]]
    assert cards["card"].is_unique
    assert cards["times_bought"].sum() > 0


def test_prints_the_table_and_where_the_files_are(tmp_path):
    out = tmp_path / "sweep.csv"
    result = run("--out", str(out), "--variants", "standard")
    assert result.exit_code == 0, result.output
    assert "WIN RATE" in result.output and "95% CI" in result.output and "First player" in result.output
    assert f"Wrote {out}" in result.output


def test_same_seed_same_bytes_whatever_the_thread_count(tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    assert run("--seed", "7", "--threads", "1", "--out", str(one), "-q").exit_code == 0
    assert run("--seed", "7", "--threads", "2", "--out", str(two), "-q").exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    assert (tmp_path / "one_cards.csv").read_bytes() == (tmp_path / "two_cards.csv").read_bytes()


def test_chunk_size_does_not_change_results():
    from reports.sweep import run_sweep
    big = run_sweep(variants="standard", games=40, seed=3, threads=None, tables=None, max_turns=400)
    small = run_sweep(variants="standard", games=40, seed=3, threads=None, tables=None, max_turns=400, chunk_size=7)
    pd.testing.assert_frame_equal(big[0], small[0])
    pd.testing.assert_frame_equal(big[1], small[1])


def test_progress_is_reported_per_chunk():
    from reports.sweep import run_sweep
    calls = []
    run_sweep(variants="standard", games=40, seed=1, threads=None, tables=None, max_turns=400,
              progress=lambda done, total: calls.append((done, total)), chunk_size=8)
    assert calls[-1] == (40, 40)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and len(calls) == 6   # 2 orders x (8, 8, 4)


def test_mixed_variants_and_a_second_strategy(tmp_path):
    out = tmp_path / "mixed.parquet"
    result = run("--mixed-variants", "--opponent-strategy", "random", "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    table = pd.read_parquet(out)
    assert list(table.columns) == list(AGGREGATE_COLUMNS)
    # 2 faction assignments x 4 variant pairs, each with 2 perspectives x 3 seats
    assert len(table) == 2 * 4 * 2 * 3
    assert set(zip(table["strategy"], table["opponent_strategy"])) == {("balanced", "random"), ("random", "balanced")}
    assert (tmp_path / "mixed_cards.parquet").exists()


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "even number"),
    (["--games", "41"], "even number"),
    (["--factions", "federation,klingon"], "unknown faction 'klingon'"),
    (["--factions", "sunder"], "at least two different factions"),
    (["--variants", "standard,std"], "unknown variant 'std'"),
    (["--strategy", "nope"], "unknown strategy 'nope'"),
    (["--opponent-strategy", "nope"], "unknown strategy 'nope'"),
    (["--threads", "0"], "--threads"),
    (["--max-turns", "0"], "--max-turns"),
    (["--seed", "-1"], "--seed"),
    (["--out", "OUT/sweep.txt"], ".csv or .parquet"),
])
def test_bad_options_are_usage_errors_and_write_nothing(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli.main, ["sweep", "--out", "OUT/sweep.csv", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "OUT").exists()


def test_bad_card_file_is_exit_2(tmp_path):
    out = tmp_path / "sweep.csv"
    result = run("--cards", str(tmp_path / "missing.toml"), "--out", str(out))
    assert result.exit_code == 2 and "missing.toml" in result.output
    assert not out.exists()


def test_failed_write_leaves_no_file(tmp_path, monkeypatch):
    """The second table fails half-way: neither target nor any temporary file may remain."""
    real = pd.DataFrame.to_csv
    calls = []

    def flaky(self, path, *a, **k):
        calls.append(path)
        if len(calls) == 2:
            with open(path, "w") as f:
                f.write("mode,fac")         # a partial file
            raise OSError(28, "No space left on device")
        return real(self, path, *a, **k)

    monkeypatch.setattr(pd.DataFrame, "to_csv", flaky)
    out = tmp_path / "sweep.csv"
    result = run("--out", str(out), "-q")
    assert result.exit_code == 2, result.output
    assert "cannot write" in result.output and "No space left" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_bug_while_writing_also_leaves_no_file(tmp_path, monkeypatch):
    def broken(self, *a, **k):
        raise RuntimeError("writer bug")

    monkeypatch.setattr(pd.DataFrame, "to_csv", broken)
    result = run("--out", str(tmp_path / "sweep.csv"), "-q")
    assert isinstance(result.exception, RuntimeError)
    assert list(tmp_path.iterdir()) == []


def test_an_earlier_file_survives_a_failed_write(tmp_path, monkeypatch):
    out = tmp_path / "sweep.csv"
    out.write_text("previous results\n")
    monkeypatch.setattr(pd.DataFrame, "to_csv", lambda self, *a, **k: (_ for _ in ()).throw(OSError(5, "I/O")))
    assert run("--out", str(out), "-q").exit_code == 2
    assert out.read_text() == "previous results\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sweep.csv"]


def test_ctrl_c_writes_nothing_and_exits_130(tmp_path, monkeypatch):
    import reports.sweep as sw
    real = sw.play_games
    calls = []

    def interrupted(*a, **k):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(sw, "play_games", interrupted)
    out = tmp_path / "sweep.csv"
    result = run("--out", str(out))
    assert result.exit_code == 130, result.output
    assert "Interrupted after 20 of 80 games; nothing written." in result.output
    assert list(tmp_path.iterdir()) == []
