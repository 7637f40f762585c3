"""Star Realms Two Against One (seed rulebook, Game Modes: Two Against One; the Hydra facts of
data/star_realms/README.md): the Alliance Command Deck player against a two-player Hydra team. One test per
rule through the scenario harness, named <section>_<rule>; the team's open questions in both answers."""
import dataclasses

import pytest

from simcore.games.star_realms.card_data import load_tables
from simcore.games.star_realms.layout import S_PEND_DISCARD, S_PEND_TEAM, S_TOP_SHIP
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import SRMatchup

TEAM_SECOND = SRMatchup(("alliance", "hydra"), "two-against-one")   # players: 0 alliance, 1 hydra A, 2 hydra B
TEAM_FIRST = SRMatchup(("hydra", "alliance"), "two-against-one")    # players: 0 hydra A, 1 alliance, 2 hydra B
ALLIANCE, A, B = 0, 1, 2          # players in TEAM_SECOND
TEAM = 1                          # the team's side in TEAM_SECOND


def counts(names):
    return {n: names.count(n) for n in set(names)}


def team_tables(**answers):
    """The shipped cards with the hydra deck's open questions answered otherwise."""
    tables = load_tables()
    tables.decks["hydra"] = dataclasses.replace(tables.decks["hydra"], **answers)
    return tables


def team_scenario(spec, tables=None, **kw):
    return Scenario.build(spec, matchup=TEAM_SECOND, tables=tables, **kw)


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("matchup", [TEAM_FIRST, TEAM_SECOND], ids=["team-first", "team-second"])
def test_two_against_one_setup_two_standard_decks_one_shared_authority_of_75_against_68(matchup):
    s = Scenario.start(seed=7, matchup=matchup)
    team = matchup.decks.index("hydra")
    for p in (team, 2):
        assert counts(s.pile(p, "deck") + s.pile(p, "hand")) == {"Scout": 8, "Viper": 2}
    assert (s.authority(team), s.authority(1 - team)) == (75, 68)
    assert len(s.pile(1 - team, "deck") + s.pile(1 - team, "hand")) == 12
    assert s.pile(2, "deck") != s.pile(team, "deck") or s.pile(2, "hand") != s.pile(team, "hand")  # own shuffles


def test_two_against_one_opening_hands_team_first_draws_3_each_the_command_player_5():
    s = Scenario.start(seed=8, matchup=TEAM_FIRST)
    assert [len(s.pile(p, "hand")) for p in (0, 2, 1)] == [3, 3, 5]


def test_two_against_one_opening_hands_command_player_first_draws_3_the_team_5_each():
    s = Scenario.start(seed=8, matchup=TEAM_SECOND)
    assert [len(s.pile(p, "hand")) for p in (ALLIANCE, A, B)] == [3, 5, 5]


# ---------------------------------------------------------------- the team's turn
def test_two_against_one_team_pools_trade_for_a_purchase_that_goes_to_the_buyers_discard_pile():
    s = team_scenario({"players": [{}, {"hand": ["Scout", "Scout"]}, {"hand": ["Scout", "Scout"]}],
                       "trade_row": ["Space Station"], "explorers": 0, "cur": TEAM})
    s.start_side(TEAM)
    s.team_main_phase(TEAM)
    bought = [p for p in (A, B) if s.pile(p, "discard") == ["Space Station"]]
    assert len(bought) == 1 and s.trade == 0                       # 2 + 2 Trade paid one 4-cost card
    assert "team: pools 4 Trade (hydra A 2, hydra B 2)" in " ".join(s.events())
    assert s.pile(3 - bought[0], "discard") == []


def test_two_against_one_team_combines_combat_against_the_command_player():
    s = team_scenario({"players": [{}, {"hand": ["Viper", "Viper"]}, {"hand": ["Viper"]}], "explorers": 0,
                       "cur": TEAM})
    s.start_side(TEAM)
    s.team_main_phase(TEAM)
    assert s.authority(ALLIANCE) == 68 - 3
    assert any("team: attacks alliance (first)'s Authority with 3 Combat -> 65" in e for e in s.events())


def test_two_against_one_ally_abilities_count_only_the_members_own_play_area():
    s = team_scenario({"players": [{}, {"hand": ["Cutter"]}, {"hand": ["Federation Shuttle"]}]})
    s.play(A, "Cutter")
    s.play(B, "Federation Shuttle")          # a Trade Federation card, but in the teammate's area
    assert not any("ally ability" in e for e in s.events()) and s.combat == 0
    s = team_scenario({"players": [{}, {"hand": ["Cutter", "Federation Shuttle"]}, {}]})
    s.play(A, "Cutter")
    s.play(A, "Federation Shuttle")
    assert s.combat == 4 and s.authority(TEAM) == 75 + 4 + 4


