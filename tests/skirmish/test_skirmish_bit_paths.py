"""The own-window decision's bit paths (issue 52's speed work): the units a decision reads (their sides, the
enemy's positions, contact, pinned, suppression), the units a command's eligibility allows, the command rows a
side's set can hold and a Move's best place, each read from bitmasks. They must give what the checks and the
place-by-place valuation give, in every state (units off the track included), or the heuristic would choose
otherwise than "Before declaring a command: the five checks" and its values say."""
import math

import numpy as np
import pytest

from simcore.games.skirmish.card_data import load_tables
from simcore.games.skirmish.checks import eligible, engaged_units, pinned, set_rows
from simcore.games.skirmish.layout import (CFG_AVAIL, CFG_N_UNITS, CFG_OBJECTIVE, CFG_TRACK, PLACE, U_ALIVE, U_POS,
                                           U_RANGE, U_SIDE, U_STATUS, U_SUPP)
from simcore.games.skirmish.opcodes import CC_STATUS, ST_HOLDING
from simcore.games.skirmish.players.library import strategy_rows
from simcore.games.skirmish.players.params import P_W_ADVANCE, P_W_HOLD, P_W_OBJECTIVE
from simcore.games.skirmish.players.policy import (NO_CANDIDATE, SHAPE_MOVE, best_move_place, candidate_shape,
                                                   eligible_units, enemy_places, enemy_within, unit_bits)
from simcore.games.skirmish.setup import Matchup

from tests.skirmish.test_skirmish_check_paths import random_states


@pytest.mark.parametrize("forces, sets", [(("line", "elite"), ("full", "no-responses")),
                                          (("raiders", "line"), ("covering-fire-2cp", "full"))])
def test_a_decision_reads_every_unit_as_the_checks_do(forces, sets):
    """The units' bits one pass gives (``policy.unit_bits``) are the scans' (sides, ``enemy_places``,
    ``checks.engaged_units``, ``checks.pinned``, suppression), and the units a command's eligibility allows
    (``policy.eligible_units``) are those the second check (``checks.eligible``) allows, for every row."""
    tables = load_tables(command_sets=sets)
    rng = np.random.default_rng(52)
    off_track = 0
    for cmds, u, n, sc, cfg in random_states(tables, Matchup(forces=forces, command_sets=sets), rng, 80):
        off_track += any(u[i, U_ALIVE] and not 0 <= u[i, U_POS] <= 62 for i in range(n))
        for p in range(2):
            mine, foes, places, contact, pinned_units, unsuppressed = unit_bits(u, n, p)
            alive = [i for i in range(n) if u[i, U_ALIVE]]
            assert mine == sum(1 << i for i in alive if u[i, U_SIDE] == p)
            assert foes == sum(1 << i for i in alive if u[i, U_SIDE] != p)
            assert places == enemy_places(u, n, p)
            assert contact == engaged_units(u, n)
            assert pinned_units == sum(1 << i for i in alive if u[i, U_SIDE] == p and pinned(u, i))
            assert unsuppressed == sum(1 << i for i in alive if u[i, U_SIDE] == p and u[i, U_SUPP] == 0)
            for c in range(cmds.shape[0]):
                assert eligible_units(cmds, c, mine, pinned_units, contact, unsuppressed) == sum(
                    1 << i for i in range(n) if eligible(cmds, u, n, p, c, i)), (p, c)
    assert off_track > 0            # the scans' fallbacks were taken too


def test_a_side_s_command_rows_end_at_its_last_set_row():
    """The decision loops stop at ``checks.set_rows``: no row of a side's set lies at or after it, its last
    row lies just before it, and a side with no command scans none."""
    tables = load_tables(command_sets=("full", "no-responses"))
    from simcore.games.skirmish.setup import build_setup
    _, cfg = build_setup(tables, Matchup(command_sets=("full", "no-responses")))
    for p in range(2):
        avail = int(cfg[CFG_AVAIL + p])
        rows = set_rows(cfg, p)
        assert avail >> rows == 0 and (avail >> (rows - 1)) & 1 == 1
    cfg = cfg.copy()
    cfg[CFG_AVAIL] = 0
    assert set_rows(cfg, 0) == 0


