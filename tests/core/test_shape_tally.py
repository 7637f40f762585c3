"""A sweep's shape tables (``reports.shape_tally``, ``reports.shape_tables``) equal the same figures reduced from
the games one by one, their intervals take the seed (a pair of seat-swapped games) as the unit, and every game's
sweep writes them."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.shape_tally import CellDetail, detail_chunk
from reports.shape_tables import shape_row, tempo_rows
from reports.stats import paired_ratio_difference, ratio_interval, ratio_rate_interval, ratio_sums, holm
from reports.sweep import spec_of
from simcore.shape import TRACK_ROUNDS
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)


def _cell_games(g, n):
    """The first cell's two seat orders on seeds 0 .. n - 1 (base seed 1), as a sweep plays them."""
    tables = g.load_tables()
    cell = g.sweep_cells(spec_of(), tables)[0]
    return cell, [g.play(o.matchup, tuple(g.resolve_strategy(s) for s in o.strategies), 1, 0, n, tables, None)
                  for o in cell.orders]


def test_a_cells_tempo_curve_and_comebacks_equal_the_games_reduced_one_by_one(tiny_game):
    n = 300
    cell, recs = _cell_games(tiny_game, n)
    detail = CellDetail(2)
    for k, rec in enumerate(recs):
        detail.add_order(0, k, detail_chunk(rec), cell.sides)
    # side A is the first seat of order 0 and the second of order 1: its lead after round r, per seed
    leads = [sign * rec.shape.track.astype(float) for sign, rec in zip((1, -1), recs)]
    running = [np.arange(TRACK_ROUNDS)[None, :] < rec.shape.rounds[:, None] for rec in recs]
    y = leads[0] * running[0] + leads[1] * running[1]
    m = running[0].astype(float) + running[1]
    rows = pd.DataFrame(tempo_rows({"faction": "a", "opponent_faction": "b"}, detail))
    both = rows[(rows["side"] == "a") & (rows["seat"] == "both")].set_index("round")
    for r in (1, 3, 6):
        assert both.loc[r, "mean_lead"] == pytest.approx(y[:, r - 1].sum() / m[:, r - 1].sum())
        assert both.loc[r, "games"] == m[:, r - 1].sum()
        mean, lo, hi, se = ratio_interval(ratio_sums(y[:, r - 1], m[:, r - 1]))
        assert (both.loc[r, "ci_low"], both.loc[r, "ci_high"]) == pytest.approx((float(lo), float(hi)))
    first = rows[(rows["side"] == "a") & (rows["seat"] == "first")].set_index("round")
    assert first.loc[2, "mean_lead"] == pytest.approx(recs[0].shape.track[recs[0].shape.rounds >= 2, 1].mean())
    mirror = rows[(rows["side"] == "b") & (rows["seat"] == "both")].set_index("round")
    assert mirror.loc[2, "mean_lead"] == pytest.approx(-both.loc[2, "mean_lead"])
    # comebacks: games won by the side behind at mid-game, of those with a side behind, a seed's two pooled
    behind = np.stack([r.shape.behind for r in recs])
    winner = np.stack([r.winner for r in recs])
    won_back = ((behind >= 0) & (behind == winner)).sum(0)
    eligible = (behind >= 0).sum(0)
    row = shape_row({}, detail, "position")
    rate, lo, hi = ratio_rate_interval(ratio_sums(won_back, eligible))
    assert row["comeback_rate"] == pytest.approx(won_back.sum() / eligible.sum()) == pytest.approx(rate)
    assert (row["comeback_low"], row["comeback_high"]) == pytest.approx((float(lo), float(hi)))
    assert row["mean_rounds"] == pytest.approx(np.mean([r.shape.rounds for r in recs]))
    assert detail.decisive.sum() == 2 * n


def test_ratio_interval_is_the_seed_clustered_delta_method():
    rng = np.random.default_rng(3)
    n = rng.integers(0, 3, 500).astype(float)
    y = rng.normal(2.0, 3.0, 500) * n
    mean, lo, hi, se = ratio_interval(ratio_sums(y, n))
    m = y.sum() / n.sum()
    k = len(y)
    explicit = np.sqrt(k / (k - 1) * ((y - m * n) ** 2).sum()) / n.sum()
    assert mean == pytest.approx(m) and se == pytest.approx(explicit)
    assert hi - lo == pytest.approx(2 * 1.9647 * explicit, rel=1e-3)      # Student's t at 499 degrees