def test_two_against_one_next_acquired_applies_only_to_that_members_purchases():
    s = team_scenario({"players": [{}, {"hand": ["Freighter", "Cutter"]}, {}],
                       "trade_row": ["Cutter", "Imperial Fighter"], "trade": 10})
    s.play(A, "Freighter")
    s.play(A, "Cutter")                      # Freighter's ally: A's next ship acquired may go on top of A's deck
    assert s.scalar(S_TOP_SHIP + A) == 1 and s.scalar(S_TOP_SHIP + B) == 0
    s.buy(B, "Cutter")
    assert s.pile(B, "discard") == ["Cutter"] and s.pile(B, "deck") == []
    s.buy(A, "Imperial Fighter")
    assert s.pile(A, "deck") == ["Imperial Fighter"] and s.scalar(S_TOP_SHIP + A) == 0


def test_two_against_one_shared_authority_one_members_gain_and_the_opponents_attack_both_count():
    s = team_scenario({"players": [{"hand": ["Viper"]}, {"hand": []}, {"hand": ["Cutter"]}]})
    s.play(B, "Cutter")                      # 4 Authority to the team's shared score
    assert s.authority(TEAM) == 79
    s.play(ALLIANCE, "Viper")
    s.attack(ALLIANCE)
    assert s.authority(TEAM) == 78


def test_two_against_one_team_discard_and_draw_phases_together():
    s = Scenario.start(seed=11, matchup=TEAM_FIRST)
    s.turn()
    for p in (0, 2):
        assert len(s.pile(p, "hand")) == 5
        assert all(s.tables.cards[s.type_of(n), 0] != 0 for n in s.pile(p, "play"))   # only bases stay
    assert s.scalar(4) == 1                  # the Command player's turn next


# ---------------------------------------------------------------- the open questions, both answers
OUTPOST_AND_BASE = {"players": [{}, {"play": ["Battle Station"]}, {"play": ["Barter World"]}], "combat": 4,
                    "cur": 0}


def test_two_against_one_outposts_guard_team_any_outpost_guards_both_members_bases_and_the_authority():
    s = team_scenario(OUTPOST_AND_BASE)
    s.attack(ALLIANCE)                       # 4 Combat: not enough for the Outpost (5), nothing else allowed
    assert s.pile(B, "play") == ["Barter World"] and s.authority(TEAM) == 75 and s.combat == 4


def test_two_against_one_outposts_guard_owner_an_outpost_guards_only_its_owners_bases():
    s = team_scenario(OUTPOST_AND_BASE, tables=team_tables(outposts="guard-owner"))
    s.attack(ALLIANCE)
    assert s.pile(B, "play") == [] and s.pile(B, "discard") == ["Barter World"]
    assert s.authority(TEAM) == 75           # the Outpost still guards the shared Authority
    assert any("destroys base Barter World of hydra B" in e for e in s.events())


def test_two_against_one_opponent_discards_team_chooses_one_card_from_one_member():
    s = team_scenario({"players": [{"hand": ["Imperial Fighter"]}, {"hand": ["Scout"] * 5},
                                   {"hand": ["Viper"] * 4 + ["Scout"]}]})
    s.play(ALLIANCE, "Imperial Fighter")      # "target opponent discards a card"
    assert s.scalar(S_PEND_TEAM + TEAM) == 1
    assert s.scalar(S_PEND_DISCARD + A) == s.scalar(S_PEND_DISCARD + B) == 0
    s.start_side(TEAM)
    assert len(s.pile(A, "hand")) + len(s.pile(B, "hand")) == 9
    assert s.scalar(S_PEND_TEAM + TEAM) == 0


def test_two_against_one_opponent_discards_each_member_discards_under_each_member():
    s = team_scenario({"players": [{"hand": ["Imperial Fighter"]}, {"hand": ["Scout"] * 5},
                                   {"hand": ["Scout"] * 5}]}, tables=team_tables(opponent_discards="each-member"))
    s.play(ALLIANCE, "Imperial Fighter")
    s.start_side(TEAM)
    assert len(s.pile(A, "hand")) == len(s.pile(B, "hand")) == 4


def test_two_against_one_scrap_from_discard_own_pile_only_by_default():
    spec = {"players": [{}, {"hand": ["Trade Bot"]}, {"discard": ["Viper"]}]}
    s = team_scenario(spec)
    s.play(A, "Trade Bot")
    assert s.pile(B, "discard") == ["Viper"] and s.pile("scrap") == []


def test_two_against_one_scrap_from_discard_either_pile_reaches_the_teammates():
    s = team_scenario({"players": [{}, {"hand": ["Trade Bot"]}, {"discard": ["Viper"]}]},
                      tables=team_tables(scrap_from="either-pile"))
    s.play(A, "Trade Bot")
    assert s.pile(B, "discard") == [] and s.pile("scrap") == ["Viper"]
    assert any("scraps Viper from the teammate's discard pile" in e for e in s.events())


