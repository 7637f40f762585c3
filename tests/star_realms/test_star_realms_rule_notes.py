"""Provenance tells the truth about simplifications (issue 29): where the Star Realms engine plays a card more
simply than its printed text, or reads a text the sources leave open, `cards show` says so in `rule:` lines,
marks the section it concerns, and `cards audit` lists it; `commandsim games` lists the rules chosen where the
sources are silent."""
from click.testing import CliRunner

import cli
from simcore.games.star_realms.card_data import load_card_list
from simcore.games.star_realms.rule_notes import OP_NOTES, rule_notes

CARDS, _ = load_card_list()


def run(*args):
    result = CliRunner().invoke(cli.main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def show(name):
    return run("cards", "show", name, "--game", "star-realms")


def test_cards_show_says_a_destroy_base_ability_resolves_at_once_and_only_against_an_outpost_while_one_stands():
    out = show("Blob Destroyer")
    assert "rule: destroy_base:" in out and "only an Outpost may be targeted" in out and "Simplified" in out
    assert "ally         scrap_trade_row 1, destroy_base 1  [stated; played as a rule below says]" in out


def test_cards_show_says_when_a_base_primary_is_used_and_that_it_may_be_declined():
    out = show("Machine Base")
    assert "rule: primary: a base's primary ability is used once on each of your turns" in out
    assert "rule: scrap_from_hand:" in out and "declines" in out


def test_cards_show_prints_no_rule_for_a_ship_played_as_printed():
    assert "rule:" not in show("Cutter") and "played as a rule" not in show("Cutter")


def test_no_stated_section_is_played_by_a_rule_silently():
    for card in CARDS:
        notes = rule_notes(card)
        ops = {op for rows in card.effects.values() for op, _, aop, _ in rows for op in (op, aop) if op}
        assert {op for op in ops if op in OP_NOTES} <= {n.split(":")[0] for n in notes}, card.name
        if notes:
            out = show(card.name)
            assert all(f"rule: {n}" in out for n in notes), card.name
            assert "played as a rule below says" in out, card.name


def test_cards_audit_lists_every_card_played_by_a_rule():
    audit = run("cards", "audit", "--game", "star-realms", "--format", "csv").splitlines()
    assert audit[0] == "card,field,provenance" and "deck standard,authority,estimated" in audit
    for card in CARDS:
        for note in rule_notes(card):
            assert f"{card.name},rule:{note.split(':')[0]},rule" in audit
    text = run("cards", "audit", "--game", "star-realms")
    assert "Mech World: rule:ally_all_factions  [rule]" in text and "Freighter: rule:next_ship_top  [rule]" in text


def test_games_lists_the_star_realms_rules_chosen_where_the_sources_are_silent():
    out = run("games")
    for words in ("the Explorer pile holds 10", "100 player-turns is a counted draw",
                  "a base's primary ability is used once on each of your turns", "Alliance Procurement is offered "
                  "before each acquisition", "[deck.hydra] outposts"):
        assert words in out, words
