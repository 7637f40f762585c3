"""The seed's "Using and Resolving Commands" (seed 003), section by section, through the skirmish's scenario
harness: units laid out on the range track, one command given with the response posed, the steps read back."""
from pathlib import Path

import pytest

from simcore.games.skirmish.layout import (EV_APPLY, EV_CHECK, EV_COVER, EV_DECLARE, EV_DONE, EV_EXCEPTION, EV_FAIL,
                                           EV_LOCK, EV_MELEE, EV_MOVE, EV_RESOLVE, EV_SKIP, EV_SUPPRESS, EV_WINDOW,
                                           L_A, L_B, L_C, L_D, L_EVENT)
from simcore.games.skirmish.scenario import DECLINE, Scenario
from simcore.games.skirmish.simulate import replay_game
from simcore.games.skirmish.setup import Matchup

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "skirmish" / "aimed_snap_fire.toml"
ORDER = Path(__file__).resolve().parents[1] / "fixtures" / "skirmish" / "resolution_order.toml"
T = {"unit": "Trooper"}


def trooper(pos, **kw):
    return {**T, "pos": pos, **kw}


def kinds(s):
    return [int(r[L_EVENT]) for r in s.rows()]


def ordered(spec):
    """A scenario with the resolution-order fixture's commands (set ``order``) on both sides."""
    return Scenario.build(spec, command_sets=("order", "order"), overrides=ORDER)


def first(s, ev, **where):
    cols = {"a": L_A, "b": L_B, "c": L_C, "d": L_D}
    for k, r in enumerate(s.rows()):
        if r[L_EVENT] == ev and all(r[cols[c]] == v for c, v in where.items()):
            return k
    raise AssertionError(f"no event {ev} {where} in\n" + "\n".join(s.events()))


# ------------------------------------------------------------------ Before declaring a command: the five checks
def test_before_declaring_a_command_timing_or_trigger_must_be_valid():
    s = Scenario.build({"A": [trooper(3)], "B": [trooper(6)]})
    assert s.check("A1", "Shoot", "B1") == "ok"
    assert s.check("A1", "Snap Fire", "B1") == "timing or trigger not valid"          # a response, no trigger
    assert s.check("B1", "Shoot", "A1", trigger=("A1", "Move", None)) == "timing or trigger not valid"
    # Snap Fire answers movement, not a shooting attack
    assert s.check("B1", "Snap Fire", "A1", trigger=("A1", "Shoot", "B1")) == "timing or trigger not valid"
    assert s.check("B1", "Snap Fire", "A1", trigger=("A1", "Move", None)) == "ok"


def test_before_declaring_a_command_the_unit_must_be_eligible():
    s = Scenario.build({"A": [trooper(5), trooper(2, suppression=3)], "B": [trooper(5), trooper(9)]})
    assert s.check("A1", "Move", place=4) == "unit not eligible"                        # in contact
    assert s.check("A2", "Shoot", "B2") == "unit not eligible"                          # pinned (morale 3)
    assert s.check("A2", "Rally") == "ok"                                                # Rally works pinned
    assert s.check("B2", "Rally") == "unit not eligible"                                 # nothing to rally
    assert s.check("B1", "Move", place=6) == "unit not eligible"                        # in contact too


def test_before_declaring_a_command_its_command_point_cost_must_be_payable():
    s = Scenario.build({"A": [trooper(3)], "B": [trooper(6)]}, cp=(0, 1))
    assert s.check("A1", "Shoot", "B1") == "not enough Command Points"
    assert s.check("B1", "Shoot", "A1") == "ok"
    dear = Scenario.build({"A": [trooper(3)], "B": [trooper(6), trooper(8)]}, cp=(4, 1),
                          command_sets=("full", "covering-fire-2cp"))
    assert dear.check("B2", "Covering Fire", "A1", trigger=("A1", "Shoot", "B1")) == "not enough Command Points"


