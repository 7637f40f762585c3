"""Every decision a heuristic strategy makes, in a scenario: change the parameter that governs it
and the choice changes the way the parameter says.

Each test builds a position (``simcore.games.last_command.scenario``), runs the phase where the decision
falls, and reads the state. Strategies are small files based on ``balanced``.
"""
from __future__ import annotations

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import (CFG_DRAW_COUNT, EV_COPY, EV_DRAW, EV_MALF_DEALT, EV_PLAY_CREW,
                                               EV_PLAY_SYSTEM, EV_REFRESH, EV_TAKE, L_A, L_B, L_C, L_EVENT, S_TURN)
from simcore.games.last_command.scenario import Scenario

TABLES = load_cards()
MALFUNCTIONS = {"Console Overload", "Secondary Explosion", "Power Failure", "Vented Compartment"}


def strategy(tmp_path, label: str = "s", base: str = "balanced", **params) -> str:
    """A heuristic strategy file: ``base`` with some parameters changed."""
    path = tmp_path / f"{label}.toml"
    body = "\n".join(f"{k} = {v}" for k, v in params.items())
    path.write_text(f'name = "{label}"\nbase = "{base}"\n[params]\n{body}\n')
    return str(path)


def build(players, strat, seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=(strat, "balanced"), seed=seed)


def events(sc: Scenario, ev: int):
    return [row for row in sc.events() if row[L_EVENT] == ev]


def name(t) -> str:
    return TABLES.names[int(t)]


# ---------------------------------------------------------------- which deck to draw from

def draw_one(strat, hand, power=None, **player) -> str:
    sc = build([{"hand": hand, "sys_deck": ["Tri Laser"], "crew_deck": ["Engineer Ensign"],
                 "power": power or {}, **player}, {}], strat)
    sc.cfg[CFG_DRAW_COUNT] = 1
    sc.draw_phase(0)
    return [name(r[L_A]) for r in events(sc, EV_DRAW)][0]


def test_draw_source_follows_crew_share(tmp_path):
    hand = ["Repair Bot"]                           # no Crew in hand yet
    assert draw_one(strategy(tmp_path, "crew", crew_share=0.9), hand) == "Engineer Ensign"
    assert draw_one(strategy(tmp_path, "sys", crew_share=0.0), hand) == "Tri Laser"


def test_draw_source_draws_crew_when_a_card_in_hand_lacks_power(tmp_path):
    hand = ["Engineer Ensign", "Railgun"]          # 1 Crew of 2; Railgun needs 3 Tactical Power
    share = dict(crew_share=0.4)                    # 1 < 0.4 * 3 -> Crew; with the need +0.3 it is clearer still
    assert draw_one(strategy(tmp_path, "base", **share, draw_need=0.0), hand,
                    {"tactical": 0}) == "Engineer Ensign"
    assert draw_one(strategy(tmp_path, "low", crew_share=0.2, draw_need=0.0), hand,
                    {"tactical": 0}) == "Tri Laser"
    assert draw_one(strategy(tmp_path, "need", crew_share=0.2, draw_need=0.5), hand,
                    {"tactical": 0}) == "Engineer Ensign"


def test_draw_source_keep_board_avoids_the_empty_deck(tmp_path):
    # the Crew deck is empty: drawing from it would take the stationed Crew out of play
    position = {"crew": {"engineering": ["Engineer Lieutenant"]}}
    keep = strategy(tmp_path, "keep", crew_share=0.9, keep_board=1)
    take = strategy(tmp_path, "take", crew_share=0.9, keep_board=0)
    for strat, crew_left in ((keep, ["Engineer Lieutenant"]), (take, [])):
        sc = build([{"sys_deck": ["Tri Laser"], **position}, {}], strat)
        sc.cfg[CFG_DRAW_COUNT] = 1
        sc.draw_phase(0)
        assert sc.pile(0, "crew:engineering") == crew_left


# ---------------------------------------------------------------- order of play

def test_order_systems_first_or_crew_first(tmp_path):
    hand = ["Tactician Ensign", "Tri Laser"]        # Tri Laser is already paid for (1 Tactical Power)
    for systems_first, first in ((1, EV_PLAY_SYSTEM), (0, EV_PLAY_CREW)):
        sc = build([{"hand": hand}, {}], strategy(tmp_path, f"o{systems_first}", systems_first=systems_first))
        sc.card_phase(0)
        plays = [r[L_EVENT] for r in sc.events() if r[L_EVENT] in (EV_PLAY_SYSTEM, EV_PLAY_CREW)]
        assert plays[0] == first and len(plays) == 2


