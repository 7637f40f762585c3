"""The game-agnostic ISMCTS tree (simcore/ismcts.py), on games small enough to solve by hand."""
import numpy as np
import pytest

from simcore.errors import StrategyError
from simcore.ismcts import (T_AVAIL, T_VISITS, in_tree, parse_ismcts, tree_arrays, tree_backprop, tree_best,
                            tree_choose, tree_start, walk_start)
from simcore.search import UCB_C, parse_search

KEYS2 = np.array([10, 20], np.int64)


def _search(budget, play):
    """Run ``budget`` iterations of ``play(tree, it)`` (which walks and returns side 0's value) and
    return the root's best option of KEYS2 and the tree."""
    nodes, totals, walk = tree_arrays(budget)
    tree_start(nodes, totals, walk)
    for it in range(budget):
        walk_start(walk)
        v = play((nodes, totals, walk), it)
        tree_backprop(nodes, totals, walk, v)
    return tree_best(nodes, KEYS2, 2, 0), (nodes, totals, walk)


def _choose(tree, keys, actor):
    nodes, totals, walk = tree
    if not in_tree(walk):
        return 0                     # out of the tree: the "heuristic" plays option 0
    return tree_choose(nodes, totals, walk, keys, len(keys), actor, UCB_C)


def test_the_opponents_reply_is_in_the_tree():
    # side 0: move 0 wins unless side 1 answers with its move 1; move 1 is worth 0.6 whatever follows.
    # A rollout with the heuristic answering (always option 0) rates move 0 at 1.0: flat search plays it.
    # With side 1's reply in the tree, side 1 learns to answer 1, and move 0 is worth 0 to side 0.
    def play(tree, it):
        a = _choose(tree, KEYS2, 0)
        b = _choose(tree, KEYS2, 1)
        return (1.0 if b == 0 else 0.0) if a == 0 else 0.6
    best, _ = _search(400, play)
    assert best == 1


def test_options_are_added_in_order_the_heuristics_first_and_the_walk_then_leaves_the_tree():
    nodes, totals, walk = tree_arrays(10)
    tree_start(nodes, totals, walk)
    seen = []
    for _ in range(3):
        walk_start(walk)
        seen.append(tree_choose(nodes, totals, walk, np.array([7, 8, 9], np.int64), 3, 0, UCB_C))
        assert not in_tree(walk)     # a new node: the rest of this iteration is the heuristic's
        tree_backprop(nodes, totals, walk, 0.5)
    assert seen == [0, 1, 2]


def test_a_single_option_is_not_a_branch():
    nodes, totals, walk = tree_arrays(4)
    tree_start(nodes, totals, walk)
    walk_start(walk)
    assert tree_choose(nodes, totals, walk, np.array([5], np.int64), 1, 0, UCB_C) == 0
    assert in_tree(walk) and walk[2] == 1      # still at the root, nothing added


def test_a_move_legal_only_in_some_deals_counts_its_trials_by_availability():
    # option key 30 exists only in odd iterations: its availability counts those, the others every iteration
    nodes, totals, walk = tree_arrays(60)
    tree_start(nodes, totals, walk)
    for it in range(60):
        walk_start(walk)
        keys = np.array([10, 20, 30], np.int64) if it % 2 else np.array([10, 20], np.int64)
        tree_choose(nodes, totals, walk, keys, len(keys), 0, UCB_C)
        tree_backprop(nodes, totals, walk, 0.5)
    children = {int(nodes[2, v]): v for v in range(1, walk[0])}
    assert nodes[T_AVAIL, children[10]] == 60
    assert nodes[T_AVAIL, children[30]] == 30 - 1    # legal in 30 iterations, added in the second one
    assert sum(nodes[T_VISITS, v] for v in children.values()) == 60


def test_results_are_credited_to_the_side_that_moved():
    nodes, totals, walk = tree_arrays(4)
    tree_start(nodes, totals, walk)
    walk_start(walk)
    tree_choose(nodes, totals, walk, KEYS2, 2, 1, UCB_C)     # side 1 moves
    tree_backprop(nodes, totals, walk, 1.0)                   # side 0 won
    assert totals[1] == 0.0 and nodes[T_VISITS, 1] == 1 and nodes[T_VISITS, 0] == 1


def test_the_search_is_a_function_of_its_inputs():
    def play(tree, it):
        a = _choose(tree, KEYS2, 0)
        b = _choose(tree, np.array([1, 2, 3], np.int64), 1)
        return ((it * 7 + a * 3 + b) % 5) / 4
    (b1, t1), (b2, t2) = _search(200, play), _search(200, play)
    assert b1 == b2 and (t1[0] == t2[0]).all() and (t1[1] == t2[1]).all()


def test_ismcts_names_read_as_search_names_do():
    assert parse_ismcts("ismcts:250") == (250, None)
    assert parse_ismcts("ismcts:100:tuned") == (100, "tuned")
    assert parse_ismcts("search:100") is None and parse_search("ismcts:100") is None
    for bad in ("ismcts:0", "ismcts:x", "ismcts:100001", "ismcts:5:"):
        with pytest.raises(StrategyError, match="ismcts"):
            parse_ismcts(bad)
