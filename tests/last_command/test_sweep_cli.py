"""`commandsim sweep` end to end with small grids: schema, determinism, option errors, atomic output, Ctrl-C."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

import cli
from reports.aggregate import AGGREGATE_COLUMNS, CARD_COLUMNS, SEED_COLUMNS
from reports.identical_games import DIGEST

GAMES = "40"     # per cell: 20 seeds x 2 seat orders


def run(*args):
    return CliRunner().invoke(cli.main, ["sweep", "--games", GAMES, *args])


def test_default_grid_writes_the_aggregate_and_card_tables(tmp_path):
    out = tmp_path / "sweep.csv"
    result = run("--out", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    assert str(out) in result.output and str(tmp_path / "sweep_cards.csv") in result.output
    table = pd.read_csv(out, keep_default_na=False)
    assert list(table.columns) == [*AGGREGATE_COLUMNS, *SEED_COLUMNS, DIGEST]
    # 4 cells (the two mixed ones the rulebook's variant asks about, standard, asymmetrical) x 2 factions'
    # perspectives x 3 seats
    assert len(table) == 24
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
    big = run_sweep("last-command", variants="standard", games=40, seed=3, max_turns=400)
    small = run_sweep("last-command", variants="standard", games=40, seed=3, max_turns=400, chunk_size=7)
    pd.testing.assert_frame_equal(big[0], small[0])
    pd.testing.assert_frame_equal(big[1], small[1])


def test_progress_is_reported_per_chunk():
    from reports.sweep import run_sweep
    calls = []
    run_sweep("last-command", variants="standard", games=40, seed=1, max_turns=400,
              progress=lambda done, total: calls.append((done, total)), chunk_size=8)
    assert calls[-1] == (40, 40)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and len(calls) == 6   # 2 orders x (8, 8, 4)


def test_mixed_variants_and_a_second_strategy(tmp_path):
    out = tmp_path / "mixed.parquet"
    result = run("--mixed-variants", "--opponent-strategy", "random", "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    table = pd.read_parquet(out)
    assert list(table.columns) == [*AGGREGATE_COLUMNS, *SEED_COLUMNS, DIGEST]
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
    import simcore.games.last_command.simulate as sw
    real = sw.start_games
    calls = []

    def interrupted(*a, **k):
        # Ctrl-C while the second chunk plays (the local runner queues it before the first is reported)
        calls.append(1)
        records = real(*a, **k)
        if len(calls) == 2:
            def ctrl_c():
                records()
                raise KeyboardInterrupt
            return ctrl_c
        return records

    monkeypatch.setattr(sw, "start_games", interrupted)
    out = tmp_path / "sweep.csv"
    result = run("--out", str(out))
    assert result.exit_code == 130, result.output
    assert "Interrupted after 20 of 160 games; nothing written." in result.output
    assert list(tmp_path.iterdir()) == []


# ---- --target-ci / --max-games

def test_target_ci_stops_when_every_cell_is_narrow_enough(tmp_path):
    """A loose target (+-25 points) is met after the first round of 40 games, far below the cap: by every row,
    the seat rows of 20 games included."""
    out = tmp_path / "sweep.csv"
    result = run("--variants", "standard", "--target-ci", "0.25", "--max-games", "400", "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    assert ("Every row of every cell (each side's seat first, second and both) reached a 95% interval of "
            "+-25.00% or narrower.") in result.output
    table = pd.read_csv(out, keep_default_na=False)
    both = table[table["seat"] == "both"]
    assert (both["games"] < 400).all() and (both["games"] == 40).all()
    assert ((table["ci_high"] - table["ci_low"]) / 2 <= 0.25).all()


def test_target_ci_stops_at_the_cap_and_says_which_cells(tmp_path):
    out = tmp_path / "sweep.csv"
    result = run("--target-ci", "0.01", "--max-games", "100", "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    assert "4 of 4 cells stopped at --max-games 100 before reaching +-1.00%:" in result.output
    assert "federation standard (balanced) vs sunder standard (balanced)" in result.output
    table = pd.read_csv(out, keep_default_na=False)
    # rounds of 40 games: 40, 80, then the last round is cut to the cap
    assert (table[table["seat"] == "both"]["games"] == 100).all()
    assert (table[table["seat"] != "both"]["games"] == 50).all()


def test_target_ci_rounds_do_not_depend_on_chunk_size():
    from reports.sweep import play_sweep
    from simcore.games.last_command.sweep_cells import sweep_cells
    cells = [c.cell() for c in sweep_cells(["federation", "sunder"], ["standard"], "balanced", "balanced")]
    big = play_sweep("last-command", cells, games=20, seed=5, target_ci=0.12, max_games=200)
    small = play_sweep("last-command", cells, games=20, seed=5, target_ci=0.12, max_games=200, chunk_size=3)
    pd.testing.assert_frame_equal(big.aggregate, small.aggregate)
    pd.testing.assert_frame_equal(big.cells, small.cells)
    assert 20 <= big.cells["games"].iloc[0] <= 200


def test_progress_total_shrinks_when_a_cell_stops_early():
    from reports.sweep import play_sweep
    from simcore.games.last_command.sweep_cells import sweep_cells
    calls = []
    play_sweep("last-command", [c.cell() for c in sweep_cells(["federation", "sunder"], ["standard"], "balanced",
                                                              "balanced")], games=40, seed=1,
               target_ci=0.3, max_games=4000, progress=lambda done, total: calls.append((done, total)))
    assert calls[0][1] == 4000 and calls[-1] == (40, 40)


# ---- --per-game

PER_GAME_BASE = ["mode", "difficulty", "game", "seed", "first_faction", "second_faction", "first_variant",
                 "second_variant", "first_strategy", "second_strategy", "winner", "turns", "first_hull",
                 "second_hull"]


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_per_game_writes_one_row_per_game(tmp_path, suffix):
    out, games_path = tmp_path / "sweep.csv", tmp_path / f"games{suffix}"
    result = run("--per-game", str(games_path), "--out", str(out), "-q")
    assert result.exit_code == 0, result.output
    assert f"{games_path} (per game, 160 rows)" in result.output
    games = (pd.read_csv(games_path, keep_default_na=False) if suffix == ".csv" else pd.read_parquet(games_path))
    assert len(games) == 160                             # 4 cells x 40 games
    assert list(games.columns[:len(PER_GAME_BASE)]) == PER_GAME_BASE
    bought = [c for c in games.columns if c.startswith(("first_bought:", "second_bought:"))]
    assert bought and len(bought) % 2 == 0 and "first_bought:Railgun" in bought
    assert set(games["winner"]) <= {"first", "second", "draw"}
    assert (games["mode"] == "duel").all() and (games["difficulty"] == "").all()
    # every seed of a cell is played once with each seat order
    for _, cell in games.groupby(["first_variant", "second_variant"]):
        assert sorted(cell["game"]) == sorted(list(range(20)) * 2)
    # the per-game rows add up to the aggregate
    table = pd.read_csv(out, keep_default_na=False)
    for r in table[table["seat"] == "first"].itertuples():
        mine = games[(games["first_faction"] == r.faction) & (games["first_variant"] == r.variant)
                     & (games["second_variant"] == r.opponent_variant)]
        assert len(mine) == r.games and (mine["winner"] == "first").sum() == r.wins
        assert mine["turns"].mean() == pytest.approx(r.mean_turns)


def test_per_game_is_off_by_default(tmp_path):
    assert run("--variants", "standard", "--out", str(tmp_path / "sweep.csv"), "-q").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sweep.csv", "sweep_cards.csv", "sweep_decisive.csv",
                                                          "sweep_plays.csv", "sweep_shape.csv", "sweep_tempo.csv"]


def test_ctrl_c_leaves_no_per_game_file(tmp_path, monkeypatch):
    import simcore.games.last_command.simulate as sw
    real = sw.start_games
    calls = []

    def interrupted(*a, **k):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(sw, "start_games", interrupted)
    result = run("--per-game", str(tmp_path / "games.parquet"), "--out", str(tmp_path / "sweep.csv"))
    assert result.exit_code == 130, result.output
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_also_removes_the_per_game_file(tmp_path, monkeypatch):
    monkeypatch.setattr(pd.DataFrame, "to_csv", lambda self, path, *a, **k: (
        (_ for _ in ()).throw(OSError(28, "No space left on device")) if "sweep" in str(path) else None))
    result = run("--per-game", str(tmp_path / "games.parquet"), "--out", str(tmp_path / "sweep.csv"), "-q")
    assert result.exit_code == 2, result.output
    assert list(tmp_path.iterdir()) == []


# ---- --mode solo

def solo_or_skip():
    """Skip when the engine cannot play Solo Mode yet (it raises for a solo matchup)."""
    from simcore.games.last_command.setup import Matchup, MatchupError
    from simcore.games.last_command.simulate import play_games
    try:
        play_games(2, 1, Matchup(mode="solo", difficulty="easy"))
    except (MatchupError, NotImplementedError) as exc:
        pytest.skip(f"Solo Mode not available in the engine yet: {exc}")


def test_solo_sweep_rows_are_the_players(tmp_path):
    solo_or_skip()
    out, games_path = tmp_path / "solo.csv", tmp_path / "games.csv"
    result = CliRunner().invoke(cli.main, ["sweep", "--mode", "solo", "--games", "25", "--factions", "federation",
                                           "--variants", "standard", "--difficulties", "hard,easy",
                                           "--per-game", str(games_path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "DIFFICULTY" in result.output and "First player" not in result.output
    table = pd.read_csv(out, keep_default_na=False)
    assert list(table.columns) == [*AGGREGATE_COLUMNS, *SEED_COLUMNS, DIGEST]
    assert (table["mode"] == "solo").all()
    assert list(table["difficulty"]) == ["easy", "easy", "hard", "hard"]      # the rulebook's order
    assert list(table["seat"]) == ["first", "both"] * 2
    assert (table["faction"] == "federation").all() and (table["opponent_faction"] == "sunder").all()
    assert (table["opponent_strategy"] != "balanced").all()                   # the A.I.'s side
    assert (table["games"] == 25).all()                                       # no seat swap: N seeds, N games
    first, both = table[table["seat"] == "first"], table[table["seat"] == "both"]
    assert first[["wins", "losses", "draws"]].to_numpy().tolist() == both[["wins", "losses", "draws"]].to_numpy().tolist()
    games = pd.read_csv(games_path, keep_default_na=False)
    assert len(games) == 50 and set(games["difficulty"]) == {"easy", "hard"} and (games["mode"] == "solo").all()
    assert (games["first_faction"] == "federation").all()
    cards = pd.read_csv(tmp_path / "solo_cards.csv")
    assert (cards["seat_games"] == 50).all()                                  # the player's seat only


@pytest.mark.parametrize("args, message", [
    (["--mode", "solo", "--opponent-strategy", "random"], "Solo Mode has no opponent strategy"),
    (["--mode", "solo", "--mixed-variants"], "applies only to --mode duel"),
    (["--mode", "solo", "--difficulties", "easy,nightmare"], "unknown difficulty 'nightmare'"),
    (["--mode", "arena"], "--mode"),
    (["--difficulties", "easy"], "difficulties apply only to --mode solo"),
    (["--target-ci", "0"], "--target-ci"),
    (["--target-ci", "0.7"], "--target-ci"),
    (["--max-games", "100"], "applies only with --target-ci"),
    (["--target-ci", "0.1", "--games", "40", "--max-games", "20"], "at least the games of the first round"),
    (["--target-ci", "0.1", "--games", "40", "--max-games", "41"], "must be an even number"),
    (["--per-game", "OUT/games.txt"], ".csv or .parquet"),
    (["--per-game", "OUT/sweep.csv"], "is also the aggregate"),
])
def test_bad_new_options_are_usage_errors_and_write_nothing(tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli.main, ["sweep", "--out", "OUT/sweep.csv", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "OUT").exists()


def test_solo_cells_give_the_ai_the_players_starting_variant():
    # "To play an Asymmetrical game, remove the 6 standard Starting System cards": both ships change
    from simcore.games.last_command.sweep_cells import solo_cells

    cells = solo_cells(["federation", "sunder"], ["standard", "asymmetrical"], ["easy"], "balanced")
    assert {c.variants for c in cells} == {("standard", "standard"), ("asymmetrical", "asymmetrical")}
    assert all(c.factions[0] != c.factions[1] for c in cells)


# ---- Fog of War starts (--fog)

def test_sweep_fog_is_a_variant_named_after_the_file(tmp_path):
    from simcore.games.last_command.setup import FogOfWar, Matchup
    from simcore.games.last_command.simulate import play_games
    fog = tmp_path / "crew4.toml"
    fog.write_text('[first]\nextra = ["Engineer Ensign"]\n')
    out, games = tmp_path / "s.csv", tmp_path / "g.csv"
    result = CliRunner().invoke(cli.main, ["sweep", "--games", "40", "--seed", "3", "--variants", "standard",
                                           "--fog", str(fog), "--out", str(out), "--per-game", str(games), "-q"])
    assert result.exit_code == 0, result.output
    aggregate = pd.read_csv(out)
    assert set(aggregate["variant"]) == {"standard", "standard+fog:crew4.toml"}
    fogged = aggregate[(aggregate["variant"] == "standard+fog:crew4.toml") & (aggregate["seat"] == "both")]
    assert set(fogged["games"]) == {40}
    # the seat section stays with the seat: in both seat orders the player moving first has the extra card
    per_game = pd.read_csv(games)
    played = per_game[per_game["first_variant"] == "standard+fog:crew4.toml"]
    extra = (FogOfWar(extra=("Engineer Ensign",)), None)
    for factions in (("federation", "sunder"), ("sunder", "federation")):
        want = play_games(20, 3, Matchup(factions, fog=extra)).games["winner"].tolist()
        assert played[played["first_faction"] == factions[0]]["winner"].tolist() == want


def test_sweep_bad_fog_file_names_file_and_field_exit_2(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fog = tmp_path / "bad.toml"
    fog.write_text('[sunder]\nextra = ["Basic Laser"]\n')
    result = CliRunner().invoke(cli.main, ["sweep", "--games", "4", "--fog", str(fog), "--out", "OUT/s.csv"])
    assert result.exit_code == 2, result.output
    assert f"{fog}: section 'sunder', field 'extra': 'Basic Laser' is a federation starting card" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "OUT").exists()
