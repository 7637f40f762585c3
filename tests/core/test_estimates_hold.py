"""Estimates that hold (issue #44, item 2): an estimate is the expected time of the run that follows it, not an
upper bound.  Each command's model is checked against the run it estimates with a known cost (a stubbed speed:
every engine call costs ``SPEED.overhead``, every game ``SPEED.per_game``): the estimate must equal the price of
the calls and games the run really makes (fixed-length runs), or come near it (runs that stop on a statistic,
from their pilot).  No test here times anything."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import reports.estimate as est
from reports.estimate import Estimate, Part, Probe, Speed
from simcore.games import registry

SPEED = Speed(0.01, 0.001)    # 10 ms a call, 1 ms a game: what every probe "measures" below
PILOT_GAMES = 2000            # the games a stubbed probe still plays, for the pilots of sequential stops


@pytest.fixture
def stubbed(monkeypatch):
    """Every probe measures ``SPEED`` (and plays one call of up to ``PILOT_GAMES`` games for its pilot)."""
    def probe(play, unit, most=None, budget=None, run_games=None):
        n = max(unit, min(most or PILOT_GAMES, PILOT_GAMES) // unit * unit)
        return Probe(SPEED, play(n), n, n)
    monkeypatch.setattr(est, "probe", probe)


class Count:
    """Engine calls and games a run makes."""

    def __init__(self):
        self.calls = self.games = 0

    def add(self, games: int) -> None:
        self.calls += 1
        self.games += int(games)

    def price(self, per_game_games: float | None = None) -> float:
        return SPEED.seconds(self.games if per_game_games is None else per_game_games, self.calls)


@pytest.fixture
def counted_space(monkeypatch):
    """Every game's tuning space with its head-to-head counted (a call: one head-to-head)."""
    count = Count()
    real = registry.tuning

    def tuning(name):
        space = real(name)

        def head_to_head(a, b, n, *args, **kw):
            count.add(n)
            return space.head_to_head(a, b, n, *args, **kw)
        return dataclasses.replace(space, head_to_head=head_to_head)
    monkeypatch.setattr(registry, "tuning", tuning)
    return count


# ---- the pieces


def test_a_probe_fits_a_calls_overhead_and_a_games_cost_and_leaves_a_compile_out(monkeypatch):
    from simcore import game_jit
    clock = {"now": 0.0, "versions": 0, "calls": 0}
    monkeypatch.setattr(est.time, "perf_counter", lambda: clock["now"])
    monkeypatch.setattr(game_jit, "versions", lambda: clock["versions"])

    def play(n):
        clock["calls"] += 1
        if clock["calls"] == 1:          # the first call compiles: a minute, and a new version
            clock["now"] += 60.0
            clock["versions"] += 1
        clock["now"] += 0.002 + 40e-6 * n
        return n
    p = est.probe(play, 4, None, 0.5)
    assert p.speed.overhead == pytest.approx(0.002)
    assert p.speed.per_game == pytest.approx(40e-6)
    assert p.result == p.size and p.size * 40e-6 > 0.25     # the largest call, about the budget


def test_a_probe_stops_at_the_runs_own_call_size(monkeypatch):
    clock = {"now": 0.0}
    monkeypatch.setattr(est.time, "perf_counter", lambda: clock["now"])

    def play(n):
        clock["now"] += 0.001 + 1e-6 * n
        return n
    p = est.probe(play, 4, 100, 0.5)
    assert p.size == 100
    assert p.speed.seconds(100) == pytest.approx(0.001 + 1e-4)


def test_the_line_says_the_expected_time_and_the_caps_when_the_length_is_uncertain():
    fixed = Estimate([Part("a vs b", 40.0, 100), Part("c vs d", 80.0, 100)], "speed measured on 8 probe games",
                     ending=0.0)
    assert fixed.text("--games 4 takes about 1 s") == (
        "Estimated time: about 2 minutes (c vs d: about 80 s, 67% of it; speed measured on 8 probe games); "
        "--games 4 takes about 1 s.")
    sequential = Estimate([Part("rounds", 120.0, 1000, 540.0, 4500)])
    assert sequential.text() == "Estimated time: about 2 minutes, at most about 9 minutes."


def test_progress_by_expected_time_walks_the_parts_in_order_up_to_their_caps():
    e = Estimate([Part("heuristic", 2.0, 2000), Part("search", 4000.0, 2000)])
    assert e.seconds_done(1000) == pytest.approx(1)
    assert e.seconds_done(3000) == pytest.approx(2 + 2000)
    seq = Estimate([Part("rounds", 10.0, 1000, 50.0, 5000)])
    assert seq.seconds_done(3000) == pytest.approx(30)     # past the expected games: at the part's own rate
    side_by_side = Estimate([Part("cell 1", 1.0, 100), Part("cell 2", 3.0, 100)], interleaved=True)
    assert side_by_side.seconds_done(100) == pytest.approx(2)


