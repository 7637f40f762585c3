"""The Star Realms tree search player, ``ismcts:N`` (simcore/games/star_realms/tree_search.py): it parses and
plays through the CLI the same on any thread count, replays as the batch played it, plays otherwise than the
flat search, grows a tree that holds the opponent's moves as well as its own, and plays every mode."""
import numpy as np
import pandas as pd
import pytest

from simcore.games.star_realms import search as S
from simcore.games.star_realms import tree_search as T
from simcore.games.star_realms.batch import new_state
from simcore.games.star_realms.card_data import load_tables
from simcore.games.star_realms.layout import S_ROLLOUT_TURNS, S_ROLLOUTS, S_SEARCHES
from simcore.games.star_realms.setup import SRMatchup, mode_matchups
from simcore.games.star_realms.simulate import _prepare, play_games, replay_game, seed_of_game
from simcore.ismcts import T_ACTOR, T_VISITS, W_NODES
from simcore.games.star_realms.players.library import resolve
from simcore.games.star_realms.players.params import KIND_ISMCTS, P_KIND, P_ROLLOUTS
from tests.conftest import invoke

COUNTERS = [S_SEARCHES, S_ROLLOUTS, S_ROLLOUT_TURNS]   # what a search writes into the real game's scalars

TABLES = load_tables()
RESULT = ["seed", "winner", "turns", "first_authority", "second_authority", "first_purchases", "second_purchases",
          "first_damage", "second_damage", "first_bases_destroyed", "second_bases_destroyed"]
TEAM = SRMatchup(("alliance", "hydra"), "two-against-one")


def test_ismcts_names_resolve_to_the_tree_search_kind():
    name, vec = resolve("ismcts:250")
    assert name == "ismcts:250" and vec[P_KIND] == KIND_ISMCTS and vec[P_ROLLOUTS] == 250
    res = invoke("strategies", "show", "ismcts:30", "--game", "star-realms")
    assert res.exit_code == 0, res.output
    assert "30 tree iterations" in res.output


def test_an_ismcts_ladder_is_the_same_on_one_and_two_threads(tmp_path):
    tables = []
    for threads in (1, 2):
        out = tmp_path / f"ladder{threads}.csv"
        res = invoke("ladder", "--game", "star-realms", "--rungs", "search:6,ismcts:6", "--games", 8, "--seed", 5,
                     "--threads", threads, "--out", out, "-q")
        assert res.exit_code == 0, res.output
        tables.append(out.read_bytes())
    assert tables[0] == tables[1]
    assert "ismcts:6" in pd.read_csv(tmp_path / "ladder1.csv").to_string()


def test_an_ismcts_game_is_the_same_on_any_thread_count_and_replays_as_played():
    seats = ("balanced", "ismcts:8")
    one = play_games(6, 2, SRMatchup(), seats, TABLES, threads=1).games
    two = play_games(6, 2, SRMatchup(), seats, TABLES, threads=2).games
    pd.testing.assert_frame_equal(one, two)
    assert (one["rollouts"] > 0).all()
    for g in range(6):
        r = replay_game(seed_of_game(2, g), SRMatchup(), seats, TABLES)
        row = one.iloc[g]
        assert (r.result["winner"], r.result["turns"], r.result["first_authority"],
                r.result["second_authority"]) == (row["winner"], row["turns"], row["first_authority"],
                                                  row["second_authority"])
    res = invoke("replay", "--game", "star-realms", "--seed", 2, "--index", 1, "--opponent-strategy", "ismcts:8")
    assert res.exit_code == 0, res.output
    assert "ismcts:8" in res.output


def test_ismcts_plays_otherwise_than_the_flat_search():
    # same budget, same base heuristic, same seeds: the flat search and the tree agree often (option 0 is
    # both players' default), but not on every decision of a dozen games
    tree = play_games(12, 4, SRMatchup(), ("ismcts:24", "balanced"), TABLES, threads=2)
    flat = play_games(12, 4, SRMatchup(), ("search:24", "balanced"), TABLES, threads=2)
    assert not tree.games[RESULT].equals(flat.games[RESULT])
    assert not np.array_equal(tree.bought, flat.bought)


def _tree_after_one_decision(matchup, strategies, seed, turns):
    """The tree ``tree_decide`` grew at the first purchase of the side moving after ``turns`` turns (None when
    that purchase has a single option: nothing is searched), and that side."""
    tables, setup, cfg, _, strat, rstrat = _prepare(matchup, strategies, TABLES)
    piles, fl, cnt, sc, log, bought = new_state(tables.cards.shape[0])
    s = S.to_first_purchase(tables.cards, tables.eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought,
                            np.int64(seed), np.int64(turns))
    scratch = S.Scratch(tables.cards.shape[0], T.tree_budget(strat))
    before = sc.copy()
    T.tree_decide(tables.cards, tables.eff, cfg, strat, rstrat[s], piles, fl, cnt, sc, np.int64(99), S.BUY,
                  *scratch.arrays[:2], *scratch.arrays[4:], scratch.tree)
    nodes, walk = scratch.tree[3], scratch.tree[5]
    if walk[W_NODES] <= 1:
        return None, s
    assert np.array_equal(np.delete(sc, COUNTERS), np.delete(before, COUNTERS))   # only the search counters
    return nodes[:, :walk[W_NODES]], s


@pytest.mark.parametrize("matchup,strategies,turns", [
    (SRMatchup(), ("ismcts:50", "balanced"), 6),
    (TEAM, ("balanced", "ismcts:50"), 5),            # the Hydra team searching
])
def test_the_tree_holds_the_opponents_moves(matchup, strategies, turns):
    grown = 0
    for seed in range(3, 9):
        nodes, s = _tree_after_one_decision(matchup, strategies, seed, turns)
        if nodes is None:
            continue
        grown += 1
        actors = nodes[T_ACTOR, 1:]
        assert len(actors) <= 50 and set(actors) <= {0, 1}
        assert nodes[T_VISITS, 0] == 50 and nodes[T_VISITS, 1:].max() >= 1   # the root: every iteration
        assert (actors == s).any() and (actors != s).any(), "no move of the opponent in the tree"
    assert grown >= 3


@pytest.mark.parametrize("matchup", [m for mode in ("standard", "command-vs-standard", "commander-duel",
                                                     "two-against-one") for m in mode_matchups(mode)],
                         ids=lambda m: f"{m.mode}:{m.decks[0]}-{m.decks[1]}")
def test_every_mode_plays_with_an_ismcts_seat(matchup):
    for seats in (("ismcts:6", "balanced"), ("search:6", "ismcts:6")):
        rec = play_games(4, 3, matchup, seats, TABLES, threads=2)
        games = rec.games
        assert games["winner"].notna().all() and (games["turns"] > 0).all()
        assert (games["searched_decisions"] > 0).all() and rec.search[1] > 0
