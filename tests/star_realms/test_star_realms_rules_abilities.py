"""Star Realms abilities as the rulebook targets and times them (issue 29): Outposts against "destroy target
base", a base's primary ability used in the Main Phase when the player chooses (or declined), Mech World as an
ally and nothing more, "you may put it on top of your deck", Blob Carrier's "any ship", Alliance Procurement
"at any time during your Main Phase". One scenario per rule, named <rule>_<what it checks>."""
import dataclasses

import pytest

from simcore.games.star_realms.card_data import load_tables
from simcore.games.star_realms.layout import (S_BLOB_PLAYED, S_CUR, S_FED_DISCOUNT, S_HAS_ONSLAUGHT, S_OWNED,
                                              S_PROC_USED, S_TRADE)
from simcore.games.star_realms.opcodes import BLOB, MACHINE_CULT
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import SRMatchup

ALLIANCE_FIRST = SRMatchup(("alliance", "standard"), "command-vs-standard")
TEAM_SECOND = SRMatchup(("alliance", "hydra"), "two-against-one")   # players: 0 alliance, 1 hydra A, 2 hydra B
A, B = 1, 2


def events(s, words):
    return [e for e in s.events() if words in e]


# ---------------------------------------------------------------- 1. Outposts against "destroy target base"
# Rulebook: "If you have an Outpost in play, you may not be attacked and your non-outpost Bases may not be
# attacked or targeted by your opponent until all of your Outposts are destroyed."
def test_outposts_guard_bases_a_destroy_base_ability_may_only_target_an_outpost():
    s = Scenario.build({"players": [{"hand": ["Missile Mech"]}, {"play": ["Trading Post", "Barter World"]}]})
    s.play(0, "Missile Mech")                 # Barter World is worth more, but the Trading Post guards it
    assert s.pile(1, "play") == ["Barter World"] and s.pile(1, "discard") == ["Trading Post"]


def test_outposts_guard_bases_without_an_outpost_any_base_may_be_targeted():
    s = Scenario.build({"players": [{"hand": ["Missile Mech"]}, {"play": ["Blob Wheel", "Barter World"]}]})
    s.play(0, "Missile Mech")
    assert s.pile(1, "play") == ["Blob Wheel"] and s.pile(1, "discard") == ["Barter World"]


def test_outposts_guard_bases_a_random_player_never_targets_a_guarded_base():
    for seed in range(12):
        s = Scenario.build({"players": [{"hand": ["Missile Mech"]},
                                        {"play": ["Barter World", "Trading Post", "Central Office"]}]},
                           seed=seed, strategies=("random", "random"))
        s.play(0, "Missile Mech")
        assert s.pile(1, "discard") == ["Trading Post"], seed


TEAM_BASES = {"players": [{"hand": ["Missile Mech"]}, {"play": ["Battle Station"]}, {"play": ["Barter World"]}]}


def _team_tables(outposts):
    tables = load_tables()
    tables.decks["hydra"] = dataclasses.replace(tables.decks["hydra"], outposts=outposts)
    return tables


def test_outposts_guard_bases_two_against_one_guard_team_one_members_outpost_guards_the_others_base():
    s = Scenario.build(TEAM_BASES, matchup=TEAM_SECOND, tables=_team_tables("guard-team"))
    s.play(0, "Missile Mech")
    assert s.pile(A, "discard") == ["Battle Station"] and s.pile(B, "play") == ["Barter World"]


def test_outposts_guard_bases_two_against_one_guard_owner_a_member_without_outposts_has_no_guard():
    s = Scenario.build(TEAM_BASES, matchup=TEAM_SECOND, tables=_team_tables("guard-owner"))
    s.play(0, "Missile Mech")                 # B has no Outpost: its Barter World (worth more) may be taken
    assert s.pile(B, "discard") == ["Barter World"] and s.pile(A, "play") == ["Battle Station"]


