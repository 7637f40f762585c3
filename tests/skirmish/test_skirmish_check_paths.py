"""The seed's five checks ("Before declaring a command: the five checks") as the own-window decision runs them:
split into a command-and-unit part checked once and a target part, over only the candidate targets within
reach, and the response window's quick tests (speed paths, issue 34). They must allow exactly the commands
``check_declare`` allows, in every state, or the policies would choose among other commands."""
import numpy as np
import pytest

from simcore.games.skirmish.batch import padded_tables
from simcore.games.skirmish.card_data import load_tables
from simcore.games.skirmish.checks import check_declare, engaged, engaged_units, order_declarable, own_target_legal
from simcore.games.skirmish.layout import (CFG_N_UNITS, CFG_TRACK, MAX_UNITS, N_SC, N_U, PLACE, S_CP, U_ALIVE, U_COVER,
                                           U_POS, U_RESTR, U_SUPP)
from simcore.games.skirmish.opcodes import CC_COST, CHK_OK
from simcore.games.skirmish.rules import deploy
from simcore.games.skirmish.setup import Matchup, build_setup
from simcore.games.skirmish.players.library import strategy_rows
from simcore.games.skirmish.players.params import (N_PARAMS, P_CP_VALUE, P_MIN_VALUE, P_RESERVE, P_SPEND_ANYWAY,
                                                   RESTRICT_BAN, RESTRICT_FORCE)
from simcore.games.skirmish.players.policy import (any_response, banned, candidate_span, choose_order, enemy_near,
                                                   enemy_places, enemy_within, forced, has_responses, may_answer,
                                                   order_target, order_value, response_target, threatened)

ORDER = "tests/fixtures/skirmish/resolution_order.toml"


def random_states(tables, matchup, rng, count):
    """Battlefields after deployment with units moved, hurt, suppressed and restricted at random."""
    cmds, eff, profiles = padded_tables(tables.cmds, tables.eff, tables.profiles)
    setup, cfg = build_setup(tables, matchup)
    n = int(cfg[CFG_N_UNITS])
    for _ in range(count):
        u, sc = np.zeros((MAX_UNITS, N_U), np.int32), np.zeros(N_SC, np.int64)
        deploy(profiles, setup, cfg, u, sc, np.int64(1))
        # few positions, so that units often stand in contact
        u[:n, U_POS] = rng.integers(0, cfg[CFG_TRACK], n) if rng.random() < 0.5 else rng.integers(4, 8, n)
        u[:n, U_ALIVE] = rng.random(n) < 0.85
        u[:n, U_SUPP] = rng.integers(0, 4, n)
        u[:n, U_RESTR] = rng.integers(0, 32, n) * (rng.random(n) < 0.3)
        u[:n, U_COVER] = rng.integers(0, 2, n)
        sc[S_CP:S_CP + 2] = rng.integers(0, 3, 2)
        if rng.random() < 0.1:          # a unit off the track (a scenario's): the bitmasks' fallbacks
            u[rng.integers(0, n), U_POS] = rng.choice([-1, 63, 70])
        yield cmds, u, n, sc, cfg


@pytest.mark.parametrize("overrides, sets, forces", [
    (None, ("full", "no-responses"), ("line", "raiders")),
    (None, ("covering-fire-2cp", "full"), ("elite", "line")),
    (ORDER, ("order", "order"), ("line", "line")),
])
def test_five_checks_split_allow_exactly_what_check_declare_allows(overrides, sets, forces):
    tables = load_tables(overrides, command_sets=sets)
    rng = np.random.default_rng(34)
    tried = allowed = 0
    for cmds, u, n, sc, cfg in random_states(tables, Matchup(forces=forces, command_sets=sets), rng, 40):
        contact = engaged_units(u, n)
        assert contact == sum(1 << i for i in range(n) if u[i, U_ALIVE] and engaged(u, n, i))
        for p in range(2):
            for c in range(tables.cmds.shape[0] + 1):          # and one padded row
                for i in range(n):
                    first, end = candidate_span(cmds, u, cfg, c, i)
                    k = 0
                    while (t := order_target(cmds, cfg, c, i, k)) != -2:
                        expected = check_declare(cmds, u, n, sc, cfg, p, c, i, t, -1, -1, -1) == CHK_OK
                        split = (first <= k < end and order_declarable(cmds, u, n, sc, cfg, p, c, i, contact)
                                 and own_target_legal(cmds, u, n, cfg, p, c, i, t, contact))
                        assert split == expected, (p, c, i, t if t < PLACE else f"place {t - PLACE}")
                        tried += 1
                        allowed += expected
                        k += 1
    assert allowed > 200 and tried > 20 * allowed      # the states hold legal commands and many illegal ones