class FakeBar:
    def __init__(self, length):
        self.length, self.steps, self.pos, self.show_pos = length, [], 0, True

    def update(self, step, current_item=None):
        self.steps.append(step)
        self.pos += step


def test_the_bars_whole_is_the_expected_time_and_follows_a_run_that_stops_early_or_late():
    import cli
    e = Estimate([Part("rounds", 10.0, 1000, 50.0, 5000)])
    progress = cli._Progress(registry.get("star-realms"), 5000, "A and B", quiet=True, weights=e)
    progress.bar = FakeBar(10_000)
    progress(500, 5000)
    assert progress.bar.length == 10_000 and progress.bar.pos == 5_000     # half of the expected 10 s: 5 s left
    progress(1500, 5000)                                                    # past the expected length: stretched
    assert progress.bar.pos == 15_000 and 15_000 < progress.bar.length <= 50_000
    progress(2000, 2000)                                                    # stopped: the whole is what it took
    assert progress.bar.length == progress.bar.pos == 20_000


# ---- each command's model against its run, at a known speed


def test_tune_prices_the_head_to_heads_the_search_the_validation_and_the_final_check_play(stubbed, counted_space):
    from strategies.tuning.tuner import TuneOptions, estimate_tune, tune
    pool = registry.tuning("skirmish").default_pool
    opts = TuneOptions(game="skirmish", start="reserve", pool=pool, generations=2, population=3, games=8 * len(pool),
                       final_games=8)
    estimate = estimate_tune(opts)
    counted_space.__init__()
    tune(opts)
    assert estimate.playing == pytest.approx(counted_space.price())


def test_a_ladder_prices_each_pairs_chunks(stubbed, counted_space):
    from reports.ladder import estimate_ladder, run_ladder
    rungs = ["random", "reserve", "spender"]
    estimate = estimate_ladder("skirmish", rungs, 440)
    counted_space.__init__()
    run_ladder("skirmish", rungs, 440)
    assert estimate.playing == pytest.approx(counted_space.price())
    assert [p.label for p in estimate.parts] == ["reserve vs random", "spender vs reserve"]


def test_a_finding_prices_each_rungs_chunks(stubbed, monkeypatch):
    from reports import skill_finding as sf
    count = Count()
    real = registry.sides("skirmish")

    def play(first, second, strategies, n, *args):   # a call of the model: both seat orders of a chunk
        count.add(n)
        return real.play(first, second, strategies, n, *args)
    sides = dataclasses.replace(real, play=play)
    estimate = sf.estimate_finding(sides, "first-player", ["reserve", "spender"], games=260)
    count.__init__()
    sf.run_finding(sides, "first-player", ["reserve", "spender"], None, None, 260, 1, None)
    assert estimate.playing == pytest.approx(SPEED.seconds(count.games, count.calls / 2))


