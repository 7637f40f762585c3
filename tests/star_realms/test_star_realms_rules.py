"""Star Realms rules, one test per rule of the issue's summary of the base game and of the seed rulebook
(Alliance Command Deck), through the scenario harness. Named <section>_<rule>."""
import numpy as np
import pytest

from simcore.games.star_realms.layout import S_FED_DISCOUNT, S_HAS_ONSLAUGHT, S_PEND_DISCARD, S_PROC_USED
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import SRMatchup

ALLIANCE_DECK = ["Scout"] * 4 + ["Viper", "Federation Scout", "Diplomatic Shuttle", "Imperial Viper",
                                  "Tribute Transport", "Stellar Falcon", "Cargo Boat", "Ranger"]


def counts(names):
    return {n: names.count(n) for n in set(names)}


# ---------------------------------------------------------------- core setup
def test_core_setup_personal_deck_eight_scouts_two_vipers_fifty_authority_first_draws_3_second_5():
    s = Scenario.start(seed=3)
    for p, hand in ((0, 3), (1, 5)):
        cards = s.pile(p, "deck") + s.pile(p, "hand")
        assert counts(cards) == {"Scout": 8, "Viper": 2}
        assert len(s.pile(p, "hand")) == hand
        assert s.authority(p) == 50


def test_core_setup_trade_deck_of_80_row_of_5_and_10_explorers():
    s = Scenario.start(seed=4)
    assert len(s.pile("trade_row")) == 5
    assert len(s.pile("trade_deck")) + 5 == 80
    assert s.pile("explorers") == ["Explorer"] * 10


def test_core_setup_trade_deck_is_shuffled_per_game_seed():
    a, b, c = Scenario.start(seed=5), Scenario.start(seed=5), Scenario.start(seed=6)
    assert a.pile("trade_deck") == b.pile("trade_deck")
    assert a.pile("trade_deck") != c.pile("trade_deck")


# ---------------------------------------------------------------- main phase
def test_main_phase_primary_ability_when_played():
    s = Scenario.build({"players": [{"hand": ["Cutter"]}, {}]})
    s.play(0, "Cutter")
    assert (s.trade, s.authority(0), s.combat) == (2, 54, 0)


def test_main_phase_ally_ability_needs_another_card_of_the_same_faction_in_play():
    s = Scenario.build({"players": [{"hand": ["Cutter", "Blob Fighter", "Federation Shuttle"]}, {}]})
    s.play(0, "Cutter")
    s.play(0, "Blob Fighter")
    assert s.combat == 3                      # a Blob card is no ally of the Cutter
    s.play(0, "Federation Shuttle")           # now both Trade Federation allies fire, in either order
    assert s.combat == 3 + 4
    assert s.authority(0) == 50 + 4 + 4


def test_main_phase_ally_ability_bases_in_play_count_as_allies():
    s = Scenario.build({"players": [{"hand": ["Cutter"], "play": ["Trading Post"]}, {}]})
    s.play(0, "Cutter")
    assert s.combat == 4


def test_main_phase_cards_in_any_order_balanced_plays_bases_first_and_the_needle_last():
    s = Scenario.build({"players": [{"hand": ["Stealth Needle", "Cutter", "Trading Post"]}, {}]})
    s.play_hand(0)
    plays = [e.split("plays ")[1] for e in s.events() if ": plays " in e]
    assert plays == ["Trading Post", "Cutter", "Stealth Needle"]
    assert "Stealth Needle copies Cutter" in " ".join(s.events())


def test_main_phase_scrap_ability_card_leaves_the_game():
    # the balanced policy scraps an Explorer when its 2 Combat wins the game
    s = Scenario.build({"players": [{"hand": ["Explorer"]}, {"authority": 2}]})
    s.play(0, "Explorer")
    assert s.scrap_abilities(0)
    assert s.combat == 2 and s.pile("scrap") == ["Explorer"] and s.pile(0, "play") == []