# ---------------------------------------------------------------- 2. a base's primary: when, and whether
def test_base_primary_in_the_main_phase_blob_world_counts_the_blob_cards_played_this_turn():
    s = Scenario.build({"players": [{"play": ["Blob World"], "hand": ["Ram", "Battle Pod", "Trade Pod", "Ram"],
                                     "deck": ["Scout"] * 8}, {}], "trade_row": [], "explorers": 0})
    s.start_turn(0)
    s.main_phase(0)
    # used after the four Blob ships: 4 cards (worth more than 5 Combat to balanced), not 5 Combat for none
    assert events(s, "Blob World: chooses draw_per_blob 1") and len(s.pile(0, "deck")) == 4


def test_base_primary_may_be_declined_machine_base_with_nothing_worth_scrapping():
    hand = ["Cutter", "Ram", "Battle Pod", "Trade Pod", "Imperial Fighter"]     # no card draws
    s = Scenario.build({"players": [{"play": ["Machine Base"], "hand": hand, "deck": ["Dreadnaught"]}, {}],
                        "trade_row": [], "explorers": 0})
    s.start_turn(0)
    s.main_phase(0)
    assert s.pile("scrap") == [] and s.pile(0, "deck") == ["Dreadnaught"]
    assert events(s, "declines the primary ability of Machine Base")


def test_base_primary_machine_base_is_used_before_the_hand_to_scrap_a_scout():
    s = Scenario.build({"players": [{"play": ["Machine Base"], "hand": ["Scout", "Cutter"], "deck": ["Viper"]}, {}],
                        "trade_row": [], "explorers": 0})
    s.start_turn(0)
    assert s.pile("scrap") == ["Scout"] and sorted(s.pile(0, "hand")) == ["Cutter", "Viper"]


def test_base_primary_a_base_played_from_hand_may_wait_until_the_hand_is_played():
    # Brain World scraps up to two cards of hand or discard pile: after the Scouts are played (their 2 Trade),
    # it scraps the Vipers of the discard pile and draws two
    s = Scenario.build({"players": [{"hand": ["Brain World", "Scout", "Scout"], "discard": ["Viper", "Viper"],
                                     "deck": ["Cutter"] * 3}, {}], "trade_row": [], "explorers": 0})
    s.main_phase(0)
    assert s.pile("scrap") == ["Viper", "Viper"] and s.trade == 1 + 1 + 2 + 2


def test_base_primary_once_each_turn():
    s = Scenario.build({"players": [{"play": ["Barter World"], "hand": ["Scout"]}, {}], "trade_row": [],
                        "explorers": 0})
    s.start_turn(0)
    s.main_phase(0)
    assert len(events(s, "uses the primary ability of Barter World")) == 1


# ---------------------------------------------------------------- 3. Mech World: an ally of every faction only
def test_mech_world_is_no_blob_card_for_blob_worlds_count():
    s = Scenario.build({"players": [{"hand": ["Mech World", "Ram", "Battle Pod", "Trade Pod", "Blob World"],
                                     "deck": ["Scout"] * 8}, {}], "trade_row": []})
    s.play(0, "Mech World")
    assert s.scalar(S_BLOB_PLAYED) == 0
    for name in ("Ram", "Battle Pod", "Trade Pod", "Blob World"):
        s.play(0, name)
    assert s.combat == 5 + 2 + 4 + 2 + 2      # Ram, Battle Pod, Trade Pod: Mech World is an ally of each
    assert len(s.pile(0, "hand")) == 4        # Blob World: four Blob cards played


def test_mech_world_is_not_a_trade_federation_card_for_federation_scouts_discount():
    s = Scenario.build({"players": [{"hand": ["Federation Scout", "Cargo Boat"]}, {}], "trade_row": ["Mech World"],
                        "explorers": 0})
    s.play(0, "Federation Scout")
    s.play(0, "Cargo Boat")
    assert s.scalar(S_FED_DISCOUNT) == 1
    s.sc[S_TRADE] = 4
    s.acquire(0)                              # Mech World costs its 5
    assert s.pile(0, "discard") == [] and s.pile("trade_row") == ["Mech World"]