def test_before_declaring_a_command_any_required_target_must_be_legal():
    s = Scenario.build({"A": [trooper(0)], "B": [trooper(12)]})
    assert s.check("A1", "Shoot", "B1") == "no legal target"                            # out of range
    assert s.check("A1", "Charge", "B1") == "no legal target"                           # out of reach
    assert s.check("A1", "Move", place=5) == "no legal target"                          # beyond its move
    assert s.check("A1", "Move", place=2) == "ok"


def test_before_declaring_a_command_a_restriction_on_the_unit_prevents_it():
    s = Scenario.build({"A": [trooper(3, restrictions=["no_shoot"])], "B": [trooper(6)]})
    assert s.check("A1", "Shoot", "B1") == "a restriction prevents it"
    assert s.check("A1", "Move", place=4) == "ok"


def test_before_declaring_a_command_the_checks_come_in_the_seeds_order():
    # no CP, no target and a restriction: the first failing check in the seed's list is the one reported
    s = Scenario.build({"A": [trooper(0, restrictions=["no_shoot"])], "B": [trooper(12)]}, cp=(0, 0))
    assert s.check("A1", "Shoot", "B1") == "not enough Command Points"


# ------------------------------------------------------------------ Command order: the eight steps
def move_answered_by_snap_fire(to=5):
    s = Scenario.build({"A": [trooper(3)], "B": [trooper(7)]})
    s.order("A1", "Move", place=to, response=("B1", "Snap Fire"))
    return s


def test_command_order_the_eight_steps_come_in_order_with_the_responses_own_declaration():
    s = move_answered_by_snap_fire()
    # 1-4, the response's own 1-3, 5, 6, 7 for each command, 8
    assert s.steps() == [1, 2, 3, 4, 1, 2, 3, 5, 6, 7, 7, 8]


def test_command_order_step_3_spends_the_command_points_and_places_the_token():
    s = move_answered_by_snap_fire()
    assert (s.cp("A"), s.cp("B")) == (3, 3)
    assert s.unit("A1")["tokens"] == {"Move"} and s.unit("B1")["tokens"] == {"Snap Fire"}


def test_command_order_step_5_resolves_the_movement_first_and_step_6_uses_the_updated_position():
    s = move_answered_by_snap_fire(to=5)
    moved, fired = first(s, EV_MOVE), first(s, EV_LOCK)
    assert moved < first(s, EV_RESOLVE, c=6) < fired
    assert s.unit("A1")["pos"] == 5


def test_command_order_step_5_resolves_the_commands_movement_first_unless_it_says_otherwise():
    # both charges list their strike before their movement; A1 is four places from B1
    s = ordered({"A": [trooper(4)], "B": [trooper(8)]})
    s.order("A1", "Wild Charge", "B1", response=DECLINE)
    assert first(s, EV_MOVE) < first(s, EV_MELEE, d=1)            # into contact first, then the strike
    assert EV_SKIP not in kinds(s) and s.unit("A1")["pos"] == 8
    said = ordered({"A": [trooper(4)], "B": [trooper(8)]})
    said.order("A1", "Strike Then Charge", "B1", response=DECLINE)  # movement_first = false: as listed
    assert first(said, EV_SKIP) < first(said, EV_MOVE)
    assert not any(r[L_EVENT] == EV_MELEE and r[L_D] == 1 for r in said.rows())


def test_command_order_step_6_a_response_whose_target_left_its_range_is_skipped():
    # B1 (range 5) at 12 could see A1 at 8 when Snap Fire was declared; A1 then moves to 6, out of range
    s = Scenario.build({"A": [trooper(8)], "B": [trooper(12)]})
    s.order("A1", "Move", place=6, response=("B1", "Snap Fire"))
    assert first(s, EV_SKIP) > first(s, EV_MOVE)
    assert EV_LOCK not in kinds(s)
    assert s.unit("B1")["restrictions"] == {"no_shoot"}        # the rest (its restriction) completes


def test_command_order_step_7_applies_only_the_listed_restrictions_and_statuses():
    s = move_answered_by_snap_fire()
    assert s.unit("A1")["restrictions"] == {"no_move"} and s.unit("A1")["status"] == set()
    h = Scenario.build({"A": [trooper(6)], "B": [trooper(12)]})
    h.order("A1", "Hold", response=DECLINE)
    assert h.unit("A1")["restrictions"] == {"no_move", "no_charge"} and h.unit("A1")["status"] == {"holding"}