def test_main_phase_acquired_card_goes_to_the_discard_pile_and_row_refills_at_once():
    s = Scenario.build({"players": [{}, {}], "trade": 2, "trade_row": ["Cutter"] + ["Battle Blob"] * 4,
                        "trade_deck": ["Ram", "Corvette"], "explorers": 0})
    s.acquire(0)
    assert s.pile(0, "discard") == ["Cutter"]
    assert s.pile("trade_row") == ["Battle Blob"] * 4 + ["Corvette"]   # refilled at once from the trade deck


def test_main_phase_explorers_are_always_available():
    s = Scenario.build({"players": [{}, {}], "trade": 2, "trade_row": []})
    s.acquire(0)
    assert s.pile(0, "discard") == ["Explorer"] and len(s.pile("explorers")) == 9


def test_main_phase_combat_outposts_must_be_destroyed_first():
    s = Scenario.build({"players": [{}, {"play": ["Trading Post", "Blob Wheel"]}], "combat": 3})
    s.attack(0)
    assert s.authority(1) == 50 and s.pile(1, "play") == ["Trading Post", "Blob Wheel"]


def test_main_phase_combat_split_between_bases_and_authority_destroyed_bases_to_owner_discard():
    s = Scenario.build({"players": [{}, {"play": ["Trading Post"]}], "combat": 9})
    s.attack(0)
    assert s.pile(1, "play") == [] and s.pile(1, "discard") == ["Trading Post"]
    assert s.authority(1) == 50 - 5


# ---------------------------------------------------------------- discard phase, draw, reshuffle
def test_discard_phase_ships_and_hand_to_discard_bases_stay_then_draw_hand_size():
    s = Scenario.build({"players": [{"hand": ["Cutter", "Trading Post", "Scout"], "deck": ["Viper"] * 6}, {}]})
    s.play(0, "Cutter")
    s.play(0, "Trading Post")
    s.end_turn(0)
    assert s.pile(0, "play") == ["Trading Post"]
    assert sorted(s.pile(0, "discard")) == ["Cutter", "Scout"]
    assert len(s.pile(0, "hand")) == 5


def test_draw_reshuffle_when_the_deck_runs_out():
    s = Scenario.build({"players": [{"deck": ["Scout"], "discard": ["Viper"] * 6}, {}]})
    s.end_turn(0)
    assert len(s.pile(0, "hand")) == 5 and s.pile(0, "discard") == []
    assert counts(s.pile(0, "hand") + s.pile(0, "deck")) == {"Scout": 1, "Viper": 6}


def test_opponent_discards_at_the_start_of_their_next_turn():
    s = Scenario.build({"players": [{"hand": ["Imperial Fighter"]}, {"hand": ["Scout", "Viper", "Cutter"]}]})
    s.play(0, "Imperial Fighter")
    assert s.pile(1, "hand") == ["Scout", "Viper", "Cutter"] and s.scalar(S_PEND_DISCARD + 1) == 1
    s.start_turn(1)
    assert len(s.pile(1, "hand")) == 2 and len(s.pile(1, "discard")) == 1


def test_winning_at_zero_authority():
    s = Scenario.build({"players": [{"hand": ["Battle Blob"]}, {"authority": 8}]})
    s.turn()
    assert s.winner == 0 and s.authority(1) <= 0


def test_winning_turn_cap_ends_in_a_counted_draw():
    s = Scenario.start(seed=2, matchup=SRMatchup(max_turns=3))
    for _ in range(3):
        s.turn()
    assert s.winner == 2


# ---------------------------------------------------------------- special codes, one opcode each
def test_special_stealth_needle_copies_another_ship_and_its_faction():
    s = Scenario.build({"players": [{"hand": ["Cutter", "Stealth Needle", "Trade Bot"]}, {}]})
    s.play(0, "Cutter")
    s.play(0, "Stealth Needle")               # copies the Cutter: 2 Trade, 4 Authority, and allies with it
    assert s.trade == 4 and s.authority(0) == 50 + 8 and s.combat == 8
    s.play(0, "Trade Bot")                    # the Needle is still a Machine Cult card
    assert s.combat == 8 + 2


