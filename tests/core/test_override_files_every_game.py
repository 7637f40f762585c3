"""Card override files in every game and the tiny race (issue 46 "Conflicting overrides", issue 44 item 6): two
files of one card set that change one entry are refused naming both, a misspelt name in an override file
suggests the loaded name, and Star Realms' deck block works as a one-field override in any file."""
from __future__ import annotations

import pytest

from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)

# per game: an entry's header, a name of a shipped entry, one of its numeric fields and two values of it
FIELD = {"last-command": ("[[card]]", "Railgun", "credit_cost", 4, 5),
         "star-realms": ("[[card]]", "Cutter", "cost", 3, 4),
         "skirmish": ("[[command]]", "Shoot", "cost", 1, 2),
         "tiny-race": ("[[card]]", "Boots", "cost", 3, 5)}


def one_line(*args, text: str) -> str:
    result = invoke(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "Traceback" not in result.output, result.output
    assert text in lines[0], lines[0]
    return lines[0]


def entry(game_name: str, name: str, field: str, value) -> str:
    return f'{FIELD[game_name][0]}\nname = "{name}"\n{field} = {value}\n'


def test_two_files_of_one_folder_setting_one_field_of_one_card_are_refused_naming_both(game, tmp_path):
    current = game.info.name
    _, name, field, a, b = FIELD[current]
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "a.toml").write_text(entry(current, name, field, a))
    (folder / "b.toml").write_text(entry(current, name, field, b))
    for args in (["cards", "validate", folder], ["cards", "list", "--cards", folder]):
        line = one_line(*args, "--game", current, text=str(folder / "a.toml"))
        assert str(folder / "b.toml") in line, line
    # one file of the folder, or the two files given one after the other (compare's --cards and --cards-b), is no
    # conflict: the later set changes the earlier one
    (folder / "b.toml").unlink()
    assert invoke("cards", "validate", "--game", current, folder).exit_code == 0
    (tmp_path / "b.toml").write_text(entry(current, name, field, b))
    assert game.load_tables([folder, tmp_path / "b.toml"]) is not None


def test_a_misspelt_card_name_in_an_override_file_suggests_the_loaded_name(game, tmp_path):
    current = game.info.name
    _, name, field, a, _ = FIELD[current]
    typo = name[:-1] + name[-1] * 2 if len(name) < 5 else name[0] + name[2:]
    (tmp_path / "typo.toml").write_text(entry(current, typo, field, a))
    line = one_line("cards", "validate", "--game", current, tmp_path / "typo.toml",
                    text=f"no {'command' if current == 'skirmish' else 'card'} named '{typo}' to change: "
                         f"did you mean '{name}'")
    assert line.startswith(f"Error: {tmp_path / 'typo.toml'}: "), line
    assert "missing" in line or "expected" in line     # and why it could not be read as a new card


def test_a_new_card_whose_name_is_like_no_loaded_one_is_told_what_it_lacks(game, tmp_path):
    current = game.info.name
    _, _, field, a, _ = FIELD[current]
    (tmp_path / "new.toml").write_text(entry(current, "Qqqqqqqq", field, a))
    line = one_line("cards", "validate", "--game", current, tmp_path / "new.toml", text="Qqqqqqqq")
    assert "did you mean" not in line, line


# ---- Star Realms' decks

def deck_block(cards_path=None) -> str:
    args = ["cards", "show", "deck standard", "--toml", "--game", "star-realms"]
    result = invoke(*args, *(["--cards", cards_path] if cards_path else []))
    assert result.exit_code == 0, result.output
    return result.output


def decks_of(cards_path) -> dict:
    from simcore.games.star_realms.card_data import load_card_list
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