def test_mech_world_counts_only_as_a_machine_cult_card_owned():
    s = Scenario.build({"players": [{"discard": ["Mech World"]}, {}]})
    assert s.scalar(S_OWNED + (MACHINE_CULT.bit_length() - 1)) == 1
    assert s.scalar(S_OWNED + (BLOB.bit_length() - 1)) == 0


# ---------------------------------------------------------------- 4. "you may put it on top", "any ship"
def test_may_put_on_top_freighter_leaves_a_weak_ship_to_the_discard_pile():
    s = Scenario.build({"players": [{"hand": ["Freighter", "Cutter"], "deck": ["Battle Blob", "Dreadnaught"]}, {}],
                        "trade_row": ["Federation Shuttle"], "explorers": 0})
    s.play(0, "Freighter")
    s.play(0, "Cutter")
    s.acquire(0)                              # a Federation Shuttle is worth less than the deck's cards
    assert s.pile(0, "discard") == ["Federation Shuttle"] and s.pile(0, "deck") == ["Battle Blob", "Dreadnaught"]


def test_may_put_on_top_central_office_puts_a_strong_ship_over_a_deck_of_scouts():
    s = Scenario.build({"players": [{"hand": ["Central Office"], "deck": ["Scout"] * 3}, {}],
                        "trade_row": ["Battle Blob"], "trade": 4, "explorers": 0})
    s.play(0, "Central Office")
    s.acquire(0)
    assert s.pile(0, "deck")[-1] == "Battle Blob"


def test_blob_carrier_acquires_any_ship_an_explorer_when_the_row_has_no_ship():
    s = Scenario.build({"players": [{"hand": ["Blob Fighter", "Blob Carrier"], "deck": ["Scout"]}, {}],
                        "trade_row": ["Blob Wheel", "Trading Post"]})
    s.play(0, "Blob Fighter")
    s.play(0, "Blob Carrier")
    assert s.pile(0, "deck") == ["Explorer"] and len(s.pile("explorers")) == 9 and s.trade == 0


# ---------------------------------------------------------------- 5. Alliance Procurement, any time in the Main Phase
def test_alliance_procurement_any_time_in_the_main_phase_its_2_trade_after_a_purchase():
    # 6 Trade buys the Battle Blob either way; on top of a deck of Dreadnaughts it would gain nothing, so the
    # gambit waits until after it, and its 2 Trade buy an Explorer too
    deck = ["Dreadnaught", "Dreadnaught", "War World"]
    s = Scenario.build({"players": [{"deck": deck}, {}], "trade": 6, "trade_row": ["Battle Blob"]},
                       matchup=ALLIANCE_FIRST)
    s.acquire(0)
    assert sorted(s.pile(0, "discard")) == ["Battle Blob", "Explorer"] and s.pile(0, "deck") == deck
    assert s.scalar(S_PROC_USED) == 1 and len(events(s, "Alliance Procurement: gains 2 Trade")) == 1


def test_alliance_procurement_top_of_the_deck_for_a_card_worth_more_than_the_decks():
    s = Scenario.build({"players": [{"deck": ["Scout"] * 5}, {}], "trade": 6, "trade_row": ["Battle Blob"]},
                       matchup=ALLIANCE_FIRST)
    s.acquire(0)
    assert s.pile(0, "deck")[-1] == "Battle Blob" and s.pile(0, "discard") == []


def test_alliance_procurement_not_used_when_it_would_do_nothing():
    s = Scenario.build({"players": [{}, {}], "trade": 0, "trade_row": ["Battle Blob"], "explorers": 0},
                       matchup=ALLIANCE_FIRST)
    s.acquire(0)
    assert s.scalar(S_PROC_USED) == 0 and not events(s, "Alliance Procurement")


