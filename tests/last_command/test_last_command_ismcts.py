"""The Last Command's tree search player (simcore/games/last_command/tree_search.py, strategy ismcts:N): it
parses and plays the same on any thread count, replays as the batch played it, plays otherwise than the
flat search, grows one tree that holds the opponent's Market actions and Crew placements as well as its
own, and never reads what its side cannot see."""
from __future__ import annotations

import numpy as np

from simcore.games.last_command.search import POINT_MARKET, workspace
from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.simulate import play_games, replay_game
from simcore.games.last_command.tables import C_KIND, KIND_SYSTEM
from simcore.games.last_command.layout import CREW_DECK, HAND, M_SYS_DECK, S_DECISION, S_RNG, SYS_DECK
from simcore.games.last_command import tree_search as T
from simcore.ismcts import T_VISITS, W_NODES
from simcore.games.last_command.players import params as P
from simcore.games.last_command.players.library import engine_budgets, load_spec
from tests.conftest import invoke
from tests.last_command.test_search_last_command import _market_decision

COLS = ["seed", "winner", "turns", "first_hull", "second_hull", "first_purchases", "second_purchases"]


def test_ismcts_names_resolve_to_the_tree_kind_with_a_budget():
    vec = load_spec("ismcts:250").vector
    assert vec[P.P_KIND] == P.KIND_ISMCTS and vec[P.P_ROLLOUTS] == 250
    assert list(engine_budgets(("ismcts:250", "search:8"))) == [250, 8, 1, 0]
    res = invoke("strategies", "show", "ismcts:30", "--game", "last-command")
    assert res.exit_code == 0 and "30" in res.output and "tree" in res.output, res.output
    res = invoke("ladder", "--game", "last-command", "--rungs", "search:4,ismcts:0", "--games", 4)
    assert res.exit_code == 2 and "Traceback" not in res.output and "ismcts:0" in res.output, res.output


def test_ismcts_games_do_not_depend_on_threads_and_replay_from_their_seed():
    stats = np.zeros(3, np.int64)
    seats = ("balanced", "ismcts:6")
    one = play_games(8, seed=11, strategies=seats, threads=1, search_stats=stats)
    two = play_games(8, seed=11, strategies=seats, threads=2)
    assert one.games.equals(two.games)
    assert stats[0] > 0 and stats[1] == 6 * stats[0]
    for g in (0, 5):
        row = one.games.iloc[g]
        r = replay_game(int(row["seed"]), strategies=seats)
        assert (r.result["winner"], r.result["turns"], r.result["first_hull"], r.result["second_hull"]) == \
            (row["winner"], row["turns"], row["first_hull"], row["second_hull"])
    res = invoke("replay", "--game", "last-command", "--seed", 7, "--strategy", "ismcts:4")
    assert res.exit_code == 0 and "buy" in res.output, res.output


def test_ismcts_plays_otherwise_than_the_flat_search():
    # same budget, base and seeds: the two agree on many decisions (option 0 is both's default), not all
    tree = play_games(12, seed=4, strategies=("ismcts:24", "balanced"), threads=2)
    flat = play_games(12, seed=4, strategies=("search:24", "balanced"), threads=2)
    assert not tree.games[COLS].equals(flat.games[COLS])


def test_a_flat_and_a_tree_seat_play_one_game():
    rec = play_games(4, seed=9, strategies=("search:4", "ismcts:4"), threads=2)
    assert rec.strategies == ("search:4", "ismcts:4")
    assert (rec.games["turns"] > 0).all()


def _tree(state, opts, budget=40):
    """The tree ``run_tree`` grows at the Market decision ``state`` of player 0 (``_market_decision``): the
    option it plays, its nodes, and the side of each move in it."""
    tables, cfg, strat, piles, cnt, sc, bought, _ = state
    ws = workspace(strat, tables.cards.shape[0])
    tw = T.tree_workspace(np.array([budget, 0, 1, 0], np.int64))
    ws[9][0, :len(opts)] = [k for k, _ in opts]
    ws[9][1, :len(opts)] = [a for _, a in opts]
    piles, cnt = piles.copy(), cnt.copy()
    T.market_keys(piles, cnt, ws[9], len(opts), tw[T.TW_ROOT_KEYS])
    sc = sc.copy()
    best = T.run_tree(tables.cards, tables.eff, cfg, piles, cnt, sc, strat, 0, budget, POINT_MARKET, len(opts), 0,
                      0, ws, tw)
    n = tw[T.TW_WALK][W_NODES]
    return best, tw[T.TW_NODES][:, :n].copy(), T.tree_actors(tw)


def test_the_tree_holds_the_opponents_moves():
    state = _market_decision()
    best, nodes, actors = _tree(state, state[-1])
    assert 0 <= best < len(state[-1])
    assert nodes[T_VISITS, 0] == 40                     # the root: every iteration
    assert len(actors) <= 40 and set(actors) <= {0, 1}
    assert (actors == 0).any() and (actors == 1).any(), "no move of the opponent in the tree"


def test_the_tree_never_reads_hidden_cards():
    state = _market_decision()
    tables, cfg, strat, piles, cnt, sc, bought, opts = state
    base = _tree(state, opts)
    q = 1
    hand, sys_deck = 11 * q + HAND, 11 * q + SYS_DECK
    changed = piles.copy()
    # the opponent's hidden hand (one of its System cards trades places with one in its System deck), and
    # the order of every deck, the opponent's and one's own, and of the face-down Market decks
    i = next(i for i in range(cnt[hand]) if tables.cards[changed[hand, i], C_KIND] == KIND_SYSTEM)
    j = next(j for j in range(cnt[sys_deck]) if tables.cards[changed[sys_deck, j], C_KIND] == KIND_SYSTEM
             and changed[sys_deck, j] != changed[hand, i])
    changed[hand, i], changed[sys_deck, j] = changed[sys_deck, j], changed[hand, i]
    for k in (sys_deck, 11 * q + CREW_DECK, SYS_DECK, CREW_DECK, M_SYS_DECK, M_SYS_DECK + 1):
        changed[k, :cnt[k]] = changed[k, :cnt[k]][::-1]
    assert not np.array_equal(changed, piles)
    sc2 = sc.copy()
    sc2[S_RNG] ^= 0x5A5A5A5A     # the game's dice: future reshuffles
    other = _tree((tables, cfg, strat, changed, cnt, sc2, bought, opts), opts)
    assert other[0] == base[0] and np.array_equal(other[1], base[1])
    # ... while the decision's seed matters: another decision of the game deals other worlds
    sc3 = sc.copy()
    sc3[S_DECISION] += 1
    assert not np.array_equal(_tree((tables, cfg, strat, piles, cnt, sc3, bought, opts), opts)[1], base[1])


def test_ismcts_plays_against_the_solo_ai_and_in_a_sweep(tmp_path):
    stats = np.zeros(3, np.int64)
    rec = play_games(4, seed=2, matchup=Matchup(mode="solo", difficulty="easy"), strategies=("ismcts:6", "balanced"),
                     search_stats=stats)
    assert rec.strategies == ("ismcts:6", "solo-ai") and stats[0] > 0
    res = invoke("sweep", "--game", "last-command", "--games", 4, "--strategy", "ismcts:4", "--quiet", "--out",
                 tmp_path / "s.csv")
    assert res.exit_code == 0, res.output
    assert "ismcts:4" in (tmp_path / "s.csv").read_text()