def test_command_order_step_8_the_melee_check_follows_the_command_the_response_and_their_effects():
    s = Scenario.build({"A": [trooper(3)], "B": [trooper(5), trooper(8)]})
    s.order("A1", "Move", place=5, response=("B2", "Snap Fire"))
    check = first(s, EV_CHECK)
    assert s.rows()[check][L_A] == 2                                   # A1 and B1 in contact
    assert max(k for k, e in enumerate(kinds(s)) if e == EV_APPLY) < check < first(s, EV_MELEE)


def test_when_is_a_command_complete_after_its_restrictions_its_response_and_the_melee_check():
    s = Scenario.build({"A": [trooper(3)], "B": [trooper(5), trooper(8)]})
    s.order("A1", "Move", place=5, response=("B2", "Snap Fire"))
    s.order("B2", "Hold", response=DECLINE)
    done = first(s, EV_DONE)
    assert first(s, EV_CHECK) < done < max(k for k, e in enumerate(kinds(s)) if e == EV_DECLARE)


# ------------------------------------------------------------------ Responding commands
def test_responding_commands_a_response_costs_command_points_places_its_token_and_its_restrictions():
    s = move_answered_by_snap_fire()
    assert s.cp("B") == 3
    assert s.unit("B1")["tokens"] == {"Snap Fire"} and s.unit("B1")["restrictions"] == {"no_shoot"}


def test_responding_commands_a_response_must_meet_its_own_eligibility():
    s = Scenario.build({"A": [trooper(3), trooper(8)], "B": [trooper(8)]})
    assert s.check("B1", "Snap Fire", "A1", trigger=("A1", "Move", None)) == "unit not eligible"   # in contact


def test_responding_commands_a_response_creates_no_further_response_window():
    s = Scenario.build({"A": [trooper(3)], "B": [trooper(7)]})
    # A's Defend cannot answer B's Snap Fire: only an own-window command opens a window
    assert s.check("A1", "Defend", "A1", trigger=("B1", "Snap Fire", "A1")) == "timing or trigger not valid"
    s.order("A1", "Move", place=5, response=("B1", "Snap Fire"))
    assert kinds(s).count(4) == 1                                       # one window (EV_WINDOW)


WINDOWS = Path(__file__).resolve().parents[1] / "fixtures" / "skirmish" / "response_windows.toml"


def windows(s):
    """(depth, triggering command) of each response window opened (EV_WINDOW's d: 0 the command's own)."""
    return [(int(r[L_D]), s.tables.names[int(r[L_A])]) for r in s.rows() if r[L_EVENT] == EV_WINDOW]


def test_responding_commands_a_response_without_the_rule_opens_no_window_one_with_it_opens_one():
    # the same battle, Snap Fire as shipped (no opens_window) and with a rule that allows it a window
    spec = {"A": [trooper(3), trooper(3)], "B": [trooper(7)]}
    plain = Scenario.build(spec)
    plain.order("A1", "Move", place=5, response=("B1", "Snap Fire"))
    assert windows(plain) == [(0, "Move")]
    ruled = Scenario.build(spec, overrides=WINDOWS)
    assert ruled.check("A2", "Covering Fire", "B1", trigger=("B1", "Snap Fire", "A1")) == "ok"
    assert plain.check("A2", "Covering Fire", "B1", trigger=("B1", "Snap Fire", "A1")) == "timing or trigger not valid"
    ruled.order("A1", "Move", place=5, response=("B1", "Snap Fire"))
    assert windows(ruled) == [(0, "Move"), (1, "Snap Fire")]
    assert "A step 4 response window opens for force A on the response Snap Fire" in "\n".join(ruled.events())


