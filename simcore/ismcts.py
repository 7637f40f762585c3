"""The game-agnostic tree of the information-set search player (``ismcts:N``).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 2012): one tree, grown over many determinizations, whose nodes are the *moves* made since
the searched decision, by either side, not the states they lead to. Every iteration deals anew what
the searcher cannot see (the game's ``determinize``, as ``search:N`` does), then walks the tree from
the root: at each searched decision of either side it asks ``tree_choose`` which of the options legal
*in this deal* to play. A move already in the tree is chosen by UCB1 from the point of view of the
side that makes it, counting as its trials only the iterations in which it was legal (the
"availability" count of the paper); the first option not yet in the tree (options come in the game's
order, the heuristic's own choice first) is added, and from there the game is played out by the
heuristic. The result is then credited to every node walked (``tree_backprop``), and after the budget
the searcher plays the root's most visited move (``tree_best``).

A game's search file owns everything game-specific: which decisions are searched, their options and
the *key* of each option, which must name what the option does in terms every deal shares (a card type,
a unit and its target: never a pile position that another deal fills differently). Two options with one
key are one move.

The tree lives in the caller's arrays (``tree_arrays``): nothing here allocates, so it runs inside the
engines' ``_nrt=False`` hot code, and the walk draws no random numbers: given the deals, which come
from ``decision_rng``, the tree is a function of the game's seed, as a flat search is.

* ``nodes``: int64[N_T, capacity], one column per node (T_* rows); node 0 is the root.
* ``totals``: float64[capacity], each node's summed results for the side that made its move.
* ``walk``: int64[W_PATH + MAX_DEPTH], the current iteration's path (W_* cells).
"""
from __future__ import annotations

import math

import numpy as np

from .jit import hot

ISMCTS_PREFIX = "ismcts:"

T_FIRST = 0      # first child, -1: none
T_NEXT = 1       # next sibling, -1: none
T_KEY = 2        # the move's key (the game's)
T_ACTOR = 3      # the side that made the move (0 or 1)
T_VISITS = 4     # iterations that walked through this node
T_AVAIL = 5      # iterations in which this move was legal where it was chosen
N_T = 6

W_NODES = 0      # nodes in use
W_NODE = 1       # where the walk is; -1 once it has left the tree (the rest is the heuristic's)
W_DEPTH = 2      # nodes on the path
W_EXPAND = 3     # visits a node below the root needs before the walk branches there (``tree_arrays``)
W_REPLIES = 4    # 1: the other side's moves are tree nodes; 0: the heuristic makes them (``tree_arrays``)
W_ROOT_ACTOR = 5 # the side deciding at the root (set by the root's ``tree_choose``)
W_WIDEN = 6      # progressive widening below the root, in tenths: a node of v visits offers its first
                 # 1 + floor(W_WIDEN / 10 * sqrt(v)) options (the heuristic's first); 0: all (``tree_arrays``)
W_BIAS = 7       # progressive bias, in tenths: UCB1 adds W_BIAS / 10 / (visits + 1) to the heuristic's option
W_CRN = 8        # 1: common random numbers at the root (``deal_number``); 0: a deal per iteration
W_PATH = 9
MAX_DEPTH = 512  # a path this deep leaves the tree (a budget of 100,000 grows at most one node per iteration)


def _env(name: str, default: int) -> int:
    """A tree setting from the environment (``COMMANDSIM_ISMCTS_*``: for measuring variants, docs/strategies.md)."""
    import os

    from .errors import CommandsimError
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isascii() or not text.isdigit():
        raise CommandsimError(f"{name}: expected a whole number >= 0, got '{text}'")
    return int(text)