def test_two_against_one_team_deck_answers_are_checked_naming_file_deck_and_field(tmp_path):
    from simcore.errors import CardDataError
    (tmp_path / "decks.toml").write_text(
        (load_tables.__globals__["CARDS_DIR"] / "decks.toml").read_text().replace('outposts = "guard-team"',
                                                                                  'outposts = "guard-nobody"'))
    with pytest.raises(CardDataError) as err:
        load_tables(overrides=tmp_path)
    assert "decks.toml" in str(err.value) and "deck hydra" in str(err.value) and "outposts" in str(err.value)


# ---------------------------------------------------------------- "each opponent" against "target opponent"
ALLIES = ["Federation Scout", "Imperial Viper"]    # the Onslaught's symbols fire both ally abilities
ONSLAUGHT_VS_TEAM = {"players": [{"hand": ALLIES, "deck": ["Viper", "Scout", "Scout"]}, {"hand": ["Scout"] * 5},
                                 {"hand": ["Scout"] * 5}], "trade_row": [], "explorers": 0}


@pytest.mark.parametrize("answer", ["team-chooses", "each-member"])
def test_two_against_one_each_opponent_discards_nandis_onslaught_makes_every_member_discard(answer):
    # "Draw two cards, then you and each opponent discard a card"; "Each player has a separate deck and a
    # personal play area": each Hydra member is an opponent, whatever the team's answer for "target opponent"
    s = team_scenario(ONSLAUGHT_VS_TEAM, tables=team_tables(opponent_discards=answer))
    for card in ALLIES:
        s.play(ALLIANCE, card)
    assert s.gambits(ALLIANCE)
    assert s.scalar(S_PEND_DISCARD + A) == s.scalar(S_PEND_DISCARD + B) == 1
    assert s.scalar(S_PEND_TEAM + TEAM) == 0
    s.start_side(TEAM)
    assert len(s.pile(A, "hand")) == len(s.pile(B, "hand")) == 4
    assert s.pile(A, "discard") == s.pile(B, "discard") == ["Scout"]


@pytest.mark.parametrize("card", ["Imperial Fighter", "Imperial Frigate"])
def test_two_against_one_target_opponent_discards_one_card_in_all_the_team_choosing_who(card):
    s = team_scenario({"players": [{"hand": [card]}, {"hand": ["Scout"] * 5}, {"hand": ["Scout"] * 5}]})
    s.play(ALLIANCE, card)
    assert s.scalar(S_PEND_TEAM + TEAM) == 1
    s.start_side(TEAM)
    assert len(s.pile(A, "hand")) + len(s.pile(B, "hand")) == 9


def test_two_against_one_each_and_target_discards_add_up_each_member_then_the_teams_choice():
    # Onslaught (each member 1) and Stellar Falcon's ally (target opponent: 1 more, the team's choice)
    s = team_scenario({"players": [{"hand": ["Stellar Falcon", "Federation Scout"], "deck": ["Scout"] * 3},
                                   {"hand": ["Scout"] * 5}, {"hand": ["Scout"] * 5}], "trade_row": [],
                       "explorers": 0})
    s.play(ALLIANCE, "Stellar Falcon")
    s.play(ALLIANCE, "Federation Scout")
    assert s.gambits(ALLIANCE)                # the Onslaught's symbols fire the Falcon's and the Scout's allies
    assert (s.scalar(S_PEND_DISCARD + A), s.scalar(S_PEND_DISCARD + B), s.scalar(S_PEND_TEAM + TEAM)) == (1, 1, 1)
    s.start_side(TEAM)
    assert len(s.pile(A, "hand")) + len(s.pile(B, "hand")) == 10 - 3


def test_two_against_one_each_opponent_in_a_two_player_game_is_the_one_opponent():
    s = Scenario.build({"players": [{"hand": ALLIES, "deck": ["Viper", "Scout", "Scout"]}, {"hand": ["Scout"] * 5}],
                        "trade_row": [], "explorers": 0}, matchup=SRMatchup(("alliance", "standard"),
                                                                             "command-vs-standard"))
    for card in ALLIES:
        s.play(0, card)
    assert s.gambits(0)
    assert s.scalar(S_PEND_DISCARD + 1) == 1
    s.start_side(1)
    assert len(s.pile(1, "hand")) == 4


def test_two_against_one_replay_seed_10_nandis_onslaught_makes_both_hydra_members_discard():
    # the game: turn index 10, the Alliance scraps the Onslaught; at the team's next turn both discard
    import json
    from simcore.games.star_realms.replay_log import json_lines
    from simcore.games.star_realms.simulate import replay_game
    rows = [json.loads(x) for x in json_lines(replay_game(10, TEAM_SECOND, ("balanced", "balanced")))]
    rows = [r for r in rows if "turn" in r]
    assert any(r["turn"] == 10 and "scraps Nandi's Onslaught" in r["text"] for r in rows)
    forced = [r["text"].split(":")[0] for r in rows if r["turn"] == 11 and "(the opponent made them)" in r["text"]]
    assert forced == ["hydra A", "hydra B"]