def test_responding_commands_a_response_in_the_responses_window_is_a_normal_command_and_resolves_by_the_rules():
    # A1 moves, B1 snaps fire (its rule opens a window), A2 answers with Covering Fire, which resolves before
    # the shot it answers: Move, then Covering Fire, then Snap Fire; every restriction after, then the check
    s = Scenario.build({"A": [trooper(3), trooper(3)], "B": [trooper(7)]}, overrides=WINDOWS)
    s.order("A1", "Move", place=5, response=("B1", "Snap Fire"))
    declared = [(int(r[L_B]), s.tables.names[int(r[L_A])], int(r[L_D])) for r in s.rows() if r[L_EVENT] == EV_DECLARE]
    assert declared == [(0, "Move", 0), (2, "Snap Fire", 1), (1, "Covering Fire", 1)]   # units A1, B1, A2
    assert s.steps() == [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 5, 6, 6, 7, 7, 7, 8]
    resolved = [s.tables.names[int(r[L_A])] for r in s.rows() if r[L_EVENT] == EV_RESOLVE]
    assert resolved == ["Move", "Covering Fire", "Snap Fire"]
    assert first(s, EV_EXCEPTION) < first(s, EV_RESOLVE, c=6) < first(s, EV_SUPPRESS) < first(s, EV_LOCK)
    assert (s.cp("A"), s.cp("B")) == (2, 3) and s.unit("A2")["tokens"] == {"Covering Fire"}
    assert s.unit("A2")["restrictions"] == {"no_shoot"}


def test_responding_commands_windows_on_responses_stop_at_the_engines_cap():
    # Return Fire answers any shooting for no Command Point and opens a window: the chain stops at MAX_CHAIN
    from simcore.games.skirmish.layout import EV_NO_WINDOW, MAX_CHAIN
    s = Scenario.build({"A": [trooper(5)], "B": [trooper(8)]}, command_sets=("return-fire", "return-fire"),
                       overrides=WINDOWS)
    s.order("A1", "Move", place=6, response=("B1", "Snap Fire"))
    assert [d for d, _ in windows(s)] == list(range(MAX_CHAIN - 1))
    assert [s.tables.names[int(r[L_A])] for r in s.rows() if r[L_EVENT] == EV_DECLARE] == \
        ["Move", "Snap Fire"] + ["Return Fire"] * (MAX_CHAIN - 2)
    assert kinds(s).count(EV_NO_WINDOW) == 1
    assert "none opens, the engine nests at most 3 windows per command" in "\n".join(s.events())


def test_responding_commands_the_original_command_normally_resolves_first():
    s = move_answered_by_snap_fire()
    assert first(s, EV_RESOLVE, c=5) < first(s, EV_RESOLVE, c=6)
    assert EV_EXCEPTION not in kinds(s)


def test_responding_commands_covering_fire_resolves_before_the_triggering_unit_completes_its_shooting_attack():
    s = Scenario.build({"A": [trooper(4)], "B": [trooper(8), trooper(8)]}, seed=3)
    s.order("A1", "Shoot", "B1", response=("B2", "Covering Fire"))
    exc, cover, shot = first(s, EV_EXCEPTION), first(s, EV_RESOLVE, c=6), first(s, EV_RESOLVE, c=5)
    assert exc < cover < shot < first(s, EV_LOCK)
    lock = s.rows()[first(s, EV_LOCK)]
    # the shooter's suppression from Covering Fire (before the shot's own) already raises its Target Lock
    assert lock[L_D] == 4 + min(2, s.unit("A1")["suppression"])


def test_responding_commands_defend_resolves_before_the_attack_reaches_target_lock_or_damage():
    s = Scenario.build({"A": [trooper(4)], "B": [trooper(8)]})
    s.order("A1", "Shoot", "B1", response=("B1", "Defend"))
    assert first(s, EV_EXCEPTION) < first(s, EV_COVER) < first(s, EV_RESOLVE, c=5) < first(s, EV_LOCK)
    assert s.rows()[first(s, EV_LOCK)][L_D] == 5                      # 4+ plus the cover