def test_order_power_cards_before_the_cards_they_pay_for(tmp_path):
    # the Reactor's 3 'any System' Power pays for the Charge Laser, so it goes first
    sc = build([{"hand": ["Charge Laser", "Nuclear Reactor"], "power": {"tactical": 0}}, {}],
               strategy(tmp_path, "b"))
    sc.card_phase(0)
    assert [name(r[L_A]) for r in events(sc, EV_PLAY_SYSTEM)] == ["Nuclear Reactor", "Charge Laser"]


def test_order_the_card_best_left_uncovered_is_played_last(tmp_path):
    # Point Defense gives a Shield while uncovered, Charge Laser's Bonus gives Power: the one worth
    # more while uncovered is played last, on top
    position = {"hand": ["Point Defense", "Charge Laser"], "power": {"tactical": 3}}
    sc = build([position, {}], strategy(tmp_path, "shield", w_shield=2.0, w_power=0.5))
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Charge Laser", "Point Defense"]
    sc = build([position, {}], strategy(tmp_path, "power", w_shield=0.0, w_power=3.0, w_repair=0.1))
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Point Defense", "Charge Laser"]


# ---------------------------------------------------------------- where each Crew goes

def test_crew_placement_bonus_against_home_colour(tmp_path):
    # an Engineer earns Guardian Crystal's Repair Bonus in Tactical; Engineering is its own colour
    position = {"hand": ["Engineer Ensign"], "stacks": {"tactical": ["Guardian Crystal"]}}
    home = strategy(tmp_path, "home", place_home=5.0, place_bonus=0.0)
    bonus = strategy(tmp_path, "bonus", place_home=0.0, place_bonus=5.0)
    for strat, where in ((home, "engineering"), (bonus, "tactical")):
        sc = build([position, {}], strat)
        sc.card_phase(0)
        assert sc.pile(0, f"crew:{where}") == ["Engineer Ensign"]


def test_crew_placement_goes_where_cards_in_hand_lack_power(tmp_path):
    position = {"hand": ["Comms Expert Ensign", "Railgun"], "power": {"tactical": 0},
                "crew": {"tactical": ["Tactician Ensign"]}}
    need = strategy(tmp_path, "need", place_need=5.0, place_home=0.0)
    home = strategy(tmp_path, "home", place_need=0.0, place_home=5.0)
    for strat, where in ((need, "tactical"), (home, "comms")):
        sc = build([position, {}], strat)
        sc.card_phase(0)
        assert "Comms Expert Ensign" in sc.pile(0, f"crew:{where}")


# ---------------------------------------------------------------- 'any System' Power

def test_any_system_power_goes_where_it_is_needed_or_is_spread(tmp_path):
    position = {"hand": ["Nuclear Reactor", "Charge Laser"],
                "power": {"engineering": 1, "comms": 0, "tactical": 0}}
    need = strategy(tmp_path, "need", place_need=2.0, place_spread=0.2)
    spread = strategy(tmp_path, "spread", place_need=0.0, place_spread=1.0)
    sc = build([position, {}], need)
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Charge Laser"]          # 3 Power to Tactical paid for it
    sc = build([position, {}], spread)
    sc.card_phase(0)
    assert sc.power(0)["comms"] == 3                                   # to the emptiest System
    assert sc.pile(0, "stack:tactical") == []


# ---------------------------------------------------------------- play or discard for 2 Credits

def test_play_or_discard_follows_discard_below(tmp_path):
    for below, played in ((0.0, True), (50.0, False)):
        sc = build([{"hand": ["Tri Laser"], "credits": 0}, {}], strategy(tmp_path, f"d{below}", discard_below=below))
        sc.card_phase(0)
        assert (sc.pile(0, "stack:tactical") == ["Tri Laser"]) == played
        assert sc.credits(0) == (0 if played else 2)


def test_covering_follows_cover_margin(tmp_path):
    position = {"hand": ["Hyperkinetic Dart"], "stacks": {"tactical": ["Point Defense"]}, "credits": 0}
    for margin, covers in ((0.0, True), (5.0, False)):
        sc = build([position, {}], strategy(tmp_path, f"m{margin}", cover_margin=margin))
        sc.card_phase(0)
        assert (sc.pile(0, "stack:tactical")[-1] == "Hyperkinetic Dart") == covers