def test_special_mech_world_counts_as_an_ally_of_every_faction():
    s = Scenario.build({"players": [{"hand": ["Cutter", "Blob Fighter"], "play": ["Mech World"],
                                     "deck": ["Scout"] * 3}, {}]})
    s.play(0, "Cutter")
    s.play(0, "Blob Fighter")
    assert s.combat == 4 + 3 and len(s.pile(0, "hand")) == 1


def test_special_fleet_hq_combat_for_each_ship_played_while_in_play():
    s = Scenario.build({"players": [{"hand": ["Scout", "Fleet HQ", "Scout", "Viper"]}, {}]})
    s.play(0, "Scout")
    s.play(0, "Fleet HQ")
    s.play(0, "Scout")
    s.play(0, "Viper")
    assert s.combat == 1 + 1 + 1              # errata: only the ships played after it


def test_special_blob_world_or_draw_per_blob_card_played():
    s = Scenario.build({"players": [{"hand": ["Blob Fighter", "Ram", "Battle Pod", "Blob World"],
                                     "deck": ["Scout"] * 8}, {}], "trade_row": [], "explorers": 0})
    s.main_phase(0)
    # Blob World last, once the Scout Blob Fighter's ally drew is played too: four Blob cards played (Blob
    # World itself included), and drawing 4 beats 5 Combat for balanced
    assert "Blob World: chooses draw_per_blob 1" in " ".join(s.events())
    assert s.pile(0, "deck") == ["Scout"] * (8 - 1 - 4)


def test_special_brain_world_draws_one_card_per_card_scrapped():
    s = Scenario.build({"players": [{"hand": ["Brain World"], "discard": ["Scout", "Viper"], "deck": ["Cutter"] * 3},
                                    {}]})
    s.play(0, "Brain World")
    assert counts(s.pile("scrap")) == {"Scout": 1, "Viper": 1}
    assert s.pile(0, "hand") == ["Cutter", "Cutter"]


def test_special_machine_base_draws_then_scraps_a_card_from_hand():
    s = Scenario.build({"players": [{"hand": ["Machine Base"], "deck": ["Scout"]}, {}]})
    s.play(0, "Machine Base")
    assert s.pile(0, "hand") == [] and s.pile("scrap") == ["Scout"]


def test_special_embassy_yacht_draws_two_only_with_two_bases():
    one = Scenario.build({"players": [{"hand": ["Embassy Yacht"], "play": ["Trading Post"], "deck": ["Scout"] * 3},
                                      {}]})
    one.play(0, "Embassy Yacht")
    two = Scenario.build({"players": [{"hand": ["Embassy Yacht"], "play": ["Trading Post", "Blob Wheel"],
                                       "deck": ["Scout"] * 3}, {}]})
    two.play(0, "Embassy Yacht")
    assert len(one.pile(0, "hand")) == 0 and len(two.pile(0, "hand")) == 2


def test_special_freighter_ally_next_ship_acquired_on_top_of_the_deck():
    s = Scenario.build({"players": [{"hand": ["Freighter", "Cutter"]}, {}], "trade_row": ["Battle Blob"]})
    s.play(0, "Freighter")
    s.play(0, "Cutter")
    s.acquire(0)                              # 6 Trade: the Battle Blob, on top
    assert s.pile(0, "deck")[-1] == "Battle Blob"


def test_special_central_office_next_ship_on_top_of_the_deck():
    s = Scenario.build({"players": [{"hand": ["Central Office"]}, {}], "trade_row": ["Blob Fighter"]})
    s.play(0, "Central Office")
    s.acquire(0)
    assert s.pile(0, "deck")[-1:] == ["Blob Fighter"]


