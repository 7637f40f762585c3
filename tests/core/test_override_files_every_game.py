"""Card override files in every game and the tiny race (issue 46 "Conflicting overrides", issue 44 item 6): two
files of one card set that change one entry are refused naming both, a misspelt name in an override file
suggests the loaded name (Star Realms' deck blocks: ``tests/star_realms/test_star_realms_deck_overrides.py``)."""
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