# ---------------------------------------------------------------- OR choices

@pytest.mark.parametrize("weights,damage", [(dict(w_damage=3.0, w_power=0.1), True),
                                            (dict(w_damage=0.1, w_power=3.0), False)])
def test_or_choice_follows_the_weights(tmp_path, weights, damage):
    sc = build([{"hand": ["Cadet Fitz"]}, {}], strategy(tmp_path, "w", **weights))   # 2 Power here OR 1 Damage
    sc.card_phase(0)
    assert (sc.hull(1) == 19) == damage


def test_or_choice_takes_the_lethal_option(tmp_path):
    sc = build([{"hand": ["Cadet Fitz"]}, {"hull": 1}], strategy(tmp_path, "p", w_damage=0.1, w_power=3.0))
    sc.card_phase(0)
    assert sc.winner == 0


def test_or_choice_repairs_when_the_hull_is_low(tmp_path):
    # Cadet Korr: 2 Power here OR Repair 1. Repair is worth nothing at full Hull, much when low
    strat = strategy(tmp_path, "r", w_repair=0.6, w_power=0.5, own_low_hull=10, repair_urgency=3.0)
    for hull, repaired in ((20, False), (15, False), (3, True)):
        sc = build([{"hand": ["Cadet Korr"], "hull": hull}, {}], strat)
        sc.card_phase(0)
        assert (sc.hull(0) == hull + 1) == repaired


# ---------------------------------------------------------------- targets

def test_malfunction_target_follows_malf_crew(tmp_path):
    victim = {"sys_deck": ["Tri Laser"] * 3, "crew_deck": ["Engineer Ensign"] * 3}
    for bias, pile in ((2.0, "crew_discard"), (-2.0, "sys_discard")):
        sc = build([{"hand": ["Hydra Missile B"], "power": {"tactical": 2}}, victim],
                   strategy(tmp_path, f"m{bias}", malf_crew=bias), market={"malfunctions": ["Console Overload"]})
        sc.card_phase(0)
        assert sc.pile(1, pile) == ["Console Overload"]


def test_crew_move_follows_the_bonus_weights(tmp_path):
    # Holodeck moves 1 Crew to Engineering, where its own Bonuses pay an Engineer (Repair 1) or a
    # Comms Expert (2 Credits)
    position = {"hand": ["Holodeck"], "sys_deck": ["Tri Laser"],
                "crew": {"comms": ["Engineer Ensign"], "tactical": ["Comms Expert Ensign"]}}
    for weights, moved in ((dict(w_repair=3.0, w_credits=0.1), "Engineer Ensign"),
                           (dict(w_repair=0.1, w_credits=3.0), "Comms Expert Ensign")):
        sc = build([position, {}], strategy(tmp_path, "c" + moved[:4], crew_share=0.0, **weights))
        sc.card_phase(0)
        assert sc.pile(0, "crew:engineering") == [moved]


def test_copy_target_follows_the_weights(tmp_path):
    position = {"hand": ["Keshran Corsair"], "stacks": {"engineering": ["Repair Bot"]}}
    for weights, copied in ((dict(w_damage=3.0, w_repair=0.1), "Tri Laser"),
                            (dict(w_damage=0.1, w_repair=3.0), "Repair Bot")):
        sc = build([position, {"stacks": {"tactical": ["Tri Laser"]}}], strategy(tmp_path, copied[:4], **weights))
        sc.card_phase(0)
        assert [name(r[L_A]) for r in events(sc, EV_COPY)] == [copied]


def test_scrap_follows_scrap_below(tmp_path):
    for below, scrapped in ((5.0, ["Trade Rocket"]), (-5.0, [])):
        sc = build([{"hand": ["Dexeer Chrysalis"], "sys_discard": ["Trade Rocket"], "sys_deck": ["Tri Laser"]}, {}],
                   strategy(tmp_path, f"s{below}", scrap_below=below))
        sc.card_phase(0)
        assert sc.market("scrap") == scrapped


def test_scrap_takes_a_malfunction_first(tmp_path):
    sc = build([{"hand": ["Dexeer Chrysalis"], "sys_discard": ["Trade Rocket", "Console Overload"],
                 "sys_deck": ["Tri Laser"]}, {}], strategy(tmp_path, "s", scrap_below=5.0))
    sc.card_phase(0)
    assert sc.market("scrap") == ["Console Overload"]