def test_special_blob_carrier_ally_acquires_a_free_ship_to_the_top_of_the_deck():
    s = Scenario.build({"players": [{"hand": ["Blob Fighter", "Blob Carrier"], "deck": ["Scout"]}, {}],
                        "trade_row": ["Blob Wheel", "Battle Blob"], "trade_deck": ["Cutter"]})
    s.play(0, "Blob Fighter")
    s.play(0, "Blob Carrier")
    assert s.pile(0, "deck")[-1] == "Battle Blob" and s.trade == 0
    assert "Battle Blob" not in s.pile("trade_row") and len(s.pile("trade_row")) == 2


def test_special_recycling_station_or_discard_up_to_two_and_draw_as_many():
    s = Scenario.build({"players": [{"hand": ["Scout", "Viper", "Recycling Station"], "deck": ["Cutter"] * 2}, {}]})
    s.play(0, "Recycling Station")
    # balanced values its Scout and Viper below keeping them: swaps both for the deck's Cutters
    assert sorted(s.pile(0, "hand")) == ["Cutter", "Cutter"]


def test_special_or_choice_takes_one_option_only():
    s = Scenario.build({"players": [{"hand": ["Patrol Mech"]}, {}]})
    s.play(0, "Patrol Mech")
    assert (s.trade, s.combat) in ((3, 0), (0, 5))


def test_special_federation_scout_discounts_the_next_trade_federation_card():
    s = Scenario.build({"players": [{"hand": ["Federation Scout", "Cargo Boat"]}, {}], "trade_row": ["Cutter"],
                        "explorers": 0})
    s.play(0, "Federation Scout")
    s.play(0, "Cargo Boat")
    assert s.trade == 3 and s.scalar(S_FED_DISCOUNT) == 1
    s.sc[2] = 1                              # 1 Trade: the Cutter costs 2 - 1
    s.acquire(0)
    assert s.pile(0, "discard") == ["Cutter"]


# ---------------------------------------------------------------- Alliance Command Deck (seed rulebook)
ALLIANCE_FIRST = SRMatchup(("alliance", "standard"), "command-vs-standard")


def test_alliance_setup_hand_size_5_authority_68_twelve_card_starting_deck():
    s = Scenario.start(seed=7, matchup=SRMatchup(("standard", "alliance"), "command-vs-standard"))
    assert s.authority(1) == 68
    assert counts(s.pile(1, "deck") + s.pile(1, "hand")) == counts(ALLIANCE_DECK)
    assert len(s.pile(1, "hand")) == 5
    s.turn()
    s.turn()                                  # the Alliance player's end of turn draws back to 5
    assert len(s.pile(1, "hand")) == 5


def test_alliance_setup_super_freighter_shuffled_into_the_trade_deck_before_the_row():
    seen_in_row = 0
    for seed in range(60):
        s = Scenario.start(seed=seed, matchup=ALLIANCE_FIRST)
        all_trade = s.pile("trade_deck") + s.pile("trade_row")
        assert len(all_trade) == 81 and all_trade.count("Super Freighter") == 1
        seen_in_row += "Super Freighter" in s.pile("trade_row")
    assert 0 < seen_in_row < 20               # laid into the row only by the shuffle (5 of 81)


def test_alliance_memo_card_activates_no_ally():
    s = Scenario.build({"players": [{"hand": ["Federation Scout"]}, {}]}, matchup=ALLIANCE_FIRST)
    s.play(0, "Federation Scout")
    assert s.scalar(S_FED_DISCOUNT) == 0      # Nandi's memo card is not a card in play


def test_alliance_procurement_once_per_turn_two_trade_or_next_acquired_on_top():
    s = Scenario.build({"players": [{}, {}], "trade": 4, "trade_row": ["Battle Blob"], "explorers": 0},
                       matchup=ALLIANCE_FIRST)
    s.acquire(0)                              # 4 + 2 Trade buys the Battle Blob
    assert s.pile(0, "discard") == ["Battle Blob"] and s.scalar(S_PROC_USED) == 1
    s.sc[2] = 6
    s.acquire(0)                              # already used this turn: no second use
    assert "Gains 2 Trade".lower() in " ".join(s.events()).lower()
    assert sum("Alliance Procurement" in e for e in s.events()) == 1


