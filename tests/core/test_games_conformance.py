"""Every registered game, and the tiny fourth game registered from the tests, through the one contract
(``simcore.game.Game``) and the one implementation of each command, in the manner of OpenSpiel's
``games_sim_test.py``: a game is tested the moment it registers.

For each game: its cards list, audit and show; a sweep accounts for every game (wins + losses + draws =
games) and is byte-identical on 1, 2 and 3 threads; a game of a batch is its replay; per-game records go
through ``report``; ``compare`` and ``compare --until-verdict`` run on the same seeds; and every command
runs on small sizes. The cluster runs (``--scheduler local:2``) equal the local ones byte for byte."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simcore.game import ReplaySpec, SweepSpec, hooks
from simcore.games import registry
from tests.conftest import every_game_name, impact_cards, invoke, registered_game

GAMES = every_game_name()


game = pytest.fixture(params=GAMES)(registered_game)   # each registered game and the tiny race


def ok(*args):
    result = invoke(*args)
    assert result.exit_code == 0, f"{' '.join(map(str, args))}:\n{result.output}"
    assert "Traceback" not in result.output
    return result.output


# ---- the contract as data

def test_conformance_every_game_declares_itself(game):
    i = game.info
    assert i.name and i.title and i.sides and i.modes and i.variants
    assert i.side.one and i.variant.one and i.max_turns <= i.max_turns_limit
    game.check_strategy(i.default_strategy)
    assert game.module == registry.GAMES[i.name]


def test_conformance_cards_and_strategies_list_show_and_audit(game, tmp_path):
    name = game.info.name
    ok("cards", "list", "--game", name)
    ok("cards", "list", "--game", name, "--format", "csv")
    ok("cards", "audit", "--game", name)
    ok("strategies", "list", "--game", name)
    ok("strategies", "show", game.info.default_strategy, "--game", name)
    info = game.card_info(game.load_tables())
    if len(info):
        ok("cards", "show", str(info["card"].iloc[0]), "--game", name)


# ---- one sweep, accounted for, the same on any thread count

def _sweep(game, tmp_path: Path, threads: int, *extra) -> dict[str, bytes]:
    out = tmp_path / f"t{threads}" / "sweep.csv"
    out.parent.mkdir()
    ok("sweep", "--game", game.info.name, "--games", 40, "--seed", 3, "--threads", threads, "--out", out,
       "--per-game", out.with_name("games.csv"), "-q", *extra)
    return {p.name: p.read_bytes() for p in sorted(out.parent.iterdir())}


def test_conformance_a_sweep_accounts_for_every_game_and_ignores_the_thread_count(game, tmp_path):
    runs = [_sweep(game, tmp_path, t) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]
    agg = pd.read_csv(tmp_path / "t1" / "sweep.csv")
    assert (agg["wins"] + agg["losses"] + agg["draws"] == agg["games"]).all()
    games = pd.read_csv(tmp_path / "t1" / "games.csv")
    both = agg[agg["seat"] == "both"]
    assert both["games"].sum() == 2 * len(games) or both["games"].sum() == len(games)
    assert set(games["winner"]) <= {"first", "second", "draw"}


def test_conformance_a_game_of_a_batch_is_its_replay(game):
    tables = game.load_tables()
    cell = game.sweep_cells(SweepSpec(), tables)[0]
    order = cell.orders[0]
    strategies = tuple(game.resolve_strategy(s) for s in order.strategies)
    rec = game.play(order.matchup, strategies, 5, 7, 3, tables, 1)
    for g in range(3):
        seed = int(rec.columns()["seed"][g])
        spec = ReplaySpec(tuple(order.sides), tuple(order.variants), tuple(order.strategies),
                          cell.mode if len(game.info.modes) > 1 else None)
        replayed = game.replay(seed, spec)
        assert replayed.result["winner"] == ("first", "second", "draw")[int(rec.winner[g])]
        assert int(replayed.result["turns"]) == int(rec.turns[g])
        assert replayed.text_lines() and replayed.json_lines()


def test_conformance_per_game_records_go_through_the_report(game, tmp_path):
    _sweep(game, tmp_path, 2)
    folder = tmp_path / "t2"
    out = ok("report", folder / "sweep.csv", folder / "games.csv", "--out", tmp_path / "report")
    assert "report.html" in out
    assert (tmp_path / "report" / "report.html").stat().st_size > 1000


# ---- paired comparisons

def test_conformance_compare_and_until_verdict_on_the_same_seeds(game, tmp_path):
    name = game.info.name
    ok("compare", "--game", name, "--games", 40, "--seed", 2, "--out", tmp_path / "c.csv", "-q")
    table = pd.read_csv(tmp_path / "c.csv")
    assert table["games"].iloc[0] == 40 and table["verdict"].iloc[0] in ("balanced", "favours_a", "favours_b",
                                                                       "unclear")
    ok("compare", "--game", name, "--games", 20, "--until-verdict", "--max-games", 60, "--seed", 2, "--out",
       tmp_path / "s.csv", "-q")
    looks = pd.read_csv(tmp_path / "s.csv")
    assert 1 <= looks["looks"].iloc[0] <= 3
    # the first look's seeds are the fixed-size comparison's first seeds
    ok("compare", "--game", name, "--games", 20, "--seed", 2, "--out", tmp_path / "c20.csv", "-q")
    first = pd.read_csv(tmp_path / "c20.csv").iloc[0]
    if looks["looks"].iloc[0] == 1:
        assert looks["wins_a"].iloc[0] == first["wins_a"] and looks["wins_b"].iloc[0] == first["wins_b"]


# ---- every command runs

def test_conformance_every_command_runs(game, tmp_path):
    name = game.info.name
    ok("replay", "--game", name, "--seed", 11)
    ok("replay", "--game", name, "--seed", 1, "--index", 4, "--json")
    ok("sweep", "--game", name, "--games", 20, "--target-ci", 0.2, "--max-games", 40, "--out", tmp_path / "t.csv",
       "-q")
    ok("bench", "--game", name, "--games", 100, "--repeats", 1)
    if hooks(game).tuning() is None:   # the tiny race has no tuner: the commands built on one say so
        for command in ("tournament", "metagame"):
            result = invoke(command, "--game", name, "--games", 8, "--out", tmp_path / "tour.csv")
            assert result.exit_code == 2 and "not available" in result.output, (command, result.output)
        return
    pool = list(registry.tuning(name).default_pool)[:2]
    ok("tournament", "--game", name, "--strategies", ",".join(pool), "--games", 8, "--out", tmp_path / "tour.csv",
       "-q")
    ok("metagame", "--game", name, "--strategies", ",".join(pool), "--games", 8, "--resamples", 20, "--out",
       tmp_path / "meta.csv", "-q")
    ok("ladder", "--game", name, "--rungs", ",".join(pool), "--games", 8, "--out", tmp_path / "ladder.csv", "-q")
    ok("tune", "--game", name, "--generations", 1, "--population", 2, "--games", 4 * len(pool), "--final-games", 4,
       "--opponents", ",".join(pool), "--out", tmp_path / "tuned.toml", "-q")
    tables = game.load_tables()
    buyable = game.card_info(tables)["card"][np.asarray(game.buyable(tables), bool)] if len(game.buyable(tables)) \
        else pd.Series(["line"])        # the skirmish buys nothing: a force's values are its cards
    ok("advise", "--game", name, "--target", game.target_example, "--screen-games", 8, "--test-games", 8,
       "--search-games", 8, "--check-games", 8, "--candidates", 1, "--max-edits", 1, "--no-retune", "--allow-stated",
       "--only", str(buyable.iloc[-1]), "--out", tmp_path / "advice.csv", "-q")
    ok("report", tmp_path / "tour.csv", tmp_path / "meta.csv", tmp_path / "ladder.csv", tmp_path / "advice.csv",
       "--out", tmp_path / "rep")


# ---- card impact by restricted play

def test_conformance_impact_runs_and_ignores_the_thread_count(game, tmp_path):
    """``impact`` ranks a few of each game's bannable cards; 1 and 2 threads give the same bytes."""
    name = game.info.name
    cards = ",".join(impact_cards(game))
    outs = []
    for threads in (1, 2):
        out = tmp_path / f"impact{threads}.csv"
        ok("impact", "--game", name, "--cards-only", cards, "--games", 40, "--screen", 10, "--seed", 3, "--threads",
           threads, "--out", out, "-q")
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    table = pd.read_csv(tmp_path / "impact1.csv")
    both = table[table["side"] == "both"]
    assert len(both) == 2 and set(both["verdict"]) <= {"shown", "worthless", "unclear", "screened"}
    assert (table["ci_low"] <= table["impact"]).all() and (table["impact"] <= table["ci_high"]).all()