def test_take_own_card_follows_the_weights(tmp_path):
    # Teleporter: take 1 uncovered in-play or discarded card into the hand
    position = {"hand": ["Teleporter"], "sys_discard": ["Tri Laser", "Repair Bot"], "hull": 10}
    for weights, taken in ((dict(w_damage=3.0, w_repair=0.1), "Tri Laser"),
                           (dict(w_damage=0.1, w_repair=3.0), "Repair Bot")):
        sc = build([position, {}], strategy(tmp_path, taken[:4], **weights))
        sc.card_phase(0)
        assert [name(r[L_A]) for r in events(sc, EV_TAKE)] == [taken]


def test_take_market_card_follows_the_weights(tmp_path):
    # Fabricators: take any face-up Market card into the hand
    market = {"tactical": ["Railgun"], "engineering": ["Ablative Hull"]}
    for weights, taken in ((dict(w_damage=3.0, w_repair=0.1, w_shield=0.1), "Railgun"),
                           (dict(w_damage=0.1, w_repair=3.0, w_shield=3.0), "Ablative Hull")):
        sc = build([{"hand": ["Fabricators"], "power": {"engineering": 2}}, {}],
                   strategy(tmp_path, taken[:4], **weights), market=market)
        sc.card_phase(0)
        assert [name(r[L_A]) for r in events(sc, EV_TAKE)] == [taken]


def test_discard_opponent_inplay_card_follows_the_weights(tmp_path):
    # Pirate Rex discards 1 of the opponent's uncovered System cards: the one worth most to the attacker
    victim = {"stacks": {"tactical": ["Tri Laser"], "engineering": ["Repair Bot"]}}
    for weights, gone in ((dict(w_damage=3.0, w_repair=0.1), "Tri Laser"),
                          (dict(w_damage=0.1, w_repair=3.0), "Repair Bot")):
        sc = build([{"hand": ["Pirate Rex"], "power": {"comms": 3}}, victim], strategy(tmp_path, gone[:4], **weights))
        sc.card_phase(0)
        assert sc.pile(1, "sys_discard") == [gone]


def test_forced_discard_keeps_the_cards_the_victim_values(tmp_path):
    # Keshran Edict: the opponent Discards 2 cards from their hand; the victim keeps what it values most
    attacker = {"hand": ["Keshran Edict"], "power": {"comms": 2}, "crew": {"comms": ["Comms Expert Ensign"]}}
    hand = ["Tri Laser", "Repair Bot", "Fleet Support"]
    for weights, kept in ((dict(w_damage=3.0, w_repair=0.1, w_credits=0.1), "Tri Laser"),
                          (dict(w_damage=0.1, w_repair=3.0, w_credits=0.1), "Repair Bot")):
        victim = strategy(tmp_path, "v" + kept[:4], **weights)
        sc = Scenario.build({"players": [attacker, {"hand": hand}]}, tables=TABLES, strategies=("balanced", victim))
        sc.card_phase(0)
        assert sc.pile(1, "hand") == [kept]


# ---------------------------------------------------------------- clearing 9 Crew

def test_clearing_nine_crew_follows_clear_crew(tmp_path):
    full = {s: ["Engineer Ensign"] * 3 for s in ("engineering", "comms", "tactical")}
    for clear, cleared in ((1, True), (0, False)):
        sc = build([{"hand": ["Tactician Lieutenant"], "crew": full}, {}], strategy(tmp_path, f"c{clear}",
                                                                                    clear_crew=clear))
        sc.card_phase(0)
        assert (len(sc.pile(0, "crew_discard")) == 9) == cleared


# ---------------------------------------------------------------- Market

def bought(sc: Scenario) -> list[str]:
    return [TABLES.names[t] for t in range(len(TABLES.names)) for _ in range(int(sc.bought[0, t]))]


def test_market_buys_by_system_bias(tmp_path):
    market = {"tactical": ["Tri Laser"], "engineering": ["Repair Bot"]}
    for bias, card in (("bias_tactical", "Tri Laser"), ("bias_engineering", "Repair Bot")):
        sc = build([{"credits": 3}, {}], strategy(tmp_path, bias, **{bias: 5.0}), market=market)
        sc.market_phase(0)
        assert bought(sc) == [card]


