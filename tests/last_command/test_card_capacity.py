"""Card sets that validate always run: a set whose games could hold more cards than the engine's
piles (CAP) is refused when validated and when compiled for a run, naming the file, the card and
the limit; the engine's other table limits are named the same way."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from simcore.games.last_command import tables as T
from simcore.games.last_command.cardset import (compile_effects, load_card_list, load_cards, read_cards,
                                                shipped_cards_dir)
from simcore.games.last_command.cardset.capacity import game_size
from simcore.games.last_command.cardset.compile import compile_cards
from simcore.games.last_command.layout import CAP
from simcore.games.last_command.setup import FogOfWar, Matchup, MatchupError, build_setup
from simcore.errors import CardDataError

LIMIT = "the engine's piles hold at most 160 cards (simcore/games/last_command/layout.py CAP): lower the counts or remove cards"


def market_card(i: int, count: int) -> str:
    return f"""
[[card]]
name = "Cheap {i}"
kind = "system"
system = "tactical"
count = {count}
credit_cost = 0
power_cost = 0
main = [{{ op = "damage", n = 1 }}]
estimated = ["credit_cost", "power_cost", "main"]
"""


def cheap_cards(folder: Path, n: int, count: int = 20) -> Path:
    path = folder / "cheap.toml"
    path.write_text("".join(market_card(i, count) for i in range(n)))
    return path


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_the_shipped_set_fits_with_room_to_spare():
    size = game_size(load_card_list())
    assert CAP == 160
    # 54 Market Systems + 30 Market Crew + 16 Malfunctions, and two starting decks of 6 cards
    assert (size.shared, size.largest_deck, size.total) == (100, 6, 112)


@pytest.mark.parametrize("n", [15, 18])
def test_cards_validate_refuses_market_cards_beyond_the_piles_naming_file_card_and_limit(tmp_path, monkeypatch, n):
    # 18 such cards crashed `sweep --cards` (exit 139 / 134); 15 ran and overflowed piles silently
    monkeypatch.chdir(tmp_path)
    cheap_cards(tmp_path, n)
    result = run("cards", "validate", "cheap.toml")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (
        "Error: cheap.toml: card 'Cheap 2', field 'count': with this card a game holds up to 172 cards (Market, "
        f"Crew and Malfunctions 160, two starting decks of up to 6); {LIMIT}")
    assert "Traceback" not in result.output


def test_sweep_refuses_the_same_set_before_playing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cheap_cards(tmp_path, 15)
    result = run("sweep", "--games", "2", "--cards", "cheap.toml", "--out", "o.csv", "--quiet")
    assert result.exit_code == 2, result.output
    assert result.stderr.strip().startswith("Error: cheap.toml: card 'Cheap 2', field 'count': ")
    assert result.stderr.strip().endswith(LIMIT)
    assert not (tmp_path / "o.csv").exists()


def test_the_limit_is_exact_a_set_of_160_cards_validates_and_161_does_not(tmp_path):
    # 112 shipped cards in a game: 48 more fit exactly
    fits = cheap_cards(tmp_path, 1, 20).read_text() + market_card(1, 20) + market_card(2, 8)
    (tmp_path / "fits.toml").write_text(fits)
    result = run("cards", "validate", str(tmp_path / "fits.toml"))
    assert result.exit_code == 0, result.output
    assert "a game holds up to 160 cards (limit 160)" in result.output
    (tmp_path / "over.toml").write_text(fits + market_card(3, 1))
    with pytest.raises(CardDataError) as caught:
        load_cards(overrides=tmp_path / "over.toml")
    assert (caught.value.card, caught.value.field) == ("Cheap 3", "count")
    assert "a game holds up to 161 cards" in str(caught.value)


def test_every_count_20_in_an_edited_shipped_file_is_refused_naming_the_card(tmp_path):
    # editing counts of existing cards (no new card) also used to pass validation
    text = (shipped_cards_dir() / "market_tactical.toml").read_text()
    (tmp_path / "market_tactical.toml").write_text(re.sub(r"(?m)^count = \d+$", "count = 20", text))
    result = run("cards", "validate", str(tmp_path / "market_tactical.toml"))
    assert result.exit_code == 2
    assert re.fullmatch(r"Error: \S*market_tactical.toml: card 'Guardian Crystal', field 'count': with this card a "
                        r"game holds up to 174 cards \(Market, Crew and Malfunctions 162, two starting decks of up "
                        r"to 6\); " + re.escape(LIMIT), result.stderr.strip()), result.stderr


def test_starting_cards_count_twice_a_faction_may_meet_itself(tmp_path):
    # a starting System of one faction and variant is in both decks of a mirror match
    starting = market_card(0, 20).replace('count = 20', 'count = 20\nfaction = "sunder"\nstart_set = "standard"') \
        .replace('credit_cost = 0\n', '').replace('"credit_cost", ', '')
    (tmp_path / "fits.toml").write_text(starting + market_card(1, 8))
    size = game_size(load_card_list(overrides=tmp_path / "fits.toml"))
    assert (size.shared, size.largest_deck, size.total) == (108, 26, 160)
    load_cards(overrides=tmp_path / "fits.toml")
    (tmp_path / "over.toml").write_text(starting + market_card(1, 9))
    with pytest.raises(CardDataError, match=r"card 'Cheap 1', field 'count': with this card a game holds up to "
                                            r"161 cards \(Market, Crew and Malfunctions 109, two starting decks of "
                                            r"up to 26\)"):
        load_cards(overrides=tmp_path / "over.toml")


def test_cards_validate_compiles_with_the_shipped_cards_like_a_run(tmp_path):
    # the file alone fits; with the shipped cards it does not
    cheap_cards(tmp_path, 3)
    assert len(compile_cards(read_cards(tmp_path / "cheap.toml")).catalog) == 3
    result = run("cards", "validate", str(tmp_path / "cheap.toml"))
    assert result.exit_code == 2 and "card 'Cheap 2', field 'count'" in result.stderr


@pytest.mark.parametrize("limit", ["MAX_TYPES", "MAX_EFF_ROWS"])
def test_table_limits_name_the_card_beyond_them(monkeypatch, limit):
    cards = load_card_list()
    compile_cards(cards)
    monkeypatch.setattr(T, limit, 3)
    with pytest.raises(CardDataError, match="the engine holds at most 3") as caught:
        compile_cards(cards)
    # types: the fourth card; effect rows (row 0 is the NOP): the first card whose effects pass row 3
    rows = 1
    for beyond in cards:
        rows += sum(len(compile_effects(seg)) for seg in (beyond.main, beyond.covering, beyond.ongoing,
                                                          *beyond.bonus.values()))
        if rows > 3:
            break
    assert caught.value.card == (cards[3] if limit == "MAX_TYPES" else beyond).name
    assert caught.value.file.endswith(".toml")


def test_fog_of_war_extra_starting_cards_beyond_the_piles_are_refused(tmp_path):
    # Fog of War extras are physical cards, but the other variant's starting cards come out of the
    # box: a set that fills the piles to 158 holds two of them and refuses a third
    tables = load_cards(overrides=cheap_cards(tmp_path, 46, count=1))
    box = ("Basic Laser (asymmetrical)", "Nuclear Reactor (asymmetrical)", "Trade Rocket (asymmetrical)")
    build_setup(tables, Matchup(("federation", "sunder"), fog=(FogOfWar(extra=box[:2]), None)))  # 158 + 2 = 160
    with pytest.raises(MatchupError, match=r"holds 161 cards; the engine's piles hold at most 160"):
        build_setup(tables, Matchup(("federation", "sunder"), fog=(FogOfWar(extra=box), None)))


def test_a_set_of_more_than_256_card_types_is_refused_by_validate_naming_the_card(tmp_path, monkeypatch):
    # 76 shipped + 200 new types used to pass validation, then stop every run with a message
    # naming no file or card
    monkeypatch.chdir(tmp_path)
    cheap_cards(tmp_path, 200, count=1)
    result = run("cards", "validate", "cheap.toml")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("Error: cheap.toml: card 'Cheap 180': card type number 257 of the set: the "
                                     "engine holds at most 256 card types (simcore/games/last_command/tables.py MAX_TYPES)")
