"""The tree search player ``ismcts:N`` in every game: it plays ladders against the flat ``search:N`` on
paired seeds, the same on any thread count, and ``strategies list`` names it (bench's figures of it:
tests/core/test_bench_engine_speed.py)."""
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
def test_the_tree_deals_by_its_settings_common_random_numbers_by_default(game, monkeypatch):
    # the game's tree reads its deal from simcore.ismcts.deal_number: the j-th visit of each root move plays
    # deal j by default (COMMANDSIM_ISMCTS_CRN=1), a deal per iteration with 0; the same game either way on replay
    def replay(crn):
        monkeypatch.setenv("COMMANDSIM_ISMCTS_CRN", crn)
        res = invoke("replay", "--game", game, "--seed", 3, "--strategy", "ismcts:24")
        assert res.exit_code == 0, res.output
        return res.output
    default = replay("1")
    assert replay("1") == default
    assert replay("0") != default
    monkeypatch.delenv("COMMANDSIM_ISMCTS_CRN")
    assert invoke("replay", "--game", game, "--seed", 3, "--strategy", "ismcts:24").output == default