def test_market_buy_min_and_crew_bonus(tmp_path):
    market = {"tactical": ["Tri Laser"], "crew": {"engineer": ["Engineer Lieutenant"]}}
    sc = build([{"credits": 3}, {}], strategy(tmp_path, "none", buy_min=50.0), market=market)
    sc.market_phase(0)
    assert bought(sc) == [] and sc.credits(0) == 3
    sc = build([{"credits": 3}, {}], strategy(tmp_path, "crew", crew_bonus=5.0), market=market)
    sc.market_phase(0)
    assert bought(sc) == ["Engineer Lieutenant"]


def test_market_saves_for_a_dear_card(tmp_path):
    market = {"tactical": ["Railgun", "Hyperkinetic Dart"]}
    sc = build([{"credits": 4}, {}], strategy(tmp_path, "save", save_gap=0.5, w_damage=2.0), market=market)
    sc.market_phase(0)
    assert bought(sc) == [] and sc.credits(0) == 4
    sc = build([{"credits": 4}, {}], strategy(tmp_path, "spend", save_gap=99, w_damage=2.0), market=market)
    sc.market_phase(0)
    assert bought(sc) == ["Hyperkinetic Dart"]


def test_market_refresh_follows_refresh_below_and_credits(tmp_path):
    market = {"comms": ["Keshran Corsair", "Keshran Corsair"], "comms_deck": ["Fleet Support", "Pirate Rex"]}
    for params, refreshed in ((dict(buy_min=50.0, refresh_below=100.0, refresh_credits=5), True),
                              (dict(buy_min=50.0, refresh_below=-100.0, refresh_credits=5), False),
                              (dict(buy_min=50.0, refresh_below=100.0, refresh_credits=9), False)):
        sc = build([{"credits": 6}, {}], strategy(tmp_path, "r", **params), market=market)
        sc.market_phase(0)
        assert bool(events(sc, EV_REFRESH)) == refreshed


def test_market_reacts_to_own_hull(tmp_path):
    # Repair counts more as the Hull falls: the same strategy buys the Tri Laser at full Hull and
    # the Repair Bot when its Hull is low
    market = {"tactical": ["Tri Laser"], "engineering": ["Repair Bot"]}
    strat = strategy(tmp_path, "h", w_damage=1.0, w_repair=0.5, own_low_hull=12, repair_urgency=3.0)
    for hull, card in ((20, "Tri Laser"), (3, "Repair Bot")):
        sc = build([{"credits": 3, "hull": hull}, {}], strat, market=market)
        sc.market_phase(0)
        assert bought(sc) == [card]


def test_market_reacts_to_the_opponent_hull(tmp_path):
    # Damage counts more as the opponent's Hull falls: Shuttle Bay (draws) against Tri Laser
    market = {"tactical": ["Tri Laser"], "comms": ["Shuttle Bay"]}
    strat = strategy(tmp_path, "k", w_damage=1.0, w_draw=2.0, opp_low_hull=12, kill_urgency=3.0)
    for hull, card in ((20, "Shuttle Bay"), (3, "Tri Laser")):
        sc = build([{"credits": 4}, {"hull": hull}], strat, market=market)
        sc.market_phase(0)
        assert bought(sc) == [card]


def test_market_late_push_turns_an_economy_into_damage(tmp_path):
    market = {"tactical": ["Tri Laser"], "comms": ["Shuttle Bay"]}
    strat = strategy(tmp_path, "push", w_damage=1.0, w_draw=2.0, push_turn=5, push_damage=2.0, push_economy=0.3)
    for turn, card in ((2, "Shuttle Bay"), (12, "Tri Laser")):     # player-turns: own turns 1 and 6
        sc = Scenario.build({"players": [{"credits": 4}, {}], "market": market, "turn": turn}, tables=TABLES,
                            strategies=(strat, "balanced"))
        assert sc.sc[S_TURN] == turn
        sc.market_phase(0)
        assert bought(sc) == [card]


def test_malfunction_event_columns_name_the_pile():
    # (helper check) the malfunction-dealt event carries the pile kind and the victim
    sc = build([{"hand": ["Hydra Missile B"], "power": {"tactical": 2}}, {}], "balanced",
               market={"malfunctions": ["Console Overload"]})
    sc.card_phase(0)
    dealt = events(sc, EV_MALF_DEALT)
    assert len(dealt) == 1 and dealt[0][L_C] == 1 and dealt[0][L_B] in (2, 3)