def test_conformance_a_ban_changes_nothing_but_the_banned_card(game):
    """An empty restriction plays byte for byte as none; a banned card is never bought by its seat; a forced one is
    bought in more games than the strategy chose to."""
    from simcore.game import Restriction
    tables = game.load_tables()
    cell = game.sweep_cells(SweepSpec(), tables)[0]
    order = cell.orders[0]
    strategies = tuple(game.resolve_strategy(s) for s in order.strategies)
    plain = game.play(order.matchup, strategies, 5, 0, 30, tables, 1)
    empty = game.play(order.matchup, strategies, 5, 0, 30, tables, 1, restriction=Restriction())
    np.testing.assert_array_equal(plain.winner, empty.winner)
    np.testing.assert_array_equal(plain.turns, empty.turns)
    np.testing.assert_array_equal(plain.bought, empty.bought)
    if not plain.bought.size:          # the skirmish buys nothing: its bans are commands (tested in its folder)
        return
    column = int(np.argmax(plain.bought[:, 0, :].sum(axis=0)))
    card = plain.card_names[column]
    assert card in game.bannable(tables)
    banned = game.play(order.matchup, strategies, 5, 0, 30, tables, 1, restriction=Restriction.seat(0, (card,)))
    assert plain.bought[:, 0, column].sum() > 0 and banned.bought[:, 0, column].sum() == 0
    # forced play: the seat buys the card whenever it can afford it, so in more games than it chose to
    rarest = int(np.argmin(np.where(plain.bought[:, 0, :].sum(axis=0) > 0, (plain.bought[:, 0, :] > 0).sum(axis=0),
                                    10 ** 9)))
    forced = game.play(order.matchup, strategies, 5, 0, 30, tables, 1,
                       restriction=Restriction.seat(0, forced=(plain.card_names[rarest],)))
    assert (forced.bought[:, 0, rarest] > 0).sum() > (plain.bought[:, 0, rarest] > 0).sum()


