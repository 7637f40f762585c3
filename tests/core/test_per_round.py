"""The per-round track (``commandsim sweep --per-round``, ``reports.per_round``), in every game that records a
standing, the tiny race included: one row per game and round up to ``min(rounds, TRACK_ROUNDS)``, with the
game's keys, ``round`` and ``lead``. Its rows are the leads each game's engine recorded (the games played again
from their seeds, read by a slow reference), as many per game as the per-game file's ``rounds`` allow; the same
on 1 and 2 threads, in Parquet and CSV, through a cluster's workers and with ``--target-ci``; ``api.sweep``
writes the same file; a game without a standing is refused in one line."""
from __future__ import annotations

import dataclasses
import os
import sys
import types
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import api
from reports import sweep as sw
from reports.per_game import GAME_KEYS, KEY_COLUMNS
from reports.per_round import per_round_batch
from simcore.errors import ArgumentError
from simcore.game import SweepSpec, asked
from simcore.games import registry
from simcore.records import Records
from simcore.shape import TRACK_ROUNDS, GameShapes
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)   # each registered game and the tiny race

KEYS = [*KEY_COLUMNS, *GAME_KEYS]
SEED = 3


def ok(*args) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, f"{' '.join(map(str, args))}:\n{result.output}"
    return result.output


def sweep(game, folder, *extra, games: int = 20, threads: int = 2, track: str = "rounds.parquet") -> str:
    folder.mkdir(exist_ok=True)
    return ok("sweep", "--game", game.info.name, "--games", games, "--seed", SEED, "--threads", threads,
              "--out", folder / "sweep.csv", "--per-game", folder / "games.parquet", "--per-round", folder / track,
              "-q", *extra)