def test_responding_commands_intervene_resolves_before_the_triggering_charge_begins_movement():
    # A1 charges B1 four places away; B2, beside B1, steps into its path first, so the charge meets B2
    s = Scenario.build({"A": [trooper(4)], "B": [trooper(8), trooper(8)]})
    s.order("A1", "Charge", "B1", response=("B2", "Intervene"))
    b2_moves, a1_moves = first(s, EV_MOVE, a=2), first(s, EV_MOVE, a=0)
    assert first(s, EV_EXCEPTION) < b2_moves < a1_moves
    strike = s.rows()[first(s, EV_MELEE, d=1)]
    assert strike[L_B] == 2                                           # struck B2, not B1


@pytest.mark.parametrize("trigger,response,before", [
    (("Shoot", "B1", None), ("B2", "Covering Fire"), "the attack reaches Target Lock or damage (Shoot)"),
    (("Shoot", "B1", None), ("B1", "Defend"), "the attack reaches Target Lock or damage (Shoot)"),
    (("Charge", "B1", None), ("B1", "Defend"), "the Charge begins its movement (Charge)"),
    (("Charge", "B1", None), ("B2", "Intervene"), "the Charge begins its movement (Charge)"),
    (("Shoot", "B1", None), ("B2", "Shield Wall"), "the attack reaches Target Lock or damage (Shoot)"),
    (("Move", None, 6), ("B1", "Ambush Fire"), "the Move begins its movement (Move)"),
])
def test_responding_commands_an_exception_names_the_event_of_its_trigger_that_it_resolves_before(trigger, response,
                                                                                                 before):
    # what a response precedes is the trigger's first event, whatever the response itself does: the
    # designer's Shield Wall moves, but what it comes before is a shot, not a Charge's movement
    s = ordered({"A": [trooper(4)], "B": [trooper(8), trooper(8)]})
    command, target, place = trigger
    s.order("A1", command, target, place=place, response=response)
    line = next(x for x in s.events() if "exception:" in x)
    assert line.endswith(f"exception: {response[1]} resolves before {before}"), line
    assert first(s, EV_EXCEPTION) < first(s, EV_RESOLVE, c=6) < first(s, EV_RESOLVE, c=5)


# ------------------------------------------------------------------ If part of a command cannot be completed
def test_if_part_of_a_command_cannot_be_completed_the_illegal_part_is_skipped_and_the_rest_completes():
    s = Scenario.build({"A": [trooper(4)], "B": [trooper(8)]}, command_sets=("aimed", "aimed"), overrides=FIXTURE)
    s.order("A1", "Short Charge", "B1", response=DECLINE)          # moves 2 of the 4: no contact
    assert first(s, EV_MOVE) < first(s, EV_SKIP)
    assert EV_MELEE not in kinds(s)
    assert s.unit("A1")["restrictions"] == {"no_move"}


def test_if_part_of_a_command_cannot_be_completed_a_command_that_says_so_fails_entirely():
    s = Scenario.build({"A": [trooper(8)], "B": [trooper(12)]}, command_sets=("aimed", "aimed"), overrides=FIXTURE)
    s.order("A1", "Move", place=6, response=("B1", "Aimed Snap Fire"))
    assert first(s, EV_FAIL) > first(s, EV_MOVE)
    assert EV_LOCK not in kinds(s)
    assert s.unit("B1")["restrictions"] == set()                   # nothing of it applies
    assert s.cp("B") == 3                                          # its cost stays paid


@pytest.mark.parametrize("response", ["Braced Snap Fire", "Snap Fire Then Brace"])
def test_if_part_of_a_command_cannot_be_completed_a_command_that_fails_entirely_resolves_none_of_its_parts(response):
    # the same response, its cover listed before or after its shot. B1 (range 5) at 12 sees A1 at 8 when
    # it declares; A1 then moves to 6, out of range: the command fails entirely, whichever part comes first
    s = ordered({"A": [trooper(8)], "B": [trooper(12)]})
    s.order("A1", "Move", place=6, response=("B1", response))
    assert first(s, EV_RESOLVE, c=6) < first(s, EV_FAIL)
    assert not {EV_COVER, EV_LOCK, EV_SKIP} & set(kinds(s))
    b1 = s.unit("B1")
    assert b1["cover"] == 0 and b1["restrictions"] == set() and b1["status"] == set()
    assert s.cp("B") == 3 and b1["tokens"] == {response}          # its cost and token stay
    assert f"{response} fails entirely: its target is no longer legal; none of it resolves" in "\n".join(s.events())
    # with its target still in range, every part resolves and the restriction and status apply
    kept = ordered({"A": [trooper(8)], "B": [trooper(12)]})
    kept.order("A1", "Move", place=10, response=("B1", response))
    assert EV_FAIL not in kinds(kept) and {EV_COVER, EV_LOCK} <= set(kinds(kept))
    assert kept.unit("B1")["restrictions"] == {"no_shoot"} and kept.unit("B1")["status"] == {"holding"}