def test_a_tournament_prices_each_pair(stubbed):
    from reports.tournament import estimate_tournament, run_tournament
    count = Count()

    def play(a, b, games, seed):
        count.add(games)
        return (games // 2, games // 2, 0)
    estimate = estimate_tournament(["x", "y", "z"], play, 4000)
    count.__init__()
    run_tournament(["x", "y", "z"], play, 4000)
    assert estimate.playing == pytest.approx(count.price())


def counted_play(monkeypatch, game):
    """``game.play`` counted (a call: one engine call)."""
    count = Count()
    real = game.play

    def play(matchup, strategies, seed, first_game, n, *args, **kw):
        count.add(n)
        return real(matchup, strategies, seed, first_game, n, *args, **kw)
    monkeypatch.setattr(game, "play", play)
    return count


def test_a_sweep_to_a_target_interval_expects_the_rounds_its_pilot_needs(stubbed, tiny_game, monkeypatch):
    from reports.sweep import estimate_sweep, play_sweep
    from simcore.game import SweepSpec
    cells = tiny_game.sweep_cells(SweepSpec(None, None, None, "saver", None, False, None, {}), tiny_game.load_tables())
    count = counted_play(monkeypatch, tiny_game)
    estimate = estimate_sweep(tiny_game, cells, 200, 3, target_ci=0.03, max_games=20_000, chunk_size=150)
    count.__init__()
    result = play_sweep(tiny_game, cells, 200, 3, target_ci=0.03, max_games=20_000, chunk_size=150)
    played = result.cells["games"].tolist()
    assert [p.games for p in estimate.parts] == pytest.approx(played, rel=0.25)   # rounds of 200 games
    assert estimate.playing == pytest.approx(count.price(), rel=0.25)
    assert estimate.most == pytest.approx(sum(p.most for p in estimate.parts) + estimate.ending)
    assert estimate.most > 3 * estimate.seconds


def test_a_comparison_until_a_verdict_expects_the_rounds_its_pilot_needs(stubbed, tiny_game, monkeypatch):
    from reports.compare import question_of
    from reports.until_verdict import estimate_until_verdict, run_until_verdict
    question = question_of(tiny_game)
    count = counted_play(monkeypatch, tiny_game)
    estimate = estimate_until_verdict(tiny_game, question, None, None, 200, 20_000, 5, band=0.04)
    count.__init__()
    run = run_until_verdict(tiny_game, question, None, None, 200, 20_000, 5, band=0.04)
    rounds = int(run.looks["look"].max())
    # the model's cost: a round is one comparison (a call) of its games per setting
    actual = SPEED.seconds(count.games / 2, rounds)
    assert 0.67 < estimate.playing / actual < 1.5
    assert estimate.most - estimate.ending == pytest.approx(SPEED.seconds(20_000, 100))   # every round to the cap


def test_impact_expects_the_tests_rounds_from_the_screens_first_seeds(tiny_game, monkeypatch):
    from reports.impact import run_impact
    count = counted_play(monkeypatch, tiny_game)
    monkeypatch.setattr("reports.impact._probe_speed", lambda *a, **k: SPEED)
    seen = []

    def estimated(estimate):
        seen.append(estimate)
        count.__init__()            # the run from now on: the rest of the screen and the test
    run_impact(tiny_game, games=4000, screen=200, seed=3, chunk_size=100, estimate=estimated)
    assert len(seen) == 1
    assert 0.67 < seen[0].playing / count.price() < 1.5
    without = run_impact(tiny_game, games=4000, screen=200, seed=3, chunk_size=100)
    assert without.table.equals(run_impact(tiny_game, games=4000, screen=200, seed=3, chunk_size=100,
                                           estimate=lambda e: None).table)


def test_advise_expects_its_stages_from_the_screens_first_seeds(stubbed, monkeypatch):
    from reports.advisor import chunks
    from reports.advisor.advise import AdviseOptions, advise
    count = Count()
    real = chunks.play_set

    def play_set(chunk, shared, threads=None):
        count.add(chunk.seeds * shared[1].games_per_seed())
        return real(chunk, shared, threads)
    monkeypatch.setattr(chunks, "play_set", play_set)
    card_set = registry.advisor("skirmish")
    target = card_set.target(registry.get("skirmish").target_example, None)
    opts = AdviseOptions(strategy="reserve", screen_games=200, test_games=800, search_games=200, check_games=400,
                         retune=False)
    seen = []

    def estimated(estimate):
        seen.append(estimate)
        count.__init__()
    plain = advise(card_set, target, opts)
    advice = advise(card_set, target, opts, estimate=estimated)
    assert 0.67 < seen[0].playing / count.price() < 1.5
    assert advice.table.equals(plain.table)           # the pilot's seeds are the screen's own: the same advice
    assert np.array_equal(advice.base_values, plain.base_values)


def test_a_metagame_prices_each_call_and_a_sequential_one_its_rounds_from_a_pilot(stubbed, counted_space,
                                                                                   monkeypatch):
    from reports.commands.metagame import plan
    # the pilot is a few seconds of games at the measured speed: a stubbed game costs a millisecond, ten times and
    # more a real one, so the stub's pilot gets the seconds that buy a real pilot's seeds (a few hundred)
    monkeypatch.setattr(est, "PILOT_SECONDS", 10 * est.PILOT_SECONDS)
    sk = registry.get("skirmish")
    fixed = plan(sk, games=2400, resamples=20, seed=3)        # 1,200 seeds: two chunks a call
    estimate = fixed.estimate()
    counted_space.__init__()
    fixed.play()
    assert estimate.playing == pytest.approx(counted_space.price())
    assert len(estimate.parts) == len(fixed.setup.calls())
    rounds = plan(sk, games=200, until_verdict=True, max_games=2000, band=2.0, resamples=20, seed=3,
                     sides="elite,raiders")          # about even: several rounds
    estimate = rounds.estimate()
    counted_space.__init__()
    rounds.play()
    assert 0.5 < estimate.playing / counted_space.price() < 2.0      # within 2x, the acceptance
    assert estimate.most - estimate.ending == pytest.approx(SPEED.seconds(2000 * len(rounds.setup.calls()),
                                                                          10 * len(rounds.setup.calls())))
