"""The skirmish's tree search player ``ismcts:N`` (simcore/games/skirmish/tree_search.py): its names, one
tree over both forces' commands and responses, its battles replay exactly on any thread count, and it is not
the flat search under another name."""
import pytest

from simcore.games.skirmish import search
from simcore.games.skirmish.batch import has_search
from simcore.games.skirmish.layout import CFG_N_UNITS, S_DECISIONS, S_RNG, S_TURN
from simcore.games.skirmish.simulate import play_games, replay_game, seed_of_game
from simcore.ismcts import T_ACTOR, T_KEY, T_VISITS, W_NODES
from simcore.games.skirmish.players import policy as pol
from simcore.games.skirmish.players.library import strategy_rows
from simcore.games.skirmish.players.params import KIND_ISMCTS, P_KIND, P_ROLLOUTS
from tests.conftest import invoke
from tests.skirmish.test_skirmish_search import _states


def test_ismcts_n_is_the_default_heuristic_growing_a_tree_of_n_iterations():
    names, strat = strategy_rows(("ismcts:24", "reserve"))
    assert names == ("ismcts:24", "reserve") and has_search(strat)
    assert strat[0, P_KIND] == KIND_ISMCTS and strat[0, P_ROLLOUTS] == 24
    assert search.tree_budget(strat) == 24 and search.tree_budget(strategy_rows(("search:9", "reserve"))[1]) == 0


@pytest.mark.parametrize("bad", ["ismcts:0", "ismcts:x", "ismcts:1000001"])
def test_a_bad_tree_budget_is_one_line_and_exit_2(bad, tmp_path):
    res = invoke("sweep", "--game", "skirmish", "--games", "4", "--strategy", bad, "--out", str(tmp_path / "x.csv"))
    assert res.exit_code == 2 and f"strategy '{bad}'" in res.output and not (tmp_path / "x.csv").exists()
    assert len(res.output.strip().splitlines()) == 1


def _tree_order(state, p, scratch):
    cmds, eff, cfg, strat, u, sc = state
    hc, hi, ht = pol.choose_order(strat, cmds, eff, u, cfg[CFG_N_UNITS], sc, cfg, p)
    return search.search_order(cmds, eff, cfg, strat, u, sc, p, 0, 0, 0, hc, hi, ht, *scratch)


def test_one_tree_holds_both_forces_commands_and_responses_and_never_reads_the_dice():
    """ISMCTS (Cowling, Powley and Whitehouse 2012): the opponent's moves are in the searcher's tree, each
    move keyed by what it does; the battle's own dice (its RNG state) are not an input of the search."""
    scratch = search.scratch(budget=60)
    nodes, walk = scratch[-1][6], scratch[-1][8]
    opponents, responses = 0, 0
    for cmds, eff, cfg, strat, u, sc in _states():
        strat = strategy_rows(("ismcts:60", "ismcts:60"))[1]
        state = (cmds, eff, cfg, strat, u, sc)
        p = int(sc[S_TURN] % 2)
        before = sc.copy()
        chosen = _tree_order(state, p, scratch)
        grown = int(walk[W_NODES])
        if sc[S_DECISIONS] == before[S_DECISIONS]:
            continue                                       # nothing to choose: not searched
        assert sc[S_RNG] == before[S_RNG] and 2 <= grown <= 62
        actors = nodes[T_ACTOR, 1:grown]
        opponents += int((actors == 1 - p).sum())
        responses += int((nodes[T_KEY, 1:grown] >> 48 == 1).sum())
        root_children = nodes[T_VISITS, 1:grown][actors == p].sum()
        assert root_children >= 60                        # every iteration walked through a move of p's
        sc[:] = before
        sc[S_RNG] = int(before[S_RNG]) ^ 0x5A5A5A
        assert _tree_order(state, p, scratch) == chosen    # another battle RNG state, the same choice
        sc[:] = before
    assert opponents >= 5 and responses >= 1


def test_a_battle_with_a_tree_search_player_replays_exactly_on_any_thread_count():
    kw = dict(n_games=6, seed=9, strategies=("ismcts:12", "reserve"))
    one, two = play_games(threads=1, **kw).games, play_games(threads=2, **kw).games
    assert one.equals(two)
    for g in (1, 4):
        r = replay_game(seed_of_game(9, g), strategies=("ismcts:12", "reserve"))
        assert (r.result["winner"], r.result["turns"]) == (one.winner[g], one.turns[g])
        assert r.result["first_kills"] == one.first_kills[g]


def test_the_tree_search_is_not_the_flat_search_under_another_name():
    kw = dict(n_games=12, seed=3)
    tree = play_games(strategies=("ismcts:12", "reserve"), **kw).games
    flat = play_games(strategies=("search:12", "reserve"), **kw).games
    cols = ["winner", "turns", "first_kills", "second_kills", "first_orders", "second_responses"]
    assert not tree[cols].equals(flat[cols])


def test_ismcts_is_accepted_by_sweep_replay_and_bench(tmp_path):
    res = invoke("sweep", "--game", "skirmish", "--games", "4", "--variants", "full", "--strategy", "ismcts:4",
                 "--out", str(tmp_path / "s.csv"))
    assert res.exit_code == 0 and "ismcts:4" in res.output, res.output
    res = invoke("replay", "--game", "skirmish", "--seed", "2", "--strategy", "ismcts:4")
    assert res.exit_code == 0 and "ismcts:4" in res.output.splitlines()[0], res.output
    res = invoke("strategies", "list", "--game", "skirmish")
    assert "ismcts:N" in res.output