def test_if_part_of_a_command_cannot_be_completed_a_command_that_fails_entirely_is_judged_as_it_begins():
    # its target is legal when it begins to resolve; that its own movement (two places of the four it was
    # declared at) ends short of contact is no lost condition: the strike is skipped and the rest completes
    s = ordered({"A": [trooper(4)], "B": [trooper(8)]})
    s.order("A1", "Aimed Short Charge", "B1", response=DECLINE)
    assert first(s, EV_MOVE) < first(s, EV_SKIP)
    assert EV_FAIL not in kinds(s) and EV_MELEE not in kinds(s)
    assert s.unit("A1")["restrictions"] == {"no_move"}


# ------------------------------------------------------------------ Tokens and restrictions
def test_tokens_and_restrictions_a_token_is_not_a_restriction():
    s = Scenario.build({"A": [trooper(6)], "B": [trooper(10)]})
    s.order("A1", "Hold", response=DECLINE)
    assert s.unit("A1")["tokens"] == {"Hold"}
    assert s.check("A1", "Shoot", "B1") == "ok"                     # Hold lists no_move and no_charge only
    assert s.check("A1", "Move", place=5) == "a restriction prevents it"


def test_tokens_and_restrictions_restrictions_apply_after_the_command_resolves():
    s = move_answered_by_snap_fire()
    assert first(s, EV_MOVE) < first(s, EV_APPLY, a=0)


# ------------------------------------------------------------------ Example
def test_example_move_answered_by_snap_fire_then_the_melee_check_through_replay():
    r = replay_game(1, Matchup(), ("random", "random"))
    names, ev = r.tables.names, r.events
    checked = 0
    for k in range(len(ev)):
        if not (ev[k, L_EVENT] == EV_DECLARE and ev[k, L_D] == 0 and names[ev[k, L_A]] == "Move"):
            continue
        end = next(j for j in range(k, len(ev)) if ev[j, L_EVENT] == EV_DONE)
        part = [int(e) for e in ev[k:end, L_EVENT]]
        resp = [j for j in range(k, end) if ev[j, L_EVENT] == EV_DECLARE and ev[j, L_D] == 1]
        if not resp or names[ev[resp[0], L_A]] != "Snap Fire" or EV_LOCK not in part:
            continue
        order = [part.index(e) for e in (EV_DECLARE, 3, 4)] + [resp[0] - k, part.index(EV_MOVE),
                                                                  part.index(EV_LOCK), part.index(EV_APPLY),
                                                                  part.index(EV_CHECK)]
        assert order == sorted(order)                 # token, window, Snap Fire, move, shot, restrictions, check
        checked += 1 if ev[k + part.index(EV_CHECK), L_A] > 0 else 0
    assert checked >= 1                               # at least one Move made a melee the check found


def test_example_replay_prints_the_seeds_order():
    from simcore.games.skirmish.replay_log import text_lines
    lines = text_lines(replay_game(1, Matchup(), ("random", "random")))
    start = next(i for i, x in enumerate(lines) if "declare Move" in x
                 and any("declare Snap Fire (response)" in y for y in lines[i:i + 5]))
    block = lines[start:next(i for i in range(start, len(lines)) if lines[i].endswith("Move complete")) + 1]
    wanted = ["declare Move", "place the Move token", "response window opens", "declare Snap Fire (response)",
              "step 5 resolve Move", "moves", "step 6 resolve the response Snap Fire", "step 7 Move",
              "step 7 Snap Fire", "step 8 melee check"]
    at = [next(i for i, x in enumerate(block) if w in x) for w in wanted]
    assert at == sorted(at), "\n".join(block)


