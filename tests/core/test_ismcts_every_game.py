"""The tree search player ``ismcts:N`` in every game that has a search player: it plays ladders against
the flat ``search:N`` on paired seeds, the same on any thread count, and bench counts its iterations."""
from __future__ import annotations

import pandas as pd
import pytest

from reports import ladder as lad
from simcore.games import registry
from tests.conftest import invoke

GAMES = registry.names()


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays_flat_search_the_same_on_one_and_two_threads(game, tmp_path):
    lad.check_rung(game, "ismcts:6")      # every game's search player has the tree search beside it
    tables = []
    for threads in (1, 2):
        out = tmp_path / f"t{threads}.csv"
        res = invoke("ladder", "--game", game, "--rungs", "search:6,ismcts:6", "--games", 8, "--seed", 5,
                     "--threads", threads, "--out", out)
        assert res.exit_code == 0, res.output
        tables.append(out.read_bytes())
    assert tables[0] == tables[1]
    r = pd.read_csv(tmp_path / "t1.csv").iloc[0]
    assert (r["rung"], r["below"], r["games"]) == ("ismcts:6", "search:6", 8)
    assert r["wins"] + r["losses"] + r["draws"] == 8


@pytest.mark.parametrize("game", GAMES)
def test_strategies_list_names_the_tree_search(game):
    res = invoke("strategies", "list", "--game", game)
    assert res.exit_code == 0 and "ismcts:N" in res.output, res.output


@pytest.mark.parametrize("game", GAMES)
def test_bench_sets_the_tree_searchs_rollouts_beside_its_engines_speed(game):
    res = invoke("bench", "--game", game, "--strategy", "ismcts:4", "--games", 100, "--repeats", 1)
    assert res.exit_code == 0, res.output
    assert "rollouts/s" in res.output and "base heuristic games/s" in res.output
    assert "rollouts at engine speed" in res.output


def test_the_base_a_search_name_rolls_out_with():
    from simcore.bench import search_base
    g = registry.get(GAMES[0])
    assert search_base(g, "search:100:tuned") == "tuned" and search_base(g, "ismcts:9:tuned") == "tuned"
    assert search_base(g, "ismcts:9") == g.info.default_strategy and search_base(g, "tuned") is None