def tree_arrays(budget: int, expand: int | None = None, replies: int | None = None, widen: int | None = None,
                bias: int | None = None, crn: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Arrays for one tree of ``budget`` iterations (one node per iteration and the root), with the walk's
    settings (the W_* cells above; each None: its ``COMMANDSIM_ISMCTS_*`` variable, else today's tree with
    common random numbers). Read here, in Python, once per batch: every thread's tree plays alike."""
    cap = int(budget) + 2
    walk = np.zeros(W_PATH + MAX_DEPTH, np.int64)
    walk[W_EXPAND] = max(1, _env("COMMANDSIM_ISMCTS_EXPAND", 1) if expand is None else int(expand))
    walk[W_REPLIES] = int(bool(_env("COMMANDSIM_ISMCTS_REPLIES", 1) if replies is None else replies))
    walk[W_WIDEN] = _env("COMMANDSIM_ISMCTS_WIDEN", 0) if widen is None else int(widen)
    walk[W_BIAS] = _env("COMMANDSIM_ISMCTS_BIAS", 0) if bias is None else int(bias)
    walk[W_CRN] = _env("COMMANDSIM_ISMCTS_CRN", 1) if crn is None else int(bool(crn))
    return np.zeros((N_T, cap), np.int64), np.zeros(cap), walk


@hot
def _new_node(nodes, totals, walk, key, actor):
    v = walk[W_NODES]
    walk[W_NODES] = v + 1
    nodes[T_FIRST, v] = -1
    nodes[T_NEXT, v] = -1
    nodes[T_KEY, v] = key
    nodes[T_ACTOR, v] = actor
    nodes[T_VISITS, v] = 0
    nodes[T_AVAIL, v] = 0
    totals[v] = 0.0
    return v


@hot
def tree_start(nodes, totals, walk):
    """An empty tree: the root alone."""
    walk[W_NODES] = 0
    _new_node(nodes, totals, walk, -1, -1)


@hot
def walk_start(walk):
    """Begin an iteration's walk at the root."""
    walk[W_NODE] = 0
    walk[W_DEPTH] = 1
    walk[W_PATH] = 0


@hot
def in_tree(walk):
    """Whether the walk is still in the tree (else the heuristic plays)."""
    return walk[W_NODE] >= 0


@hot
def tree_choose(nodes, totals, walk, keys, n, actor, c):
    """The option (index < n) that side ``actor`` plays at this decision, the walk moving on with it.

    Call only while ``in_tree(walk)``. A decision of a single option is not a branch: it returns 0
    and the walk stays where it is. Otherwise every option of this deal already in the tree gains a
    trial of availability; the first one not in it becomes a new node, and the walk leaves the tree
    (the rest of the game is the heuristic's); if all are in it, UCB1 picks among them. The walk's settings
    change this below the root: a node of fewer than W_EXPAND visits plays option 0 and leaves the tree;
    with W_REPLIES 0 the other side plays option 0 and the walk stays; W_WIDEN offers only a node's first
    options; W_BIAS adds a prior for option 0 to UCB1."""
    if n < 2:
        return 0
    node = walk[W_NODE]
    depth = walk[W_DEPTH]
    if node == 0:
        walk[W_ROOT_ACTOR] = actor
    elif walk[W_REPLIES] == 0 and actor != walk[W_ROOT_ACTOR]:
        return 0                 # the other side plays its heuristic, as in a flat rollout; the walk stays
    if node > 0 and nodes[T_VISITS, node] < walk[W_EXPAND]:
        # too few visits to tell its moves apart: the heuristic plays on, as in a flat rollout
        walk[W_NODE] = -1
        return 0
    if node > 0 and walk[W_WIDEN] > 0:
        n = min(n, 1 + np.int64(walk[W_WIDEN] * math.sqrt(nodes[T_VISITS, node]) / 10.0))
    untried = -1
    for o in range(n):
        child = nodes[T_FIRST, node]
        found = -1
        while child >= 0:
            if nodes[T_KEY, child] == keys[o] and nodes[T_ACTOR, child] == actor:
                found = child
                break
            child = nodes[T_NEXT, child]
        if found < 0:
            if untried < 0:
                # two options with one key are one move: only the first is looked up
                dup = False
                for j in range(o):
                    dup |= keys[j] == keys[o]
                if not dup:
                    untried = o
        else:
            nodes[T_AVAIL, found] += 1
    if untried >= 0:
        if walk[W_NODES] >= nodes.shape[1] or depth >= MAX_DEPTH:
            walk[W_NODE] = -1
            return untried
        v = _new_node(nodes, totals, walk, keys[untried], actor)
        nodes[T_AVAIL, v] = 1
        nodes[T_NEXT, v] = nodes[T_FIRST, node]
        nodes[T_FIRST, node] = v
        walk[W_PATH + depth] = v
        walk[W_DEPTH] = depth + 1
        walk[W_NODE] = -1
        return untried
    best, best_v, best_child = 0, -1.0, -1
    for o in range(n):
        child = nodes[T_FIRST, node]
        while child >= 0:
            if nodes[T_KEY, child] == keys[o] and nodes[T_ACTOR, child] == actor:
                break
            child = nodes[T_NEXT, child]
        vis = nodes[T_VISITS, child]
        if vis == 0:           # added by an iteration still walking: cannot happen, one walk at a time
            vis = 1
        v = totals[child] / vis + c * math.sqrt(math.log(nodes[T_AVAIL, child]) / vis)
        if o == 0:
            v += walk[W_BIAS] / 10.0 / (vis + 1)
        if v > best_v:
            best, best_v, best_child = o, v, child
    if depth >= MAX_DEPTH:
        walk[W_NODE] = -1
        return best
    walk[W_PATH + depth] = best_child
    walk[W_DEPTH] = depth + 1
    walk[W_NODE] = best_child
    return best


@hot
def crn(walk):
    """Whether the tree deals by common random numbers (``deal_number``)."""
    return walk[W_CRN] != 0


@hot
def deal_number(nodes, walk, iteration):
    """Which deal (and dice) this iteration plays, once the root's ``tree_choose`` has chosen its first move.
    With common random numbers (``W_CRN``, as the flat searches of Star Realms and the skirmish) the j-th
    iteration through each root move plays deal j, so the root's moves are compared on the same worlds; else
    deal ``iteration``."""
    if walk[W_CRN] == 0 or walk[W_DEPTH] < 2:
        return iteration
    return nodes[T_VISITS, walk[W_PATH + 1]]


@hot
def tree_backprop(nodes, totals, walk, value0):
    """Credit an iteration's result to every node it walked: ``value0`` (1 win, 0.5 draw, 0 loss) to
    side 0's moves, 1 - value0 to side 1's."""
    for d in range(walk[W_DEPTH]):
        v = walk[W_PATH + d]
        nodes[T_VISITS, v] += 1
        totals[v] += value0 if nodes[T_ACTOR, v] == 0 else 1.0 - value0
    walk[W_NODE] = -1


@hot
def tree_best(nodes, keys, n, actor):
    """The root option played after the search: the most visited move (ties: the lower option, so the
    heuristic's own choice, option 0, wins a tie)."""
    best, best_v = 0, -1
    for o in range(n):
        child = nodes[T_FIRST, 0]
        while child >= 0:
            if nodes[T_KEY, child] == keys[o] and nodes[T_ACTOR, child] == actor:
                if nodes[T_VISITS, child] > best_v:
                    best, best_v = o, nodes[T_VISITS, child]
                break
            child = nodes[T_NEXT, child]
    return best


def parse_ismcts(name: str) -> tuple[int, str | None] | None:
    """(iterations per decision, base strategy or None) of an ``ismcts:N`` or ``ismcts:N:BASE`` name;
    None for any other name. As ``search:N``: N is 1 to MAX_ROLLOUTS, BASE the heuristic played."""
    from .search import parse_prefixed
    return parse_prefixed(name, ISMCTS_PREFIX, "iterations")
