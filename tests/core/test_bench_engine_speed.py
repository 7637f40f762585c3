"""`commandsim bench` of a search player, flat (``search:N``) or tree (``ismcts:N``), in every game: its
rollouts/s beside its base heuristic's games/s on the same threads, the speed its rollouts would reach at
the engine's own."""
from __future__ import annotations

import pytest

from simcore.bench import BenchResult, engine_speed_lines, search_base
from simcore.games import registry
from tests.conftest import invoke

GAMES = registry.names()


@pytest.mark.parametrize("player", ["search:4", "ismcts:4"])
@pytest.mark.parametrize("game", GAMES)
def test_bench_sets_a_search_players_rollouts_beside_its_engines_speed(game, player):
    res = invoke("bench", "--game", game, "--strategy", player, "--games", 100, "--repeats", 1)
    assert res.exit_code == 0, res.output
    assert "rollouts/s" in res.output and "base heuristic games/s" in res.output
    assert "rollouts at engine speed" in res.output


def test_the_base_a_search_name_rolls_out_with():
    g = registry.get(GAMES[0])
    assert search_base(g, "search:100:tuned") == "tuned" and search_base(g, "ismcts:9:tuned") == "tuned"
    assert search_base(g, "search:9") == g.info.default_strategy and search_base(g, "tuned") is None


def test_engine_speed_is_twice_the_base_games_and_the_share_reached():
    r = BenchResult(100, 2, 0.0, [1.0], [1.0], 20.0, searched_s=10.0, rollouts_s=3_000.0, searched_per_game=5.0,
                    base_gps=2_000.0)
    lines = engine_speed_lines(r)
    assert "2,000" in lines[0] and "about 4,000/s" in lines[1] and "reach 0.75 of it" in lines[1]
    assert engine_speed_lines(BenchResult(100, 2, 0.0, [1.0], [1.0], 20.0)) == []
