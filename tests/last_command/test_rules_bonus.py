"""Rulebook, 3. System Bonus Phase: a Bonus is earned once per Expertise per System per turn,
stacked icons (per_crew) are earned per matching Crew, Bonuses must be earned even when they
hurt, and a Draw Bonus adds a card to the coming Draw Phase."""
from __future__ import annotations

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_BONUS, L_EVENT
from simcore.games.last_command.scenario import Scenario

TABLES = load_cards()


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def bonus_events(sc: Scenario):
    return [row for row in sc.events() if row[L_EVENT] == EV_BONUS]


def test_bonus_phase_earned_once_per_expertise_even_with_two_matching_crew():
    sc = build([{"stacks": {"tactical": ["Tri Laser"]},
                 "crew": {"tactical": ["Tactician Ensign", "Tactician Lieutenant", "Cadet Fitz"]}}, {}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 19
    assert len(bonus_events(sc)) == 1


def test_bonus_phase_earned_once_per_system_per_turn():
    # a whole turn (nothing in hand, nothing to buy): the Bonus Phase runs once
    sc = build([{"stacks": {"tactical": ["Tri Laser"]}, "crew": {"tactical": ["Tactician Ensign"] * 2},
                 "sys_deck": ["Railgun"] * 4, "crew_deck": ["Cadet Fitz"] * 4}, {}])
    sc.turn(0)
    assert sc.hull(1) == 19


def test_bonus_phase_each_expertise_and_each_system_earns_its_own_bonus():
    sc = build([{"stacks": {"tactical": ["Tri Laser"], "comms": ["Fleet Frigate"]},
                 "crew": {"tactical": ["Tactician Ensign"], "comms": ["Tactician Ensign", "Comms Expert Ensign"]}},
                {}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 18          # Tri Laser (Tactician) + Fleet Frigate (Tactician)
    assert sc.credits(0) == 6        # Fleet Frigate (Comms Expert)


def test_bonus_phase_per_crew_hydra_missile_a_earns_per_tactician():
    sc = build([{"stacks": {"tactical": ["Hydra Missile A"]},
                 "crew": {"tactical": ["Tactician Ensign", "Tactician Lieutenant", "Engineer Ensign"]}}, {}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 18


def test_bonus_phase_per_crew_hydra_missile_b_stacked_tacticians_but_comms_expert_once():
    sc = build([{"stacks": {"tactical": ["Hydra Missile B"]},
                 "crew": {"tactical": ["Tactician Ensign", "Comms Expert Ensign", "Comms Expert Lieutenant"]}}, {}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 19          # one Tactician: 1 Damage
    assert sc.hull(0) == 19          # the Comms Expert Bonus (take 1 Damage) is earned once


def test_bonus_phase_per_crew_repair_drones_repair_per_engineer():
    sc = build([{"stacks": {"engineering": ["Repair Drones"]}, "hull": 10,
                 "crew": {"engineering": ["Engineer Ensign", "Cadet Korr", "Engineer Lieutenant"]}}, {}])
    sc.bonus_phase(0)
    assert sc.hull(0) == 13


def test_bonus_phase_bonus_must_be_earned_even_when_harmful():
    # Tri Laser, Engineer: "the emitters overheat, take 1 Damage"
    sc = build([{"stacks": {"tactical": ["Tri Laser"]}, "crew": {"tactical": ["Engineer Ensign"]}}, {}])
    sc.bonus_phase(0)
    assert sc.hull(0) == 19 and sc.hull(1) == 20


def test_bonus_phase_no_system_card_no_bonus():
    sc = build([{"crew": {"tactical": ["Tactician Ensign"], "engineering": ["Engineer Ensign"]}}, {}])
    sc.bonus_phase(0)
    assert bonus_events(sc) == []
    assert sc.hull(1) == 20 and sc.bonus_draws(0) == 0


def test_bonus_phase_draw_bonus_adds_to_the_coming_draw_phase():
    # Shuttle Bay (Comms Expert: Draw 1) and Teleporter (Engineer: Draw 1)
    sc = build([{"stacks": {"comms": ["Shuttle Bay"], "engineering": ["Teleporter"]},
                 "crew": {"comms": ["Comms Expert Ensign"], "engineering": ["Engineer Ensign"]},
                 "sys_deck": ["Railgun"] * 6, "crew_deck": ["Cadet Fitz"] * 6}, {}])
    sc.bonus_phase(0)
    assert sc.bonus_draws(0) == 2
    assert sc.pile(0, "hand") == []          # nothing is drawn during the Bonus Phase itself
    sc.draw_phase(0)
    assert len(sc.pile(0, "hand")) == 3 + 2
    assert sc.bonus_draws(0) == 0


# ---------------------------------------------------------------- the order of claims

TRI_LASER_BOTH_CREW = {"stacks": {"tactical": ["Tri Laser"]}, "hull": 1,
                       "crew": {"tactical": ["Engineer Ensign", "Tactician Ensign"]}}


def test_bonus_phase_all_bonuses_can_be_claimed_in_any_order_the_winning_damage_first():
    # Tri Laser at 1 Hull each: the Tactician's 1 Damage destroys the opponent's ship before the
    # Engineer's "take 1 Damage" (claimed Engineer first, the player destroyed their own ship)
    sc = build([TRI_LASER_BOTH_CREW, {"hull": 1}])
    sc.bonus_phase(0)
    assert sc.winner == 0
    assert sc.hull(0) == 1 and sc.hull(1) == 0


def test_bonus_phase_all_bonuses_can_be_claimed_in_any_order_a_repair_before_a_self_damage_that_would_be_fatal():
    # Naquadah Reactor (Engineering; Tactician: take 1 Damage) and Rutari Salve (Comms; Comms Expert:
    # Repair 1) at 1 Hull: Repair first, then the Damage, and the ship survives
    sc = build([{"stacks": {"engineering": ["Naquadah Reactor"], "comms": ["Rutari Salve"]}, "hull": 1,
                 "crew": {"engineering": ["Tactician Ensign"], "comms": ["Comms Expert Ensign"]}}, {}])
    sc.bonus_phase(0)
    assert sc.winner == -1
    assert sc.hull(0) == 1
    assert [TABLES.names[int(r[3])] for r in bonus_events(sc)] == ["Rutari Salve", "Naquadah Reactor"]


def test_bonus_phase_all_bonuses_can_be_claimed_in_any_order_the_random_player_picks_any_order():
    winners = {build([TRI_LASER_BOTH_CREW, {"hull": 1}], strategies=("random", "random"), seed=seed)
               .bonus_phase(0).winner for seed in range(1, 41)}
    assert winners == {0, 1}


MOVER = """
[[card]]
name = "Tractor Beam"
kind = "system"
system = "tactical"
count = 1
credit_cost = 3
power_cost = 1
main = [{ op = "damage", n = 1 }]
bonus.tactician = [{ op = "move_crew", n = 1, from = "tactical", to = "engineering" }]
text = "Deal 1 Damage. Bonus: Tactician: move 1 of your Crew from Tactical to Engineering."
estimated = ["credit_cost", "power_cost", "main", "bonus.tactician"]
"""


def test_bonus_phase_a_moved_crewmember_may_trigger_bonuses_in_more_than_one_system(tmp_path):
    # the Tactician earns the Tractor Beam's Bonus in Tactical, which moves it to Engineering, where
    # it earns the Shield Drone's Tactician Bonus too (Engineering's Bonuses were looked at first)
    (tmp_path / "mover.toml").write_text(MOVER)
    tables = load_cards(overrides=tmp_path / "mover.toml")
    sc = Scenario.build({"players": [{"stacks": {"tactical": ["Tractor Beam"], "engineering": ["Shield Drone"]},
                                      "crew": {"tactical": ["Tactician Ensign"]}}, {}]}, tables=tables)
    sc.bonus_phase(0)
    assert sc.pile(0, "crew:engineering") == ["Tactician Ensign"]
    assert [tables.names[int(r[3])] for r in bonus_events(sc)] == ["Tractor Beam", "Shield Drone"]
    assert sc.hull(1) == 19



# ---------------------------------------------------------------- issue 47: the section, sentence by sentence

def bonus_cards(sc: Scenario) -> list[str]:
    return [sc.tables.names[int(r[3])] for r in bonus_events(sc)]


def test_system_bonus_phase_only_the_topmost_card_of_each_system_earns_bonuses():
    # "Bonuses can be earned for the top card in each of your 3 different Systems": in each System a covered
    # card whose Bonus the Crew there would earn, under a top card whose Bonus they earn otherwise or not at all
    sc = build([{"stacks": {"engineering": ["Shield Drone", "Sonic Showers"], "comms": ["Scrizzian Claw", "Quick-ship"],
                            "tactical": ["Tri Laser", "Charge Laser"]},
                 "crew": {"engineering": ["Tactician Ensign"], "comms": ["Tactician Ensign"],
                          "tactical": ["Tactician Ensign"]}}, {}])
    sc.bonus_phase(0)
    assert bonus_cards(sc) == ["Charge Laser"]               # Tactician: 2 Power here
    assert sc.hull(1) == 20 and sc.power(0)["tactical"] == 1 + 2


def test_system_bonus_phase_only_crew_in_that_system_earn_its_bonuses():
    # "If you have Crew with matching Expertise in the System": a Tactician in Comms earns nothing for the Tri
    # Laser in Tactical; the rulebook's example: no Bonus for the Scrizzian Claw with an Engineer in Comms
    sc = build([{"stacks": {"tactical": ["Tri Laser"], "comms": ["Scrizzian Claw"]},
                 "crew": {"comms": ["Engineer Ensign"], "engineering": ["Tactician Ensign"]}},
                {}])
    sc.bonus_phase(0)
    assert bonus_events(sc) == [] and sc.hull(1) == 20


def test_system_bonus_phase_stacked_expertise_icons_count_only_the_crew_in_that_system():
    # Hydra Missile A's stacked Tactician icons: one Tactician in Tactical, two more in Comms: 1 Damage
    sc = build([{"stacks": {"tactical": ["Hydra Missile A"]},
                 "crew": {"tactical": ["Tactician Ensign"], "comms": ["Tactician Ensign", "Tactician Lieutenant"]}},
                {}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 19 and bonus_cards(sc) == ["Hydra Missile A"]


RECALL = """
[[card]]
name = "Recall Beacon"
kind = "system"
system = "engineering"
count = 1
credit_cost = 3
power_cost = 1
main = [{ op = "repair", n = 1 }]
bonus.engineer = [{ op = "take_own", n = 1 }]
text = "Repair 1. Bonus: Engineer: take 1 of your uncovered in-play or discarded cards into your hand."
estimated = ["credit_cost", "power_cost", "main", "bonus.engineer"]
"""


def test_system_bonus_phase_a_card_revealed_by_a_system_card_moved_in_the_phase_earns_no_bonus(tmp_path):
    # "If a System card is moved during this phase, do not gain any Bonuses on revealed System cards": the
    # Beacon's Bonus takes the Railgun into the hand, revealing the Tri Laser: its Tactician Bonus is not earned
    (tmp_path / "recall.toml").write_text(RECALL)
    tables = load_cards(overrides=tmp_path / "recall.toml")
    sc = Scenario.build({"players": [{"stacks": {"engineering": ["Recall Beacon"],
                                                 "tactical": ["Tri Laser", "Railgun"]},
                                      "crew": {"engineering": ["Engineer Ensign"], "tactical": ["Tactician Ensign"]}},
                                     {}]}, tables=tables)
    sc.bonus_phase(0)
    assert sc.pile(0, "hand") == ["Railgun"] and sc.pile(0, "stack:tactical") == ["Tri Laser"]
    claimed = [tables.names[int(r[3])] for r in bonus_events(sc)]
    assert "Tri Laser" not in claimed
    assert sc.hull(1) == 20 - claimed.count("Railgun")       # the Railgun's 1 Damage only if claimed before it moved


def test_system_bonus_phase_each_bonus_once_even_when_a_moved_crewmember_brings_its_expertise_again(tmp_path):
    # "System Bonus Abilities can only be triggered once per System, per turn": the Tractor Beam may move its
    # Tactician into Engineering, where a Tactician already earns the Shield Drone's Bonus: once, whatever the
    # order the (random) player claims them in, the move before or after that Bonus
    from simcore.games.last_command.layout import EV_MOVE_CREW
    (tmp_path / "mover.toml").write_text(MOVER)
    tables = load_cards(overrides=tmp_path / "mover.toml")
    moved_after = 0
    for seed in range(1, 41):
        sc = Scenario.build({"players": [{"stacks": {"tactical": ["Tractor Beam"], "engineering": ["Shield Drone"]},
                                          "crew": {"tactical": ["Tactician Ensign"],
                                                   "engineering": ["Tactician Lieutenant"]}}, {}]},
                            tables=tables, strategies=("random", "random"), seed=seed)
        sc.bonus_phase(0)
        rows = [(int(r[L_EVENT]), tables.names[int(r[3])]) for r in sc.events()]
        drone = [k for k, (ev, name) in enumerate(rows) if ev == EV_BONUS and name == "Shield Drone"]
        assert len(drone) == 1 and sc.hull(1) == 19, seed
        moved_after += any(ev == EV_MOVE_CREW and k > drone[0] for k, (ev, _) in enumerate(rows))
    assert moved_after > 0       # the case the sentence is about did occur
