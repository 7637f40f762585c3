"""Star Realms' deck block as a card override (issue 46 "Conflicting overrides", issue 44 item 6): the block
``cards show "deck standard" --toml`` prints is a one-field override in any file, two files changing one deck are
refused naming both, and a misspelt deck name suggests the loaded deck."""
from __future__ import annotations

import pytest

from simcore.games.star_realms.card_data import load_card_list
from tests.conftest import invoke


def one_line(*args, text: str) -> str:
    result = invoke(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "Traceback" not in result.output, result.output
    assert text in lines[0], lines[0]
    return lines[0]


def deck_block(cards_path=None) -> str:
    args = ["cards", "show", "deck standard", "--toml", "--game", "star-realms"]
    result = invoke(*args, *(["--cards", cards_path] if cards_path else []))
    assert result.exit_code == 0, result.output
    return result.output


def decks_of(cards_path) -> dict:
    return load_card_list(overrides=cards_path)[1]


@pytest.mark.parametrize("file_name", ["my_deck.toml", "decks.toml"])
def test_the_printed_deck_block_is_a_one_field_override_in_any_file(tmp_path, file_name):
    block = deck_block()
    assert "[deck.standard]" in block and "authority = 50" in block
    path = tmp_path / file_name
    path.write_text(block.replace("authority = 50", "authority = 60"))
    assert invoke("cards", "validate", "--game", "star-realms", path).exit_code == 0
    decks = decks_of(path)
    assert list(decks) == ["standard", "alliance", "hydra"]          # the other decks are kept
    assert decks["standard"].authority == 60 and decks["standard"].cards == {"Scout": 8, "Viper": 2}
    one_field = tmp_path / "one.toml"
    one_field.write_text("[deck.standard]\nhand_size = 6\n")
    decks = decks_of(one_field)
    assert (decks["standard"].hand_size, decks["standard"].authority) == (6, 50)
    assert "hand_size = 6" in deck_block(one_field)


def test_a_deck_and_a_card_in_one_file_and_two_files_changing_one_deck(tmp_path):
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "a.toml").write_text('[[card]]\nname = "Cutter"\ncost = 3\n\n[deck.standard]\nauthority = 45\n')
    decks = decks_of(folder)
    assert decks["standard"].authority == 45
    (folder / "b.toml").write_text("[deck.standard]\nhand_size = 6\n")
    line = one_line("cards", "validate", "--game", "star-realms", folder, text="deck standard")
    assert str(folder / "a.toml") in line and str(folder / "b.toml") in line


def test_a_misspelt_deck_name_suggests_the_loaded_deck(tmp_path):
    (tmp_path / "d.toml").write_text("[deck.standrd]\nauthority = 45\n")
    one_line("cards", "validate", "--game", "star-realms", tmp_path / "d.toml",
             text="no deck named 'standrd' to change: did you mean 'standard'?")
