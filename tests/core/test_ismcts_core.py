"""The game-agnostic ISMCTS tree (simcore/ismcts.py), on games small enough to solve by hand."""
import numpy as np
import pytest

from simcore.errors import StrategyError
from simcore.ismcts import (T_AVAIL, T_VISITS, W_EXPAND, deal_number, in_tree, parse_ismcts, tree_arrays, tree_backprop, tree_best,
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


def _grow(budget, expand, replies, second_keys=np.array([1, 2, 3], np.int64)):
    """A tree grown over ``budget`` iterations: side 0's root (KEYS2), then a decision of side ``1`` (three
    options), then side 0 again (three options); every result a draw. The (actor, depth) of each node."""
    nodes, totals, walk = tree_arrays(budget, expand=expand, replies=replies)
    tree_start(nodes, totals, walk)
    for _ in range(budget):
        walk_start(walk)
        for keys, actor in ((KEYS2, 0), (second_keys, 1), (second_keys + 10, 0)):
            if in_tree(walk):
                tree_choose(nodes, totals, walk, keys, len(keys), actor, UCB_C)
        tree_backprop(nodes, totals, walk, 0.5)
    depth = {0: 0}
    for v in range(walk[0]):
        child = nodes[0, v]
        while child >= 0:
            depth[child] = depth[v] + 1
            child = nodes[1, child]
    return [(int(nodes[3, v]), depth[v]) for v in range(1, walk[0])]


def test_a_node_below_the_root_branches_only_after_expand_visits():
    # expand 1 (the default): a root child branches on its second visit; expand 4: on its fifth, its first
    # four walks leaving the tree there with the heuristic's move (option 0), as a flat rollout plays on
    assert tree_arrays(10)[2][W_EXPAND] == 1
    assert sorted(_grow(4, 1, 1)) == [(0, 1), (0, 1), (1, 2), (1, 2)]
    assert sorted(_grow(4, 4, 1)) == [(0, 1), (0, 1)]
    grown = _grow(12, 4, 1)            # two root children of 6 visits each: 6 - 4 = 2 replies under each
    assert sorted(grown) == [(0, 1)] * 2 + [(1, 2)] * 4


def test_an_unvisited_node_plays_the_heuristics_move_and_leaves_the_tree():
    nodes, totals, walk = tree_arrays(10, expand=3)
    tree_start(nodes, totals, walk)
    for _ in range(2):                                 # both root options, one visit each
        walk_start(walk)
        tree_choose(nodes, totals, walk, KEYS2, 2, 0, UCB_C)
        tree_backprop(nodes, totals, walk, 0.5)
    walk_start(walk)
    tree_choose(nodes, totals, walk, KEYS2, 2, 0, UCB_C)
    assert in_tree(walk)
    assert tree_choose(nodes, totals, walk, np.array([5, 6], np.int64), 2, 1, UCB_C) == 0
    assert not in_tree(walk) and walk[0] == 3          # nothing added below the root's child


def test_without_replies_in_the_tree_the_other_side_plays_its_heuristic_and_the_walk_goes_on():
    # replies 0: side 1's decision is no node (option 0, the heuristic's); side 0's next move is the root
    # child's child
    grown = _grow(8, 1, 0)
    assert {actor for actor, _ in grown} == {0}
    assert sorted(grown) == [(0, 1)] * 2 + [(0, 2)] * 6
    nodes, totals, walk = tree_arrays(4, replies=0)
    tree_start(nodes, totals, walk)
    walk_start(walk)
    tree_choose(nodes, totals, walk, KEYS2, 2, 0, UCB_C)
    tree_backprop(nodes, totals, walk, 0.5)
    walk_start(walk)
    tree_choose(nodes, totals, walk, KEYS2, 2, 0, UCB_C)
    tree_backprop(nodes, totals, walk, 0.5)
    walk_start(walk)
    tree_choose(nodes, totals, walk, KEYS2, 2, 0, UCB_C)
    at = walk[1]
    assert tree_choose(nodes, totals, walk, np.array([5, 6], np.int64), 2, 1, UCB_C) == 0
    assert in_tree(walk) and walk[1] == at


def _children(nodes, v):
    out, child = [], nodes[0, v]
    while child >= 0:
        out.append(child)
        child = nodes[1, child]
    return out


def test_progressive_widening_offers_a_node_its_first_options_as_its_visits_grow():
    # widen 10: a node of v visits offers 1 + floor(sqrt(v)) options, the heuristic's (option 0) alone until
    # it has 4 visits; the walk goes on through option 0's node meanwhile, so the heuristic's line is in the tree
    keys = REPLY_KEYS
    for budget in (3, 10, 40):
        nodes, walk = _grown(budget, widen=10)
        for v in range(1, walk[0]):
            if nodes[3, v] == 0:          # a root child: its replies are widened by its visits
                k = len(_children(nodes, v))
                assert k <= 1 + int(np.sqrt(nodes[T_VISITS, v]))
                assert all(nodes[2, c] in keys[:k] for c in _children(nodes, v))
    # without widening the same walk tries a new reply on each visit
    assert len(_children(*_grow_root_child(10, widen=0))) > len(_children(*_grow_root_child(10, widen=10)))


REPLY_KEYS = np.arange(8, dtype=np.int64) + 100


def _grown(budget, widen):
    """(nodes, walk) of a tree grown ``budget`` iterations: two root moves, then eight replies, draws all."""
    nodes, totals, walk = tree_arrays(budget, widen=widen)
    tree_start(nodes, totals, walk)
    for _ in range(budget):
        walk_start(walk)
        tree_choose(nodes, totals, walk, KEYS2, 2, 0, UCB_C)
        if in_tree(walk):
            tree_choose(nodes, totals, walk, REPLY_KEYS, 8, 1, UCB_C)
        tree_backprop(nodes, totals, walk, 0.5)
    return nodes, walk


def _grow_root_child(budget, widen):
    nodes, _ = _grown(budget, widen)
    return nodes, _children(nodes, 0)[-1]     # the first child added: option 0's


def test_progressive_bias_favours_the_heuristics_option_until_the_visits_tell():
    # all results draws: without bias UCB1 shares visits evenly; with it option 0 (the heuristic's) gets more
    def visits(bias):
        nodes, totals, walk = tree_arrays(40, bias=bias)
        tree_start(nodes, totals, walk)
        keys = np.array([1, 2, 3, 4], np.int64)
        for _ in range(40):
            walk_start(walk)
            tree_choose(nodes, totals, walk, keys, 4, 0, UCB_C)
            tree_backprop(nodes, totals, walk, 0.5)
        return {int(nodes[2, c]): int(nodes[T_VISITS, c]) for c in _children(nodes, 0)}
    flat, biased = visits(0), visits(20)
    assert flat == {1: 10, 2: 10, 3: 10, 4: 10}
    assert biased[1] > max(biased[k] for k in (2, 3, 4)) and sum(biased.values()) == 40


def test_common_random_numbers_give_each_root_moves_jth_visit_the_jth_deal():
    # crn (the default): an iteration's deal is the number of earlier visits of the root move it took, as the
    # flat searches of Star Realms and the skirmish number their rollouts; crn 0: the iteration's own number
    for crn, want in ((1, [0, 0, 1, 1, 2, 2]), (0, [0, 1, 2, 3, 4, 5])):
        nodes, totals, walk = tree_arrays(6, crn=crn)
        tree_start(nodes, totals, walk)
        deals = []
        for it in range(6):
            walk_start(walk)
            tree_choose(nodes, totals, walk, KEYS2, 2, 0, UCB_C)
            deals.append(int(deal_number(nodes, walk, it)))
            tree_backprop(nodes, totals, walk, 0.5)
        assert deals == want


def test_a_tree_setting_that_is_no_whole_number_is_one_line_naming_the_variable(monkeypatch):
    from simcore.errors import CommandsimError
    from simcore.ismcts import tree_arrays
    monkeypatch.setenv("COMMANDSIM_ISMCTS_BIAS", "2.5")
    with pytest.raises(CommandsimError, match="COMMANDSIM_ISMCTS_BIAS: expected a whole number >= 0, got '2.5'"):
        tree_arrays(10)
    monkeypatch.setenv("COMMANDSIM_ISMCTS_BIAS", "20")
    assert tree_arrays(10) is not None
