"""Star Realms card data: the shipped files match the facts tables and the seed, and bad data fails like
The Last Command's (file, card and field named, exit code 2, no traceback)."""
import shutil

import pytest
from click.testing import CliRunner

import cli
from simcore.errors import CardDataError
from simcore.games.star_realms.card_data import CARDS_DIR, load_card_list, load_tables
from simcore.games.star_realms.opcodes import C_FACTION, C_SCRAP, C_TRIGGER, STAR_EMPIRE, TRADE_FEDERATION, Op


def test_card_data_core_set_counts_of_the_facts_table():
    cards, decks = load_card_list()
    by_role = {}
    for c in cards:
        by_role.setdefault(c.role, 0)
        by_role[c.role] += c.count
    assert by_role["trade_deck"] == 80 and by_role["explorer"] == 10
    trade = [c for c in cards if c.role == "trade_deck"]
    for faction in ("trade_federation", "blob", "star_empire", "machine_cult"):
        assert sum(c.count for c in trade if c.faction == (faction,)) == 20
    assert decks["standard"].cards == {"Scout": 8, "Viper": 2}


def test_card_data_alliance_deck_as_the_seed_lists_it():
    _, decks = load_card_list()
    a = decks["alliance"]
    assert sum(a.cards.values()) == 12 and (a.authority, a.hand_size) == (68, 5)
    assert a.flagship == "Super Freighter" and a.gambits == ("Alliance Procurement", "Nandi's Onslaught")


def test_card_data_super_freighter_both_factions_and_trigger():
    t = load_tables()
    row = t.cards[t.type_of("Super Freighter")]
    assert row[C_FACTION] == row[C_TRIGGER] == STAR_EMPIRE | TRADE_FEDERATION


def test_card_data_every_field_has_provenance():
    cards, _ = load_card_list()
    for c in cards:
        for f in ("cost", "defense", "primary", "ally", "scrap", "static", "faction"):
            if f in c.stated or f in c.estimated:
                continue
            value = getattr(c, f, None) if f not in ("primary", "ally", "scrap", "static") else c.effects.get(f)
            assert not value, (c.name, f)


def _broken(tmp_path, old, new):
    folder = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, folder)
    path = folder / "core_set.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize("old, new, card, field, words", [
    ('name = "Cutter"\nfaction = "trade_federation"\nkind = "ship"\nrole = "trade_deck"\ncount = 3\ncost = 2',
     'name = "Cutter"\nfaction = "trade_federation"\nkind = "ship"\nrole = "trade_deck"\ncount = 3\ncost = -2',
     "Cutter", "cost", "expected an integer 0..12"),
    ('name = "Cutter"\nfaction = "trade_federation"', 'name = "Cutter"\nfaction = "trade_fed"', "Cutter", "faction",
     "unknown faction"),
    ('primary = [{ op = "trade", n = 2 }, { op = "authority", n = 4 }]',
     'primary = [{ op = "trade", n = 2 }, { op = "autority", n = 4 }]', "Cutter", "primary[1].op", "unknown op"),
    ('name = "Cutter"\n', 'name = "Cutter"\ncolour = "blue"\n', "Cutter", "colour", "unknown field"),
])
def test_card_errors_name_file_card_and_field(tmp_path, old, new, card, field, words):
    folder = _broken(tmp_path, old, new)
    with pytest.raises(CardDataError) as info:
        load_tables(folder)
    err = info.value
    assert err.file.endswith("core_set.toml") and err.card == card and err.field == field
    assert words in str(err)


FIGHTER = ('primary = [{ op = "combat", n = 2 }, { op = "opp_discard", n = 1 }]\nally = [{ op = "combat", n = 2 }]\n'
           'opponents = "target"\n')


@pytest.mark.parametrize("new, words", [
    (FIGHTER.replace('opponents = "target"\n', ""), "missing: the card has opp_discard"),
    (FIGHTER.replace('"target"', '"every"'), "expected one of target, each, got 'every'"),
])
def test_card_errors_whom_an_opponent_discard_hits_is_required_and_checked(tmp_path, new, words):
    folder = _broken(tmp_path, FIGHTER, new)
    if "missing" in words:      # its provenance mark goes with it
        path = folder / "core_set.toml"
        path.write_text(path.read_text().replace('"primary", "ally"]\nestimated = ["opponents"]\n',
                                                 '"primary", "ally"]\n', 1))
    with pytest.raises(CardDataError) as info:
        load_tables(folder)
    assert (info.value.card, info.value.field) == ("Imperial Fighter", "opponents") and words in str(info.value)


def test_card_data_each_opponent_or_target_opponent_as_printed_where_a_source_gives_it():
    # Nandi's Onslaught: "you and each opponent discard a card" (the seed; the facts table's
    # opp_discard_each_opponent): stated. The others: the facts table gives the discard, not whom: estimated
    cards, _ = load_card_list()
    hits = {c.name: (c.opponents, c.provenance("opponents")) for c in cards if c.opponents}
    assert hits == {"Nandi's Onslaught": ("each", "stated"),
                    **{n: ("target", "estimated") for n in ("Imperial Fighter", "Imperial Frigate", "Survey Ship",
                                                           "Battlecruiser", "Royal Redoubt", "Stellar Falcon")}}
    with_discard = {c.name for c in cards for rows in c.effects.values() for op, _, aop, _ in rows
                    if "opp_discard" in (op, aop)}
    assert with_discard == set(hits)
    t = load_tables()
    scrap = t.eff[t.cards[t.type_of("Nandi's Onslaught"), C_SCRAP]:][:4, 0]
    assert list(scrap) == [Op.GAIN_ALLIES, Op.DRAW, Op.SELF_DISCARD, Op.EACH_OPP_DISCARD]


