"""`commandsim bench` of a search player, flat (``search:N``) or tree (``ismcts:N``), in every game: its
rollouts/s beside its base heuristic's games/s on the same threads, the turns a rollout plays (counted by the
engine), the speed its rollouts would reach at the engine's own."""
from __future__ import annotations

import pytest

from simcore.bench import BenchResult, bench_order, engine_speed_lines, search_base
from simcore.games import registry
from tests.conftest import invoke

GAMES = registry.names()


@pytest.mark.parametrize("player", ["search:4", "ismcts:4"])
@pytest.mark.parametrize("game", GAMES)
def test_bench_sets_a_search_players_rollouts_beside_its_engines_speed(game, player):
    res = invoke("bench", "--game", game, "--strategy", player, "--games", 100, "--repeats", 1)
    assert res.exit_code == 0, res.output
    assert "rollouts/s" in res.output and "base heuristic games/s" in res.output
    assert "rollouts at engine speed" in res.output and "turns a rollout plays" in res.output


@pytest.mark.parametrize("player", ["search:4", "ismcts:4"])
@pytest.mark.parametrize("game", GAMES)
def test_a_rollout_plays_from_its_decision_to_the_games_end(game, player):
    """The engine counts the turns its rollouts play: each plays at least the rest of its own turn and at most
    a whole game (the turn cap), and later decisions have less left, so a rollout is shorter than the longest
    game a rollout could reach."""
    g = registry.get(game)
    tables = g.load_tables([])
    order = bench_order(g, None, player, tables)
    rec = g.play(order.matchup, tuple(g.resolve_strategy(player) for _ in range(2)), 3, 0, 4, tables, 2,
                 keep_bought=False)
    searched, rollouts, turns = rec.search
    assert searched > 0 and rollouts >= 2 * searched
    assert rollouts <= turns <= rollouts * g.info.max_turns
    assert turns / rollouts < rec.turns.max()


def test_the_base_a_search_name_rolls_out_with():
    g = registry.get(GAMES[0])
    assert search_base(g, "search:100:tuned") == "tuned" and search_base(g, "ismcts:9:tuned") == "tuned"
    assert search_base(g, "search:9") == g.info.default_strategy and search_base(g, "tuned") is None


def test_engine_speed_is_the_base_games_times_a_games_turns_over_a_rollouts():
    r = BenchResult(100, 2, 0.0, [1.0], [1.0], 20.0, searched_s=10.0, rollouts_s=3_000.0, searched_per_game=5.0,
                    base_gps=2_000.0, rollout_turns=10.0, base_turns=20.0)
    lines = engine_speed_lines(r)
    assert "2,000" in lines[0] and "10.0" in lines[1] and "about 4,000/s" in lines[2] and "reach 0.75 of it" in lines[2]
    r.rollout_turns = 16.0      # rollouts four fifths of a game long: the engine's speed is 2,500 of them a second
    assert "about 2,500/s" in engine_speed_lines(r)[2] and "reach 1.20 of it" in engine_speed_lines(r)[2]
    assert engine_speed_lines(BenchResult(100, 2, 0.0, [1.0], [1.0], 20.0)) == []