def test_paired_ratio_difference_of_plain_means_is_the_paired_t_interval():
    from reports.stats import paired_difference
    rng = np.random.default_rng(4)
    a, b = rng.normal(10, 2, 400), rng.normal(10.5, 2, 400)
    d = paired_ratio_difference(a, 1, b, 1)
    t = paired_difference(a, b, pseudo_variance=0.0)
    assert d.diff == pytest.approx(t.mean) and d.se == pytest.approx(t.se * np.sqrt(400 / 399) *
                                                                     np.sqrt((399 / 400)), rel=1e-2)
    assert d.p < 0.05 and paired_ratio_difference(a, 1, a, 1).p == 1.0


def test_holm_adjusts_step_down_and_keeps_the_order():
    assert holm([0.01, 0.04, 0.03, 0.5]).tolist() == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.2]).tolist() == [0.2]


def test_every_games_sweep_writes_its_shape_tables(game, tmp_path):
    out = tmp_path / "s.csv"
    result = invoke("sweep", "--game", game.info.name, "--games", 40, "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    shape = pd.read_csv(tmp_path / "s_shape.csv")
    tempo = pd.read_csv(tmp_path / "s_tempo.csv")
    decisive = pd.read_csv(tmp_path / "s_decisive.csv")
    aggregate = pd.read_csv(out)
    keys = ["mode", "faction", "opponent_faction", "variant", "opponent_variant"]
    cells = set(map(tuple, aggregate[keys].astype(str).to_numpy()))
    assert len(shape) and set(map(tuple, shape[keys].astype(str).to_numpy())) <= cells   # a row per cell
    assert (shape["standing"] == game.info.standing.name).all()
    assert ((shape["comeback_rate"] >= 0) & (shape["comeback_rate"] <= 1)).all()
    assert (shape["rounds_low"] <= shape["mean_rounds"]).all() and (shape["mean_rounds"] <= shape["rounds_high"]).all()
    assert set(tempo["seat"]) == {"first", "second", "both"}
    assert set(tempo["side"]) == set(shape["faction"]) | set(shape["opponent_faction"])
    assert (tempo["ci_low"] <= tempo["mean_lead"] + 1e-9).all() and (tempo["mean_lead"] <= tempo["ci_high"] + 1e-9).all()
    shares = decisive.groupby(["faction", "opponent_faction", "variant", "opponent_variant"])["share"].sum()
    assert np.allclose(shares, 1.0)
    assert (decisive.groupby(["faction", "opponent_faction", "variant", "opponent_variant"])["games"].sum()
            == 40).all()
    assert "Shape of the games" not in result.output      # --quiet
    plays = pd.read_csv(tmp_path / "s_plays.csv")          # what each card did (the tiny race's: as it is bought)
    assert len(plays) and (plays["times_played"] >= 0).all()


def test_a_chunk_reduced_in_blocks_of_seeds_sums_as_one(monkeypatch):
    import reports.shape_tally as tally
    g = registry_game("star-realms")
    cell, recs = _cell_games(g, 90)

    def reduced():
        detail = CellDetail(len(recs))
        for k, rec in enumerate(recs):
            detail.add_order(0, k, detail_chunk(rec), cell.sides)
        return detail
    whole = reduced()
    monkeypatch.setattr(tally, "BLOCK_SEEDS", 7)
    blocks = reduced()
    assert np.allclose(whole.tempo, blocks.tempo) and np.allclose(whole.measures, blocks.measures)
    assert (whole.decisive == blocks.decisive).all() and whole.games == blocks.games == 90 * len(recs)
    for side in whole.cards:
        a, b = whole.cards[side], blocks.cards[side]
        assert (a.counts == b.counts).all() and np.allclose(a.when_played, b.when_played)


def registry_game(name):
    from simcore.games import registry
    return registry.get(name)


def test_the_shape_tables_do_not_depend_on_chunks_or_pairing_windows(tiny_game, monkeypatch):
    import reports.sweep as sw
    from reports.sweep import play_sweep
    cells = tiny_game.sweep_cells(spec_of(), tiny_game.load_tables())
    frames = {}

    def run(key, **kw):
        frames[key] = []
        return play_sweep(tiny_game, cells, games=80, seed=2, per_game=frames[key].append, **kw)
    whole = run("whole")
    chunked = run("chunked", chunk_size=7)
    monkeypatch.setattr(sw, "PAIR_WINDOW", 5)          # pairs of 5 seeds at a time: nothing waits for long
    windows = run("windows", chunk_size=3)
    for other in (chunked, windows):
        for name in ("shape", "tempo", "decisive", "plays", "aggregate", "cards"):
            pd.testing.assert_frame_equal(getattr(whole, name), getattr(other, name))
    import pyarrow as pa
    assert pa.Table.from_batches(frames["whole"]).equals(pa.Table.from_batches(frames["chunked"]))
