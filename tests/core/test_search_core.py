"""The game-agnostic parts of the search players (simcore/search.py)."""
import numpy as np
import pytest

from simcore.errors import StrategyError
from simcore.search import best_option, deal_unseen, decision_rng, parse_search_name, ucb_pick


def _piles(rows):
    piles = np.full((len(rows), 16), -1, np.int64)
    cnt = np.zeros(len(rows), np.int64)
    for k, row in enumerate(rows):
        piles[k, :len(row)] = row
        cnt[k] = len(row)
    return piles, cnt


def _deal(rows, seed=7, buf_len=32):
    piles, cnt = _piles(rows)
    rs = np.array([seed], np.int64)
    deal_unseen(piles, cnt, np.array([0, 1], np.int64), 2, np.zeros(buf_len, np.int64), rs)
    return [list(piles[k, :cnt[k]]) for k in range(len(rows))]


def test_a_deal_keeps_the_cards_and_each_piles_size():
    dealt = _deal([[1, 2, 3], [4, 5, 5, 6], [9, 9]])
    assert [len(p) for p in dealt] == [3, 4, 2]
    assert sorted(dealt[0] + dealt[1]) == [1, 2, 3, 4, 5, 5, 6]
    assert dealt[2] == [9, 9]          # a pile not in the pool is left alone


def test_a_deal_depends_only_on_which_cards_are_unseen_not_where_they_lie():
    # the same unseen cards, hand and deck swapped around: a search must not tell these apart
    assert _deal([[1, 2, 3], [4, 5, 5, 6]]) == _deal([[5, 6, 1], [4, 3, 2, 5]])
    assert _deal([[1, 2, 3], [4, 5, 5, 6]], seed=8) != _deal([[1, 2, 3], [4, 5, 5, 6]], seed=7)


def test_a_deal_is_the_same_whether_the_scratch_sorts_by_counting_or_not():
    """A scratch buffer longer than a large pool by its largest card + 1 sorts the pool by counting; one just
    as long as the pool sorts it in place: the same pool, the same seed, the same deal either way."""
    rng = np.random.default_rng(3)
    for _ in range(200):
        hand, deck = (list(rng.integers(0, 12, rng.integers(0, 16))) for _ in range(2))
        seed = int(rng.integers(0, 1 << 40))
        exact = len(hand) + len(deck)
        assert _deal([hand, deck], seed, buf_len=max(exact, 1)) == _deal([hand, deck], seed, buf_len=exact + 13)


def test_ucb_tries_every_option_then_favours_the_better_one():
    visits = np.zeros(3, np.int64)
    totals = np.zeros(3)
    assert [ucb_pick((np.arange(3) < o).astype(np.int64), totals, 3, 1.4) for o in range(3)] == [0, 1, 2]
    visits[:] = 50
    totals[:] = [10, 40, 20]
    assert ucb_pick(visits, totals, 3, 1.4) == 1
    assert best_option(visits, totals, 3) == 1
    totals[:] = 25
    assert best_option(visits, totals, 3) == 0     # a tie plays the heuristic's own choice


def test_each_decision_has_its_own_search_stream():
    assert len({decision_rng(123, d) for d in range(100)}) == 100
    assert decision_rng(123, 5) == decision_rng(123, 5)


@pytest.mark.parametrize("bad", ["search:", "search:0", "search:x", "search:-3", "search:1000001"])
def test_a_bad_search_budget_names_the_strategy(bad):
    with pytest.raises(StrategyError, match="search:N"):
        parse_search_name(bad)


def test_search_names():
    assert parse_search_name("search:100") == 100
    assert parse_search_name("balanced") is None


def test_a_search_name_may_name_the_heuristic_it_searches():
    from simcore.search import parse_search
    assert parse_search("search:100") == (100, None)
    assert parse_search("search:100:tuned") == (100, "tuned")
    assert parse_search("search:7:out/my strategy.toml") == (7, "out/my strategy.toml")
    with pytest.raises(StrategyError, match="base strategy"):
        parse_search("search:100:")


@pytest.mark.parametrize("game", ["last_command", "star_realms", "skirmish"])
def test_search_n_base_is_that_heuristic_searching(game):
    import importlib
    lib = importlib.import_module(f"simcore.games.{game}.players.library")
    P = importlib.import_module(f"simcore.games.{game}.players.params")
    tuned = lib.resolve("tuned")[1]
    searched = lib.resolve("search:9:tuned")[1]
    assert searched[P.P_ROLLOUTS] == 9
    # the heuristic part is the tuned strategy's, not the default one's
    rest = [i for i in range(P.N_PARAMS) if i not in (P.P_KIND, P.P_ROLLOUTS)]
    assert np.array_equal(searched[rest], tuned[rest])
    assert not np.array_equal(lib.resolve("search:9")[1][rest], tuned[rest])
    for bad in ("search:9:random", "search:9:search:3"):
        with pytest.raises(StrategyError, match="searches a heuristic"):
            lib.resolve(bad)
