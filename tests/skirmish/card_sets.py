"""Random skirmish data for the card-set fuzz test (tests/skirmish/test_skirmish_fuzz.py) and its longer run
(``python3 -m benchmarks.fuzz_cards --game skirmish``): hypothesis edits the shipped commands (costs, 0 too,
and every effect number within the schema), the unit profiles and the forces' Command Points, and adds copies
of commands under new names to the sets; each set of data is refused up front by the checks that `cards
validate --game skirmish` runs, or plays battles with every command set (on each seat), each within a time
limit, whose Command Points stay within the budgets and whose results are a win, a loss or a draw."""
from __future__ import annotations

import copy
from dataclasses import replace

from hypothesis import strategies as st

from simcore.bounds import LABELS as BOUND_LABELS
from simcore.errors import CommandsimError
from simcore.games.skirmish.card_data import LIMITS, PROFILE_LIMITS, SkirmishData, compile_sets, load_data
from simcore.games.skirmish.layout import L_CP
from simcore.games.skirmish.setup import Matchup, budgets_of
from simcore.games.skirmish.simulate import play_games, replay_game, seed_of_game
from tests.time_limit import games_within

SHIPPED = load_data()
GAMES_PER_SET = 4


@st.composite
def data_sets(draw) -> SkirmishData:
    data = copy.deepcopy(SHIPPED)
    n = len(data.commands)
    for i in draw(st.lists(st.sampled_from(range(n)), max_size=5, unique=True)):
        c = data.commands[i]
        data.commands[i] = replace(c, cost=draw(st.integers(*LIMITS["cost"])),
                                   effects=[(op, draw(st.integers(*LIMITS["n"]))) for op, _ in c.effects])
    for i in draw(st.lists(st.sampled_from(range(len(data.units))), max_size=2, unique=True)):
        u = data.units[i]
        data.units[i] = replace(u, profile={f: draw(st.integers(*PROFILE_LIMITS[f])) for f in u.profile})
    for name in draw(st.lists(st.sampled_from(sorted(data.forces)), max_size=2, unique=True)):
        data.forces[name] = replace(data.forces[name], cp=draw(st.integers(*LIMITS["cp"])))
    for k in range(draw(st.integers(0, 3))):      # a copy of a command under a new name, in one set
        base = data.commands[draw(st.sampled_from(range(n)))]
        new = replace(base, name=f"Fuzz {k}", cost=draw(st.integers(*LIMITS["cost"])))
        data.commands.append(new)
        s = draw(st.sampled_from(sorted(data.sets)))
        data.sets[s] = (*data.sets[s], new.name)
        data.set_costs.setdefault(s, {})
    return data


def pairs(data: SkirmishData) -> list[tuple[str, str]]:
    """Every command set on each seat: each against the next one in the data's order (itself when alone)."""
    sets = list(data.sets)
    return [(a, sets[(i + 1) % len(sets)]) for i, a in enumerate(sets)]


def refused(data: SkirmishData) -> bool:
    """Whether compiling a pair of command sets refuses the data (as `cards validate` compiles every pair)."""
    try:
        for a in data.sets:
            for b in data.sets:
                compile_sets(data, (a, b))
    except CommandsimError:
        return True
    return False


def play_every_set(data: SkirmishData, max_turns: int = 6) -> None:
    """Battles of every command set (``pairs``), each within its time limit: results and bounds the per-game
    record knows, and in one replayed battle per pair both forces' Command Points within their budgets."""
    forces = sorted(data.forces)
    for k, sets in enumerate(pairs(data)):
        m = Matchup((forces[k % len(forces)], forces[(k + 1) % len(forces)]), sets, max_turns=max_turns)
        tables = compile_sets(data, sets)
        rec = games_within(GAMES_PER_SET, f"battles of the sets {sets[0]} vs {sets[1]}", play_games, GAMES_PER_SET,
                           3, m, ("random", "reserve"), tables=tables, threads=1, key="skirmish batch")
        assert set(rec.games["winner"]) <= {"first", "second", "draw"}
        assert set(rec.games["bound"]) <= set(BOUND_LABELS)
        r = games_within(1, f"a replayed battle of {sets[0]} vs {sets[1]}", replay_game, seed_of_game(3, 0), m,
                         ("reserve", "random"), tables, key="skirmish replay")
        budget = budgets_of(tables, m)
        for p in range(2):
            assert (r.events[:, L_CP + p] >= 0).all() and (r.events[:, L_CP + p] <= budget[p]).all()
        assert r.result["winner"] in ("first", "second", "draw")