# ------------------------------------------------------------------ Frequently asked questions
def test_faq_how_much_does_a_command_cost_one_unless_its_rule_says_otherwise():
    s = move_answered_by_snap_fire()
    assert s.cp("A") == 3
    dear = Scenario.build({"A": [trooper(4)], "B": [trooper(8), trooper(8)]},
                          command_sets=("full", "covering-fire-2cp"))
    dear.order("A1", "Shoot", "B1", response=("B2", "Covering Fire"))
    assert dear.cp("B") == 2


def test_faq_when_can_i_declare_a_command_in_its_window_or_on_its_trigger():
    s = Scenario.build({"A": [trooper(4)], "B": [trooper(8)]})
    assert s.check("B1", "Defend", "B1") == "timing or trigger not valid"
    assert s.check("B1", "Defend", "B1", trigger=("A1", "Shoot", "B1")) == "ok"
    assert s.check("B1", "Defend", "B1", trigger=("A1", "Move", None)) == "timing or trigger not valid"


def test_faq_how_many_commands_can_be_declared_in_response_at_most_one():
    # two B units could answer; whatever the policy, one response at most
    for seed in range(20):
        s = Scenario.build({"A": [trooper(4)], "B": [trooper(8), trooper(8)]}, strategies=("random", "random"),
                           seed=seed)
        s.order("A1", "Shoot", "B1")
        assert sum(1 for r in s.rows() if r[L_EVENT] == EV_DECLARE and r[L_D] == 1) <= 1


def test_faq_which_command_resolves_first_the_original_except_the_three_exceptions():
    s = Scenario.build({"A": [trooper(4)], "B": [trooper(8)]})
    s.order("A1", "Shoot", "B1", response=("B1", "Defend"))
    assert first(s, EV_RESOLVE, c=6) < first(s, EV_RESOLVE, c=5)
    assert first(move_answered_by_snap_fire(), EV_RESOLVE, c=5) < first(move_answered_by_snap_fire(), EV_RESOLVE, c=6)


def test_faq_what_happens_if_a_target_becomes_illegal_that_part_fails_the_rest_completes():
    s = Scenario.build({"A": [trooper(8)], "B": [trooper(12)]})
    s.order("A1", "Move", place=6, response=("B1", "Snap Fire"))
    assert EV_SKIP in kinds(s) and EV_FAIL not in kinds(s)
    assert s.unit("A1")["pos"] == 6


def test_faq_does_placing_a_command_token_restrict_the_unit_no():
    s = Scenario.build({"A": [trooper(3, suppression=1)], "B": [trooper(12)]})
    s.order("A1", "Rally", response=DECLINE)                 # lists only no_rally
    assert s.unit("A1")["tokens"] == {"Rally"} and s.unit("A1")["restrictions"] == {"no_rally"}
    assert s.check("A1", "Move", place=4) == "ok"


def test_faq_when_do_i_check_for_melee_after_the_command_the_response_and_their_effects():
    s = Scenario.build({"A": [trooper(3)], "B": [trooper(5), trooper(8)]})
    s.order("A1", "Move", place=5, response=("B2", "Snap Fire"))
    k = kinds(s)
    assert k.index(EV_CHECK) > max(i for i, e in enumerate(k) if e in (EV_RESOLVE, EV_APPLY, EV_LOCK, EV_SUPPRESS))


@pytest.mark.parametrize("command,unit", [("Shoot", "A1"), ("Move", "A1")])
def test_responding_commands_a_declined_or_impossible_response_says_why(command, unit):
    s = Scenario.build({"A": [trooper(0)], "B": [trooper(12)]})
    if command == "Shoot":
        s.order("A1", "Move", place=2)
        assert any("Snap Fire not legal: no legal target" in x for x in s.events())
    else:
        s.order("A1", "Hold")
        assert any("none of force B's response commands answers Hold" in x for x in s.events())