# ---- the cluster gives what this process gives

@pytest.fixture(scope="module")
def cluster():
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    import simcore.cluster as cl
    runner = cl.connect("local:2")
    yield runner
    runner.close()


def test_conformance_sweep_and_compare_on_a_cluster_equal_the_local_runs(game, cluster, tmp_path):
    from reports import compare as cmp
    from reports import sweep as sw
    tables = game.load_tables()
    cells = game.sweep_cells(SweepSpec(), tables)[:2]
    frames, remote_frames = [], []
    local = sw.play_sweep(game, cells, 20, 4, tables=tables, per_game=frames.append)
    remote = sw.play_sweep(game, cells, 20, 4, tables=tables, per_game=remote_frames.append, chunk_size=7,
                           runner=cluster)
    pd.testing.assert_frame_equal(local.aggregate, remote.aggregate)
    pd.testing.assert_frame_equal(local.cards, remote.cards)
    assert [b.num_rows for b in frames] and sum(b.num_rows for b in frames) == sum(b.num_rows for b in remote_frames)
    question = cmp.question_of(game)
    a = cmp.run_compare(game, question, games=40, seed=3)
    b = cmp.run_compare(game, question, games=40, seed=3, chunk_size=6, runner=cluster)
    pd.testing.assert_frame_equal(a.table, b.table)
    np.testing.assert_array_equal(a.pairs.to_numpy(), b.pairs.to_numpy())


def test_conformance_impact_on_a_cluster_equals_the_local_run(game, cluster):
    from reports.impact import run_impact
    cards = impact_cards(game)
    a = run_impact(game, cards, games=40, screen=10, seed=3)
    b = run_impact(game, cards, games=40, screen=10, seed=3, chunk_size=7, runner=cluster)
    pd.testing.assert_frame_equal(a.table, b.table)


def test_conformance_runs_that_stop_early_stop_alike_on_a_cluster(game, cluster):
    """A sweep to a target interval and a comparison until its verdict look at the same rounds wherever their
    chunks play, so they stop at the same round."""
    from reports import compare as cmp
    from reports import sweep as sw
    from reports.until_verdict import run_until_verdict
    tables = game.load_tables()
    cells = game.sweep_cells(SweepSpec(), tables)[:2]
    kw = dict(target_ci=0.15, max_games=200, tables=tables)
    local = sw.play_sweep(game, cells, 20, 6, **kw)
    remote = sw.play_sweep(game, cells, 20, 6, chunk_size=3, runner=cluster, **kw)
    pd.testing.assert_frame_equal(local.aggregate, remote.aggregate)
    pd.testing.assert_frame_equal(local.cells, remote.cells)
    question = cmp.question_of(game)
    a = run_until_verdict(game, question, round_games=20, max_games=80, seed=4)
    b = run_until_verdict(game, question, round_games=20, max_games=80, seed=4, chunk_size=7, runner=cluster)
    pd.testing.assert_frame_equal(a.comparison.table, b.comparison.table)
    pd.testing.assert_frame_equal(a.looks, b.looks)