# ---------------------------------------------------------------- 4. Bases (issue 47: the rules still without a test)
# A base stays in play until it is destroyed or scrapped; its primary ability is used once on each of its
# owner's turns while it stays; its scrap ability scraps it from play; a destroyed base goes to its owner's
# discard pile, a scrapped one leaves the game; the Alliance's gambits are used in its owner's Main Phase.
def primaries(s, card):
    """Each use of the card's primary ability (Barter World's is a choice: "... OR ...", logged once a use)."""
    return [e for e in s.events() if f"{card}: chooses" in e]


def test_bases_primary_ability_once_on_each_of_its_owners_turns_while_it_stays_in_play():
    s = Scenario.build({"players": [{"hand": ["Barter World"], "deck": ["Scout"] * 10},
                                    {"deck": ["Scout"] * 10}], "trade_row": [], "explorers": 0})
    s.main_phase(0)                          # played this turn: its primary once, not once more
    assert len(primaries(s, "Barter World")) == 1 and s.authority(0) + s.trade == 50 + 2
    s.end_turn(0)
    s.sc[S_CUR] = 1
    s.turn()                                 # the opponent's turn: no primary of player 0's base
    assert len(primaries(s, "Barter World")) == 1 and s.scalar(S_CUR) == 0
    s.turn()                                 # player 0's next turn: once again, the base still in play
    assert len(primaries(s, "Barter World")) == 2
    assert s.pile(0, "play") == ["Barter World"]


def test_bases_scrap_ability_scraps_the_base_from_play_and_it_leaves_the_game():
    # Barter World (in play since an earlier turn): scrap it for 5 Combat when that wins the game
    s = Scenario.build({"players": [{"play": ["Barter World"]}, {"authority": 5}], "trade_row": [],
                        "explorers": 0})
    assert s.scrap_abilities(0)
    assert s.combat == 5 and s.pile(0, "play") == [] and s.pile("scrap") == ["Barter World"]
    assert s.pile(0, "discard") == [] and s.pile(0, "deck") == []


def test_bases_leave_play_destroyed_by_an_ability_to_the_owners_discard_pile_scrapped_out_of_the_game():
    s = Scenario.build({"players": [{"hand": ["Blob Destroyer", "Blob Fighter"]},
                                    {"play": ["Barter World", "Trading Post"]}], "trade_row": [], "explorers": 0})
    s.play(0, "Blob Destroyer")
    s.play(0, "Blob Fighter")                # the Destroyer's ally: destroy target base (the Outpost first)
    assert s.pile(1, "play") == ["Barter World"] and s.pile(1, "discard") == ["Trading Post"]
    assert "Trading Post" not in s.pile("scrap")
    # a base scrapped for its ability does not go to the discard pile: it leaves the game
    t = Scenario.build({"players": [{"play": ["Trading Post"]}, {"authority": 3}]})
    assert t.scrap_abilities(0) and t.pile("scrap") == ["Trading Post"] and t.pile(0, "discard") == []


@pytest.mark.parametrize("matchup, other", [(SRMatchup(("alliance", "standard"), "command-vs-standard"), 1),
                                            (TEAM_SECOND, 1)])
def test_gambits_only_in_their_owners_main_phase_never_in_the_opponents_turn(matchup, other):
    # the seed: Alliance Procurement "may be used once on each of your turns, at any time during your Main
    # Phase"; Nandi's Onslaught is scrapped "at any time during your Main Phase"
    s = Scenario.start(seed=5, matchup=matchup)
    s.sc[S_CUR] = other                      # the opponent's turn
    s.turn()
    assert s.scalar(S_HAS_ONSLAUGHT) == 1 and s.scalar(S_PROC_USED) == 0
    assert not any("Alliance Procurement" in e or "Nandi's Onslaught" in e for e in s.events())