def test_alliance_procurement_top_of_deck_takes_bases_too():
    s = Scenario.build({"players": [{}, {}], "trade": 5, "trade_row": ["Trading Post"], "explorers": 0},
                       matchup=ALLIANCE_FIRST)
    s.acquire(0)                              # 2 more Trade buys nothing better: the top of the deck
    assert s.pile(0, "deck") == ["Trading Post"]


def test_alliance_nandis_onslaught_blue_and_yellow_allies_draw_two_then_both_discard():
    s = Scenario.build({"players": [{"hand": ["Federation Scout", "Imperial Viper", "Cargo Boat"],
                                     "deck": ["Scout", "Viper", "Scout"]},
                                    {"hand": ["Scout"] * 5}], "trade_row": [], "explorers": 0},
                       matchup=ALLIANCE_FIRST)
    s.play(0, "Federation Scout")
    s.play(0, "Imperial Viper")
    assert s.gambits(0)                       # fires the Imperial Viper's ally (no other yellow card)
    assert s.scalar(S_HAS_ONSLAUGHT) == 0
    text = " ".join(s.events())
    assert "Imperial Viper fires (ally: Nandi's Onslaught" in text
    assert s.scalar(S_PEND_DISCARD + 1) == 1  # the opponent discards at the start of their turn
    assert not s.gambits(0)                   # scrapped: once per game


def test_alliance_super_freighter_counts_as_both_factions_in_both_directions():
    s = Scenario.build({"players": [{"hand": ["Super Freighter", "Cargo Boat", "Stellar Falcon"],
                                     "deck": ["Scout"] * 6}, {}]}, matchup=ALLIANCE_FIRST)
    s.play(0, "Super Freighter")
    s.play(0, "Cargo Boat")                   # blue: fires the Freighter's ally and its own
    assert s.authority(0) == 68 + 2
    s.play(0, "Stellar Falcon")               # yellow: its own ally fires with the Freighter
    assert s.scalar(S_PEND_DISCARD + 1) == 1


def test_alliance_double_ally_needs_two_other_cards_of_the_faction(tmp_path):
    import shutil
    from simcore.games.star_realms.card_data import CARDS_DIR, load_tables
    shutil.copytree(CARDS_DIR, tmp_path / "cards")
    (tmp_path / "cards" / "zz_test.toml").write_text(
        '[[card]]\nname = "Double Cutter"\nfaction = "trade_federation"\nkind = "ship"\nrole = "trade_deck"\n'
        'count = 1\ncost = 3\nprimary = [{ op = "trade", n = 1 }]\nally2 = [{ op = "combat", n = 9 }]\n'
        'source = "test"\nestimated = ["faction", "kind", "role", "count", "cost", "primary", "ally2"]\n')
    tables = load_tables(tmp_path / "cards")
    s = Scenario.build({"players": [{"hand": ["Double Cutter", "Federation Shuttle", "Cargo Boat"]}, {}]},
                       tables=tables)
    s.play(0, "Double Cutter")
    s.play(0, "Federation Shuttle")
    assert s.combat == 0
    s.play(0, "Cargo Boat")
    assert s.combat == 9


def test_commander_duel_both_flagships_in_the_trade_row():
    s = Scenario.start(seed=9, matchup=SRMatchup(("alliance", "alliance"), "commander-duel"))
    assert s.pile("trade_row").count("Super Freighter") == 2
    assert len(s.pile("trade_row")) == 5 and len(s.pile("trade_deck")) == 77
    assert s.authority(0) == s.authority(1) == 68


def test_card_aliases_of_the_seed_find_the_same_cards():
    s = Scenario.build({"players": [{"hand": ["Tax Transport"]}, {}]})
    assert s.pile(0, "hand") == ["Tribute Transport"]
    assert np.all(s.all_types() >= 0)


@pytest.mark.parametrize("name", ["Imperial Assault Ship", "Star Falcon", "Federative Scout", "Assault Ship"])
def test_card_aliases_every_seed_name_resolves(name):
    Scenario.build({"players": [{"hand": [name]}, {}]})