@pytest.mark.parametrize("overrides, sets, forces", [
    (None, ("full", "covering-fire-2cp"), ("line", "raiders")),
    (ORDER, ("order", "order"), ("elite", "line")),
])
def test_response_window_finds_a_response_exactly_when_check_declare_allows_one(overrides, sets, forces):
    """"The response window": the window's quick tests (a response of the set answering the trigger's kind,
    a living unit of the answering force) skip only what the five checks refuse."""
    tables = load_tables(overrides, command_sets=sets)
    rng = np.random.default_rng(35)
    windows = answered = 0
    for cmds, u, n, sc, cfg in random_states(tables, Matchup(forces=forces, command_sets=sets), rng, 30):
        for p in range(2):
            q = 1 - p
            for tc in range(tables.cmds.shape[0]):
                ti = int(rng.integers(0, n))
                tt = order_target(cmds, cfg, tc, ti, int(rng.integers(0, 13)))
                expected = any(check_declare(cmds, u, n, sc, cfg, q, r, j, response_target(cmds, r, j, ti), tc, ti, tt)
                               == CHK_OK for r in range(cmds.shape[0]) for j in range(n))
                assert any_response(cmds, u, n, sc, cfg, q, tc, ti, tt) == expected, (p, tc, ti, tt)
                for r in range(cmds.shape[0]):
                    if not may_answer(cmds, cfg, q, r, tc):
                        assert all(check_declare(cmds, u, n, sc, cfg, q, r, j, response_target(cmds, r, j, ti), tc,
                                                 ti, tt) != CHK_OK for j in range(n))
                windows += 1
                answered += expected
    assert 20 <= answered < windows          # some windows hold a legal response, not all


def test_enemy_positions_read_from_bits_find_what_a_scan_finds():
    """The Move value's "brings an enemy into range" (policy.order_value) from the enemies' position bits."""
    tables = load_tables(command_sets=("full", "full"))
    rng = np.random.default_rng(36)
    for cmds, u, n, sc, cfg in random_states(tables, Matchup(forces=("line", "raiders")), rng, 30):
        for p in range(2):
            places = enemy_places(u, n, p)
            for x in range(-2, 16):
                for r in (0, 1, 2, 3, 4, 61, 62, 100):
                    assert enemy_near(u, n, p, x, r, places) == enemy_within(u, n, p, x, r), (p, x, r, places)


def every_candidate_choice(strat, cmds, eff, u, n, sc, cfg, p):
    """The heuristic's own-window choice as the rules read: every command, unit and target that passes the
    five checks (``check_declare``), in ``order_target``'s order, valued in full (``order_value``); the first
    best beats the threshold, a forced command's first best whatever the reserve (``policy.choose_order``)."""
    contact = engaged_units(u, n)
    keep = 0
    if sc[S_CP + 1 - p] > 0 and has_responses(cmds) and threatened(u, n, p, contact):
        keep = int(strat[p, P_RESERVE])
    best, best_v = (-1, -1, -1), strat[p, P_MIN_VALUE]
    force, force_v = (-1, -1, -1), -1e18
    for c in range(cmds.shape[0]):
        if banned(strat, p, c):
            continue
        for i in range(n):
            k = 0
            while (t := order_target(cmds, cfg, c, i, k)) != -2:
                k += 1
                if check_declare(cmds, u, n, sc, cfg, p, c, i, t, -1, -1, -1) != CHK_OK:
                    continue
                v = order_value(strat, cmds, eff, u, n, cfg, p, c, i, t)
                if forced(strat, p, c):
                    if force[0] in (-1, c) and v > force_v:
                        force, force_v = (c, i, t), v
                    continue
                v -= cmds[c, CC_COST] * strat[p, P_CP_VALUE]
                if sc[S_CP + p] - cmds[c, CC_COST] < keep and v < strat[p, P_SPEND_ANYWAY]:
                    continue
                if v > best_v:
                    best, best_v = (c, i, t), v
    return force if force[0] >= 0 else best


@pytest.mark.parametrize("overrides, sets, forces", [
    (None, ("full", "covering-fire-2cp"), ("line", "raiders")),
    (None, ("full", "full"), ("elite", "line")),
    (ORDER, ("order", "order"), ("raiders", "elite")),
])
def test_own_window_choice_is_the_first_best_of_every_legal_candidate(overrides, sets, forces):
    """"Before declaring a command: the five checks": the decision weighs each command and unit's targets at
    once (a Move's places, an enemy among the living foes within reach: ``policy.best_candidate``), and must
    choose exactly what weighing every legal candidate one by one chooses, ties to the first, with weights
    that make ties common (whole numbers, zero, negative) and commands banned or forced (restricted play)."""
    tables = load_tables(overrides, command_sets=sets)
    cmds, eff, _ = padded_tables(tables.cmds, tables.eff, tables.profiles)
    rng = np.random.default_rng(37)
    _, base = strategy_rows(("reserve", "tuned"))
    chosen = set()
    for _, u, n, sc, cfg in random_states(tables, Matchup(forces=forces, command_sets=sets), rng, 60):
        strat = base.copy()
        if rng.random() < 0.7:
            strat[:, 1:P_CP_VALUE + 1] = rng.choice([-1.0, 0.0, 0.5, 1.0, 2.0], (2, P_CP_VALUE))
        strat[:, P_RESERVE] = rng.integers(0, 3, 2)
        strat[:, N_PARAMS:N_PARAMS + cmds.shape[0]] = rng.choice([0.0, 0.0, 0.0, RESTRICT_BAN, RESTRICT_FORCE],
                                                                 (2, cmds.shape[0]))
        sc[S_CP:S_CP + 2] = rng.integers(0, 5, 2)
        for p in range(2):
            got = tuple(int(x) for x in choose_order(strat, cmds, eff, u, n, sc, cfg, p))
            assert got == every_candidate_choice(strat, cmds, eff, u, n, sc, cfg, p), (p, got)
            chosen.add(got[0])
    assert len(chosen) >= 4          # passing and several commands were chosen