def move_place_by_loop(strat, cmds, u, n, cfg, p, c, i, reach, price):
    """A Move's first best place as the rules value it, place by place in order (the value of
    ``policy.order_value``, its enemy scan ``enemy_within``), in Python floats (IEEE doubles, as the engine's)."""
    pos, obj, track, rng = int(u[i, U_POS]), int(cfg[CFG_OBJECTIVE]), int(cfg[CFG_TRACK]), int(u[i, U_RANGE])
    w_obj, w_adv, w_hold = float(strat[p, P_W_OBJECTIVE]), float(strat[p, P_W_ADVANCE]), float(strat[p, P_W_HOLD])
    d_now = abs(pos - obj)
    may_advance = not enemy_within(u, n, p, pos, rng)
    holding = u[i, U_STATUS] & ST_HOLDING != 0
    takes_hold = cmds[c, CC_STATUS] & ST_HOLDING != 0 and d_now <= 1 and not holding
    best_v, best_t = 0.0, NO_CANDIDATE
    for to in range(max(0, pos - reach), min(track, pos + reach + 1)):
        if to == pos:
            continue
        v = 0.0
        v += w_obj * (d_now - abs(to - obj))
        if may_advance and enemy_within(u, n, p, to, rng):
            v += w_adv
        if holding:
            v -= w_hold
        if takes_hold:
            v += w_hold
        v = v - price
        if best_t == NO_CANDIDATE or v > best_v:
            best_v, best_t = v, PLACE + to
    return best_v, best_t


def test_a_move_s_best_place_from_bits_is_the_place_by_place_choice():
    """A Move's place (``policy.best_move_place``, from the places as bits) is the first best of valuing every
    place in order - with weights whose sums round together (a tiny objective weight beside a large advance
    or price), zero, negative, infinite and NaN weights, holding units and a Move that takes the objective,
    long tracks (the bits' last place, and one past them: the loop) and units off the track."""
    tables = load_tables(command_sets=("full", "full"))
    rng = np.random.default_rng(520)
    _, base = strategy_rows(("reserve", "tuned"))
    w_objs = [0.25, 1.0, 1e-17, 3e-300, 5e-324, 1e17, 0.0, -0.5, math.inf, math.nan]
    w_advs = [0.6, 0.25, 0.0, -1.0, 1e17, 1e-17, math.inf, math.nan]
    w_holds = [0.9, 0.0, 1e17]
    prices = [0.25, 0.0, 1e20, -0.1, 0.25000000000000006]
    fast = not_nearest = 0
    for cmds, u, n, sc, cfg in random_states(tables, Matchup(forces=("line", "raiders")), rng, 150):
        cfg = cfg.copy()
        track = int(rng.choice([13, 13, 30, 63, 64]))
        cfg[CFG_TRACK] = track
        cfg[CFG_OBJECTIVE] = int(rng.choice([track // 2, 0, track - 1, 5]))
        if track > 13:
            u[:n, U_POS] = rng.integers(0, track, n)
        u[:n, U_STATUS] = rng.integers(0, 2, n) * ST_HOLDING
        cmds = cmds.copy()
        moves = [c for c in range(cmds.shape[0]) if candidate_shape(cmds, tables.eff, c) == SHAPE_MOVE]
        assert moves
        for c in moves:
            cmds[c, CC_STATUS] = ST_HOLDING if rng.random() < 0.3 else 0
        strat = base.copy()
        for p in range(2):
            strat[p, P_W_OBJECTIVE] = rng.choice(w_objs)
            strat[p, P_W_ADVANCE] = rng.choice(w_advs)
            strat[p, P_W_HOLD] = rng.choice(w_holds)
        for p in range(2):
            places = enemy_places(u, n, p)
            for c in moves:
                for i in range(int(cfg[CFG_N_UNITS])):
                    if u[i, U_SIDE] != p:
                        continue
                    reach = int(rng.integers(0, 30))
                    price = float(rng.choice(prices))
                    got = best_move_place(strat, cmds, u, n, cfg, p, c, i, reach, places, price)
                    want = move_place_by_loop(strat, cmds, u, n, cfg, p, c, i, reach, price)
                    assert got[1] == want[1] and (got[0] == want[0] or (math.isnan(got[0]) and math.isnan(want[0]))), \
                        (p, c, i, reach, price, strat[p, P_W_OBJECTIVE], strat[p, P_W_ADVANCE], got, want)
                    w = strat[p, P_W_OBJECTIVE]
                    if places >= 0 and track <= 63 and 0 < w < math.inf and want[1] != NO_CANDIDATE:
                        fast += 1
                        nearest = min(abs(to - cfg[CFG_OBJECTIVE]) for to in range(
                            max(0, u[i, U_POS] - reach), min(track, u[i, U_POS] + reach + 1)) if to != u[i, U_POS])
                        not_nearest += abs(want[1] - PLACE - cfg[CFG_OBJECTIVE]) > nearest
    assert fast > 500 and not_nearest > 20      # the bits' path ran, and often chose a place not nearest the objective