def expected_track(game, games: int) -> pd.DataFrame:
    """The rows the per-round file of a sweep of ``games`` a cell must hold, from its games played again on their
    seeds (the cells ``commandsim sweep`` plays given no match-up option: the game's questions, then the rest),
    game by game and round by round in Python (the slow reference of ``per_round_batch``)."""
    tables = game.load_tables()
    rows = []
    for cell in game.sweep_cells(asked(SweepSpec(), game.info), tables):
        for order in cell.orders:
            rec = game.play(order.matchup, tuple(game.resolve_strategy(s) for s in order.strategies), SEED, 0,
                            games // len(cell.orders), tables, None)
            frame = rec.games
            for g in range(len(frame)):
                keys = {k: frame[k].iloc[g] for k in GAME_KEYS}
                for r in range(min(int(rec.shape.rounds[g]), TRACK_ROUNDS)):
                    rows.append({"mode": cell.mode, "difficulty": cell.difficulty, **keys, "round": r + 1,
                                 "lead": int(rec.shape.track[g, r])})
    return pd.DataFrame(rows)


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    """Labels as text, numbers as int64, rows in key order: two tables compared by value."""
    frame = frame.copy()
    for column in frame.columns:
        if column in ("game", "seed", "round", "lead"):
            frame[column] = frame[column].astype(np.int64)
        else:
            frame[column] = frame[column].astype(str).replace({"nan": "", "<NA>": ""})
    return frame.sort_values([*KEYS, "round"]).reset_index(drop=True)


# ---- every game: its rows are its games' recorded leads, as many as the per-game file's rounds

def test_each_games_rows_are_its_recorded_leads_up_to_its_rounds(game, tmp_path):
    printed = sweep(game, tmp_path)
    track = pd.read_parquet(tmp_path / "rounds.parquet")
    assert list(track.columns) == [*KEYS, "round", "lead"]
    assert track["lead"].dtype == np.int16 and track["round"].min() == 1 and track["round"].max() <= TRACK_ROUNDS
    pd.testing.assert_frame_equal(_plain(track), _plain(expected_track(game, 20)[list(track.columns)]))

    games = pd.read_parquet(tmp_path / "games.parquet")
    per_game = track.groupby([k for k in KEYS if k != "seed"], observed=True, dropna=False).size()
    wanted = games.set_index([k for k in KEYS if k != "seed"])["rounds"].clip(upper=TRACK_ROUNDS)
    assert (per_game.reindex(wanted.index, fill_value=0).to_numpy() == wanted.to_numpy()).all()
    assert wanted.sum() == len(track) and f"per round, {len(track):,} rows" in printed
    past = int((games["rounds"] > TRACK_ROUNDS).sum())
    assert (f"{past:,} game" in printed) == (past > 0) and ("went past round" in printed) == (past > 0)


def test_the_track_is_the_same_on_any_thread_count_in_parquet_and_csv(game, tmp_path):
    sweep(game, tmp_path / "t1", threads=1, track="rounds.csv")
    sweep(game, tmp_path / "t2", threads=2, track="rounds.csv")
    sweep(game, tmp_path / "p2", threads=2)
    assert (tmp_path / "t1" / "rounds.csv").read_bytes() == (tmp_path / "t2" / "rounds.csv").read_bytes()
    csv = pd.read_csv(tmp_path / "t1" / "rounds.csv", keep_default_na=False)
    parquet = pd.read_parquet(tmp_path / "p2" / "rounds.parquet")
    assert len(csv) == len(parquet) > 0
    pd.testing.assert_frame_equal(_plain(csv), _plain(parquet))


def test_a_game_past_the_track_has_its_first_rounds_and_is_counted(tmp_path):
    """The Last Command's random players play past round 64 now and then: the track holds 64 rounds of those
    games, and the closing line counts them."""
    lc = registry.get("last-command")
    printed = sweep(lc, tmp_path, "--strategy", "random", "--factions", "federation,sunder", "--variants",
                    "standard", games=200)
    games = pd.read_parquet(tmp_path / "games.parquet")
    past = int((games["rounds"] > TRACK_ROUNDS).sum())
    assert past > 0
    assert f"{past:,} game{'' if past == 1 else 's'} went past round {TRACK_ROUNDS}" in printed
    track = pd.read_parquet(tmp_path / "rounds.parquet")
    sizes = track.groupby(["first_faction", "game"], observed=True).size()
    long = games[games["rounds"] > TRACK_ROUNDS].set_index(["first_faction", "game"]).index
    assert (sizes.loc[long] == TRACK_ROUNDS).all()


# ---- the batch itself, on hand-built games

def test_the_batch_repeats_the_keys_by_rounds_and_cuts_long_games_at_the_track():
    leads = [[3, -1, 2], [], list(range(1, 71)), [-40000, 5]]     # a game with no round; one past the track
    n = len(leads)
    bought = np.zeros((n, 2, 1), np.int32)
    winner = np.array([0, 2, 0, 1])

    def columns(categories):
        label = (lambda v: pd.Categorical([v] * n)) if categories else (lambda v: v)
        return {"game": np.arange(10, 10 + n), "seed": np.array([7, 8, 9, 6]), "first_faction": label("a"),
                "second_faction": label("b"), "first_variant": label("v"), "second_variant": label("v"),
                "first_strategy": label("s"), "second_strategy": label("t"),
                "winner": pd.Categorical.from_codes(winner, ["first", "second", "draw"]), "turns": np.arange(n)}
    rec = Records(columns, bought, ["Card"], winner=winner, turns=np.arange(n))
    rec.shape = GameShapes.from_leads(leads)
    batch = per_round_batch(rec, "duel", "")
    frame = batch.to_pandas()
    assert batch.schema.field("lead").type == pa.int16() and not batch.schema.field("lead").nullable
    assert frame["game"].tolist() == [10] * 3 + [12] * TRACK_ROUNDS + [13] * 2
    assert frame["seed"].tolist() == [7] * 3 + [9] * TRACK_ROUNDS + [6] * 2
    assert frame["round"].tolist() == [1, 2, 3, *range(1, TRACK_ROUNDS + 1), 1, 2]
    assert frame["lead"].tolist() == [3, -1, 2, *range(1, TRACK_ROUNDS + 1), -32767, 5]
    assert set(frame["first_strategy"]) == {"s"} and set(frame["mode"]) == {"duel"}


# ---- a cluster's workers, and --target-ci

@pytest.fixture(scope="module")
def cluster():
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    import simcore.cluster as cl
    runner = cl.connect("local:2")
    yield runner
    runner.close()


def test_the_track_through_a_cluster_and_a_target_ci_is_the_local_one(game, cluster):
    tables = game.load_tables()
    cells = game.sweep_cells(SweepSpec(), tables)[:2]
    local, remote, games = [], [], []
    a = sw.play_sweep(game, cells, 20, SEED, tables=tables, per_game=games.append, per_round=local.append,
                      target_ci=0.05, max_games=60)
    b = sw.play_sweep(game, cells, 20, SEED, tables=tables, per_round=remote.append, target_ci=0.05, max_games=60,
                      chunk_size=7, runner=cluster)
    local_t, remote_t = (pa.Table.from_batches(x).to_pandas() for x in (local, remote))
    pd.testing.assert_frame_equal(local_t, remote_t)
    assert a.track_rows == b.track_rows == len(local_t) > 0 and a.past_track == b.past_track
    games_t = pa.Table.from_batches(games).to_pandas()
    assert games_t["rounds"].clip(upper=TRACK_ROUNDS).sum() == len(local_t)
    assert a.cells["games"].sum() == len(games_t) and (a.cells["games"] > 20).any()   # rounds after the first
    pd.testing.assert_frame_equal(a.cells, b.cells)


# ---- the notebook API writes the same file

def test_api_sweep_streams_the_track_the_command_writes(game, tmp_path):
    name = game.info.name
    ok("sweep", "--game", name, "--games", 20, "--seed", SEED, "--out", tmp_path / "s.csv",
       "--per-round", tmp_path / "cli.csv", "-q")
    result = api.sweep(name, games=20, seed=SEED, per_round=tmp_path / "api.csv")
    assert (tmp_path / "api.csv").read_bytes() == (tmp_path / "cli.csv").read_bytes()
    assert result.track_rows == len(pd.read_csv(tmp_path / "api.csv")) and not result.shape.empty
    with pytest.raises(ArgumentError, match="^per_round: expected a path ending in .csv or .parquet"):
        api.sweep(name, games=20, per_round=tmp_path / "r.txt")
    assert not (tmp_path / "r.txt").exists()


# ---- its file is checked as every output is: never an input, never another output

def test_the_track_file_is_never_an_input_nor_another_output(game, tmp_path, monkeypatch):
    from tests.core.test_outputs_never_inputs import CARD, refused, unchanged
    monkeypatch.chdir(tmp_path)
    name = game.info.name
    Path("cards.csv").write_text(CARD[name])          # a card file of any name is read as one
    refused("sweep", "--game", name, "--cards", "cards.csv", "--per-round", "./cards.csv", option="--per-round")
    for other, what in (("--out", "aggregate table"), ("--per-game", "per-game table")):
        refused("sweep", "--game", name, "--games", 4, other, "o.csv", "--per-round", "o.csv", option="--per-round",
                text=f"is also the {what}")
    refused("sweep", "--game", name, "--per-round", "r.txt", option="--per-round", text="ending in .csv or .parquet")
    with pytest.raises(ArgumentError, match="^per_round: .*is also read as cards"):
        api.sweep(name, games=4, cards="cards.csv", per_round="cards.csv")
    unchanged(Path("cards.csv"), CARD[name])
    assert sorted(os.listdir()) == ["cards.csv"]


# ---- a game without a standing: refused in one line

@pytest.fixture
def flat_game(monkeypatch):
    """The tiny race registered as a game that declares no standing (``GameInfo.standing`` None)."""
    from tests.tiny_game import contract
    module = types.ModuleType("tests.core.flat_race_contract")

    class FlatRace(contract.TinyRace):
        info = dataclasses.replace(contract.INFO, name="flat-race", standing=None)

    FlatRace.module = module.__name__
    module.GAME = FlatRace()
    monkeypatch.setitem(sys.modules, module.__name__, module)
    registry.register("flat-race", module.__name__)
    yield registry.get("flat-race")
    registry.GAMES.pop("flat-race", None)


def test_a_game_without_a_standing_is_refused_in_one_line(flat_game, tmp_path):
    result = invoke("sweep", "--game", "flat-race", "--games", 4, "--out", tmp_path / "o.csv",
                    "--per-round", tmp_path / "r.parquet")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and "Traceback" not in result.output, result.output
    assert "'--per-round'" in lines[0] and "flat-race" in lines[0] and "standing" in lines[0]
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ArgumentError, match="^per_round: .*flat-race"):
        api.sweep("flat-race", games=4, per_round=tmp_path / "r.parquet")
    ok("sweep", "--game", "flat-race", "--games", 4, "--out", tmp_path / "o.csv", "-q")   # without it: plays