def test_card_data_cards_show_and_audit_say_whom_a_discard_hits_and_where_it_comes_from():
    show = CliRunner().invoke(cli.main, ["cards", "show", "--game", "star-realms", "Nandi's Onslaught"])
    assert show.exit_code == 0 and "opponents    each  [stated]" in show.output
    show = CliRunner().invoke(cli.main, ["cards", "show", "--game", "star-realms", "Imperial Fighter"])
    assert "opponents    target  [estimated]" in show.output
    audit = CliRunner().invoke(cli.main, ["cards", "audit", "--game", "star-realms", "--format", "csv"]).output
    assert "Survey Ship,opponents,estimated" in audit.splitlines()


def test_card_data_each_opponent_is_not_an_op_a_card_file_names(tmp_path):
    folder = _broken(tmp_path, '{ op = "opp_discard", n = 1 }]\nally = [{ op = "combat", n = 2 }]\nopponents',
                     '{ op = "each_opp_discard", n = 1 }]\nally = [{ op = "combat", n = 2 }]\nopponents')
    with pytest.raises(CardDataError, match="unknown op 'each_opp_discard'"):
        load_tables(folder)


def test_card_errors_provenance_missing_is_refused(tmp_path):
    folder = _broken(tmp_path, 'stated = ["faction", "kind", "role", "count", "cost", "primary", "ally"]',
                     'stated = ["faction", "kind", "role", "count", "cost", "ally"]')
    with pytest.raises(CardDataError, match="field 'primary': must be listed in exactly one of stated / estimated"):
        load_tables(folder)


def test_card_errors_cli_exit_2_one_line_no_traceback(tmp_path):
    folder = _broken(tmp_path, "defense = 7", "defense = 70")
    result = CliRunner().invoke(cli.main, ["cards", "validate", "--game", "star-realms", str(folder)])
    assert result.exit_code == 2
    assert "core_set.toml: card 'Blob World', field 'defense': expected an integer 1..10, got 70" in result.output
    assert "Traceback" not in result.output


def test_card_errors_more_cards_than_a_pile_holds_are_refused_before_any_game(tmp_path):
    from simcore.games.star_realms.setup import SRMatchup, build_setup
    folder = _broken(tmp_path, 'name = "Blob Fighter"\nfaction = "blob"\nkind = "ship"\nrole = "trade_deck"\ncount = 3',
                     'name = "Blob Fighter"\nfaction = "blob"\nkind = "ship"\nrole = "trade_deck"\ncount = 20')
    tables = load_tables(folder)
    build_setup(tables, SRMatchup())                       # 97 + 10 Explorers + 2 x 10 = 127 cards fit
    with pytest.raises(CardDataError, match="card 'Blob Fighter'.*field 'count'.*130 cards, more than the 128"):
        build_setup(tables, SRMatchup(("alliance", "standard"), "command-vs-standard"))


def test_card_errors_malformed_toml_names_the_line(tmp_path):
    folder = _broken(tmp_path, 'name = "Cutter"', 'name = "Cutter')
    with pytest.raises(CardDataError, match=r"core_set.toml:\d+: malformed TOML"):
        load_tables(folder)


def test_card_errors_deck_naming_an_unknown_card(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, folder)
    decks = folder / "decks.toml"
    decks.write_text(decks.read_text().replace("Scout = 8", "Scoot = 8"))
    with pytest.raises(CardDataError, match="deck standard.*field 'cards': no card named 'Scoot'"):
        load_tables(folder)


VIPER9 = ('[[card]]\nname = "Viper"\naliases = ["Assault Ship"]\nfaction = "unaligned"\nkind = "ship"\n'
          'role = "personal"\ncount = 4\nprimary = [{ op = "combat", n = 9 }]\nsource = "test"\n'
          'stated = ["faction", "kind", "role", "count"]\nestimated = ["primary"]\n')


def test_card_overrides_replace_a_card_by_name_and_change_the_games(tmp_path):
    from simcore.games.star_realms.simulate import play_games
    (tmp_path / "viper.toml").write_text(VIPER9)
    edited = load_tables(overrides=tmp_path / "viper.toml")
    assert edited.names == load_tables().names          # replaced in place, nothing added
    base, mine = play_games(50, seed=4), play_games(50, seed=4, tables=edited)
    assert mine.games.turns.mean() < 0.8 * base.games.turns.mean()     # 9-Combat Vipers end games sooner
    shown = CliRunner().invoke(cli.main, ["cards", "show", "Viper", "--game", "star-realms",
                                          "--cards", str(tmp_path / "viper.toml")])
    assert "combat 9  [estimated]" in shown.output


def test_card_overrides_duplicate_alias_names_the_file(tmp_path):
    (tmp_path / "dup.toml").write_text(VIPER9.replace('name = "Viper"', 'name = "Viper Two"'))
    with pytest.raises(CardDataError, match=r"dup.toml: card 'Viper Two', field 'name': duplicate card name "
                                            r"'Assault Ship'"):
        load_tables(overrides=tmp_path / "dup.toml")
